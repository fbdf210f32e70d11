/**
 * PUT /api/fares/:id: the driver changes a fare (the whole fare is sent). The version goes up by one in
 * the same UPDATE, so a customer who saw the old price and books it gets 409 with the new price
 * (book-instant.ts). Another driver's fare, or a retired one, cannot be changed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FARE_CONFLICTS } from '../../../shared/marketplace/fare-messages.ts';
import type { FareDto } from '../../../shared/marketplace/fares.ts';
import type { FareInput } from '../../../shared/validation/fares.ts';
import type { Db } from '../../db/client.ts';
import { fares } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { fareColumns, toFareDto } from './dto.ts';
import { checkFareVehicle } from './vehicle-check.ts';

export const fareIdSchema = z.uuid();

export async function editFare(db: Db, user: { id: string }, id: string, input: FareInput): Promise<FareDto> {
  if (!fareIdSchema.safeParse(id).success) throw notFound();
  const [existing] = await db
    .select({ retiredAt: fares.retiredAt })
    .from(fares)
    .where(and(eq(fares.id, id), eq(fares.driverId, user.id)))
    .limit(1);
  if (!existing) throw notFound();
  await requireQuotingDriver(db, user);
  if (existing.retiredAt) throw new AppError(409, 'conflict', FARE_CONFLICTS.retired);
  const label = await checkFareVehicle(db, user.id, input);
  const [row] = await db
    .update(fares)
    .set({ ...fareColumns(input), version: sql`${fares.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(fares.id, id), eq(fares.driverId, user.id), isNull(fares.retiredAt)))
    .returning();
  if (!row) throw new AppError(409, 'conflict', FARE_CONFLICTS.retired);
  return toFareDto(row, label);
}
