/**
 * "Publish your drive back" (issue 31 item 2): after a booking whose drop-off is more than 40 km from the
 * driver's base, the driver is offered a run filled in from it: from the drop-off to the base, leaving after
 * the estimated drop-off time (the pickup plus the road distance at an average speed, plus a margin), in the
 * booking's vehicle with its seats and bags. Offered until a run is published for that booking (runs.
 * after_booking_id; a unique index allows one open run per booking).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { haversineKm } from '../../../shared/marketplace/geo.ts';
import { placeName } from '../../../shared/marketplace/place-names.ts';
import { type DriveBackOfferDto, RUN_LIMITS } from '../../../shared/marketplace/runs.ts';
import { utcToSydney } from '../../../shared/marketplace/time.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookings, drivers, quotes, rides, vehicles } from '../../db/schema/index.ts';
import { rideEnd } from '../../services/places.ts';

const MINUTE = 60_000;

/** The drive back's window: from the estimated drop-off (rounded up to 15 minutes), the same Sydney day. */
function windowAfter(pickupAt: Date, distanceKm: number) {
  const minutes = (distanceKm / RUN_LIMITS.driveBackSpeedKmh) * 60 + RUN_LIMITS.driveBackMarginMinutes;
  const quarter = 15 * MINUTE;
  const start = new Date(Math.ceil((pickupAt.getTime() + minutes * MINUTE) / quarter) * quarter);
  const end = new Date(start.getTime() + RUN_LIMITS.driveBackWindowHours * 60 * MINUTE);
  const s = utcToSydney(start);
  const e = utcToSydney(end);
  return { date: s.date, windowStart: s.time, windowEnd: e.date === s.date ? e.time : '23:59' };
}

/** The offers for the driver's live bookings (all, or one booking's), soonest first. */
export async function driveBackOffers(
  db: Db,
  user: SessionUser,
  bookingId?: string,
): Promise<DriveBackOfferDto[]> {
  const [driver] = await db.select().from(drivers).where(eq(drivers.userId, user.id)).limit(1);
  if (!driver || driver.baseLat === null || driver.baseLng === null || !driver.baseLocality) return [];
  const base = { lat: driver.baseLat, lng: driver.baseLng };
  const rows = await db
    .select({ booking: bookings, ride: rides, vehicleId: quotes.vehicleId })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
    .where(
      and(
        eq(bookings.driverId, user.id),
        inArray(bookings.status, ['confirmed', 'completed']),
        // Still worth offering: the drop-off is today or ahead.
        gt(rides.pickupAt, sql`now() - interval '1 day'`),
        sql`not exists (select 1 from runs r where r.after_booking_id = ${bookings.id} and r.status = 'open')`,
        ...(bookingId ? [eq(bookings.id, bookingId)] : []),
      ),
    )
    .orderBy(rides.pickupAt)
    .limit(20);
  const offers: DriveBackOfferDto[] = [];
  for (const { booking, ride, vehicleId } of rows) {
    const km = haversineKm({ lat: ride.destinationLat, lng: ride.destinationLng }, base);
    if (km <= RUN_LIMITS.driveBackMinKm) continue;
    const [car] = vehicleId
      ? await db.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1)
      : [];
    offers.push({
      bookingId: booking.id,
      distanceKm: Math.round(km),
      from: {
        locality: ride.destinationLocality,
        postcode: ride.destinationPostcode,
        // The named place the trip ended at ("Newcastle Airport"), else its suburb (issue 32).
        label: placeName(rideEnd(ride, 'destination')),
      },
      to: {
        locality: driver.baseLocality,
        postcode: driver.basePostcode ?? '',
        label: displayLocality(driver.baseLocality),
      },
      ...windowAfter(ride.pickupAt, ride.distanceKm),
      vehicleId: car && !car.retiredAt ? car.id : null,
      seats: car?.seats ?? ride.passengers,
      bags: car?.luggageBags ?? 0,
    });
  }
  return offers;
}
