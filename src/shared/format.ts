/**
 * Dates and times as the app shows them (issue 12): Australian English, always in Sydney time, one time
 * format everywhere ('9:30 am'), dates as '5 Apr 2027' or with the weekday 'Mon 5 Apr 2027'. Never
 * US month-first or ISO dates on screen.
 */
import { dateTimeFormat } from './intl.ts';

type Instant = Date | string | number;

/** Intl's en-AU output with the comma after the weekday dropped: 'Mon 5 Apr 2027'. */
const tidy = (s: string) => s.replace(/^(\w{3}),/, '$1').replace(/\u202f/g, ' ');

/** '5 Apr 2027' */
export function formatDate(instant: Instant): string {
  return tidy(dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(instant)));
}

/** 'Mon 5 Apr 2027' */
export function formatDateWithWeekday(instant: Instant): string {
  return tidy(
    dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(instant),
    ),
  );
}

/** '9:30 am' (12-hour, lower-case am/pm, the app's one time format) */
export function formatTime(instant: Instant): string {
  return tidy(dateTimeFormat({ hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(instant)));
}

/** 'Mon 5 Apr 2027, 9:30 am' */
export function formatDateTime(instant: Instant): string {
  return `${formatDateWithWeekday(instant)}, ${formatTime(instant)}`;
}
