/**
 * What a quote covers on a return trip, and comparing like with like (issue 32): a price for both legs is
 * compared by its total with other prices for both legs, a one-leg price only with other prices for the
 * same leg; "Lowest price" is never given to a one-leg price against a both-legs price it does not match.
 * Also the words at the top of the customer's trip page, which say where things stand.
 */
import type { RideStatus } from './constants.ts';

/** 'both': a return-pair quote; 'outbound' / 'return': one leg of a return trip only; 'trip': a one-way trip. */
export type QuoteCover = 'both' | 'outbound' | 'return' | 'trip';

export const QUOTE_COVER_TEXT: Record<QuoteCover, string> = {
  both: 'Both legs',
  outbound: 'Outbound leg only',
  return: 'Return leg only',
  trip: 'Your trip',
};

/** The headings of a return trip's comparison, one per kind of price. */
export const QUOTE_GROUP_HEADING: Record<QuoteCover, string> = {
  both: 'Prices for both legs',
  outbound: 'Prices for the outbound leg only',
  return: 'Prices for the return leg only',
  trip: 'Prices',
};

interface CoverQuote {
  priceCents: number;
  bundle: { totalCents: number } | null;
}

/** What a quote covers, on a ride that is a return trip's leg (`leg`) or a one-way trip (null). */
export function quoteCover(quote: CoverQuote, leg: 'outbound' | 'return' | null): QuoteCover {
  if (quote.bundle) return 'both';
  return leg ?? 'trip';
}

/** What the customer would pay for what the quote covers: a pair quote's total, else its price. */
export const comparedCents = (quote: CoverQuote) => quote.bundle?.totalCents ?? quote.priceCents;

/** Quotes of one request grouped by what they cover, both legs first; only groups with quotes. */
export function groupByCover<Q extends CoverQuote>(
  quotes: Q[],
  leg: 'outbound' | 'return' | null,
): { cover: QuoteCover; quotes: Q[] }[] {
  const order: QuoteCover[] = ['both', 'outbound', 'return', 'trip'];
  return order
    .map((cover) => ({ cover, quotes: quotes.filter((q) => quoteCover(q, leg) === cover) }))
    .filter((g) => g.quotes.length > 0);
}

/**
 * The headline of the customer's trip page: "2 quotes to compare" while open with live quotes, "Finding
 * drivers" only with none, then what became of it.
 */
export function tripHeadline(status: RideStatus, liveQuotes: number): string {
  switch (status) {
    case 'open':
      if (liveQuotes === 0) return 'Finding drivers';
      return `${liveQuotes} ${liveQuotes === 1 ? 'quote' : 'quotes'} to compare`;
    case 'booked':
      return 'Booked';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
    case 'draft':
      return 'Not posted yet';
    default:
      return 'Your trip';
  }
}
