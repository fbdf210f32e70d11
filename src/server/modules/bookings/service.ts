/**
 * Booking transitions after acceptance: cancel (either side, with a reason) and complete (the driver, after
 * pickup; the completion itself is completion.ts, shared with "Dropped off" and the sweep). Each is a conditional update in one transaction, with its history event and notifications.
 * The agreed fare never changes: there is no code path for it, and a trigger refuses it in SQL.
 */

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { FREE_CANCELLATION_HOURS } from '../../../shared/messages.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookingPositions, bookings, quotes, rides } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { giveBackRunSeats } from '../runs/seats.ts';
import { completeTrip } from './completion.ts';
import { cancelledLegWords } from './pair-confirmation.ts';

const uuid = z.uuid();
const conflict = (message: string) => new AppError(409, 'conflict', message);
const trip = (ride: Parameters<typeof rideRoute>[0]) => rideRoute(ride, { words: true });

/** A booking the user is a party to (customer or driver); 404 for anyone else or a bad id. */
async function partyBooking(db: Db, user: SessionUser, id: string) {
  if (!uuid.safeParse(id).success) throw notFound();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.customerId === user.id || row.driverId === user.id) return row;
  throw notFound();
}

/**
 * Either side cancels a confirmed booking, with a reason. Its quote becomes 'cancelled'. Cancelling is free
 * until 24 hours before pickup; a later cancellation is recorded (late_cancellation) and shown to admins.
 * When the driver cancels, the request reopens (if its pickup is
 * still ahead) and the other drivers who had quoted are invited to quote again; when the customer cancels,
 * the request is cancelled.
 */
export async function cancelBooking(db: Db, user: SessionUser, id: string, reason: string): Promise<void> {
  const booking = await partyBooking(db, user, id);
  await cancelConfirmed(
    db,
    booking,
    { id: user.id, side: booking.driverId === user.id ? 'driver' : 'customer' },
    reason,
  );
}

/**
 * An administrator cancels a confirmed booking (issue 14): as when the driver cancels, the request reopens
 * (if its pickup is still ahead) and the other drivers who quoted are invited again; both sides are told.
 * `onCommit` runs inside the transaction (the audit row).
 */
export async function cancelBookingAsAdmin(
  db: Db,
  adminId: string,
  id: string,
  reason: string,
  inTransaction: (tx: Db, booking: typeof bookings.$inferSelect) => Promise<void>,
): Promise<void> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!booking) throw notFound();
  await cancelConfirmed(db, booking, { id: adminId, side: 'admin' }, reason, inTransaction);
}

type BookingRow = typeof bookings.$inferSelect;

async function cancelConfirmed(
  db: Db,
  booking: BookingRow,
  actor: { id: string; side: 'customer' | 'driver' | 'admin' },
  reason: string,
  inTransaction?: (tx: Db, booking: BookingRow) => Promise<void>,
): Promise<void> {
  const id = booking.id;
  // The customer cancelling ends the request; the driver or an admin cancelling reopens it.
  const reopens = actor.side !== 'customer';
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Lock order everywhere: request, then quotes, then booking.
    await tx.select({ id: rides.id }).from(rides).where(eq(rides.id, booking.rideId)).for('update');
    // The accepted quote reads 'cancelled' from now on (the booking says who and why); rolled back below
    // with everything else if the booking is no longer confirmed.
    await tx
      .update(quotes)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(quotes.id, booking.quoteId), eq(quotes.status, 'accepted')));
    const [cancelled] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: actor.id,
        cancelReason: reason,
        cancelledAt: sql`now()`,
        // The policy: free until 24 hours before pickup; later cancellations are recorded for admins.
        lateCancellation: sql`(select r.pickup_at from rides r where r.id = ${bookings.rideId}) <= now() + ${sql.raw(`interval '${FREE_CANCELLATION_HOURS} hours'`)}`,
      })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
      .returning();
    if (!cancelled) throw conflict(MARKETPLACE_CONFLICTS.bookingNotCancellable);
    // Seats on a run (issue 31) go back on sale in the same transaction.
    await giveBackRunSeats(tx, cancelled);
    // The driver's shared position is kept only while it is useful to the customer (issue 30).
    await tx.delete(bookingPositions).where(eq(bookingPositions.bookingId, id));
    await tx
      .insert(bookingEvents)
      .values({ bookingId: id, type: 'cancelled', actorId: actor.id, note: reason });
    const [ride] = await tx
      .update(rides)
      .set(
        reopens
          ? {
              status: sql`case when ${rides.pickupAt} > now() then 'open' else 'cancelled' end`,
              updatedAt: sql`now()`,
            }
          : { status: 'cancelled', cancelReason: reason, updatedAt: sql`now()` },
      )
      .where(and(eq(rides.id, booking.rideId), eq(rides.status, 'booked')))
      .returning();
    const reopened = ride?.status === 'open';
    const name = ride ? trip(ride) : 'your trip';
    const again = reopened
      ? ' Your request is open again and the other drivers who quoted have been invited to quote again.'
      : '';
    // One leg of a return pair booked together: the message names the leg, and the other leg's state.
    const pairWords = await cancelledLegWords(tx, cancelled);
    const what = pairWords ? `Your ${pairWords.cancelled}` : `Your booking for the trip ${name}`;
    const whatTheir = pairWords ? `The ${pairWords.cancelled}` : `The booking for the trip ${name}`;
    const stands = (whose: 'Your' | 'The') => (pairWords ? ` ${pairWords.other(whose)}` : '');
    if (actor.side === 'driver') {
      await notify(tx, {
        userId: booking.customerId,
        type: 'booking_cancelled',
        title: pairWords ? `The driver cancelled your ${pairWords.leg}` : 'The driver cancelled your booking',
        message: `${what} was cancelled by the driver: "${reason}".${stands('Your')}${again}`,
        relatedId: id,
      });
    } else if (actor.side === 'customer') {
      await notify(tx, {
        userId: booking.driverId,
        type: 'booking_cancelled',
        title: pairWords
          ? `The customer cancelled the ${pairWords.leg}`
          : 'The customer cancelled the booking',
        message: `${whatTheir} was cancelled by the customer: "${reason}".${stands('The')}`,
        relatedId: id,
      });
    } else {
      await notify(tx, {
        userId: booking.customerId,
        type: 'booking_cancelled',
        title: pairWords
          ? `ShuttleQuote cancelled your ${pairWords.leg}`
          : 'ShuttleQuote cancelled your booking',
        message: `${what} was cancelled by ShuttleQuote: "${reason}".${stands('Your')}${again}`,
        relatedId: id,
      });
      await notify(tx, {
        userId: booking.driverId,
        type: 'booking_cancelled',
        title: pairWords ? `ShuttleQuote cancelled the ${pairWords.leg}` : 'ShuttleQuote cancelled a booking',
        message: `${whatTheir} was cancelled by ShuttleQuote: "${reason}". Please do not do this trip.${stands('The')}`,
        relatedId: id,
      });
    }
    if (reopens && reopened) {
      const invited = await tx
        .selectDistinct({ driverId: quotes.driverId })
        .from(quotes)
        .where(
          and(
            eq(quotes.rideId, booking.rideId),
            inArray(quotes.status, ['declined', 'expired']),
            ne(quotes.driverId, booking.driverId),
          ),
        );
      for (const d of invited) {
        await notify(tx, {
          userId: d.driverId,
          type: 'quote_invited',
          title: 'A trip you quoted for is open again',
          message: `The trip ${name} is looking for a driver again. Send a new quote if you can take it.`,
          relatedId: booking.rideId,
        });
      }
    }
    await inTransaction?.(tx, booking);
  });
}

/**
 * The driver marks a confirmed trip completed, once its pickup time has passed. The platform fee accrues
 * in the same transaction (issue 15).
 */
export async function completeBooking(
  db: Db,
  user: SessionUser,
  id: string,
  feeBasisPoints: number,
): Promise<void> {
  const booking = await partyBooking(db, user, id);
  if (booking.driverId !== user.id) throw forbidden();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.select({ id: rides.id }).from(rides).where(eq(rides.id, booking.rideId)).for('update');
    // The same completion as "Dropped off" and the sweep's (completion.ts), once the pickup time has passed.
    const done = await completeTrip(tx, {
      bookingId: id,
      actorId: user.id,
      feeBasisPoints,
      where: sql`exists (select 1 from rides r where r.id = ${bookings.rideId} and r.pickup_at <= now())`,
    });
    if (!done) {
      const [current] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, id));
      throw conflict(
        current?.status !== 'confirmed'
          ? MARKETPLACE_CONFLICTS.bookingNotConfirmed
          : MARKETPLACE_CONFLICTS.completeBeforePickup,
      );
    }
  });
}
