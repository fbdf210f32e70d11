/**
 * The runs forms' rules (issue 31 item 2), one zod schema per form, used by the web forms and the API:
 * publishing a run, booking seats or the vehicle on one, cancelling a run, and the search's query.
 * Dates and times are Sydney wall-clock strings; the API stores UTC instants.
 */
import { RIDE_LIMITS } from '../marketplace/constants.ts';
import { RUN_LIMITS, RUN_MESSAGES } from '../marketplace/runs.ts';
import { isDateString, isTimeString, sydneyToUtc } from '../marketplace/time.ts';
import { z } from './z.ts';

const HOUR = 3_600_000;

/** A place picked from the list: a gazetteer locality and postcode, and what the person typed or chose. */
function runPlace(message: string) {
  return z.object(
    {
      locality: z.string({ error: message }).trim().min(1, { error: message }).max(80, { error: message }),
      postcode: z.string({ error: message }).regex(/^\d{4}$/, { error: message }),
      /** The street address or the named place ("Sydney Airport T1"); empty: the locality itself. */
      address: z.string().trim().max(RIDE_LIMITS.addressMax).optional().default(''),
    },
    { error: message },
  );
}

/** An optional AUD amount: empty or null is "not sold this way"; anything given must be valid. */
function optionalAud(message: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.coerce
      .number({ error: message })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= RUN_LIMITS.priceMaxAud, { error: message })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message })
      .nullable(),
  );
}

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const radius = z.coerce
  .number({ error: RUN_MESSAGES.radius })
  .min(RUN_LIMITS.radiusMinKm, { error: RUN_MESSAGES.radius })
  .max(RUN_LIMITS.radiusMaxKm, { error: RUN_MESSAGES.radius })
  .default(RUN_LIMITS.radiusDefaultKm);

/** The departure window's instants, or null when a time does not exist in Sydney. */
export function runWindow(v: { date: string; windowStart: string; windowEnd: string }) {
  const from = sydneyToUtc(v.date, v.windowStart);
  const until = sydneyToUtc(v.date, v.windowEnd);
  return from && until ? { from, until } : null;
}

/** POST /api/runs: a driver publishes a run. `now` decides "in the future"; the API passes its clock. */
export function publishRunSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      from: runPlace(RUN_MESSAGES.from),
      fromRadiusKm: radius,
      to: runPlace(RUN_MESSAGES.to),
      toRadiusKm: radius,
      date: z
        .string({ error: RUN_MESSAGES.date })
        .max(10, { error: RUN_MESSAGES.date })
        .refine(isDateString, { error: RUN_MESSAGES.date }),
      windowStart: z
        .string({ error: RUN_MESSAGES.windowStart })
        .max(5, { error: RUN_MESSAGES.windowStart })
        .refine(isTimeString, { error: RUN_MESSAGES.windowStart }),
      windowEnd: z
        .string({ error: RUN_MESSAGES.windowEnd })
        .max(5, { error: RUN_MESSAGES.windowEnd })
        .refine(isTimeString, { error: RUN_MESSAGES.windowEnd }),
      /** One of the driver's live vehicles; may be left out when they have exactly one. */
      vehicleId: z.uuid({ error: RUN_MESSAGES.vehicle }).optional(),
      seats: wholeNumber(1, RUN_LIMITS.seatsMax, RUN_MESSAGES.seats),
      bags: wholeNumber(0, RUN_LIMITS.bagsMax, RUN_MESSAGES.bags).default(0),
      seatPrice: optionalAud(RUN_MESSAGES.seatPrice),
      vehiclePrice: optionalAud(RUN_MESSAGES.vehiclePrice),
      /** Open trip requests that fit get this run as a quote automatically. */
      autoQuote: z.boolean({ error: 'autoQuote must be true or false.' }).optional().default(false),
      /** The booking this run drives back from ("Publish your drive back"). */
      afterBookingId: z.uuid({ error: RUN_MESSAGES.afterBooking }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.seatPrice === null && v.vehiclePrice === null) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.noPrice, path: ['seatPrice'] });
      }
      if (
        v.from.locality.trim().toUpperCase() === v.to.locality.trim().toUpperCase() &&
        v.from.postcode === v.to.postcode
      ) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.samePlace, path: ['to'] });
      }
      const window = runWindow(v);
      if (!window) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.windowInvalid, path: ['windowStart'] });
        return;
      }
      if (window.until < window.from) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.windowEnd, path: ['windowEnd'] });
      } else if (window.until.getTime() - window.from.getTime() > RUN_LIMITS.windowMaxHours * HOUR) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.windowTooLong, path: ['windowEnd'] });
      }
      if (window.from.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.windowPast, path: ['windowStart'] });
      } else if (window.from.getTime() > now().getTime() + RUN_LIMITS.aheadMaxDays * 24 * HOUR) {
        ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.tooFarAhead, path: ['date'] });
      }
    });
}
export type PublishRunInput = z.input<ReturnType<typeof publishRunSchema>>;
export type PublishRun = z.output<ReturnType<typeof publishRunSchema>>;

/**
 * POST /api/runs/:id/book: seats (how many) or the whole vehicle, the customer's own pickup and drop-off
 * (within the run's radii), their bags, and the price they saw (a changed price is a 409).
 */
export const bookRunSchema = z
  .object({
    seats: wholeNumber(1, RUN_LIMITS.seatsMax, RUN_MESSAGES.bookSeats).optional(),
    wholeVehicle: z.boolean({ error: RUN_MESSAGES.bookSeats }).optional().default(false),
    pickup: runPlace(RUN_MESSAGES.pickup),
    destination: runPlace(RUN_MESSAGES.destination),
    bags: wholeNumber(0, RUN_LIMITS.bagsMax, RUN_MESSAGES.bookBags).default(0),
    priceCents: z
      .number({ error: RUN_MESSAGES.bookPrice })
      .int({ error: RUN_MESSAGES.bookPrice })
      .positive({ error: RUN_MESSAGES.bookPrice }),
    notes: z.string().trim().max(RIDE_LIMITS.notesMax).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.wholeVehicle && v.seats === undefined) {
      ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.bookSeats, path: ['seats'] });
    }
  });
export type BookRunInput = z.input<typeof bookRunSchema>;
export type BookRun = z.output<typeof bookRunSchema>;

export const cancelRunSchema = z.object({
  reason: z
    .string({ error: RUN_MESSAGES.cancelReason })
    .trim()
    .min(3, { error: RUN_MESSAGES.cancelReason })
    .max(500, { error: RUN_MESSAGES.cancelReason }),
});

const searchPlace = z
  .string({ error: RUN_MESSAGES.searchPlace })
  .trim()
  .min(1, { error: RUN_MESSAGES.searchPlace })
  .max(80, { error: RUN_MESSAGES.searchPlace })
  .optional();

/** GET /api/runs?from=&to=&date=: each optional; a place is what the person typed (resolved by the gazetteer). */
export const runSearchSchema = z.object({
  from: searchPlace,
  to: searchPlace,
  date: z
    .string({ error: RUN_MESSAGES.searchDate })
    .max(10, { error: RUN_MESSAGES.searchDate })
    .refine(isDateString, { error: RUN_MESSAGES.searchDate })
    .optional(),
});
export type RunSearch = z.output<typeof runSearchSchema>;
