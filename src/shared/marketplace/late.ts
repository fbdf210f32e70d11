/**
 * When a confirmed booking is late (issue 30, "Today, for admins"): the driver has not set off 30 minutes
 * before pickup, or has not arrived 10 minutes after it. One rule for the API (/api/admin/today), the late
 * alert job and the web page; the job's SQL (lateBookingSql in the server) reads the same constants.
 */

import { TRIP_STATUSES, TRIP_WINDOWS, type TripStatus } from './trip-status.ts';

/** Minutes before pickup by which the driver should be on the way. */
export const LATE_NOT_ON_THE_WAY_MINUTES = 30;
/** Minutes after pickup by which the driver should be at the pickup. */
export const LATE_NOT_ARRIVED_MINUTES = 10;
/**
 * A booking whose pickup is older than this raises no alert: it completes itself 12 hours after pickup,
 * and a server started after a long pause must not alert admins about trips long over.
 */
export const LATE_ALERT_LOOKBACK_HOURS = TRIP_WINDOWS.autoCompleteHours;

export type Lateness = 'not_on_the_way' | 'not_arrived';

export interface LateInput {
  status: string;
  tripStatus: string | null;
  pickupAt: Date | string;
}

const MINUTE_MS = 60_000;

/** How far along the day's statuses a booking is: -1 with none. */
function stage(tripStatus: string | null): number {
  return tripStatus ? TRIP_STATUSES.indexOf(tripStatus as TripStatus) : -1;
}

/** Why a booking is late at `now`, or null when it is not (only confirmed bookings can be). */
export function lateness(b: LateInput, now: Date = new Date()): Lateness | null {
  if (b.status !== 'confirmed') return null;
  const pickup = new Date(b.pickupAt).getTime();
  const t = now.getTime();
  const at = stage(b.tripStatus);
  // A driver who has not even set off stays "not on the way" after pickup too: that says more.
  if (at < stage('on_the_way') && t >= pickup - LATE_NOT_ON_THE_WAY_MINUTES * MINUTE_MS)
    return 'not_on_the_way';
  if (at < stage('arrived') && t >= pickup + LATE_NOT_ARRIVED_MINUTES * MINUTE_MS) return 'not_arrived';
  return null;
}

/** The words of a late marker (a text badge, never colour alone) and of the admins' notification. */
export const LATE_TEXT: Record<Lateness, { badge: string; explain: string }> = {
  not_on_the_way: {
    badge: 'Late: not on the way',
    explain: `The driver has not said they are on the way, and pickup is ${LATE_NOT_ON_THE_WAY_MINUTES} minutes away or past.`,
  },
  not_arrived: {
    badge: 'Late: not arrived',
    explain: `The driver has not said they are at the pickup, ${LATE_NOT_ARRIVED_MINUTES} minutes after the pickup time.`,
  },
};
