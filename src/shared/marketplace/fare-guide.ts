/**
 * The fare guide (issue 31 item 3): passenger bands, the thresholds that keep one driver's prices from
 * being read from it, the query's validation, the DTO of GET /api/fare-guide and the words shown.
 */
import { z } from 'zod';
import { PRICE_PER_KM_AUD } from '../constants.ts';
import { plural } from '../plural.ts';
import { RIDE_LIMITS } from './constants.ts';
import { formatAud } from './money.ts';

/** Trips count as the same route when both ends are within this many kilometres (great circle). */
export const FARE_GUIDE_RADIUS_KM = 5;
/** Bookings accepted within this many days back the guide, and rides created within it the quote time. */
export const FARE_GUIDE_WINDOW_DAYS = 180;
/** The guide shows only with at least this many bookings... */
export const FARE_GUIDE_MIN_BOOKINGS = 5;
/** ...from at least this many distinct drivers, so no one driver's prices can be read from it. */
export const FARE_GUIDE_MIN_DRIVERS = 3;
/** Time to the first quote is told only when at least this many rides measure it. */
export const FIRST_QUOTE_MIN_RIDES = 5;
/** With too few rides on the route, all rides of this many days back measure it instead. */
export const FIRST_QUOTE_FALLBACK_DAYS = 30;

/** Passenger bands: a trip of 3 is priced like other trips of 3-4, not like trips of 1 or of 12. */
export const PASSENGER_BANDS = [
  { min: 1, max: 2 },
  { min: 3, max: 4 },
  { min: 5, max: 7 },
  { min: 8, max: 11 },
  { min: 12, max: RIDE_LIMITS.passengersMax },
] as const;

export interface PassengerBand {
  min: number;
  max: number;
}

/** The band a number of passengers falls in (numbers outside the limits fall in the nearest band). */
export function passengerBand(passengers: number): PassengerBand {
  const band =
    PASSENGER_BANDS.find((b) => passengers <= b.max) ?? PASSENGER_BANDS[PASSENGER_BANDS.length - 1]!;
  return { min: band.min, max: band.max };
}

export function bandLabel(band: PassengerBand): string {
  return band.max >= RIDE_LIMITS.passengersMax
    ? `${band.min}+ passengers`
    : `${band.min}-${band.max} passengers`;
}

export const FARE_GUIDE_MESSAGES = {
  pickup: 'Give the pickup as a latitude from -90 to 90 and a longitude from -180 to 180.',
  destination: 'Give the destination as a latitude from -90 to 90 and a longitude from -180 to 180.',
  passengers: `Passengers must be a whole number from ${RIDE_LIMITS.passengersMin} to ${RIDE_LIMITS.passengersMax}.`,
  tooMany: 'Too many fare guide requests from this address. Please wait a minute and try again.',
} as const;

const NUMBER = /^-?\d{1,3}(\.\d{1,20})?$/;

/** A decimal degree from the URL, within ±limit; empty or malformed strings are refused, not read as 0. */
const coordinate = (limit: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(NUMBER, { error: message })
    .transform(Number)
    .refine((n) => n >= -limit && n <= limit, { error: message });

/** GET /api/fare-guide's query (strings from the URL). */
export const fareGuideQuerySchema = z.object({
  pickupLat: coordinate(90, FARE_GUIDE_MESSAGES.pickup),
  pickupLng: coordinate(180, FARE_GUIDE_MESSAGES.pickup),
  destinationLat: coordinate(90, FARE_GUIDE_MESSAGES.destination),
  destinationLng: coordinate(180, FARE_GUIDE_MESSAGES.destination),
  passengers: z
    .string({ error: FARE_GUIDE_MESSAGES.passengers })
    .trim()
    .regex(/^\d{1,3}$/, { error: FARE_GUIDE_MESSAGES.passengers })
    .transform(Number)
    .refine((n) => n >= RIDE_LIMITS.passengersMin && n <= RIDE_LIMITS.passengersMax, {
      error: FARE_GUIDE_MESSAGES.passengers,
    }),
});

export type FareGuideQuery = z.output<typeof fareGuideQuerySchema>;

export interface FareGuideDto {
  /** Null when fewer than FARE_GUIDE_MIN_BOOKINGS bookings from FARE_GUIDE_MIN_DRIVERS drivers back it. */
  guide: {
    /** Whole dollars, in cents. */
    medianCents: number;
    /** The middle half: the 25th and 75th percentiles, whole dollars in cents. */
    lowCents: number;
    highCents: number;
    bookings: number;
    band: PassengerBand;
    windowDays: number;
  } | null;
  /** The indicative price (1.50 AUD per estimated road kilometre), always given. */
  indicative: { cents: number; distanceKm: number };
  /** Median minutes from a trip's posting to its first quote on similar routes; null when too few. */
  firstQuoteMinutes: number | null;
  /** 'route': measured on this route; 'all': too few there, all trips of the last 30 days; null: unknown. */
  firstQuoteScope: 'route' | 'all' | null;
}

const dollars = (cents: number) => formatAud(cents).replace(/\.00$/, '');

/** "about 25 minutes", "about 2 hours", "about 1 day". */
export function durationWords(minutes: number): string {
  if (minutes < 90) {
    const m = Math.max(1, Math.round(minutes));
    return `about ${m} ${m === 1 ? 'minute' : 'minutes'}`;
  }
  if (minutes < 36 * 60) {
    const h = Math.round(minutes / 60);
    return `about ${h} hours`;
  }
  const d = Math.round(minutes / (24 * 60));
  return `about ${d} ${d === 1 ? 'day' : 'days'}`;
}

export const FARE_GUIDE_TEXT = {
  heading: 'What trips like this cost',
  customerRange: (g: NonNullable<FareGuideDto['guide']>) =>
    `Most people paid ${dollars(g.lowCents)}–${dollars(g.highCents)} for this trip`,
  basis: (g: NonNullable<FareGuideDto['guide']>) =>
    `based on ${plural(g.bookings, 'booking')} in the last 6 months (${bandLabel(g.band)})`,
  driverRange: (g: NonNullable<FareGuideDto['guide']>) =>
    `Customers paid ${dollars(g.lowCents)}–${dollars(g.highCents)} for this trip (median ${dollars(g.medianCents)})`,
  indicative: (i: FareGuideDto['indicative']) =>
    `Indicative price: ${dollars(Math.round(i.cents / 100) * 100)} (${PRICE_PER_KM_AUD.toFixed(2)} AUD a km; not enough bookings on this route yet for a guide)`,
  firstQuote: (minutes: number, scope: FareGuideDto['firstQuoteScope']) =>
    scope === 'all'
      ? `Drivers usually answer within ${durationWords(minutes)} (across all recent trips)`
      : `Drivers usually answer within ${durationWords(minutes)} for trips like this`,
  loading: 'Looking up what trips like this cost...',
  failed: 'The fare guide could not be loaded just now.',
} as const;
