/** GET /api/fares/mine: the driver's live fares (retired ones are kept for the bookings that name them). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FareDto } from '../../../shared/marketplace/fares.ts';
import type { Db } from '../../db/client.ts';
import { fares, vehicles } from '../../db/schema/index.ts';
import { vehicleLabel } from '../verification/standing.ts';
import { toFareDto } from './dto.ts';

export async function listMyFares(db: Db, driverId: string): Promise<FareDto[]> {
  const rows = await db
    .select({ fare: fares, vehicle: vehicles })
    .from(fares)
    .innerJoin(vehicles, eq(vehicles.id, fares.vehicleId))
    .where(and(eq(fares.driverId, driverId), isNull(fares.retiredAt)))
    .orderBy(asc(fares.fromName), asc(fares.toName), asc(fares.createdAt));
  return rows.map((r) => toFareDto(r.fare, vehicleLabel(r.vehicle)));
}
