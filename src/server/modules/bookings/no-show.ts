/**
 * No-shows on the day (issue 30). The driver marks the customer a no-show only after arriving and after the
 * free waiting time has run out (10 minutes from arrival; with a flight number, 30 minutes from the later
 * of arrival and pickup), and before the passenger is on board. It has the billing effect of the admin
 * mark of issue 15: the booking carries the 'customer_no_show' flag, so it owes no fee (ledger.ts); and the
 * trip is over, so the booking completes (without the fee, and without the "trip completed" rating
 * prompt: the customer is told of the no-show instead). The customer may dispute it once within 48 hours,
 * with a reason: the driver and every admin are told. The flag stays as it is until an admin decides
 * (clearing it charges the fee; 'driver_no_show' keeps it off), so a dispute never moves money by itself.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatSydneyShort, sydneyParts } from '../../../shared/marketplace/time.ts';
import {
  MINUTE_MS,
  TRIP_DAY_EVENTS,
  TRIP_MESSAGES,
  TRIP_WINDOWS,
} from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookingPositions, bookings, rides, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import { syncBookingFee } from '../billing/ledger.ts';
import { notify } from '../notifications/service.ts';
import { lockRideOf } from './completion.ts';
import { customerBooking, driverBooking } from './parties.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

/**
 * The end of the free waiting time in SQL, the same rule as waitingUntil() in shared/marketplace/trip-status.ts.
 * Reads the booking as `bookings` and the request as `r`.
 */
const WAITING_UNTIL_SQL = sql`case when btrim(r.flight_number) <> ''
  then greatest(${bookings.arrivedAt}, r.pickup_at) + make_interval(mins => ${TRIP_WINDOWS.flightWaitMinutes})
  else ${bookings.arrivedAt} + make_interval(mins => ${TRIP_WINDOWS.freeWaitMinutes}) end`;

export async function markNoShow(
  db: Db,
  user: SessionUser,
  id: string,
  note: string,
  feeBasisPoints: number,
): Promise<void> {
  const booking = await driverBooking(db, user, id);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockRideOf(tx, id);
    const [marked] = await tx
      .update(bookings)
      .set({
        noShowAt: sql`now()`,
        status: 'completed',
        completedAt: sql`now()`,
        sharingPosition: false,
        adminFlag: 'customer_no_show',
        adminFlagReason: note || 'Marked by the driver after the free waiting time.',
        adminFlaggedAt: sql`now()`,
        adminFlaggedBy: user.id,
      })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'confirmed'),
          eq(bookings.tripStatus, 'arrived'),
          isNull(bookings.noShowAt),
          sql`exists (select 1 from rides r where r.id = ${bookings.rideId} and ${WAITING_UNTIL_SQL} <= now())`,
        ),
      )
      .returning();
    if (!marked) throw conflict(await refusal(tx, id));
    await tx
      .update(rides)
      .set({ status: 'completed', updatedAt: sql`now()` })
      .where(and(eq(rides.id, booking.rideId), eq(rides.status, 'booked')));
    await tx.delete(bookingPositions).where(eq(bookingPositions.bookingId, id));
    await tx
      .insert(bookingEvents)
      .values({ bookingId: id, type: TRIP_DAY_EVENTS.noShow, actorId: user.id, note });
    // The same ledger rule as the admin mark: a trip marked as not having taken place owes no fee.
    await syncBookingFee(tx, { bookingId: id, actorId: user.id, feeBasisPoints });
    const [ride] = await tx.select().from(rides).where(eq(rides.id, booking.rideId));
    await notify(tx, {
      userId: booking.customerId,
      type: 'no_show_marked',
      title: 'Your driver marked you a no-show',
      message:
        `Your driver waited at the pickup for your trip ${ride ? trip(ride) : ''} and marked you a no-show` +
        ` at ${sydneyParts(marked.noShowAt!).time} (Sydney time). If that is wrong, you can dispute it on the` +
        ` booking within ${TRIP_WINDOWS.disputeHours} hours.`,
      relatedId: id,
    });
  });
}

async function refusal(tx: Db, id: string): Promise<string> {
  const [row] = await tx
    .select({ b: bookings, pickupAt: rides.pickupAt, flightNumber: rides.flightNumber })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.id, id));
  const b = row?.b;
  if (!row || !b) return TRIP_MESSAGES.notConfirmed;
  if (b.status === 'cancelled') return TRIP_MESSAGES.cancelled;
  if (b.noShowAt) return TRIP_MESSAGES.noShowAlready;
  if (b.status !== 'confirmed') return TRIP_MESSAGES.notConfirmed;
  if (b.tripStatus !== 'arrived' || !b.arrivedAt) return TRIP_MESSAGES.noShowNotArrived;
  const from = row.flightNumber.trim()
    ? Math.max(b.arrivedAt.getTime(), row.pickupAt.getTime())
    : b.arrivedAt.getTime();
  const minutes = row.flightNumber.trim() ? TRIP_WINDOWS.flightWaitMinutes : TRIP_WINDOWS.freeWaitMinutes;
  return TRIP_MESSAGES.noShowTooEarly(formatSydneyShort(new Date(from + minutes * MINUTE_MS)));
}

const trip = (r: typeof rides.$inferSelect) => rideRoute(r, { words: true });

/** The customer disputes a no-show, once, within 48 hours of it being marked. */
export async function disputeNoShow(db: Db, user: SessionUser, id: string, reason: string): Promise<void> {
  const booking = await customerBooking(db, user, id);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [disputed] = await tx
      .update(bookings)
      .set({ noShowDisputedAt: sql`now()`, noShowDisputeReason: reason })
      .where(
        and(
          eq(bookings.id, id),
          isNull(bookings.noShowDisputedAt),
          sql`${bookings.noShowAt} is not null`,
          sql`${bookings.noShowAt} > now() - make_interval(hours => ${TRIP_WINDOWS.disputeHours})`,
        ),
      )
      .returning();
    if (!disputed) {
      const [now] = await tx.select().from(bookings).where(eq(bookings.id, id));
      throw conflict(
        !now?.noShowAt
          ? TRIP_MESSAGES.disputeNotMarked
          : now.noShowDisputedAt
            ? TRIP_MESSAGES.disputeAlready
            : TRIP_MESSAGES.disputeClosed,
      );
    }
    await tx
      .insert(bookingEvents)
      .values({ bookingId: id, type: TRIP_DAY_EVENTS.noShowDisputed, actorId: user.id, note: reason });
    const [ride] = await tx.select().from(rides).where(eq(rides.id, booking.rideId));
    const name = ride ? trip(ride) : 'a trip';
    await notify(tx, {
      userId: booking.driverId,
      type: 'no_show_disputed',
      title: 'Your customer disputed the no-show',
      message: `The customer of the trip ${name} disputed the no-show you marked: "${reason}". Our team will look at it.`,
      relatedId: id,
    });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.id,
        type: 'no_show_disputed',
        title: 'A no-show was disputed',
        message: `The customer of the trip ${name} disputes the driver's no-show: "${reason}". Please decide on the booking.`,
        relatedId: id,
      });
    }
  });
}
