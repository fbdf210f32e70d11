import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateWithWeekday, formatTime } from '../../src/shared/format.ts';

describe('en-AU date and time formatting in Sydney time', () => {
  // 2027-04-04 23:30 UTC is Monday 5 April 2027, 9:30 am in Sydney (AEST, after the April clock change).
  const instant = '2027-04-04T23:30:00.000Z';

  it('shows day before month, never US or ISO order', () => {
    expect(formatDate(instant)).toBe('5 Apr 2027');
    expect(formatDateWithWeekday(instant)).toBe('Mon 5 Apr 2027');
  });

  it('has one time format: 12-hour with am/pm', () => {
    expect(formatTime(instant)).toBe('9:30 am');
    expect(formatTime('2027-01-10T04:05:00Z')).toBe('3:05 pm'); // AEDT, UTC+11
  });

  it('combines date and time', () => {
    expect(formatDateTime(instant)).toBe('Mon 5 Apr 2027, 9:30 am');
  });

  it('uses the Sydney calendar day, not UTC', () => {
    // 14:30 UTC on 31 Dec is 1:30 am on 1 Jan in Sydney (AEDT).
    expect(formatDate('2026-12-31T14:30:00Z')).toBe('1 Jan 2027');
  });
});
