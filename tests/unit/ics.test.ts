/**
 * The calendar file from its template (issue 34) is the one the `ics` package wrote, byte for byte but for
 * the moment it was made (DTSTAMP), on bookings that exercise each escape, fold and optional line.
 */
import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../../src/server/services/ics.ts';
import expected from './fixtures/booking-calendars.json' with { type: 'json' };
import { CALENDAR_CASES } from './fixtures/calendar-cases.ts';

const opts = { brandName: 'ShuttleQuote', appUrl: 'https://app.example.test/' };

describe('bookingCalendar', () => {
  for (const [name, booking] of Object.entries(CALENDAR_CASES)) {
    it(`writes the ${name} booking as the ics package did`, () => {
      const written = bookingCalendar(booking, opts);
      expect(written.replace(/DTSTAMP:\d{8}T\d{6}Z/g, 'DTSTAMP:<stamp>')).toBe(
        (expected as Record<string, string>)[name],
      );
    });
  }

  it('stamps every event with the moment it was written, in UTC', () => {
    const before = Date.now();
    const stamps = [
      ...bookingCalendar(CALENDAR_CASES.pairOutbound!, opts).matchAll(/DTSTAMP:(\d{8}T\d{6}Z)/g),
    ];
    expect(stamps).toHaveLength(2);
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(stamps[0]![1]!)!;
    const at = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('folds no line past 75 characters', () => {
    for (const booking of Object.values(CALENDAR_CASES))
      for (const line of bookingCalendar(booking, opts).split('\r\n'))
        expect(Array.from(line).length).toBeLessThanOrEqual(75);
  });
});
