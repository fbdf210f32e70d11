/**
 * The vehicle a quote names (issue 13): one of the driver's active vehicles with a safety inspection in
 * force, seating the trip's passengers. Left out, it is the driver's only usable vehicle. Every refusal is
 * a 400 at the field `vehicleId`, with a message saying what is wrong.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type DriverStanding, VERIFICATION_MESSAGES } from '../../../shared/marketplace/verification.ts';
import { plural } from '../../../shared/plural.ts';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

type VehicleRow = typeof vehicles.$inferSelect;

const refuse = (message: string) =>
  new AppError(400, 'validation', message, [{ path: 'vehicleId', message }]);

export async function quoteVehicle(
  db: Db,
  driverId: string,
  standing: DriverStanding,
  vehicleId: string | undefined,
  passengers: number,
): Promise<VehicleRow> {
  const id = vehicleId ?? (standing.usableVehicleIds.length === 1 ? standing.usableVehicleIds[0] : undefined);
  if (!id) throw refuse(VERIFICATION_MESSAGES.vehicleRequired);
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)))
    .limit(1);
  if (!row) throw refuse(VERIFICATION_MESSAGES.vehicleUnknown);
  if (!standing.usableVehicleIds.includes(row.id)) throw refuse(VERIFICATION_MESSAGES.vehicleNotInspected);
  if (row.seats < passengers) throw refuse(VERIFICATION_MESSAGES.vehicleTooSmall(row.seats, passengers));
  return row;
}

/** "Toyota HiAce, white, ABC123, 11 seats": the quote's own words for its vehicle. */
export function describeQuotedVehicle(v: VehicleRow): string {
  return [`${v.make} ${v.model}`.trim(), v.colour.trim(), v.plate, plural(v.seats, 'seat')]
    .filter(Boolean)
    .join(', ');
}
