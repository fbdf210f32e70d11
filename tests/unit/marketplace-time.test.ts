import { describe, expect, it } from 'vitest';
import {
  formatSydney,
  isDateString,
  isTimeString,
  nextDate,
  sydneyDayEnd,
  sydneyDayStart,
  sydneyToUtc,
  utcToSydney,
} from '../../src/shared/marketplace/time.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('sydneyToUtc', () => {
  it.each([
    // Summer (AEDT, +11) and winter (AEST, +10).
    ['2027-01-15', '09:30', '2027-01-14T22:30:00.000Z'],
    ['2027-07-15', '09:30', '2027-07-14T23:30:00.000Z'],
    // First Sunday of April 2027: 03:00 AEDT becomes 02:00 AEST.
    ['2027-04-04', '09:30', '2027-04-03T23:30:00.000Z'],
    ['2027-04-04', '01:59', '2027-04-03T14:59:00.000Z'],
    ['2027-04-04', '03:00', '2027-04-03T17:00:00.000Z'],
    ['2027-04-03', '09:30', '2027-04-02T22:30:00.000Z'],
    // First Sunday of October 2027: 02:00 AEST becomes 03:00 AEDT.
    ['2027-10-03', '09:30', '2027-10-02T22:30:00.000Z'],
    ['2027-10-03', '01:59', '2027-10-02T15:59:00.000Z'],
    ['2027-10-03', '03:00', '2027-10-02T16:00:00.000Z'],
    ['2027-10-02', '09:30', '2027-10-01T23:30:00.000Z'],
    // Midnight and the last minute of a day, a leap day.
    ['2028-02-29', '00:00', '2028-02-28T13:00:00.000Z'],
    ['2026-12-31', '23:59', '2026-12-31T12:59:00.000Z'],
  ])('%s %s Sydney is %s', (date, time, utc) => {
    expect(iso(sydneyToUtc(date, time))).toBe(utc);
  });

  it.each([
    ['2027-10-03', '02:00', 'skipped by the October change'],
    ['2027-10-03', '02:30', 'skipped by the October change'],
    ['2027-10-03', '02:59', 'skipped by the October change'],
    ['2027-04-31', '09:30', '31 April'],
    ['2027-02-29', '09:30', 'not a leap year'],
    ['2027-13-01', '09:30', 'month 13'],
    ['2027-01-01', '24:00', 'hour 24'],
    ['2027-01-01', '9:30', 'no leading zero'],
    ['2027-1-01', '09:30', 'short month'],
    ['', '', 'empty'],
  ])('%s %s does not exist (%s): null', (date, time) => {
    expect(sydneyToUtc(date, time)).toBeNull();
  });

  it('02:30 on the April change happens twice: one of the two instants, read back as 02:30', () => {
    const at = sydneyToUtc('2027-04-04', '02:30');
    expect(['2027-04-03T15:30:00.000Z', '2027-04-03T16:30:00.000Z']).toContain(iso(at));
    expect(utcToSydney(at!)).toMatchObject({ date: '2027-04-04', time: '02:30' });
  });
});

describe('Sydney days as UTC ranges (nextDate, sydneyDayStart, sydneyDayEnd)', () => {
  it('the next calendar date crosses months, years and 29 February', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2027-02-28')).toBe('2027-03-01');
  });

  it('a day is 23 or 25 hours long on the changeover Sundays, and null when it does not exist', () => {
    const hours = (date: string) =>
      (sydneyDayEnd(date)!.getTime() - sydneyDayStart(date)!.getTime()) / 3_600_000;
    expect(hours('2026-11-27')).toBe(24);
    expect(hours('2027-04-04')).toBe(25);
    expect(hours('2026-10-04')).toBe(23);
    expect(sydneyDayStart('2026-11-27')!.toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(sydneyDayEnd('2026-11-27')!.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(sydneyDayStart('2027-02-30')).toBeNull();
    expect(sydneyDayEnd('2027-02-30')).toBeNull();
    expect(sydneyDayEnd('not a date')).toBeNull();
  });
});

describe('utcToSydney', () => {
  it('gives the Sydney date, time, weekday (0 = Monday) and hour', () => {
    // Saturday 23:30 in UTC is Sunday morning in Sydney.
    expect(utcToSydney('2027-04-03T23:30:00Z')).toEqual({
      date: '2027-04-04',
      time: '09:30',
      weekday: 6,
      hour: 9,
    });
    expect(utcToSydney(new Date('2027-10-02T22:30:00Z'))).toEqual({
      date: '2027-10-03',
      time: '09:30',
      weekday: 6,
      hour: 9,
    });
    expect(utcToSydney('2027-03-28T23:00:00Z').weekday).toBe(0); // Monday 29 March, 10:00 AEDT
  });

  it('round-trips every quarter hour of both changeover days that exists', () => {
    for (const date of ['2027-04-04', '2027-10-03']) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const at = sydneyToUtc(date, time);
        if (!at) {
          expect(date === '2027-10-03' && time >= '02:00' && time < '03:00', `${date} ${time}`).toBe(true);
          continue;
        }
        expect(utcToSydney(at), `${date} ${time}`).toMatchObject({ date, time });
      }
    }
  });

  it('agrees with the zone database every minute around both changeovers and at 2,000 random instants', () => {
    // utcToSydney remembers the offset per UTC hour: a wrong bucket would show here as an hour off.
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Sydney',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
    };
    const instants: number[] = [];
    for (const change of ['2027-04-03T16:00:00Z', '2027-10-02T16:00:00Z']) {
      const at = Date.parse(change);
      for (let m = -180; m <= 180; m += 1) instants.push(at + m * 60_000);
    }
    let seed = 17;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Date.parse('2025-01-01T00:00:00Z') + (seed % (5 * 366 * 86_400)) * 1000);
    }
    for (const ms of instants) {
      expect(utcToSydney(new Date(ms)), new Date(ms).toISOString()).toMatchObject(expected(ms));
    }
  });
});

describe('formats', () => {
  it('isDateString and isTimeString accept only YYYY-MM-DD and HH:MM', () => {
    expect(isDateString('2027-04-04')).toBe(true);
    expect(isDateString('04/04/2027')).toBe(false);
    expect(isDateString('2027-04-04T00:00')).toBe(false);
    expect(isTimeString('09:30')).toBe(true);
    expect(isTimeString('23:59')).toBe(true);
    expect(isTimeString('24:00')).toBe(false);
    expect(isTimeString('09:60')).toBe(false);
    expect(isTimeString('9:30')).toBe(false);
  });

  it('formatSydney shows the Sydney wall clock whatever the machine’s zone', () => {
    const text = formatSydney('2027-04-03T23:30:00Z');
    expect(text).toMatch(/Sun/);
    expect(text).toMatch(/4 Apr/);
    expect(text).toMatch(/9:30/);
  });
});
