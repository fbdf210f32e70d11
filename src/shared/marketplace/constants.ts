/** Marketplace rules and limits (the marketplace issue), defined once for the browser and the API. */
/**
 * 'draft' (issue 31): posted by a guest who gives their e-mail at the end; invisible to drivers, matching and
 * counts until the address is confirmed, when it becomes 'open'.
 */
export const RIDE_STATUSES = ['draft', 'open', 'booked', 'completed', 'cancelled', 'expired'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

export const QUOTE_STATUSES = [
  'pending',
  'needs_confirmation',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  /** Its booking was cancelled (by either side); the booking says who and why. */
  'cancelled',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** A quote the customer can still act on (accept) or the driver can still change. */
export const LIVE_QUOTE_STATUSES = [
  'pending',
  'needs_confirmation',
] as const satisfies readonly QuoteStatus[];

export const BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const LARGE_ITEMS = [
  { value: 'surfboard', label: 'Surfboard' },
  { value: 'bike', label: 'Bike' },
  { value: 'wheelchair', label: 'Wheelchair' },
  { value: 'pram', label: 'Pram or stroller' },
  { value: 'golf_clubs', label: 'Golf clubs' },
  { value: 'fishing_gear', label: 'Fishing gear' },
] as const;
export type LargeItem = (typeof LARGE_ITEMS)[number]['value'];
/**
 * Surfboards, bikes, wheelchairs and prams are structured needs now (marketplace/needs.ts): the trip form
 * offers only these as "other large items". Older rides' values stay readable through LARGE_ITEMS.
 */
export const LARGE_ITEMS_ON_FORM = LARGE_ITEMS.filter(
  (i) => i.value === 'golf_clubs' || i.value === 'fishing_gear',
);

export const RIDE_LIMITS = {
  /** A trip must be posted at least this far ahead of pickup. */
  minLeadHours: 2,
  passengersMin: 1,
  passengersMax: 50,
  luggageBagsMax: 100,
  budgetMaxAud: 100_000,
  notesMax: 1000,
  addressMax: 200,
} as const;

export const QUOTE_LIMITS = {
  priceMaxAud: 100_000,
  messageMax: 500,
  /**
   * A quote lives until 2 hours before pickup unless its driver chose a shorter time (issue 31): one of
   * `validForHoursChoices` hours from sending, never later than 2 hours before pickup.
   */
  closesBeforePickupHours: 2,
  validForHoursChoices: [24, 12, 6],
  /** The customer is told, and the driver asked to renew, this long before a live quote lapses. */
  lapseWarningHours: 12,
} as const;

export const RATING_LIMITS = { starsMin: 1, starsMax: 5, commentMax: 1000, hiddenForDays: 7 } as const;
export const CANCEL_REASON_MAX = 500;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * Road distance is estimated from the straight line between the two localities: roads in the Hunter
 * wind around the bays and rivers, and 1.3 is the usual detour factor for regional Australia.
 */
export const ROAD_DETOUR_FACTOR = 1.3;
export const AVAILABLE_RIDES_PAGE_SIZE = 20;

/**
 * Live updates: the server sends a heartbeat this often, and the web app treats a stream that has been
 * silent for LIVE_STALE_AFTER_MS as dead and reconnects (so a dead stream is noticed within 30 s).
 */
export const LIVE_HEARTBEAT_MS = 10_000;
export const LIVE_STALE_AFTER_MS = 25_000;
