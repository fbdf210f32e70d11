/**
 * The marketplace forms' rules, one zod schema per form, used by the web forms and by the API.
 * Times in these inputs are Australia/Sydney wall-clock strings; the API stores the UTC instant.
 */

import {
  CANCEL_REASON_MAX,
  LARGE_ITEMS,
  QUOTE_LIMITS,
  RATING_LIMITS,
  RIDE_LIMITS,
} from '../marketplace/constants.ts';
import { NEEDS_MESSAGES, rideNeedsSchema } from '../marketplace/needs.ts';
import { isDateString, isTimeString, sydneyToUtc } from '../marketplace/time.ts';
import { z } from './z.ts';

export const MARKETPLACE_MESSAGES = {
  pickupRequired: 'Choose a pickup suburb from the list.',
  destinationRequired: 'Choose a destination suburb from the list.',
  samePlace: 'Pickup and destination must be different places.',
  dateRequired: 'Choose a pickup date.',
  timeRequired: 'Choose a pickup time.',
  invalidDateTime: 'That date and time does not exist in Sydney. Please choose another.',
  tooSoon: `The pickup time must be at least ${RIDE_LIMITS.minLeadHours} hours from now.`,
  passengers: `Passengers must be a whole number from ${RIDE_LIMITS.passengersMin} to ${RIDE_LIMITS.passengersMax}.`,
  luggage: `Bags must be a whole number from 0 to ${RIDE_LIMITS.luggageBagsMax}.`,
  budget: 'Enter a budget above $0 in Australian dollars (up to 2 decimal places).',
  flightNumber: 'Enter a flight number like QF1504 or JQ 451.',
  returnAfterOutbound: 'The return trip must be after the outbound pickup.',
  notesTooLong: `Notes can be at most ${RIDE_LIMITS.notesMax} characters.`,
  price: 'Enter a price above $0 in Australian dollars (up to 2 decimal places).',
  quoteMessage: 'Say what the price includes (at most 500 characters).',
  validUntil: 'The quote must stay valid until a time in the future, before the pickup.',
  validForHours: 'Choose how long the quote stays valid: until 2 hours before pickup, or 24, 12 or 6 hours.',
  stars: 'Choose from 1 to 5 stars.',
  cancelReason: 'Please tell the other side why you are cancelling (at least 3 characters).',
  cancelBothLegs: 'Say whether both legs of the return trip are cancelled (true or false).',
  vehicleCapacity: `Vehicle capacity must be from ${RIDE_LIMITS.passengersMin} to ${RIDE_LIMITS.passengersMax} seats.`,
  vehicleYear: 'Enter the year the vehicle was built.',
  hours: 'Hours must be HH:MM, and the end after the start.',
  expiryDate: 'Enter the insurance expiry date.',
  placeQuery: 'Type 1 to 60 characters of a suburb or a postcode.',
  dateFilter: 'Choose a valid date.',
  dateRange: 'The end date must be on or after the start date.',
  passengersFilter: `Seats must be a whole number from ${RIDE_LIMITS.passengersMin} to ${RIDE_LIMITS.passengersMax}.`,
  radius: 'The radius must be from 1 to 500 km.',
  serveFilter: 'Choose all trips or only the trips you can serve.',
  pairPrice: 'A price for both legs must be at least $0.02, so each leg has a fare.',
  cursor: 'This page link is no longer valid. Please start from the first page.',
  rideBooked: 'This request is already booked and can no longer be changed.',
  rideCancelled: 'This request was cancelled and can no longer be changed.',
  rideExpired: 'This request has expired and can no longer be changed.',
} as const;

/** A money amount in AUD: positive, at most 2 decimal places. */
function audAmount(message: string, max: number) {
  return z.coerce
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= max, { error: message })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message });
}

export function placeSchema(which: 'pickup' | 'destination') {
  const message =
    which === 'pickup' ? MARKETPLACE_MESSAGES.pickupRequired : MARKETPLACE_MESSAGES.destinationRequired;
  return z.object(
    {
      locality: z.string({ error: message }).trim().min(1, { error: message }).max(80, { error: message }),
      postcode: z.string({ error: message }).regex(/^\d{4}$/, { error: message }),
      address: z.string().trim().max(RIDE_LIMITS.addressMax).optional().default(''),
    },
    { error: message },
  );
}
export type PlaceInput = z.input<ReturnType<typeof placeSchema>>;

const flightNumber = z
  .string()
  .max(20, { error: MARKETPLACE_MESSAGES.flightNumber })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z0-9]{2}\s?\d{1,4}[A-Z]?$/.test(v), {
    error: MARKETPLACE_MESSAGES.flightNumber,
  })
  .optional()
  .default('');

const tripFields = {
  pickup: placeSchema('pickup'),
  destination: placeSchema('destination'),
  date: z
    .string({ error: MARKETPLACE_MESSAGES.dateRequired })
    .max(10, { error: MARKETPLACE_MESSAGES.dateRequired })
    .refine(isDateString, { error: MARKETPLACE_MESSAGES.dateRequired }),
  time: z
    .string({ error: MARKETPLACE_MESSAGES.timeRequired })
    .max(5, { error: MARKETPLACE_MESSAGES.timeRequired })
    .refine(isTimeString, { error: MARKETPLACE_MESSAGES.timeRequired }),
  passengers: z.coerce
    .number({ error: MARKETPLACE_MESSAGES.passengers })
    .int({ error: MARKETPLACE_MESSAGES.passengers })
    .min(RIDE_LIMITS.passengersMin, { error: MARKETPLACE_MESSAGES.passengers })
    .max(RIDE_LIMITS.passengersMax, { error: MARKETPLACE_MESSAGES.passengers }),
  luggageBags: z.coerce
    .number({ error: MARKETPLACE_MESSAGES.luggage })
    .int({ error: MARKETPLACE_MESSAGES.luggage })
    .min(0, { error: MARKETPLACE_MESSAGES.luggage })
    .max(RIDE_LIMITS.luggageBagsMax, { error: MARKETPLACE_MESSAGES.luggage })
    .default(0),
  largeItems: z
    .array(z.enum(LARGE_ITEMS.map((i) => i.value) as [string, ...string[]]))
    .max(LARGE_ITEMS.length)
    .default([])
    .transform((items) => [...new Set(items)]),
  /** Optional (issue 31): empty or left out is no budget (null); anything typed must be a valid amount. */
  budget: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    audAmount(MARKETPLACE_MESSAGES.budget, RIDE_LIMITS.budgetMaxAud).nullable(),
  ),
  notes: z
    .string()
    .trim()
    .max(RIDE_LIMITS.notesMax, { error: MARKETPLACE_MESSAGES.notesTooLong })
    .optional()
    .default(''),
  flightNumber,
  /** Child seats, wheelchair, pram, boards, bikes, pets (marketplace/needs.ts); {} for none. */
  needs: rideNeedsSchema.prefault({}),
};

/** More child seats than passengers is a typo, not a trip. */
function checkNeeds(
  v: { passengers: number; needs: z.output<typeof rideNeedsSchema> },
  ctx: z.RefinementCtx,
) {
  const seats = v.needs.infantSeats + v.needs.childSeats + v.needs.boosterSeats;
  if (seats > v.passengers) {
    ctx.addIssue({
      code: 'custom',
      message: NEEDS_MESSAGES.childrenMoreThanPassengers,
      path: ['needs', 'childSeats'],
    });
  }
}

const samePlace = (a: { locality: string; postcode: string; address?: string }, b: typeof a) =>
  a.locality.trim().toUpperCase() === b.locality.trim().toUpperCase() &&
  a.postcode === b.postcode &&
  (a.address ?? '').trim().toUpperCase() === (b.address ?? '').trim().toUpperCase();

/**
 * A trip request. `now` decides "at least 2 hours ahead"; the API passes the server's clock.
 */
export function rideRequestSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      ...tripFields,
      returnTrip: z
        .object({
          date: tripFields.date,
          time: tripFields.time,
          /** The return leg's own flight (the outbound's is not copied). */
          flightNumber,
        })
        .nullable()
        .optional()
        .default(null),
    })
    .superRefine((v, ctx) => {
      checkNeeds(v, ctx);
      if (samePlace(v.pickup, v.destination)) {
        ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.samePlace, path: ['destination'] });
      }
      const at = sydneyToUtc(v.date, v.time);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.invalidDateTime, path: ['time'] });
        return;
      }
      if (at.getTime() < now().getTime() + RIDE_LIMITS.minLeadHours * 3_600_000) {
        ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.tooSoon, path: ['time'] });
      }
      if (v.returnTrip) {
        const back = sydneyToUtc(v.returnTrip.date, v.returnTrip.time);
        if (!back) {
          ctx.addIssue({
            code: 'custom',
            message: MARKETPLACE_MESSAGES.invalidDateTime,
            path: ['returnTrip', 'time'],
          });
        } else if (back.getTime() <= at.getTime()) {
          ctx.addIssue({
            code: 'custom',
            message: MARKETPLACE_MESSAGES.returnAfterOutbound,
            path: ['returnTrip', 'time'],
          });
        }
      }
    });
}
export type RideRequestInput = z.input<ReturnType<typeof rideRequestSchema>>;
export type RideRequest = z.output<ReturnType<typeof rideRequestSchema>>;

/** Editing a request: the same fields, no return leg (each leg is its own request once posted). */
export function rideEditSchema(now: () => Date = () => new Date()) {
  return z.object(tripFields).superRefine((v, ctx) => {
    checkNeeds(v, ctx);
    if (samePlace(v.pickup, v.destination)) {
      ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.samePlace, path: ['destination'] });
    }
    const at = sydneyToUtc(v.date, v.time);
    if (!at) ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.invalidDateTime, path: ['time'] });
    else if (at.getTime() < now().getTime() + RIDE_LIMITS.minLeadHours * 3_600_000) {
      ctx.addIssue({ code: 'custom', message: MARKETPLACE_MESSAGES.tooSoon, path: ['time'] });
    }
  });
}
export type RideEdit = z.output<ReturnType<typeof rideEditSchema>>;

export const quoteInputSchema = z.object({
  price: audAmount(MARKETPLACE_MESSAGES.price, QUOTE_LIMITS.priceMaxAud),
  message: z
    .string({ error: MARKETPLACE_MESSAGES.quoteMessage })
    .trim()
    .min(1, { error: MARKETPLACE_MESSAGES.quoteMessage })
    .max(QUOTE_LIMITS.messageMax, { error: MARKETPLACE_MESSAGES.quoteMessage }),
  /**
   * The vehicle that will do the trip (one of the driver's, with a current safety inspection, seating the
   * passengers). May be left out when the driver has exactly one such vehicle.
   */
  vehicleId: z.uuid({ error: 'Choose the vehicle that will do this trip.' }).optional(),
  /** Ignored since vehicles are records of their own: the quote describes its vehicle itself. */
  vehicle: z.string().trim().max(200).optional(),
  /** ISO instant; by default the quote lives until 2 hours before pickup (issue 31). */
  validUntil: z.iso.datetime({ offset: true, error: MARKETPLACE_MESSAGES.validUntil }).optional(),
  /**
   * The driver's shorter choice (issue 31): valid this many hours from now, or until 2 hours before pickup
   * when that comes first. Left out (or null): until 2 hours before pickup. `validUntil` wins when both come.
   */
  validForHours: z
    .literal(QUOTE_LIMITS.validForHoursChoices, { error: MARKETPLACE_MESSAGES.validForHours })
    .nullish(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const ratingInputSchema = z.object({
  stars: z.coerce
    .number({ error: MARKETPLACE_MESSAGES.stars })
    .int({ error: MARKETPLACE_MESSAGES.stars })
    .min(RATING_LIMITS.starsMin, { error: MARKETPLACE_MESSAGES.stars })
    .max(RATING_LIMITS.starsMax, { error: MARKETPLACE_MESSAGES.stars }),
  comment: z.string().trim().max(RATING_LIMITS.commentMax).optional().default(''),
});

export const cancelInputSchema = z.object({
  reason: z
    .string({ error: MARKETPLACE_MESSAGES.cancelReason })
    .trim()
    .min(3, { error: MARKETPLACE_MESSAGES.cancelReason })
    .max(CANCEL_REASON_MAX, { error: MARKETPLACE_MESSAGES.cancelReason }),
});

/** POST /api/rides/:id/cancel (issue 32): the reason, and for one leg of a return trip whether both go. */
export const cancelRideInputSchema = cancelInputSchema.extend({
  bothLegs: z.boolean({ error: MARKETPLACE_MESSAGES.cancelBothLegs }).optional(),
});

export const hhmm = z
  .string()
  .max(5, { error: MARKETPLACE_MESSAGES.hours })
  .refine(isTimeString, { error: MARKETPLACE_MESSAGES.hours });

export const availableRidesQuerySchema = z
  .object({
    /** Sydney dates, inclusive. */
    from: z.string().refine(isDateString, { error: MARKETPLACE_MESSAGES.dateFilter }).optional(),
    to: z.string().refine(isDateString, { error: MARKETPLACE_MESSAGES.dateFilter }).optional(),
    /** A locality as "LOCALITY|POSTCODE" from the places search. */
    near: z
      .string()
      .regex(/^[^|]{1,80}\|\d{4}$/, { error: MARKETPLACE_MESSAGES.pickupRequired })
      .optional(),
    /** Straight-line kilometres from `near`. */
    radiusKm: z.coerce
      .number({ error: MARKETPLACE_MESSAGES.radius })
      .min(1, { error: MARKETPLACE_MESSAGES.radius })
      .max(500, { error: MARKETPLACE_MESSAGES.radius })
      .default(25),
    /** The driver's free seats: requests for at most this many passengers. */
    passengers: z.coerce
      .number({ error: MARKETPLACE_MESSAGES.passengersFilter })
      .int({ error: MARKETPLACE_MESSAGES.passengersFilter })
      .min(RIDE_LIMITS.passengersMin, { error: MARKETPLACE_MESSAGES.passengersFilter })
      .max(RIDE_LIMITS.passengersMax, { error: MARKETPLACE_MESSAGES.passengersFilter })
      .optional(),
    cursor: z.string().max(200, { error: MARKETPLACE_MESSAGES.cursor }).optional(),
    /**
     * 'mine' (the default): trips inside the driver's service area that a vehicle of theirs can carry and
     * whose needs their offers cover (marketplace/needs.ts canServe); 'all': every open trip.
     */
    serve: z.enum(['all', 'mine'], { error: MARKETPLACE_MESSAGES.serveFilter }).default('mine'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: MARKETPLACE_MESSAGES.dateRange,
    path: ['to'],
  });
export type AvailableRidesQuery = z.output<typeof availableRidesQuerySchema>;
