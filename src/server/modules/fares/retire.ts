/**
 * POST /api/fares/:id/retire: the driver stops selling a price. Retired, never deleted: bookings made at
 * it still name it. Retiring again changes nothing (the same answer). Any driver may retire their own
 * fares, verified or not: stopping a sale is always allowed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FareDto } from '../../../shared/marketplace/fares.ts';
import type { Db } from '../../db/client.ts';
import { fares, vehicles } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { vehicleLabel } from '../verification/standing.ts';
import { toFareDto } from './dto.ts';
import { fareIdSchema } from './edit.ts';

export async function retireFare(db: Db, user: { id: string }, id: string): Promise<FareDto> {
  if (!fareIdSchema.safeParse(id).success) throw notFound();
  await db
    .update(fares)
    .set({ retiredAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(fares.id, id), eq(fares.driverId, user.id), isNull(fares.retiredAt)));
  const [row] = await db
    .select({ fare: fares, vehicle: vehicles })
    .from(fares)
    .innerJoin(vehicles, eq(vehicles.id, fares.vehicleId))
    .where(and(eq(fares.id, id), eq(fares.driverId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return toFareDto(row.fare, vehicleLabel(row.vehicle));
}
