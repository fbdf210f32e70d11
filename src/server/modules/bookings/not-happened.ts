/**
 * "The trip didn't happen" (issue 30): either side reports it, with a reason, after the pickup time and
 * before the booking is completed. The booking then does not complete itself (auto-complete.ts skips it)
 * and waits for an admin, who is told (every admin) and decides: cancel it, or mark a no-show.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TRIP_DAY_EVENTS, TRIP_MESSAGES } from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, rides, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { bookingOfParty } from './parties.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

export async function reportNotHappened(
  db: Db,
  user: SessionUser,
  id: string,
  reason: string,
): Promise<void> {
  const booking = await bookingOfParty(db, user, id);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [reported] = await tx
      .update(bookings)
      .set({ notHappenedAt: sql`now()`, notHappenedBy: user.id })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'confirmed'),
          isNull(bookings.notHappenedAt),
          sql`exists (select 1 from rides r where r.id = ${bookings.rideId} and r.pickup_at <= now())`,
        ),
      )
      .returning();
    if (!reported) {
      const [now] = await tx.select().from(bookings).where(eq(bookings.id, id));
      throw conflict(
        now?.status === 'cancelled'
          ? TRIP_MESSAGES.cancelled
          : now?.status !== 'confirmed'
            ? TRIP_MESSAGES.notHappenedNotConfirmed
            : now.notHappenedAt
              ? TRIP_MESSAGES.notHappenedAlready
              : TRIP_MESSAGES.notHappenedBeforePickup,
      );
    }
    await tx
      .insert(bookingEvents)
      .values({ bookingId: id, type: TRIP_DAY_EVENTS.notHappened, actorId: user.id, note: reason });
    const [ride] = await tx.select().from(rides).where(eq(rides.id, booking.rideId));
    const name = ride ? rideRoute(ride, { words: true }) : 'a trip';
    const side = booking.driverId === user.id ? 'driver' : 'customer';
    // The other side learns of it too (it may well disagree, and tell the admins).
    await notify(tx, {
      userId: side === 'driver' ? booking.customerId : booking.driverId,
      type: 'trip_update',
      title: `The ${side} says the trip didn't happen`,
      message: `The ${side} of the trip ${name} reported that it didn't happen: "${reason}". Our team will look at it.`,
      relatedId: id,
    });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.id,
        type: 'trip_update',
        title: 'A trip was reported as not having happened',
        message: `The ${side} of the trip ${name} says it didn't happen: "${reason}". It will not complete itself: please decide on the booking.`,
        relatedId: id,
      });
    }
  });
}
