/**
 * How the day of the trip words times (issue 30): a time of today as "5:02 am" (Sydney), another day's
 * with its date, and a countdown as "7:42" (or "1:05:09" past an hour).
 */
import { formatSydneyShort, sydneyParts, utcToSydney } from '../../../../shared/marketplace/time.ts';

/** "5:02 am" today (Sydney), else "Sat 28 Nov, 5:02 am". */
export function clockTime(instant: string | Date, now: number = Date.now()): string {
  return utcToSydney(instant).date === utcToSydney(new Date(now)).date
    ? sydneyParts(instant).time
    : formatSydneyShort(instant);
}

/** The time left, in minutes and seconds ("7:42"; "1:05:09" from an hour). */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
