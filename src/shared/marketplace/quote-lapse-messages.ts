/**
 * The words of issue 31's "quotes that do not lapse quietly": the 12-hour warning to both sides, renewing,
 * asking again, their refusals and the quote form's validity choices. One source for server and web.
 */
import { formatAud } from './money.ts';
import { sydneyParts } from './time.ts';

/** '5:30 pm Sat' on the Sydney wall clock: short enough for a notification line. */
export function lapseTime(instant: Date | string): string {
  const p = sydneyParts(instant);
  return `${p.time} ${p.weekday}`;
}

/** A business name with its possessive: "Bay Shuttles'" or "Dana's". */
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

export const QUOTE_LAPSE_TEXT = {
  lapsing: {
    title: 'A quote lapses soon',
    message: (driver: string, priceCents: number, validUntil: Date | string) =>
      `${possessive(driver)} quote of ${formatAud(priceCents)} lapses at ${lapseTime(validUntil)}: book it or ask them to renew.`,
  },
  renew: {
    title: 'Your quote lapses soon',
    message: (trip: string, validUntil: Date | string) =>
      `Your quote for ${trip} lapses at ${lapseTime(validUntil)}: renew it with one tap.`,
  },
  renewed: {
    title: 'Quote renewed',
    message: (driver: string, priceCents: number, trip: string, validUntil: Date | string) =>
      `${driver} renewed their quote of ${formatAud(priceCents)} for your trip ${trip} until ${lapseTime(validUntil)}.`,
  },
  askedAgain: {
    title: 'Asked to quote again',
    message: (customer: string, trip: string) =>
      `${customer} asked you to quote again for ${trip}: your quote lapsed. Renew it with one tap.`,
  },
} as const;

export const QUOTE_LAPSE_CONFLICTS = {
  /** Renewing a quote that was accepted, declined, withdrawn, or replaced by a newer live one. */
  cannotRenew: 'This quote can no longer be renewed: quote the trip again instead.',
  rideClosed: 'This trip is no longer open for quotes, so the quote cannot be renewed.',
  tooLate: 'The pickup is less than 2 hours away: quotes can no longer be renewed or asked for.',
  alreadyAsked: 'You already asked this driver to quote again.',
  notExpired: 'This quote has not lapsed: you can still book it.',
  askRideClosed: 'This trip is no longer open for quotes.',
  cannotAsk: 'Only a quote that lapsed can be asked for again.',
} as const;

/** The quote form's "Valid until" choices: '' (the default) lives until 2 hours before pickup. */
export const VALIDITY_CHOICES: { value: '' | '24' | '12' | '6'; label: string }[] = [
  { value: '', label: 'Until 2 hours before pickup' },
  { value: '24', label: '24 hours' },
  { value: '12', label: '12 hours' },
  { value: '6', label: '6 hours' },
];
