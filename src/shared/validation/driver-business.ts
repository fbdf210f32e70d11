/**
 * The driver's business forms (issue 13): the profile, a vehicle, a compliance document's details and an
 * admin's decision. Used by /driver-profile, /admin/verifications and the API. Kept apart from
 * validation/marketplace.ts because the business phone pulls in the phone metadata, which only these
 * pages need.
 */
import { WEEKDAYS } from '../marketplace/constants.ts';
import { driverOffersSchema } from '../marketplace/needs.ts';
import { isDateString } from '../marketplace/time.ts';
import {
  BUSINESS_LIMITS,
  DOCUMENT_KINDS,
  isValidAbn,
  VERIFICATION_MESSAGES as M,
} from '../marketplace/verification.ts';
import { VALIDATION } from '../messages.ts';
import { hhmm, MARKETPLACE_MESSAGES } from './marketplace.ts';
import { normaliseBusinessPhone } from './phone.ts';
import { z } from './z.ts';

/** An ABN as people type it ('51 824 753 556'); '' when not given yet. Output: 11 digits or ''. */
export const abnField = z.string({ error: M.abnFormat }).transform((value, ctx) => {
  const digits = value.replace(/[\s-]/g, '');
  if (digits === '') return '';
  if (!/^\d{11}$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: M.abnFormat });
    return z.NEVER;
  }
  if (!isValidAbn(digits)) {
    ctx.addIssue({ code: 'custom', message: M.abnChecksum });
    return z.NEVER;
  }
  return digits;
});

/** A mobile number or '' (not given yet): E.164 out. */
/** The business (office) number: a mobile or an Australian landline (issue 32). */
const optionalPhone = z.string().transform((value, ctx) => {
  if (value.trim() === '') return '';
  const result = normaliseBusinessPhone(value);
  if (result.ok) return result.e164;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: M.businessEmail })
  .refine((s) => s === '' || z.email().safeParse(s).success, { error: M.businessEmail });

/**
 * PUT /api/drivers/me: the business profile. Every business field may be left empty while the driver is
 * still onboarding (the checklist names what is missing); whatever is given must be right.
 */
export const driverProfileSchema = z.object({
  companyName: z
    .string()
    .trim()
    .max(BUSINESS_LIMITS.companyNameMax, {
      error: `Keep the trading name to ${BUSINESS_LIMITS.companyNameMax} characters.`,
    })
    .optional()
    .default(''),
  abn: abnField.optional().default(''),
  bspNumber: z
    .string({ error: VALIDATION.bspRequired })
    .trim()
    .min(1, { error: VALIDATION.bspRequired })
    .max(40, { error: 'BSP number must be at most 40 characters' }),
  businessPhone: optionalPhone.optional().default(''),
  businessEmail: optionalEmail.optional().default(''),
  /** A gazetteer locality (the places search); null to clear. The API checks it exists. */
  base: z
    .object({
      locality: z.string({ error: M.baseLocality }).trim().min(1, { error: M.baseLocality }).max(80),
      postcode: z.string({ error: M.baseLocality }).regex(/^\d{4}$/, { error: M.baseLocality }),
    })
    .nullable()
    .optional()
    .default(null),
  serviceRadiusKm: z.coerce
    .number({ error: M.serviceRadius })
    .int({ error: M.serviceRadius })
    .min(BUSINESS_LIMITS.serviceRadiusMinKm, { error: M.serviceRadius })
    .max(BUSINESS_LIMITS.serviceRadiusMaxKm, { error: M.serviceRadius })
    .optional()
    .default(BUSINESS_LIMITS.serviceRadiusDefaultKm),
  description: z
    .string()
    .trim()
    .max(BUSINESS_LIMITS.descriptionMax, { error: M.description })
    .optional()
    .default(''),
  availability: z
    .object({
      days: z
        .array(z.enum(WEEKDAYS))
        .default([])
        .transform((d) => WEEKDAYS.filter((w) => d.includes(w))),
      hours: z.object({ start: hhmm, end: hhmm }),
    })
    .refine((a) => a.hours.start < a.hours.end, {
      error: MARKETPLACE_MESSAGES.hours,
      path: ['hours', 'end'],
    }),
  /** What the driver's vehicles carry (marketplace/needs.ts); left out: nothing special. */
  offers: driverOffersSchema.prefault({}),
});
export type DriverProfileInput = z.input<typeof driverProfileSchema>;
export type DriverProfile = z.output<typeof driverProfileSchema>;

const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** POST /api/drivers/me/vehicles and PUT .../vehicles/:id (the photo is its own upload). */
export const vehicleInputSchema = z.object({
  make: z.string({ error: M.make }).trim().min(1, { error: M.make }).max(60, { error: M.make }),
  model: z.string({ error: M.model }).trim().min(1, { error: M.model }).max(60, { error: M.model }),
  year: z.coerce
    .number({ error: M.year })
    .int({ error: M.year })
    .min(BUSINESS_LIMITS.vehicleYearMin, { error: M.year })
    .refine((y) => y <= new Date().getFullYear() + 1, { error: M.year }),
  /** 'ab 12 cd' -> 'AB12CD'. */
  plate: z
    .string({ error: M.plate })
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{1,9}$/, { error: M.plate })),
  colour: z.string().trim().max(40).optional().default(''),
  seats: wholeNumber(M.seats, BUSINESS_LIMITS.seatsMin, BUSINESS_LIMITS.seatsMax),
  luggageBags: wholeNumber(M.luggage, 0, BUSINESS_LIMITS.luggageBagsMax).optional().default(0),
  wheelchairAccessible: z.boolean().optional().default(false),
  childSeats: wholeNumber(M.childSeats, 0, BUSINESS_LIMITS.childSeatsMax).optional().default(0),
  trailer: z.boolean().optional().default(false),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type Vehicle = z.output<typeof vehicleInputSchema>;

/**
 * The fields sent with a document upload (multipart: kind, vehicleId, expiresOn, file). `today` is the
 * Sydney date, so an expiry date in the past is refused.
 */
export function documentMetaSchema(today: () => string) {
  return z
    .object({
      kind: z.enum(DOCUMENT_KINDS, { error: M.documentKind }),
      vehicleId: z
        .string()
        .optional()
        .transform((s) => (s && s.trim() !== '' ? s.trim() : null)),
      expiresOn: z
        .string({ error: M.expiryRequired })
        .min(1, { error: M.expiryRequired })
        .refine(isDateString, { error: M.expiryFormat })
        .refine((d) => d >= today(), { error: M.expiryPast }),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'safety_inspection' && !v.vehicleId)
        ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: M.documentVehicle });
      if (v.vehicleId && !z.uuid().safeParse(v.vehicleId).success)
        ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: M.documentVehicle });
    })
    .transform((v) => ({ ...v, vehicleId: v.kind === 'safety_inspection' ? v.vehicleId : null }));
}
export type DocumentMeta = z.output<ReturnType<typeof documentMetaSchema>>;

/** An admin's reason: required to reject or suspend, optional to approve or reinstate. */
export const requiredReasonSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(BUSINESS_LIMITS.reasonMin, { error: M.reasonRequired })
    .max(BUSINESS_LIMITS.reasonMax, { error: M.reasonTooLong }),
});
export const optionalReasonSchema = z.object({
  reason: z.string().trim().max(BUSINESS_LIMITS.reasonMax, { error: M.reasonTooLong }).optional().default(''),
});
