import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  feeForFare,
  formatAbn,
  percentToBasisPoints,
  periodOf,
  periodStart,
  reversalOf,
  shownStatus,
  totalsOf,
} from '../../src/shared/billing.ts';

describe('platform fee and GST', () => {
  it('is 8% of the fare plus 10% GST on the fee by default', () => {
    expect(feeForFare(8500, 800)).toEqual({ fareCents: 8500, feeCents: 680, gstCents: 68 });
    expect(feeForFare(15_000, percentToBasisPoints(8))).toEqual({
      fareCents: 15_000,
      feeCents: 1200,
      gstCents: 120,
    });
  });

  it('rounds each amount half up to the cent', () => {
    // 7.5% of 20 cents is 1.5 cents: 2. Its GST, 0.2 cents: 0.
    expect(feeForFare(20, 750)).toEqual({ fareCents: 20, feeCents: 2, gstCents: 0 });
    // 7.5% of 19 cents is 1.425 cents: 1.
    expect(feeForFare(19, 750).feeCents).toBe(1);
    // 8% of 85.63 dollars is 685.04 cents: 685; GST 68.5 cents: 69.
    expect(feeForFare(8563, 800)).toEqual({ fareCents: 8563, feeCents: 685, gstCents: 69 });
    // GST of exactly half a cent rounds up: a 5-cent fee (8% of 62.5 cents does not exist; use 10%).
    expect(feeForFare(50, 1000)).toEqual({ fareCents: 50, feeCents: 5, gstCents: 1 });
    expect(feeForFare(140, 1000)).toEqual({ fareCents: 140, feeCents: 14, gstCents: 1 });
  });

  it('handles the 1-cent edges', () => {
    expect(feeForFare(0, 800)).toEqual({ fareCents: 0, feeCents: 0, gstCents: 0 });
    expect(feeForFare(1, 800)).toEqual({ fareCents: 1, feeCents: 0, gstCents: 0 });
    // 8% of 6 cents is 0.48 cents: 0; of 7 cents, 0.56 cents: 1 (and 0.1 cent of GST: 0).
    expect(feeForFare(6, 800).feeCents).toBe(0);
    expect(feeForFare(7, 800)).toEqual({ fareCents: 7, feeCents: 1, gstCents: 0 });
    // The first fare whose GST is a cent: a 5-cent fee, from 57 cents at 8% (4.56 cents: 5).
    expect(feeForFare(56, 800)).toEqual({ fareCents: 56, feeCents: 4, gstCents: 0 });
    expect(feeForFare(57, 800)).toEqual({ fareCents: 57, feeCents: 5, gstCents: 1 });
    expect(feeForFare(100, 10_000)).toEqual({ fareCents: 100, feeCents: 100, gstCents: 10 });
  });

  it('refuses amounts that are not whole cents and rates outside 0 to 100%', () => {
    expect(() => feeForFare(10.5, 800)).toThrow(RangeError);
    expect(() => feeForFare(-1, 800)).toThrow(RangeError);
    expect(() => feeForFare(100, 10_001)).toThrow(RangeError);
    expect(percentToBasisPoints(7.5)).toBe(750);
  });

  it('is within half a cent of the exact amounts, and never decreases as the fare grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (fare, bps) => {
          const { feeCents, gstCents } = feeForFare(fare, bps);
          expect(Math.abs(feeCents - (fare * bps) / 10_000)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(gstCents - feeCents / 10)).toBeLessThanOrEqual(0.5);
          expect(feeForFare(fare + 1, bps).feeCents).toBeGreaterThanOrEqual(feeCents);
        },
      ),
    );
  });
});

describe('statement totals', () => {
  const line = fc
    .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 3000 }), fc.boolean())
    .map(([fare, bps, reversed]) => (reversed ? reversalOf(feeForFare(fare, bps)) : feeForFare(fare, bps)));

  it("a month's statement equals the sum of its lines, reversals included", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 200 }), (lines) => {
        const totals = totalsOf(lines);
        expect(totals.feeCents).toBe(lines.reduce((s, l) => s + l.feeCents, 0));
        expect(totals.gstCents).toBe(lines.reduce((s, l) => s + l.gstCents, 0));
        expect(totals.totalCents).toBe(lines.reduce((s, l) => s + l.feeCents + l.gstCents, 0));
      }),
    );
  });

  it('the order of the lines does not change the totals, and a reversal cancels its fee exactly', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        expect(totalsOf([...lines].reverse())).toEqual(totalsOf(lines));
        expect(totalsOf([...lines, ...lines.map(reversalOf)])).toEqual({
          feeCents: 0,
          gstCents: 0,
          totalCents: 0,
        });
      }),
    );
  });
});

describe('billing months in Sydney', () => {
  it('a trip at 00:30 on 1 December in Sydney is billed in December', () => {
    expect(periodOf(new Date('2026-11-30T13:30:00Z'))).toBe('2026-12');
    expect(periodOf(new Date('2026-11-30T12:59:00Z'))).toBe('2026-11');
    expect(periodStart('2026-12').toISOString()).toBe('2026-11-30T13:00:00.000Z');
    // Winter: Sydney is UTC+10.
    expect(periodStart('2026-07').toISOString()).toBe('2026-06-30T14:00:00.000Z');
  });

  it('steps months across years and days across months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(addDays('2026-12-01', 14)).toBe('2026-12-15');
    expect(addDays('2027-02-20', 14)).toBe('2027-03-06');
  });

  it('shows an open statement as overdue after its due date', () => {
    expect(shownStatus('open', '2026-12-15', '2026-12-15')).toBe('open');
    expect(shownStatus('open', '2026-12-15', '2026-12-16')).toBe('overdue');
    expect(shownStatus('paid', '2026-12-15', '2027-01-16')).toBe('paid');
    expect(shownStatus('void', '2026-12-15', '2027-01-16')).toBe('void');
  });

  it('prints an ABN in its groups', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn(null)).toBe('');
  });
});
