/**
 * The 2-hour reminder (issue 30), beside the 24-hour one: for each confirmed booking whose pickup is within
 * 2 hours and not yet reminded, one UPDATE sets reminder_2h_sent_at and returns it, and a
 * 'trip_reminder_2h' notification goes to each side in the same transaction (the sweep's), so exactly once.
 * The words say what matters on the day (confirmation.ts's facts), and the driver when "On the way" opens.
 * A booking made less than 2 hours ahead gets this one only (it also counts as the 24-hour one): the sweep
 * runs it first.
 */
import { sydneyParts } from '../../../shared/marketplace/time.ts';
import { MINUTE_MS, TRIP_WINDOWS } from '../../../shared/marketplace/trip-status.ts';
import type { Db } from '../../db/client.ts';
import type { BookingDayFacts } from './confirmation.ts';
import { sendDueReminders } from './trip-reminders.ts';

/** The 2-hour reminder's words for each side. */
export function reminder2hMessages(
  f: BookingDayFacts,
  onTheWayFrom: string,
): { customer: string; driver: string } {
  return {
    customer:
      `In 2 hours: your shuttle from ${f.trip} picks you up at ${f.pickup} on ${f.when} (Sydney time). ` +
      `Driver: ${f.driver}. Vehicle: ${f.vehicle}. Follow your driver on the booking page.`,
    driver:
      `In 2 hours: you pick up ${f.customer} at ${f.pickup} on ${f.when} (Sydney time), to ${f.dropOff}: ` +
      `${f.passengers}. Tap "On the way" on the booking from ${onTheWayFrom}.`,
  };
}

export function sendTwoHourReminders(tx: Db): Promise<string[]> {
  return sendDueReminders(tx, {
    type: 'trip_reminder_2h',
    sentColumn: 'reminder_2h_sent_at',
    hoursBefore: TRIP_WINDOWS.reminderHoursBefore,
    words: (facts, b) => {
      const opens = new Date(
        new Date(b.pickup_at).getTime() - TRIP_WINDOWS.onTheWayMinutesBefore * MINUTE_MS,
      );
      return reminder2hMessages(facts, sydneyParts(opens).time);
    },
    customer: {
      title: 'Your pickup is in 2 hours',
      fallback: (trip, when) =>
        `In 2 hours: your shuttle from ${trip} picks you up on ${when} (Sydney time).`,
    },
    driver: {
      title: 'Pickup in 2 hours',
      fallback: (trip, when) =>
        `In 2 hours: you pick up the booked trip from ${trip} on ${when} (Sydney time).`,
    },
  });
}
