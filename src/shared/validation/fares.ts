/**
 * The fare tables' schemas (issue 31 item 1): a driver's fare (the editor and POST/PUT /api/fares), the
 * price list's query (GET /api/fares/prices) and an instant booking (POST /api/rides/:id/book-instant).
 * Money is entered in dollars, like a quote's price, and stored in cents.
 */
import { WEEKDAYS } from '../marketplace/constants.ts';
import { FARE_MESSAGES } from '../marketplace/fare-messages.ts';
import { FARE_LIMITS } from '../marketplace/fares.ts';
import { NEEDS_LIMITS, WHEELCHAIR_NEEDS } from '../marketplace/needs.ts';
import { isTimeString } from '../marketplace/time.ts';
import { z } from './z.ts';

/** Dollars with at most 2 decimal places, from `min` (inclusive when `allowZero`) to `max`: cents out. */
function dollars(message: string, max: number, allowZero: boolean) {
  return z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && (allowZero ? v >= 0 : v > 0) && v <= max, { error: message })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message })
    .transform((v) => Math.round(v * 100));
}

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const time = (message: string) =>
  z.string({ error: message }).max(5, { error: message }).refine(isTimeString, { error: message });

export const fareEndSchema = z.object({
  name: z
    .string({ error: FARE_MESSAGES.placeName })
    .trim()
    .min(1, { error: FARE_MESSAGES.placeName })
    .max(FARE_LIMITS.nameMax, { error: FARE_MESSAGES.placeName }),
  lat: z
    .number({ error: FARE_MESSAGES.placePoint })
    .min(-90, { error: FARE_MESSAGES.placePoint })
    .max(90, { error: FARE_MESSAGES.placePoint }),
  lng: z
    .number({ error: FARE_MESSAGES.placePoint })
    .min(-180, { error: FARE_MESSAGES.placePoint })
    .max(180, { error: FARE_MESSAGES.placePoint }),
  radiusKm: z
    .number({ error: FARE_MESSAGES.radius })
    .min(FARE_LIMITS.radiusKmMin, { error: FARE_MESSAGES.radius })
    .max(FARE_LIMITS.radiusKmMax, { error: FARE_MESSAGES.radius }),
});

/** A fare as the driver enters it (create and edit take the whole fare). */
export const fareInputSchema = z
  .object({
    vehicleId: z.uuid({ error: FARE_MESSAGES.vehicle }),
    from: fareEndSchema,
    to: fareEndSchema,
    price: dollars(FARE_MESSAGES.price, FARE_LIMITS.priceMaxAud, false),
    maxPassengers: wholeNumber(1, FARE_LIMITS.passengersMax, FARE_MESSAGES.maxPassengers),
    maxBags: wholeNumber(0, FARE_LIMITS.bagsMax, FARE_MESSAGES.maxBags),
    includedPassengers: wholeNumber(1, FARE_LIMITS.passengersMax, FARE_MESSAGES.includedPassengers)
      .nullable()
      .default(null),
    extraPassengerPrice: dollars(FARE_MESSAGES.extra, FARE_LIMITS.extraMaxAud, true).default(0),
    /** Null: child seats and boosters are not offered at this price. */
    childSeatPrice: dollars(FARE_MESSAGES.extra, FARE_LIMITS.extraMaxAud, true).nullable().default(null),
    afterHours: z
      .object({
        start: time(FARE_MESSAGES.afterHours),
        end: time(FARE_MESSAGES.afterHours),
        price: dollars(FARE_MESSAGES.extra, FARE_LIMITS.extraMaxAud, true),
      })
      .refine((w) => w.start !== w.end, { error: FARE_MESSAGES.afterHours, path: ['end'] })
      .nullable()
      .default(null),
    days: z
      .array(z.enum(WEEKDAYS, { error: FARE_MESSAGES.days }), { error: FARE_MESSAGES.days })
      .min(1, { error: FARE_MESSAGES.days })
      .max(7, { error: FARE_MESSAGES.days })
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
    hoursStart: time(FARE_MESSAGES.hours).default('00:00'),
    hoursEnd: time(FARE_MESSAGES.hours).default('23:59'),
    minNoticeMinutes: wholeNumber(0, FARE_LIMITS.minNoticeMaxMinutes, FARE_MESSAGES.minNotice).default(
      FARE_LIMITS.minNoticeDefaultMinutes,
    ),
  })
  .refine((f) => f.includedPassengers === null || f.includedPassengers <= f.maxPassengers, {
    error: FARE_MESSAGES.includedPassengers,
    path: ['includedPassengers'],
  });
export type FareInput = z.output<typeof fareInputSchema>;
export type FareInputDraft = z.input<typeof fareInputSchema>;

const DECIMAL = /^-?\d{1,3}(\.\d{1,20})?$/;
const coordinate = (limit: number) =>
  z
    .string({ error: FARE_MESSAGES.point })
    .trim()
    .regex(DECIMAL, { error: FARE_MESSAGES.point })
    .transform(Number)
    .refine((n) => n >= -limit && n <= limit, { error: FARE_MESSAGES.point });
/** A whole number from the URL; missing reads as `fallback`, anything malformed is refused (never 0). */
const countParam = (max: number, message: string, fallback?: number) => {
  const base = z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, { error: message })
    .transform(Number)
    .refine((n) => n <= max, { error: message });
  return fallback === undefined ? base : base.optional().transform((n) => n ?? fallback);
};

/** GET /api/fares/prices's query (strings from the URL): the trip as the /book-ride form has it so far. */
export const priceListQuerySchema = z.object({
  pickupLat: coordinate(90),
  pickupLng: coordinate(180),
  destinationLat: coordinate(90),
  destinationLng: coordinate(180),
  pickupAt: z.iso.datetime({ offset: true, error: FARE_MESSAGES.pickupAt }).transform((s) => new Date(s)),
  passengers: countParam(FARE_LIMITS.passengersMax, FARE_MESSAGES.passengers).refine((n) => n >= 1, {
    error: FARE_MESSAGES.passengers,
  }),
  bags: countParam(FARE_LIMITS.bagsMax, FARE_MESSAGES.bags, 0),
  infantSeats: countParam(NEEDS_LIMITS.childSeatsMax, FARE_MESSAGES.seats, 0),
  childSeats: countParam(NEEDS_LIMITS.childSeatsMax, FARE_MESSAGES.seats, 0),
  boosterSeats: countParam(NEEDS_LIMITS.childSeatsMax, FARE_MESSAGES.seats, 0),
  wheelchair: z.enum(WHEELCHAIR_NEEDS, { error: FARE_MESSAGES.wheelchair }).default('none'),
});
export type PriceListQuery = z.output<typeof priceListQuerySchema>;

/** POST /api/rides/:id/book-instant: the price chosen, and the total the customer saw (the price booked). */
export const bookInstantSchema = z.object({
  fareId: z.uuid({ error: FARE_MESSAGES.fareId }),
  priceCents: z
    .number({ error: FARE_MESSAGES.priceCents })
    .int({ error: FARE_MESSAGES.priceCents })
    .min(1, { error: FARE_MESSAGES.priceCents })
    .max(100_000_000, { error: FARE_MESSAGES.priceCents }),
});
export type BookInstantInput = z.output<typeof bookInstantSchema>;
