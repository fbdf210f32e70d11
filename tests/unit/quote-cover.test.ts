/**
 * Issue 32, item 1: quotes on a return trip are compared like with like. A pair quote is read and compared
 * by its total for both legs; a one-leg quote only with other quotes for the same leg; "Lowest price" never
 * goes to a one-leg price against a both-legs price. The trip page's headline says where things stand.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteDto } from '../../src/shared/marketplace/api.ts';
import {
  comparedCents,
  groupByCover,
  QUOTE_COVER_TEXT,
  quoteCover,
  tripHeadline,
} from '../../src/shared/marketplace/quote-cover.ts';
import { quoteMarks, sortQuotes } from '../../src/web/features/marketplace/components/RideQuotes.tsx';

let n = 0;
function quote(priceCents: number, totalCents?: number, rating: number | null = null): QuoteDto {
  n += 1;
  return {
    id: `q${n}`,
    priceCents,
    createdAt: `2026-11-2${n % 10}T00:00:00Z`,
    driver: { rating: { average: rating, count: rating === null ? 0 : 3 } },
    bundle:
      totalCents === undefined
        ? null
        : {
            id: `b${n}`,
            totalCents,
            leg: 'outbound',
            otherLegRideId: 'r2',
            otherLegQuoteId: 'x',
            otherLegPriceCents: totalCents - priceCents,
          },
  } as unknown as QuoteDto;
}

describe('what a quote covers', () => {
  it('names a pair quote "Both legs" and a one-leg quote by its leg; a one-way trip needs no label', () => {
    expect(QUOTE_COVER_TEXT[quoteCover(quote(15500, 31000), 'outbound')]).toBe('Both legs');
    expect(QUOTE_COVER_TEXT[quoteCover(quote(13900), 'outbound')]).toBe('Outbound leg only');
    expect(QUOTE_COVER_TEXT[quoteCover(quote(13900), 'return')]).toBe('Return leg only');
    expect(quoteCover(quote(13900), null)).toBe('trip');
  });

  it('compares a pair quote by its total for both legs', () => {
    expect(comparedCents(quote(15500, 31000))).toBe(31000);
    expect(comparedCents(quote(13900))).toBe(13900);
  });
});

describe('marks of a return trip comparison (the report: $139 outbound only marked against $310 both)', () => {
  it('a one-leg price is not "Lowest price" against a both-legs price', () => {
    const leg = quote(13900);
    const pair = quote(15500, 31000);
    const marks = quoteMarks([leg, pair], 'outbound');
    expect(marks.get(leg.id)?.lowestPrice).toBe(false);
    expect(marks.get(pair.id)?.lowestPrice).toBe(false);
    expect(groupByCover([leg, pair], 'outbound').map((g) => g.cover)).toEqual(['both', 'outbound']);
  });

  it('marks the lowest total among both-legs prices, and the lowest among one-leg prices for the leg', () => {
    const pairLow = quote(16000, 30000);
    const pairHigh = quote(14000, 31000); // a cheaper share of a dearer total
    const legLow = quote(12900);
    const legHigh = quote(13900);
    const marks = quoteMarks([pairLow, pairHigh, legLow, legHigh], 'outbound');
    expect(marks.get(pairLow.id)?.lowestPrice).toBe(true);
    expect(marks.get(pairHigh.id)?.lowestPrice).toBe(false);
    expect(marks.get(legLow.id)?.lowestPrice).toBe(true);
    expect(marks.get(legHigh.id)?.lowestPrice).toBe(false);
    // Sorting by price reads the total too: $300 both before $310 both.
    expect(sortQuotes([pairHigh, pairLow], 'price').map((q) => q.id)).toEqual([pairLow.id, pairHigh.id]);
  });

  it('"Best rated" still compares every driver', () => {
    const leg = quote(13900, undefined, 4.9);
    const pair = quote(15500, 31000, 4.2);
    expect(quoteMarks([leg, pair], 'outbound').get(leg.id)?.bestRated).toBe(true);
  });
});

describe('the trip page headline', () => {
  it('says how many quotes wait, "Finding drivers" only with none, then what became of the trip', () => {
    expect(tripHeadline('open', 2)).toBe('2 quotes to compare');
    expect(tripHeadline('open', 1)).toBe('1 quote to compare');
    expect(tripHeadline('open', 0)).toBe('Finding drivers');
    expect(tripHeadline('booked', 0)).toBe('Booked');
    expect(tripHeadline('cancelled', 3)).toBe('Cancelled');
  });
});
