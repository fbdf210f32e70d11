/**
 * Intl formatters, made once per set of options: making one costs more than formatting with it (issue 17:
 * the board and the e-mails format many dates). Every module of the app takes its date formatters here.
 */
import { TIME_ZONE } from './constants.ts';

const cache = new Map<string, Intl.DateTimeFormat>();

/** An en-AU formatter in Sydney time (opts may name another zone). */
export function dateTimeFormat(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(opts);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, ...opts });
    cache.set(key, f);
  }
  return f;
}
