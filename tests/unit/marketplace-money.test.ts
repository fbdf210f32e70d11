import { describe, expect, it } from 'vitest';
import { PRICE_PER_KM_AUD } from '../../src/shared/constants.ts';
import { formatAud, indicativePriceCents, toCents } from '../../src/shared/marketplace/money.ts';

// toCents only ever sees amounts the schemas allowed: at most 2 decimal places.
describe('toCents', () => {
  it.each([
    [80, 8000],
    [82.5, 8250],
    [19.99, 1999],
    [0.01, 1],
    [1.1, 110],
    [0.1 + 0.2, 30],
    [4.35, 435],
    [100_000, 10_000_000],
  ])('%s AUD is %s cents', (aud, cents) => {
    expect(toCents(aud)).toBe(cents);
  });
});

describe('formatAud', () => {
  it('shows dollars and cents the Australian way', () => {
    expect(formatAud(8250)).toBe('$82.50');
    expect(formatAud(1)).toBe('$0.01');
    expect(formatAud(123456789)).toBe('$1,234,567.89');
    expect(formatAud(0)).toBe('$0.00');
  });
});

describe('indicativePriceCents', () => {
  it('is 1.50 AUD per kilometre (SPEC §1, §9), rounded to the cent', () => {
    expect(PRICE_PER_KM_AUD).toBe(1.5);
    expect(indicativePriceCents(10)).toBe(1500);
    expect(indicativePriceCents(39.8)).toBe(5970);
    expect(indicativePriceCents(0.1)).toBe(15);
    expect(indicativePriceCents(0)).toBe(0);
    expect(indicativePriceCents(12.3)).toBe(1845);
  });
});
