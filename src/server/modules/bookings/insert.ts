/**
 * Writing a booking, whichever way it was made (issue 31): an accepted quote (quotes/accept.ts), an instant
 * price from a fare table, or seats or the whole vehicle on a run. Each is a normal booking: the same row,
 * fare statement, 'booked' event, the driver told at once and the customer's confirmation (e-mail, .ics,
 * reminders and ratings follow from the row). Called inside the caller's transaction, after it has locked
 * the trip and accepted the quote; the one-live-booking index is the last guard. The booking's
 * notifications are returned, for the caller to write with the others it makes (declined drivers): one
 * statement for all (issue 34).
 */
import { sql } from 'drizzle-orm';
import { fareStatement } from '../../../shared/marketplace/booking.ts';
import type { BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookingEvents, bookings, type quotes, type rides } from '../../db/schema/index.ts';
import { rideEnd } from '../../services/places.ts';
import type { NewNotification } from '../notifications/service.ts';
import { bookedSentence, bookingConfirmedNotification, dayFactsOf, dayFactsSelect } from './confirmation.ts';

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

export interface InsertedBooking {
  id: string;
  /** The driver's and the customer's notifications, not yet written: the caller writes them (notifyAll). */
  notifications: NewNotification[];
}

/**
 * The booking and its 'booked' event inserted, and what its notifications say about the day (the trip,
 * the quoted vehicle, both people: bookings/confirmation.ts) read from the inserted row, in one prepared
 * statement (issue 34: three before). The trip and quote were changed earlier in the caller's transaction,
 * so this statement sees them; the booking itself only through the CTE's RETURNING.
 */
function insertWithFacts(d: Db) {
  const p = (name: string) => sql.placeholder(name);
  const booking = d
    .$with('booking', {
      id: bookings.id,
      rideId: bookings.rideId,
      quoteId: bookings.quoteId,
      customerId: bookings.customerId,
      driverId: bookings.driverId,
      priceCents: bookings.priceCents,
    })
    .as(sql`insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents,
                                 fare_statement, accepted_at, bundle_id, origin, run_id, seats)
            values (${p('rideId')}, ${p('quoteId')}, ${p('customerId')}, ${p('driverId')}, 'confirmed',
                    ${p('priceCents')}, ${p('statement')}, now(), ${p('bundleId')}, ${p('origin')},
                    ${p('runId')}, ${p('seats')})
            returning id, ride_id, quote_id, customer_id, driver_id, price_cents`);
  const event = d
    .$with('event', { id: bookingEvents.id })
    .as(sql`insert into booking_events (booking_id, type, actor_id, note)
            select id, 'booked', ${p('actorId')}, ${p('statement')} from booking returning id`);
  // The CTE has the bookings table's columns under its own name.
  return dayFactsSelect(d.with(booking, event), booking as unknown as typeof bookings).prepare(
    'insert_booking',
  );
}

/** Inserts the booking and its 'booked' event; returns its id and both sides' notifications to write. */
export async function insertBooking(tx: Db, b: NewBooking): Promise<InsertedBooking> {
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
  const [row] = await prepared(tx, 'insert_booking', insertWithFacts).execute({
    rideId: b.ride.id,
    quoteId: b.quote.id,
    customerId: b.ride.customerId,
    driverId: b.quote.driverId,
    priceCents: b.quote.priceCents,
    statement,
    bundleId: b.bundleId ?? null,
    origin: b.origin,
    runId: b.runId ?? null,
    seats: b.seats ?? null,
    actorId: b.actorId,
  });
  const bookingId = row!.booking.id;
  if (b.notifyParties === false) return { id: bookingId, notifications: [] };
  // What was booked (passengers, bags, needs, flight, the note), so the driver's message says it too.
  const facts = dayFactsOf(row!);
  const bookedText = ` ${bookedSentence(facts)}`;
  const notifications: NewNotification[] = [
    {
      userId: b.quote.driverId,
      type: 'quote_accepted',
      title: b.driverTitle,
      message: `${b.driverMessage}${bookedText}`,
      relatedId: bookingId,
    },
    bookingConfirmedNotification(facts, bookingId),
  ];
  return { id: bookingId, notifications };
}
