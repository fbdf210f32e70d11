/**
 * Times are entered and shown in Australia/Sydney and stored in UTC. Sydney changes its clocks on the
 * first Sunday of April and of October: converting through the zone database keeps the wall-clock time.
 * The zone database is the JavaScript engine's own, through Intl (no library: this module is in every
 * signed-in page's first load, issue 17).
 */
import { TIME_ZONE } from '../constants.ts';
import { dateTimeFormat } from '../intl.ts';
import { memoize } from '../memoize.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isDateString = (s: string) => DATE.test(s);
export const isTimeString = (s: string) => TIME.test(s);

const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();
let wallClock: Intl.DateTimeFormat | undefined;

/** Sydney's offset from UTC in milliseconds at the whole second `ms`, from the zone database. */
function zoneOffsetMs(ms: number): number {
  wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p: Record<string, string> = {};
  for (const part of wallClock.formatToParts(new Date(ms))) p[part.type] = part.value;
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - ms;
}

/**
 * Sydney's offset from UTC in milliseconds at `ms`. Sydney changes its clocks on a UTC hour (16:00), so the
 * offset is the same through each UTC hour: asked of the zone database once per hour and remembered (the
 * board converts every pickup time it lists; issue 17).
 */
function sydneyOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = zoneOffsetMs(hour * HOUR_MS);
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** A Sydney wall-clock date ('2027-04-04') and time ('09:30') as a UTC instant, or null if invalid. */
export function sydneyToUtc(date: string, time: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  // The wall clock as if it were UTC; the instant is that minus the offset in force at the instant.
  const wall = Date.UTC(y, m - 1, day, Number(t[1]), Number(t[2]));
  // Dates that do not exist (31 April) roll over into the next month: refused.
  const asDate = new Date(wall);
  if (asDate.getUTCFullYear() !== y || asDate.getUTCMonth() !== m - 1 || asDate.getUTCDate() !== day) {
    return null;
  }
  const first = wall - sydneyOffsetMs(wall);
  const instant = wall - sydneyOffsetMs(first);
  // A time the clock change skips (02:30 on the October change) reads back as another time: refused.
  const back = utcToSydney(new Date(instant));
  if (back.date !== date || back.time !== time) return null;
  return new Date(instant);
}

/** The calendar date after `date` ('2026-12-31' -> '2027-01-01'); dates are calendar days, no zone. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The UTC instants a range of Sydney dates covers, for `from <= t < to` filters: midnight in Sydney at the
 * start of `from` and at the end of `to` (the start of the day after, so a 23- or 25-hour day is whole).
 * null for a date that is not a real one.
 */
export const sydneyDayStart = (date: string): Date | null => sydneyToUtc(date, '00:00');
export const sydneyDayEnd = (date: string): Date | null =>
  sydneyToUtc(date, '00:00') && sydneyToUtc(nextDate(date), '00:00');

/** A UTC instant as Sydney wall-clock parts. */
export function utcToSydney(instant: Date | string): {
  date: string;
  time: string;
  weekday: number;
  hour: number;
} {
  const ms = new Date(instant).getTime();
  // The wall clock read through the UTC getters of the instant moved by the offset.
  const z = new Date(ms + sydneyOffsetMs(ms));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${z.getUTCFullYear()}-${pad(z.getUTCMonth() + 1)}-${pad(z.getUTCDate())}`,
    time: `${pad(z.getUTCHours())}:${pad(z.getUTCMinutes())}`,
    // 0 = Monday ... 6 = Sunday (WEEKDAYS order)
    weekday: (z.getUTCDay() + 6) % 7,
    hour: z.getUTCHours(),
  };
}

/** Today's date in Sydney, 'YYYY-MM-DD' (documents expire at the end of their last Sydney day). */
export function sydneyToday(now: Date = new Date()): string {
  return utcToSydney(now).date;
}

export function formatSydney(instant: Date | string, opts: Intl.DateTimeFormatOptions = {}): string {
  return dateTimeFormat({
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...opts,
  }).format(new Date(instant));
}

/** sydneyParts by epoch milliseconds, memoized: a booking's e-mails, texts and calendar repeat its times. */
const sydneyPartsAt = memoize((ms: number) => {
  const parts = dateTimeFormat({
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: get('weekday'),
    day: get('day'),
    month: get('month'),
    year: get('year'),
    time: `${get('hour')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`,
  };
});

/** The weekday, day, month, year and '9:30 am' of an instant on the Sydney wall clock. */
export function sydneyParts(instant: Date | string) {
  return sydneyPartsAt(new Date(instant).getTime());
}

/** 'Fri 27 Nov 2026, 5:30 am' on the Sydney wall clock (e-mails, calendar texts). */
export function formatSydneyDateTime(instant: Date | string): string {
  const p = sydneyParts(instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.time}`;
}

/** 'Fri 27 Nov, 5:30 am' on the Sydney wall clock: short, for e-mail subjects. */
export function formatSydneyShort(instant: Date | string): string {
  const p = sydneyParts(instant);
  return `${p.weekday} ${p.day} ${p.month}, ${p.time}`;
}
