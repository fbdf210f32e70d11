/**
 * Completing a trip, however it happens (issue 30): the driver's "Mark completed", "Dropped off", and the
 * sweep 12 hours after pickup. One conditional UPDATE decides (confirmed -> completed); then, in the same
 * transaction, the request reads completed, the history records who (null: the system), the platform fee
 * accrues (issue 15) and each side gets one 'trip_completed' notification, which opens rating.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, rides } from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';
import { syncBookingFee } from '../billing/ledger.ts';
import { notify } from '../notifications/service.ts';

export interface CompleteTrip {
  bookingId: string;
  /** The driver, or null when the sweep completes it. */
  actorId: string | null;
  feeBasisPoints: number;
  /** Extra conditions the booking row must meet (the pickup time has passed, nothing was reported). */
  where?: SQL;
}

/**
 * Completes a confirmed booking inside `tx` (the caller's transaction, which has locked the request row
 * first: the lock order is request, then booking). Returns false, changing nothing, when the booking is
 * not confirmed or fails `where`.
 */
export async function completeTrip(tx: Db, c: CompleteTrip): Promise<boolean> {
  const [done] = await tx
    .update(bookings)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(and(eq(bookings.id, c.bookingId), eq(bookings.status, 'confirmed'), c.where))
    .returning();
  if (!done) return false;
  const [ride] = await tx
    .update(rides)
    .set({ status: 'completed', updatedAt: sql`now()` })
    .where(and(eq(rides.id, done.rideId), eq(rides.status, 'booked')))
    .returning();
  // clock_timestamp(), not the transaction's now(): after "Dropped off" recorded in this same transaction,
  // the timeline (ordered by time) must list "completed" second.
  await tx.insert(bookingEvents).values({
    bookingId: done.id,
    type: 'completed',
    actorId: c.actorId,
    note: '',
    createdAt: sql`clock_timestamp()`,
  });
  await syncBookingFee(tx, { bookingId: done.id, actorId: c.actorId, feeBasisPoints: c.feeBasisPoints });
  const [r] = ride ? [ride] : await tx.select().from(rides).where(eq(rides.id, done.rideId)).limit(1);
  const name = r ? rideRoute(r, { words: true }) : '';
  await notify(tx, {
    userId: done.customerId,
    type: 'trip_completed',
    title: 'Trip completed: rate your driver',
    message: `Your trip ${name} is complete. How was it? Rate your driver.`,
    relatedId: done.id,
  });
  await notify(tx, {
    userId: done.driverId,
    type: 'trip_completed',
    title: 'Trip completed: rate your customer',
    message: `The trip ${name} is marked completed. Rate your customer.`,
    relatedId: done.id,
  });
  return true;
}

/** Locks a booking's request row (the first lock of every booking transition). */
export async function lockRideOf(tx: Db, bookingId: string): Promise<void> {
  await tx.execute(
    sql`select r.id from rides r where r.id = (select b.ride_id from bookings b where b.id = ${bookingId}) for update`,
  );
}
