/**
 * RideDtos for a set of rides in one query (quotes, bookings and ratings embed the ride they are about).
 * Never any contact detail: the customer appears by first name and rating only.
 */
import { eq, sql } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { rides, users } from '../../db/schema/index.ts';
import { ratingSummarySql, toRatingSummary } from '../ratings/summary.ts';
import { firstNameOf, hideStreetAddresses, toRideDto } from '../rides/dto.ts';

export interface RideDtoOptions {
  /**
   * A driver sees street addresses only once they hold the request's booking (the same rule as the rides
   * API): before that, the localities only.
   */
  addressesOnlyForBookedDriver?: string;
}

type LiveBooking = { id: string; driverId: string } | null;
type RideId = string | null;

/**
 * One prepared statement (issue 34: it was five, then one built on every call): what each ride's DTO needs
 * beyond its row are subqueries.
 */
function rideDtoQuery(db: Db) {
  return prepared(db, 'ride_dtos', (d) =>
    d
      .select({
        ride: rides,
        customerName: users.fullName,
        customerRating: ratingSummarySql(rides.customerId),
        liveQuoteCount: sql<number>`(select count(*)::int from quotes q
          where q.ride_id = ${rides.id} and q.status in (${sql.join(
            LIVE_QUOTE_STATUSES.map((st) => sql.raw(`'${st}'`)),
            sql`, `,
          )}))`.mapWith(Number),
        // At most one live booking per request (the one-live-booking index).
        booking: sql<LiveBooking>`(select json_build_object('id', b.id, 'driverId', b.driver_id)
          from bookings b where b.ride_id = ${rides.id} and b.status in ('confirmed', 'completed') limit 1)`,
        returnRideId: sql<RideId>`(select r2.id from rides r2 where r2.outbound_ride_id = ${rides.id} limit 1)`,
      })
      .from(rides)
      .innerJoin(users, eq(users.id, rides.customerId))
      .where(anyOfPlaceholder(rides.id))
      .prepare('ride_dtos'),
  );
}

export async function loadRideDtos(
  db: Db,
  rideIds: string[],
  opts: RideDtoOptions = {},
): Promise<Map<string, RideDto>> {
  const ids = [...new Set(rideIds)];
  const result = new Map<string, RideDto>();
  if (ids.length === 0) return result;
  const rows = await rideDtoQuery(db).execute({ ids });
  for (const { ride, customerName, customerRating, liveQuoteCount, booking, returnRideId } of rows) {
    const dto = toRideDto(ride, {
      customerFirstName: firstNameOf(customerName),
      customerRating: toRatingSummary(customerRating),
      liveQuoteCount,
      bookingId: booking?.id ?? null,
      returnRideId: returnRideId ?? null,
    });
    if (opts.addressesOnlyForBookedDriver && booking?.driverId !== opts.addressesOnlyForBookedDriver) {
      hideStreetAddresses(dto);
    }
    result.set(ride.id, dto);
  }
  return result;
}
