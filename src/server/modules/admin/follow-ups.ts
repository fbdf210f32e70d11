/**
 * GET /api/admin/follow-ups (manage_users): confirmed, upcoming bookings whose driver may no longer take
 * trips (suspended, a document expired) or whose quoted vehicle's safety inspection is no longer in force.
 * The platform does not cancel them (the customer and driver have an agreement); an admin follows up.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FollowUpBookingDto } from '../../../shared/marketplace/api.ts';
import type { Db } from '../../db/client.ts';
import { bookings, drivers, quotes, rides, users, vehicles } from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';
import { loadStanding, vehicleLabel } from '../verification/standing.ts';

export async function followUpBookings(db: Db): Promise<FollowUpBookingDto[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      driverId: bookings.driverId,
      pickupAt: rides.pickupAt,
      ends: {
        pickupLocality: rides.pickupLocality,
        pickupPostcode: rides.pickupPostcode,
        pickupAddress: rides.pickupAddress,
        destinationLocality: rides.destinationLocality,
        destinationPostcode: rides.destinationPostcode,
        destinationAddress: rides.destinationAddress,
      },
      companyName: drivers.companyName,
      fullName: users.fullName,
      vehicle: vehicles,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .leftJoin(drivers, eq(drivers.userId, bookings.driverId))
    .leftJoin(vehicles, eq(vehicles.id, quotes.vehicleId))
    .where(and(eq(bookings.status, 'confirmed'), gt(rides.pickupAt, new Date())))
    .orderBy(asc(rides.pickupAt))
    .limit(1000);
  const standings = new Map<string, Awaited<ReturnType<typeof loadStanding>>>();
  for (const id of new Set(rows.map((r) => r.driverId))) standings.set(id, await loadStanding(db, id));
  const out: FollowUpBookingDto[] = [];
  for (const r of rows) {
    const standing = standings.get(r.driverId);
    if (!standing) continue;
    const problems = standing.canQuote
      ? []
      : standing.items.filter((i) => i.blocking && !i.done).map((i) => `${i.label}: ${i.detail}`);
    if (standing.canQuote && r.vehicle && !standing.usableVehicleIds.includes(r.vehicle.id)) {
      problems.push(`Safety inspection for ${vehicleLabel(r.vehicle)} is not current`);
    }
    if (problems.length === 0) continue;
    out.push({
      bookingId: r.bookingId,
      pickupAt: r.pickupAt.toISOString(),
      trip: rideRoute(r.ends, { words: true }),
      driverId: r.driverId,
      businessName: r.companyName?.trim() || r.fullName,
      problem: problems.join('; '),
    });
  }
  return out;
}
