/**
 * RideDtos for a set of rides in a few queries (quotes, bookings and ratings embed the ride they are about).
 * Never any contact detail: the customer appears by first name and rating only.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import type { Db } from '../../db/client.ts';
import { bookings, quotes, rides, users } from '../../db/schema/index.ts';
import { ratingSummaries } from '../ratings/summary.ts';
import { firstNameOf, hideStreetAddresses, toRideDto } from '../rides/dto.ts';

export interface RideDtoOptions {
  /**
   * A driver sees street addresses only once they hold the request's booking (the same rule as the rides
   * API): before that, the localities only.
   */
  addressesOnlyForBookedDriver?: string;
}

export async function loadRideDtos(
  db: Db,
  rideIds: string[],
  opts: RideDtoOptions = {},
): Promise<Map<string, RideDto>> {
  const ids = [...new Set(rideIds)];
  const result = new Map<string, RideDto>();
  if (ids.length === 0) return result;
  const [rows, liveCounts, liveBookings, returns] = await Promise.all([
    db
      .select({ ride: rides, customerName: users.fullName })
      .from(rides)
      .innerJoin(users, eq(users.id, rides.customerId))
      .where(inArray(rides.id, ids)),
    db
      .select({ rideId: quotes.rideId, n: sql<number>`count(*)::int` })
      .from(quotes)
      .where(and(inArray(quotes.rideId, ids), inArray(quotes.status, [...LIVE_QUOTE_STATUSES])))
      .groupBy(quotes.rideId),
    db
      .select({ rideId: bookings.rideId, id: bookings.id, driverId: bookings.driverId })
      .from(bookings)
      .where(and(inArray(bookings.rideId, ids), inArray(bookings.status, ['confirmed', 'completed']))),
    db
      .select({ id: rides.id, outboundRideId: rides.outboundRideId })
      .from(rides)
      .where(inArray(rides.outboundRideId, ids)),
  ]);
  const summaries = await ratingSummaries(db, [...new Set(rows.map((r) => r.ride.customerId))]);
  const counts = new Map(liveCounts.map((r) => [r.rideId, Number(r.n)]));
  const bookingOf = new Map(liveBookings.map((b) => [b.rideId, b]));
  const returnOf = new Map(returns.map((r) => [r.outboundRideId!, r.id]));
  for (const { ride, customerName } of rows) {
    const booking = bookingOf.get(ride.id);
    const dto = toRideDto(ride, {
      customerFirstName: firstNameOf(customerName),
      customerRating: summaries.get(ride.customerId) ?? { average: null, count: 0 },
      liveQuoteCount: counts.get(ride.id) ?? 0,
      bookingId: booking?.id ?? null,
      returnRideId: returnOf.get(ride.id) ?? null,
    });
    if (opts.addressesOnlyForBookedDriver && booking?.driverId !== opts.addressesOnlyForBookedDriver) {
      hideStreetAddresses(dto);
    }
    result.set(ride.id, dto);
  }
  return result;
}
