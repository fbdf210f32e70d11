/**
 * How a booking was made, in words (issue 31 item 5): the one sentence the booking page, the admin lists and
 * the trip-records export share, built from BOOKING_ORIGIN_LABELS so every screen names an origin the same way.
 * A seat booking says how many seats ("2 seats on a run"); the other origins read as their label.
 */
import { BOOKING_ORIGIN_LABELS, BOOKING_ORIGINS, type BookingOrigin } from './booking-origin.ts';

/** "Quote", "Instant price", "2 seats on a run", "Whole vehicle on a run". */
export function bookingOriginText(origin: BookingOrigin, seats: number | null): string {
  if (origin === 'run_seat' && seats !== null && seats > 0) {
    return `${seats} ${seats === 1 ? 'seat' : 'seats'} on a run`;
  }
  return BOOKING_ORIGIN_LABELS[origin];
}

/** The filter's choices (value, text), in the order of BOOKING_ORIGINS. */
export const BOOKING_ORIGIN_OPTIONS = BOOKING_ORIGINS.map((o) => [o, BOOKING_ORIGIN_LABELS[o]] as const);
