// The trip reminders' shared step: mark the due bookings reminded and notify both sides, once each.
import { sql } from 'drizzle-orm';
import { formatPickupSydney } from '../../../shared/marketplace/booking.ts';
import type { Db } from '../../db/client.ts';
import { rideRouteOfRow } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { type BookingDayFacts, bookingDayFacts } from './confirmation.ts';

/** A booking the reminder's UPDATE marked, with what the words need. */
export interface RemindedBooking {
  id: string;
  customer_id: string;
  driver_id: string;
  pickup_at: Date | string;
  pickup_locality: string;
  pickup_postcode: string;
  pickup_address: string;
  destination_locality: string;
  destination_postcode: string;
  destination_address: string;
}

/** One side's notification: its title, and its words when the day's facts cannot be read. */
interface ReminderSide {
  title: string;
  /** `trip` is "From to To", `when` the pickup in Sydney time. */
  fallback: (trip: string, when: string) => string;
}

/** What tells one reminder from another (the 24-hour one in jobs/sweep.ts, the 2-hour one in reminder-2h.ts). */
export interface TripReminder {
  type: 'trip_reminder' | 'trip_reminder_2h';
  /** The booking column that records this reminder went: a booking is due while it is null. */
  sentColumn: 'reminder_sent_at' | 'reminder_2h_sent_at';
  /** Due when the pickup is within this many hours (and still ahead). */
  hoursBefore: number;
  /** The words for each side, from what matters on the day (confirmation.ts's facts). */
  words: (facts: BookingDayFacts, booking: RemindedBooking) => { customer: string; driver: string };
  customer: ReminderSide;
  driver: ReminderSide;
}

/**
 * Marks the due confirmed bookings reminded in one UPDATE and writes the reminder notification for each
 * side; call inside the sweep's transaction, so each goes exactly once. Any reminder also sets
 * reminder_sent_at if it is not set yet (a booking reminded 2 hours ahead needs no 24-hour one). Returns
 * the bookings reminded now (a second call finds none).
 */
export async function sendDueReminders(tx: Db, reminder: TripReminder): Promise<string[]> {
  const sent = sql.identifier(reminder.sentColumn);
  const marks =
    reminder.sentColumn === 'reminder_sent_at'
      ? sql`reminder_sent_at = now()`
      : sql`${sent} = now(), reminder_sent_at = coalesce(b.reminder_sent_at, now())`;
  const result = (await tx.execute(sql`
    update bookings b set ${marks}
      from rides r
     where r.id = b.ride_id
       and b.status = 'confirmed'
       and b.${sent} is null
       and r.pickup_at > now()
       and r.pickup_at <= now() + make_interval(hours => ${reminder.hoursBefore})
    returning b.id, b.customer_id, b.driver_id, r.pickup_at,
      r.pickup_locality, r.pickup_postcode, r.pickup_address, r.destination_locality, r.destination_postcode, r.destination_address`)) as unknown as {
    rows: RemindedBooking[];
  };
  for (const b of result.rows) {
    const facts = await bookingDayFacts(tx, b.id);
    const words = facts ? reminder.words(facts, b) : null;
    const trip = rideRouteOfRow(b, { words: true });
    const when = formatPickupSydney(b.pickup_at);
    await notify(tx, {
      userId: b.customer_id,
      type: reminder.type,
      title: reminder.customer.title,
      message: words?.customer ?? reminder.customer.fallback(trip, when),
      relatedId: b.id,
    });
    await notify(tx, {
      userId: b.driver_id,
      type: reminder.type,
      title: reminder.driver.title,
      message: words?.driver ?? reminder.driver.fallback(trip, when),
      relatedId: b.id,
    });
  }
  return result.rows.map((r) => r.id);
}
