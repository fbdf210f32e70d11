/**
 * Writing a booking, whichever way it was made (issue 31): an accepted quote (quotes/accept.ts), an instant
 * price from a fare table, or seats or the whole vehicle on a run. Each is a normal booking: the same row,
 * fare statement, 'booked' event, the driver told at once and the customer's confirmation (e-mail, .ics,
 * reminders and ratings follow from the row). Called inside the caller's transaction, after it has locked
 * the trip and accepted the quote; the one-live-booking index is the last guard.
 */
import { sql } from 'drizzle-orm';
import { fareStatement } from '../../../shared/marketplace/booking.ts';
import type { BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import type { Db } from '../../db/client.ts';
import type { quotes, rides } from '../../db/schema/index.ts';
import { rideEnd } from '../../services/places.ts';
import { notifyAll } from '../notifications/service.ts';
import { bookedSentence, bookingConfirmedNotification, bookingDayFacts } from './confirmation.ts';

export interface NewBooking {
  ride: typeof rides.$inferSelect;
  /** The quote, already accepted in this transaction. */
  quote: typeof quotes.$inferSelect;
  /** Who booked (the customer), for the event. */
  actorId: string;
  brandName: string;
  origin: BookingOrigin;
  /** A return pair booked from one pair quote: both bookings' total, and the shared bundle id. */
  pairTotalCents?: number;
  bundleId?: string | null;
  /** A run's booking: the run, and how many seats (null for the whole vehicle). */
  runId?: string | null;
  seats?: number | null;
  /** The driver's notification: title and message; what was booked is added to the message. */
  driverTitle: string;
  driverMessage: string;
  /** False for a leg of a return pair: the caller tells both sides once for both legs (pair-confirmation.ts). */
  notifyParties?: boolean;
}

/** Inserts the booking, its 'booked' event and both notifications; returns the booking's id. */
export async function insertBooking(tx: Db, b: NewBooking): Promise<string> {
  const statement = fareStatement({
    priceCents: b.quote.priceCents,
    pickupLocality: b.ride.pickupLocality,
    destinationLocality: b.ride.destinationLocality,
    pickupName: rideEnd(b.ride, 'pickup').name,
    destinationName: rideEnd(b.ride, 'destination').name,
    pickupAt: b.ride.pickupAt,
    brandName: b.brandName,
    ...(b.pairTotalCents !== undefined ? { pairTotalCents: b.pairTotalCents } : {}),
  });
  // The booking and its 'booked' event in one statement (issue 34: an accept in a handful of statements).
  const inserted = (await tx.execute(sql`
    with booking as (
      insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement,
                            accepted_at, bundle_id, origin, run_id, seats)
      values (${b.ride.id}, ${b.quote.id}, ${b.ride.customerId}, ${b.quote.driverId}, 'confirmed',
              ${b.quote.priceCents}, ${statement}, now(), ${b.bundleId ?? null}, ${b.origin},
              ${b.runId ?? null}, ${b.seats ?? null})
      returning id),
    event as (
      insert into booking_events (booking_id, type, actor_id, note)
      select id, 'booked', ${b.actorId}, ${statement} from booking)
    select id from booking`)) as unknown as { rows: { id: string }[] };
  const bookingId = inserted.rows[0]!.id;
  if (b.notifyParties === false) return bookingId;
  // What was booked (passengers, bags, needs, flight, the note), so the driver's message says it too; read
  // once for both sides' notifications, which are written together.
  const facts = await bookingDayFacts(tx, bookingId);
  const bookedText = facts ? ` ${bookedSentence(facts)}` : '';
  await notifyAll(tx, [
    {
      userId: b.quote.driverId,
      type: 'quote_accepted',
      title: b.driverTitle,
      message: `${b.driverMessage}${bookedText}`,
      relatedId: bookingId,
    },
    ...(facts ? [bookingConfirmedNotification(facts, bookingId)] : []),
  ]);
  return bookingId;
}
