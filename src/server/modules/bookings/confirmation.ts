/**
 * The customer's booking confirmation: a 'booking_confirmed' notification written in the transaction that
 * makes the booking (acceptQuote calls it beside the driver's 'quote_accepted'). The delivery worker then
 * e-mails it with the day's details and the .ics, and pushes it.
 *
 * Also the words of the 24-hour reminders (jobs/sweep.ts): both messages say what matters on the day
 * (when, where, who with their phone, the vehicle and its plate) and what was booked (passengers, bags,
 * every need, the flight and the customer's note: issue 30), so the driver comes with the child seat.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LARGE_ITEMS } from '../../../shared/marketplace/constants.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import { needsLabels } from '../../../shared/marketplace/needs-labels.ts';
import { placeWithSuburb } from '../../../shared/marketplace/place-names.ts';
import { formatSydneyDateTime } from '../../../shared/marketplace/time.ts';
import { dayOfTripPhone, formatPhone, PHONE_MESSAGES } from '../../../shared/validation/phone.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings, drivers, quotes, rides, users, vehicles } from '../../db/schema/index.ts';
import { rideEnd, rideRoute } from '../../services/places.ts';
import type { NewNotification } from '../notifications/service.ts';

export const BOOKING_CONFIRMED_TITLE = 'Booking confirmed';

/** What a booking's notifications say about the day, in words. */
export interface BookingDayFacts {
  customerId: string;
  driverId: string;
  /** 'Nelson Bay to Williamtown' */
  trip: string;
  /** 'Fri 27 Nov 2026, 5:30 am' (Sydney) */
  when: string;
  /** '12 Stockton Street, Nelson Bay' or 'Nelson Bay' */
  pickup: string;
  dropOff: string;
  /** '3 passengers, 2 bags, surfboard' */
  passengers: string;
  /** '1 child seat, 1 booster seat, Folding wheelchair'; '' when the trip needs nothing more. */
  needs: string;
  /** 'QF1504'; '' when none. */
  flight: string;
  /** The customer's note, trimmed; '' when none. */
  notes: string;
  fare: string;
  /** 'Bay Shuttles (Dana Driver, 0498 765 432)' */
  driver: string;
  /** 'Cara Whitfield, 0412 345 678' */
  customer: string;
  /** 'Toyota HiAce, white, plate ABC123' */
  vehicle: string;
}

/** 'golf clubs' for 'golf_clubs' (older rides' values read as they are). */
const itemWord = (v: string) => LARGE_ITEMS.find((i) => i.value === v)?.label.toLowerCase() ?? v;

/**
 * What was booked, as one sentence: "Booked for 3 passengers, 2 bags. Needs: 1 child seat, Folding
 * wheelchair. Flight QF1504. Note from the customer: “...”." (`note` names whose note it is.)
 */
export function bookedSentence(f: BookingDayFacts, note = 'Note from the customer'): string {
  return [
    `Booked for ${f.passengers}.`,
    f.needs ? `Needs: ${f.needs}.` : '',
    f.flight ? `Flight ${f.flight}.` : '',
    f.notes ? `${note}: “${f.notes}”.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const withPhone = (phone: string | null) => (phone ? formatPhone(phone) : PHONE_MESSAGES.none.toLowerCase());

const customerUser = alias(users, 'customer_user');
const driverUser = alias(users, 'driver_user');

/**
 * What the facts read, as a select from `source` (the bookings table, or a booking just inserted: a CTE
 * with the same columns) and its joins: the booking, its trip, the quoted vehicle and both people. One
 * definition for bookingDayFacts and the booking's insert (bookings/insert.ts reads them in the statement
 * that inserts the booking: issue 34).
 */
export function dayFactsSelect(q: Pick<Db, 'select'>, source: typeof bookings) {
  return q
    .select({
      booking: {
        id: source.id,
        customerId: source.customerId,
        driverId: source.driverId,
        priceCents: source.priceCents,
      },
      ride: rides,
      driver: drivers,
      quoted: vehicles,
      c: { fullName: customerUser.fullName, phone: customerUser.phone },
      d: { fullName: driverUser.fullName, phone: driverUser.phone },
    })
    .from(source)
    .innerJoin(rides, eq(rides.id, source.rideId))
    .innerJoin(quotes, eq(quotes.id, source.quoteId))
    .leftJoin(vehicles, eq(vehicles.id, quotes.vehicleId))
    .leftJoin(drivers, eq(drivers.userId, source.driverId))
    .leftJoin(customerUser, eq(customerUser.id, source.customerId))
    .leftJoin(driverUser, eq(driverUser.id, source.driverId));
}

/**
 * One statement (issue 34): the booking, its trip, the quoted vehicle and both people. Prepared under a
 * name: planning this seven-table join took about 4 ms, eight times its execution, on every accept
 * (pg_stat_statements, bench/README.md); PostgreSQL now plans it once per connection.
 */
export async function bookingDayFacts(db: Db, bookingId: string): Promise<BookingDayFacts | null> {
  const [row] = await prepared(db, 'booking_day_facts', (h) =>
    dayFactsSelect(h, bookings)
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .prepare('booking_day_facts'),
  ).execute({ bookingId });
  if (!row) return null;
  return dayFactsOf(row);
}

export type DayFactsRow = {
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'customerId' | 'driverId' | 'priceCents'>;
  ride: typeof rides.$inferSelect;
  driver: typeof drivers.$inferSelect | null;
  quoted: typeof vehicles.$inferSelect | null;
  c: { fullName: string; phone: string | null } | null;
  d: { fullName: string; phone: string | null } | null;
};

export function dayFactsOf(row: DayFactsRow): BookingDayFacts {
  const { c, d } = row;
  const { ride } = row;
  const company = row.driver?.companyName?.trim();
  const driverName = d?.fullName ?? '';
  // The vehicle the quote named (issue 13); older bookings: the profile's vehicle record.
  const q = row.quoted;
  const old = row.driver?.vehicleDetails;
  const v = q
    ? { make: q.make, model: q.model, color: q.colour.toLowerCase(), registration: q.plate }
    : { make: old?.make, model: old?.model, color: old?.color, registration: old?.registration };
  const car = [[v.make, v.model].filter(Boolean).join(' '), v.color].filter(Boolean).join(', ');
  // The customer calls a mobile on the day: the business phone when it is one, else the driver's own.
  const driverPhone = dayOfTripPhone(row.driver?.businessPhone, d?.phone);
  const bags = ride.luggageBags;
  return {
    customerId: row.booking.customerId,
    driverId: row.booking.driverId,
    trip: rideRoute(ride, { words: true }),
    when: formatSydneyDateTime(ride.pickupAt),
    pickup: placeWithSuburb(rideEnd(ride, 'pickup')),
    dropOff: placeWithSuburb(rideEnd(ride, 'destination')),
    passengers:
      `${ride.passengers} ${ride.passengers === 1 ? 'passenger' : 'passengers'}` +
      (bags > 0 ? `, ${bags} ${bags === 1 ? 'bag' : 'bags'}` : '') +
      (ride.largeItems.length ? `, ${ride.largeItems.map(itemWord).join(', ')}` : ''),
    needs: needsLabels(readNeeds(ride.needs)).join(', '),
    flight: ride.flightNumber.trim(),
    notes: ride.notes.trim(),
    fare: formatAud(row.booking.priceCents),
    driver: company
      ? `${company} (${driverName}, ${withPhone(driverPhone)})`
      : `${driverName} (${withPhone(driverPhone)})`,
    customer: `${c?.fullName ?? ''}, ${withPhone(c?.phone ?? null)}`,
    vehicle: [car || 'vehicle on the booking', v.registration ? `plate ${v.registration}` : '']
      .filter(Boolean)
      .join(', '),
  };
}

/** The customer's 'booking_confirmed' notification, from the booking's facts. */
export function bookingConfirmedNotification(f: BookingDayFacts, bookingId: string): NewNotification {
  return {
    userId: f.customerId,
    type: 'booking_confirmed',
    title: BOOKING_CONFIRMED_TITLE,
    message:
      `Your shuttle from ${f.trip} on ${f.when} (Sydney time) is booked for ${f.fare}. ` +
      `Pickup: ${f.pickup}. Drop-off: ${f.dropOff}. Driver: ${f.driver}. Vehicle: ${f.vehicle}. ` +
      bookedSentence(f, 'Your note'),
    relatedId: bookingId,
  };
}

/** The 24-hour reminder's words for each side (the sweep writes them). */
export function reminderMessages(f: BookingDayFacts): { customer: string; driver: string } {
  return {
    customer:
      `Reminder: your shuttle from ${f.trip} picks you up on ${f.when} (Sydney time) at ${f.pickup}. ` +
      `Driver: ${f.driver}. Vehicle: ${f.vehicle}. ${bookedSentence(f, 'Your note')}`,
    driver:
      `Reminder: you pick up ${f.customer} on ${f.when} (Sydney time) at ${f.pickup}, ` +
      `to ${f.dropOff}: ${f.passengers}.` +
      [
        f.needs ? ` Needs: ${f.needs}.` : '',
        f.flight ? ` Flight ${f.flight}.` : '',
        f.notes ? ` Note from the customer: “${f.notes}”.` : '',
      ].join(''),
  };
}
