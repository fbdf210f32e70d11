/**
 * POST /api/fares: a verified driver adds a fixed price (issue 31 item 1). Only a driver who may quote may
 * sell at a fixed price (the same gate as quoting); the vehicle must be theirs and carry what the fare
 * promises; a driver holds at most FARE_LIMITS.liveFaresMax live fares.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { FARE_CONFLICTS } from '../../../shared/marketplace/fare-messages.ts';
import { FARE_LIMITS, type FareDto } from '../../../shared/marketplace/fares.ts';
import type { FareInput } from '../../../shared/validation/fares.ts';
import type { Db } from '../../db/client.ts';
import { fares } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { fareColumns, toFareDto } from './dto.ts';
import { checkFareVehicle } from './vehicle-check.ts';

export async function createFare(db: Db, user: { id: string }, input: FareInput): Promise<FareDto> {
  await requireQuotingDriver(db, user);
  const label = await checkFareVehicle(db, user.id, input);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fares)
    .where(and(eq(fares.driverId, user.id), isNull(fares.retiredAt)));
  if ((count?.n ?? 0) >= FARE_LIMITS.liveFaresMax)
    throw new AppError(409, 'conflict', FARE_CONFLICTS.tooManyFares);
  const [row] = await db
    .insert(fares)
    .values({ driverId: user.id, ...fareColumns(input) })
    .returning();
  return toFareDto(row!, label);
}
