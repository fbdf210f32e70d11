/**
 * The driver sets the trip status on the day (issue 30): on_the_way (from 90 minutes before pickup), then
 * arrived, on_board, dropped_off (which completes the booking, completion.ts). One conditional UPDATE
 * decides, requiring the status before this one, so a change out of order, too early, repeated or on a
 * booking that is no longer confirmed changes nothing (409 with the reason), and of any number of
 * identical requests at once exactly one is recorded. Each change is a booking event and a notification
 * to the customer (which also refreshes their open pages through the event stream).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { placeName, placeWithSuburb } from '../../../shared/marketplace/place-names.ts';
import { formatSydneyShort, sydneyParts } from '../../../shared/marketplace/time.ts';
import {
  nextTripStatus,
  previousTripStatus,
  TRIP_MESSAGES,
  TRIP_STATUS_EVENTS,
  TRIP_STATUS_LABELS,
  TRIP_WINDOWS,
  type TripStatus,
  waitingUntil,
} from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookingPositions, bookings, drivers, rides, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { rideEnd } from '../../services/places.ts';
import { publish } from '../../services/realtime.ts';
import { notify } from '../notifications/service.ts';
import { completeTrip, lockRideOf } from './completion.ts';
import { driverBooking } from './parties.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

/** The live event that refreshes a booking's open pages without a notification (the driver's own tabs). */
export const BOOKING_EVENT = 'booking';

export async function setTripStatus(
  db: Db,
  user: SessionUser,
  id: string,
  status: TripStatus,
  feeBasisPoints: number,
): Promise<void> {
  const booking = await driverBooking(db, user, id);
  const before = previousTripStatus(status);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockRideOf(tx, id);
    const [changed] = await tx
      .update(bookings)
      .set({
        tripStatus: status,
        tripStatusAt: sql`now()`,
        ...(status === 'arrived' ? { arrivedAt: sql`now()` } : {}),
        // The position is kept only until the passenger is on board.
        ...(status === 'on_board' || status === 'dropped_off' ? { sharingPosition: false } : {}),
      })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.driverId, user.id),
          eq(bookings.status, 'confirmed'),
          isNull(bookings.noShowAt),
          before === null ? isNull(bookings.tripStatus) : eq(bookings.tripStatus, before),
          status === 'on_the_way'
            ? sql`exists (select 1 from rides r where r.id = ${bookings.rideId}
                   and r.pickup_at <= now() + make_interval(mins => ${TRIP_WINDOWS.onTheWayMinutesBefore}))`
            : undefined,
        ),
      )
      .returning();
    if (!changed) throw conflict(await refusal(tx, id, status));
    await tx
      .insert(bookingEvents)
      .values({ bookingId: id, type: TRIP_STATUS_EVENTS[status], actorId: user.id, note: '' });
    if (status === 'on_board' || status === 'dropped_off') {
      await tx.delete(bookingPositions).where(eq(bookingPositions.bookingId, id));
    }
    if (status === 'dropped_off') {
      // The completion's 'trip_completed' notification is the customer's news of this one (and the rating prompt).
      await completeTrip(tx, { bookingId: id, actorId: user.id, feeBasisPoints });
    } else {
      await notify(tx, await customerNews(tx, changed, status));
    }
    await publish(tx, { userId: booking.driverId, kind: BOOKING_EVENT, id });
  });
}

/** Why the conditional UPDATE changed nothing, read after it (inside the same transaction). */
async function refusal(tx: Db, id: string, status: TripStatus): Promise<string> {
  const [row] = await tx
    .select({ b: bookings, pickupAt: rides.pickupAt })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.id, id));
  if (!row) return TRIP_MESSAGES.notConfirmed;
  const { b } = row;
  if (b.status === 'cancelled') return TRIP_MESSAGES.cancelled;
  if (b.noShowAt) return TRIP_MESSAGES.noShowMarked;
  if (b.tripStatus === status) return TRIP_MESSAGES.repeated(TRIP_STATUS_LABELS[status]);
  if (b.status !== 'confirmed') {
    return b.tripStatus === 'dropped_off' ? TRIP_MESSAGES.finished : TRIP_MESSAGES.notConfirmed;
  }
  const next = nextTripStatus(b.tripStatus);
  if (next !== status) {
    return next ? TRIP_MESSAGES.outOfOrder(TRIP_STATUS_LABELS[next]) : TRIP_MESSAGES.finished;
  }
  // The right next step, refused: only "on the way" has a time condition.
  const opens = new Date(row.pickupAt.getTime() - TRIP_WINDOWS.onTheWayMinutesBefore * 60_000);
  return TRIP_MESSAGES.tooEarly(formatSydneyShort(opens));
}

/** The customer's notification of a status change (dropped_off: the completion's own). */
async function customerNews(
  tx: Db,
  b: typeof bookings.$inferSelect,
  status: Exclude<TripStatus, 'dropped_off'>,
) {
  const [row] = await tx
    .select({ ride: rides, company: drivers.companyName, name: users.fullName })
    .from(rides)
    .leftJoin(drivers, eq(drivers.userId, b.driverId))
    .leftJoin(users, eq(users.id, b.driverId))
    .where(eq(rides.id, b.rideId));
  const ride = row!.ride;
  const who = row?.company?.trim() || row?.name || 'Your driver';
  const pickup = placeWithSuburb(rideEnd(ride, 'pickup'));
  const base = { userId: b.customerId, relatedId: b.id };
  if (status === 'on_the_way') {
    return {
      ...base,
      type: 'driver_on_the_way' as const,
      title: 'Your driver is on the way',
      message: `${who} is on the way to pick you up at ${pickup}.`,
    };
  }
  if (status === 'arrived') {
    const until = waitingUntil(b.arrivedAt, ride.pickupAt, ride.flightNumber);
    return {
      ...base,
      type: 'driver_arrived' as const,
      title: 'Your driver is at the pickup',
      message:
        `${who} is waiting for you at ${pickup}.` +
        (until ? ` Free waiting time until ${sydneyParts(until).time} (Sydney time).` : ''),
    };
  }
  return {
    ...base,
    type: 'trip_update' as const,
    title: 'On board',
    message: `You are on board with ${who}. Have a good trip to ${placeName(rideEnd(ride, 'destination'))}.`,
  };
}
