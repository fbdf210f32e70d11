/**
 * How a booking was made (issue 31), one source for the API, the admin lists and filters, the trip-records
 * export and the dashboard: a quote accepted, a fare table's fixed price booked at once, seats on a driver's
 * run, or a run's whole vehicle.
 */
export const BOOKING_ORIGINS = ['quote', 'instant', 'run_seat', 'run_vehicle'] as const;
export type BookingOrigin = (typeof BOOKING_ORIGINS)[number];

export const BOOKING_ORIGIN_LABELS: Record<BookingOrigin, string> = {
  quote: 'Quote',
  instant: 'Instant price',
  run_seat: 'Seats on a run',
  run_vehicle: 'Whole vehicle on a run',
};

export const isBookingOrigin = (value: unknown): value is BookingOrigin =>
  typeof value === 'string' && (BOOKING_ORIGINS as readonly string[]).includes(value);
