/** Issue 32: one plural rule, so no page says "1 customers" (the admin dashboard did). */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_DETAILS } from '../../src/shared/admin/dashboard.ts';
import { FARE_GUIDE_TEXT } from '../../src/shared/marketplace/fare-guide.ts';
import { plural, pluralWord } from '../../src/shared/plural.ts';

describe('plural', () => {
  it('counts with the singular for one and the plural otherwise', () => {
    expect(plural(1, 'customer')).toBe('1 customer');
    expect(plural(2, 'customer')).toBe('2 customers');
    expect(plural(0, 'customer')).toBe('0 customers');
    expect(plural(1, 'child', 'children')).toBe('1 child');
    expect(plural(3, 'child', 'children')).toBe('3 children');
    expect(pluralWord(1, 'seat')).toBe('seat');
    expect(pluralWord(4, 'seat')).toBe('seats');
  });

  it("the admin dashboard's figures say 1 customer, 1 driver, 1 quote, 1 trip", () => {
    expect(
      DASHBOARD_DETAILS.signups({
        customer: 1,
        driver: 1,
        total: 2,
        customers: { dates: [], values: [] },
        drivers: { dates: [], values: [] },
      } as never),
    ).toBe('1 customer, 1 driver');
    expect(DASHBOARD_DETAILS.quotes({ total: 1, perTrip: 1, medianMinutesToFirstQuote: null })).toBe(
      '1 quote sent',
    );
    expect(DASHBOARD_DETAILS.conversion({ trips: 1, booked: 1, rate: 1 })).toBe('1 of 1 trip posted');
    expect(DASHBOARD_DETAILS.conversion({ trips: 3, booked: 1, rate: 1 / 3 })).toBe('1 of 3 trips posted');
  });

  it('the fare guide counts its bookings the same way', () => {
    const basis = FARE_GUIDE_TEXT.basis({ bookings: 1, band: { min: 1, max: 4 } } as never);
    expect(basis).toMatch(/^based on 1 booking in the last 6 months/);
  });
});
