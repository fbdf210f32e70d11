/**
 * Phone numbers: the one rule for the sign-up forms, /profile and the API, and how a stored number is shown.
 *
 * A mobile number is asked for because on the day of the trip the driver and the customer call or text
 * each other at the kerb (a 5:30 am airport pickup needs it). Accepted: Australian mobiles in any usual
 * writing (0412 345 678, 0412-345-678, (04) 1234 5678, +61 412 345 678, +61 (0) 412 345 678, 61412345678)
 * and, for visitors, an overseas mobile written with + and its country code (+44 7911 123456). Refused:
 * landlines and 13/1300/1800 numbers (nobody answers them at the kerb at 5:30 am), anything else.
 * Stored in E.164 ('+61412345678'); shown in the national format ('0412 345 678') with a tel: link.
 *
 * A driver's business (office) number is the one exception (issue 32): a shuttle office answers a landline
 * (02/03/07/08 and 8 digits) in office hours, so it is accepted there. The driver's own number stays a
 * mobile, and on the day of the trip the customer is given a mobile: the business number when it is one,
 * else the driver's own (dayOfTripPhone). Text messages only ever go to the account's own mobile.
 *
 * libphonenumber-js/mobile carries only the mobile-number patterns (no full metadata) to keep the
 * browser's download small.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { memoize } from '../memoize.ts';
import { BOOKING_STATE_TEXT } from '../messages.ts';
import { z } from './z.ts';

export const PHONE_MESSAGES = {
  required: 'Please enter your mobile number.',
  invalid: 'Please enter a valid mobile number, for example 0412 345 678.',
  landline:
    'Please enter a mobile number (04xx xxx xxx): on the day of the trip your driver or customer calls or texts it.',
  /** Shown wherever the other side's number would be, for older accounts that never gave one. */
  none: BOOKING_STATE_TEXT.noPhone,
  /** The hint beside the field on /profile and the sign-up forms. */
  hint: 'Your driver calls this number on the day. Shared only with the other side of a booking.',
  driverHint: 'Your customers call this number on the day. Shared only with the other side of a booking.',
  /** The business (office) number: a landline is fine there (issue 32). */
  businessInvalid: 'Please enter a valid phone number: a mobile, or an office landline such as 02 4981 1234.',
  businessHint:
    'Your office number, a landline or a mobile. On the day of the trip customers get a mobile: this one if it is a mobile, else yours from Your details.',
} as const;

/** What a phone field may contain at all: digits, spaces, brackets, dots, dashes, and + only in front. */
const SHAPE = /^\+?[0-9 ().-]+$/;
const MAX_LENGTH = 30;

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/** Checks a typed number and gives its E.164 form, or the message to show. */
export function normalisePhone(input: string): PhoneResult {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: PHONE_MESSAGES.required };
  if (raw.length > MAX_LENGTH || !SHAPE.test(raw)) return { ok: false, message: PHONE_MESSAGES.invalid };
  const parsed = parsePhoneNumberFromString(raw, 'AU');
  if (!parsed) return { ok: false, message: PHONE_MESSAGES.invalid };
  if (parsed.isValid()) return { ok: true, e164: parsed.number };
  // An Australian number of the right length that is not a mobile: a landline, 13, 1300 or 1800.
  if (parsed.countryCallingCode === '61' && /^(?:[2378]\d{8}|1[38]\d{4,8})$/.test(parsed.nationalNumber)) {
    return { ok: false, message: PHONE_MESSAGES.landline };
  }
  return { ok: false, message: PHONE_MESSAGES.invalid };
}

/** An Australian landline in E.164: +61 then 2, 3, 7 or 8 and 8 digits. */
const AU_LANDLINE = /^\+61[2378]\d{8}$/;

/**
 * Checks a typed business (office) number: a mobile as normalisePhone accepts it, or an Australian
 * landline (02/03/07/08 and 8 digits); 13, 1300 and 1800 numbers stay refused.
 */
export function normaliseBusinessPhone(input: string): PhoneResult {
  const mobile = normalisePhone(input);
  if (mobile.ok || mobile.message !== PHONE_MESSAGES.landline) {
    return mobile.ok
      ? mobile
      : {
          ok: false,
          message:
            mobile.message === PHONE_MESSAGES.required ? mobile.message : PHONE_MESSAGES.businessInvalid,
        };
  }
  const parsed = parsePhoneNumberFromString(input.trim(), 'AU');
  const e164 = parsed ? `+61${parsed.nationalNumber}` : '';
  return AU_LANDLINE.test(e164) ? { ok: true, e164 } : { ok: false, message: PHONE_MESSAGES.businessInvalid };
}

/**
 * A stored number read once (memoized: the same few numbers are shown, linked and texted many times per
 * booking): null when it cannot be read; `mobile` when the mobile patterns know it.
 */
export const storedPhone = memoize((stored: string) => {
  const parsed = parsePhoneNumberFromString(stored, 'AU');
  if (!parsed) return null;
  const mobile = parsed.isValid();
  return {
    mobile,
    /** E.164 */
    number: parsed.number as string,
    /** As people write it: '0412 345 678', '+44 7911 123456'; only for a mobile. */
    written: mobile
      ? parsed.countryCallingCode === '61'
        ? parsed.formatNational()
        : parsed.formatInternational()
      : null,
  };
});

/** Whether a stored number is a mobile (one a text message can reach and a driver answers at the kerb). */
export function isMobilePhone(stored: string | null | undefined): boolean {
  if (!stored) return false;
  return storedPhone(stored)?.mobile === true;
}

/** The number the customer calls on the day: the business number when it is a mobile, else the driver's own. */
export function dayOfTripPhone(
  business: string | null | undefined,
  own: string | null | undefined,
): string | null {
  if (business && isMobilePhone(business)) return business;
  return own || business || null;
}

/** The zod field for forms and the API: a required mobile number, output in E.164. */
export const phoneField = z.string({ error: PHONE_MESSAGES.required }).transform((value, ctx) => {
  const result = normalisePhone(value);
  if (result.ok) return result.e164;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/**
 * A stored number as people write it: '0412 345 678' for Australian numbers, '+44 7911 123456' for others.
 * A value stored before numbers were checked is shown as it was typed.
 */
export function formatPhone(stored: string): string {
  // A landline (the mobile-only patterns do not know it): (02) 4981 1234.
  if (AU_LANDLINE.test(stored)) return `(0${stored[3]}) ${stored.slice(4, 8)} ${stored.slice(8)}`;
  return storedPhone(stored)?.written ?? stored.trim();
}

/** The tel: link of a stored number (E.164 when it can be read, else its digits and +). */
export function phoneHref(stored: string): string {
  return `tel:${storedPhone(stored)?.number ?? stored.replace(/[^0-9+]/g, '')}`;
}
