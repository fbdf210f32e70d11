/**
 * Booking rules shared by the web app and the API: the fare statement the customer accepts (built once,
 * shown before accepting and stored word for word on the booking), the accept form, and the messages of
 * the marketplace's refusals.
 */

import { dateTimeFormat } from '../intl.ts';
import { z } from '../validation/z.ts';
import { formatAud } from './money.ts';
import { displayLocality, type PlaceEnd, routeName } from './place-names.ts';
import { sydneyParts } from './time.ts';

export const MARKETPLACE_CONFLICTS = {
  alreadyBooked: 'This request has already been booked.',
  rideNotOpen: 'This request is no longer open for quotes.',
  pickupPassed: 'The pickup time of this request has passed.',
  quoteExpired: 'This quote has expired.',
  needsConfirmation: 'The driver must confirm this quote for your changed trip before you can accept it.',
  quoteNotAvailable: 'This quote is no longer available.',
  quoteNotLive: 'This quote can no longer be changed.',
  priceChanged: 'The driver has changed this quote. Please review the new price before accepting.',
  driverProfileMissing: 'Complete your driver profile before quoting.',
  bookingNotCancellable: 'This booking can no longer be cancelled.',
  completeBeforePickup: 'You can mark the trip completed after its pickup time.',
  bookingNotConfirmed: 'Only a confirmed booking can be marked completed.',
  rateNotCompleted: 'You can rate a trip once it is completed.',
  alreadyRated: 'You have already rated this trip.',
  pairLegNotOpen:
    'One leg of this return trip is already booked or no longer open, so the price for both legs cannot be accepted. Accept a quote for the other leg on its own.',
  noReturnLeg: 'This trip has no return leg. Quote it on its own.',
  pairPriceChanged:
    'The driver has changed the price for both legs. Please review the new price before accepting.',
} as const;

export const ACCEPT_MESSAGES = {
  acceptFare: 'Please tick the box to accept the agreed fare.',
} as const;

/**
 * Accepting a quote: the customer ticks the fare statement. `priceCents` is the price the customer saw (for
 * a return-pair quote: the total for both legs); when given, the API refuses the accept if the driver
 * changed the price in the meantime.
 */
export const acceptQuoteSchema = z.object({
  acceptFare: z.literal(true, { error: ACCEPT_MESSAGES.acceptFare }),
  priceCents: z.number().int().positive().optional(),
});
export type AcceptQuoteInput = z.input<typeof acceptQuoteSchema>;

// Written in place-names.ts with the rest of how places are named; kept importable from here.
export { displayLocality };

/** 'Sun 4 Apr 2027 9:30 am' on the Sydney wall clock (the parts come from time.ts, as every format's do). */
export function formatPickupSydney(instant: Date | string): string {
  const p = sydneyParts(instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year} ${p.time}`;
}

/** A Sydney wall-clock date '2026-11-27' as 'Fri 27 Nov 2026' (en-AU), or '' when it is not a date. */
export function formatLocalDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3])) return '';
  const parts = dateTimeFormat({
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')}`;
}

/** A wall-clock time '17:05' as '5:05 pm' (the app's convention, as in formatPickupSydney), or ''. */
export function formatLocalTime(time: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) return '';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'am' : 'pm'}`;
}

export interface FareStatementInput {
  priceCents: number;
  pickupLocality: string;
  destinationLocality: string;
  /** The named places of the ends (PlaceDto.name), when they are ones: the trip is named by them. */
  pickupName?: string | null;
  destinationName?: string | null;
  pickupAt: Date | string;
  brandName: string;
  /** One leg of a return pair booked from one driver for one price: that price for both legs. */
  pairTotalCents?: number;
}

/**
 * The written fare agreement (NSW: a booked fare is agreed before the trip and can never be exceeded).
 * The customer sees exactly this text before accepting; the booking stores it word for word.
 */
const end = (locality: string, name?: string | null): PlaceEnd => ({ locality, name });

export function fareStatement(f: FareStatementInput): string {
  return (
    `Agreed fare: ${formatAud(f.priceCents)} AUD for this trip ` +
    `(${routeName(end(f.pickupLocality, f.pickupName), end(f.destinationLocality, f.destinationName), { words: true })}, ${formatPickupSydney(f.pickupAt)}). ` +
    (f.pairTotalCents !== undefined
      ? `This is one leg of a return pair booked together at ${formatAud(f.pairTotalCents)} AUD for both legs. `
      : '') +
    'This is the most you can be asked to pay. ' +
    `You pay the driver directly; ${f.brandName} takes no payment.`
  );
}
