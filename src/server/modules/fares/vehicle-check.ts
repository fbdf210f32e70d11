/**
 * A fare names one of the driver's own live vehicles, and promises no more passengers or bags than it
 * carries: checked on create and edit (another driver's vehicle reads as not theirs, a 400 on the field).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { FARE_CONFLICTS } from '../../../shared/marketplace/fare-messages.ts';
import type { FareInput } from '../../../shared/validation/fares.ts';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { vehicleLabel } from '../verification/standing.ts';

const fieldError = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

/** The vehicle's label when the fare fits it; else a 400 naming the field. */
export async function checkFareVehicle(db: Db, driverId: string, input: FareInput): Promise<string> {
  const [v] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, input.vehicleId), eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)))
    .limit(1);
  if (!v) throw fieldError('vehicleId', FARE_CONFLICTS.vehicleNotYours);
  if (input.maxPassengers > v.seats) throw fieldError('maxPassengers', FARE_CONFLICTS.vehicleSeats(v.seats));
  if (input.maxBags > v.luggageBags) throw fieldError('maxBags', FARE_CONFLICTS.vehicleBags(v.luggageBags));
  return vehicleLabel(v);
}
