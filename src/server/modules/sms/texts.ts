/**
 * The words of each text message (issue 30): one SMS segment where possible, that is at most 160 GSM-7
 * characters, with the brand, the pickup time on the Sydney clock and a link to the booking. Long names and
 * addresses are shortened (then optional parts dropped) until the text fits; a text that still cannot fit
 * (a very long APP_URL) goes out as it is, in two segments. Characters outside GSM-7 (curly quotes, accents
 * the alphabet lacks, arrows) are replaced, since one of them would make the whole text UCS-2, 70 a segment.
 */
import type { SmsKind } from '../../../shared/marketplace/sms.ts';
import { sydneyParts } from '../../../shared/marketplace/time.ts';

export const SMS_SEGMENT = 160;

/** GSM 03.38: the basic alphabet (one septet each) and its extension table (two septets each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/** Stand-ins for common characters that GSM-7 lacks. */
const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  ʼ: "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '…': '...',
  '→': 'to',
  '·': '-',
  '•': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\t': ' ',
};

/** The text in GSM-7 characters only: accents the alphabet lacks dropped, the rest replaced. */
export function toGsm(text: string): string {
  let out = '';
  for (const ch of text) {
    if (GSM_BASIC.has(ch) || GSM_EXTENDED.has(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...plain].every((c) => GSM_BASIC.has(c)) && plain ? plain : '?';
    }
  }
  return out;
}

export function isGsm7(text: string): boolean {
  return [...text].every((ch) => GSM_BASIC.has(ch) || GSM_EXTENDED.has(ch));
}

/** Length in septets: what the 160 of one segment counts. */
export function gsmLength(text: string): number {
  let n = 0;
  for (const ch of text) n += GSM_EXTENDED.has(ch) ? 2 : 1;
  return n;
}

/** What a booking's text says, from the booking (modules/sms/facts.ts reads it). */
export interface SmsFacts {
  /** Who gets this text. */
  recipient: 'customer' | 'driver';
  /** The business name, or the driver's name: 'Bay Shuttles'. */
  driverName: string;
  customerName: string;
  pickupAt: Date | string;
  /** The street address or named place with its locality: '12 Smith St, Nelson Bay'. */
  pickupPlace: string;
  /** The street address or named place alone, else the locality: '12 Smith St' (on the day, at the kerb). */
  pickupStreet: string;
  /** 'white Toyota HiAce ABC123', or '' when unknown. */
  vehicle: string;
  /** 'ABC123', or '' when unknown: what is left of the vehicle when the whole does not fit. */
  plate: string;
  /**
   * A return pair booked together (issue 32): the return leg's pickup, said in the one confirmation of
   * both legs when it fits; absent otherwise.
   */
  returnPickupAt?: Date | string | null;
}

export interface SmsTextOptions {
  brandName: string;
  /** The full link to the booking (APP_URL + notificationPath). */
  link: string;
}

type Fields = Record<string, string>;
type Render = (f: Fields) => string;

/** Fields that may be shortened, and the fewest characters each keeps. */
const FLOORS: Record<string, number> = { driver: 12, customer: 10, place: 14, street: 14, vehicle: 10 };

/**
 * `s` in at most `n` characters: cut at a word boundary when one is near, without trailing punctuation
 * ("Port Stephens & Hunter Valley" -> "Port Stephens"). No ellipsis: it is not GSM-7, and "..." costs three.
 */
function cut(s: string, n: number): string {
  if (s.length <= n) return s;
  let head = s.slice(0, n);
  const space = head.lastIndexOf(' ');
  if (s[n] !== ' ' && space >= n / 2) head = head.slice(0, space);
  return head.replace(/[\s,;:&"'(/-]+$/, '');
}

/** A rendering shortened until it fits: the longest shortenable field first, each down to its floor. */
function shrink(render: Render, fields: Fields): string {
  const f = { ...fields };
  let text = toGsm(render(f));
  for (let guard = 0; gsmLength(text) > SMS_SEGMENT && guard < 400; guard += 1) {
    const over = gsmLength(text) - SMS_SEGMENT;
    const [key, next] = Object.keys(FLOORS)
      .filter((k) => f[k] !== undefined && f[k]!.length > FLOORS[k]!)
      .sort((a, b) => f[b]!.length - f[a]!.length);
    if (!key) break;
    // No shorter than the next longest field: long names and places share the cuts.
    const target = Math.max(FLOORS[key]!, f[key]!.length - over, next ? f[next]!.length - 1 : 0);
    const shorter = cut(f[key]!, target);
    // A cut at a word boundary may leave it no shorter than the floor allows: then cut hard.
    f[key] = shorter.length < f[key]!.length ? shorter : f[key]!.slice(0, FLOORS[key]!);
    text = toGsm(render(f));
  }
  return text;
}

/**
 * The text, one segment where possible: the first rendering (richest first) that fits as it is; else the
 * leanest one (no "Details:", no optional parts) with its names and places shortened as far as needed. A
 * name or an address is worth more than a label or the vehicle's make.
 */
function fitSegment(renders: Render[], fields: Fields): string {
  for (const render of renders) {
    const text = toGsm(render(fields));
    if (gsmLength(text) <= SMS_SEGMENT) return text;
  }
  return shrink(renders[renders.length - 1]!, fields);
}

/** '5:30am' and 'Fri 27 Nov 5:30am' on the Sydney clock. */
function when(instant: Date | string) {
  const p = sydneyParts(instant);
  const time = p.time.replace(/\s+/g, '');
  return { time, day: `${p.weekday} ${p.day} ${p.month} ${time}` };
}

/** One line; quotation marks dropped (a cut name must not leave one open). */
const clean = (s: string) => s.replace(/["“”]/g, '').replace(/\s+/g, ' ').trim();

/** The text of a booking's notification for its recipient. */
export function smsText(kind: SmsKind, facts: SmsFacts, opts: SmsTextOptions): string {
  const { time, day } = when(facts.pickupAt);
  const B = clean(opts.brandName);
  const L = opts.link;
  const fields: Fields = {
    driver: clean(facts.driverName) || 'Your driver',
    customer: clean(facts.customerName) || 'your customer',
    place: clean(facts.pickupPlace),
    street: clean(facts.pickupStreet) || clean(facts.pickupPlace),
    vehicle: clean(facts.vehicle),
    plate: clean(facts.plate),
  };
  const details = (label: boolean) => (label ? `Details: ${L}` : L);
  const both = (r: (f: Fields, label: boolean) => string): Render[] => [
    (f) => r(f, true),
    (f) => r(f, false),
  ];
  // A return pair's confirmation names the return pickup too (issue 32), names and places cut first; when
  // even that does not fit one segment, the text of one booking.
  const pairOr = (
    pair: (backDay: string) => (f: Fields, label: boolean) => string,
    single: (f: Fields, label: boolean) => string,
  ): string => {
    if (facts.returnPickupAt) {
      const text = fitSegment(both(pair(when(facts.returnPickupAt).day)), fields);
      if (gsmLength(text) <= SMS_SEGMENT) return text;
    }
    return fitSegment(both(single), fields);
  };
  const asDriver =
    kind === 'quote_accepted' || (kind !== 'booking_confirmed' && facts.recipient === 'driver');
  switch (kind) {
    case 'booking_confirmed':
      return pairOr(
        (b) => (f, l) =>
          `${B}: return trip booked! ${f.driver} picks you up ${day} at ${f.place}, back ${b}. ${details(l)}`,
        (f, l) => `${B}: booked! ${f.driver} picks you up ${day} at ${f.place}. ${details(l)}`,
      );
    case 'quote_accepted':
      return pairOr(
        (b) => (f, l) =>
          `${B}: new return booking. Pick up ${f.customer} ${day} at ${f.place}, back ${b}. ${details(l)}`,
        (f, l) => `${B}: new booking. Pick up ${f.customer} ${day} at ${f.place}. ${details(l)}`,
      );
    case 'driver_on_the_way':
      return fitSegment(
        both((f, l) => `${B}: ${f.driver} is on the way to ${f.street}, pickup ${time}. ${details(l)}`),
        fields,
      );
    case 'driver_arrived':
      return fitSegment(
        [
          ...(fields.vehicle
            ? both(
                (f, l) => `${B}: ${f.driver} is waiting at ${f.street}. Look for ${f.vehicle}. ${details(l)}`,
              )
            : []),
          ...(fields.plate
            ? both((f, l) => `${B}: ${f.driver} is waiting at ${f.street}. Plate ${f.plate}. ${details(l)}`)
            : []),
          ...both((f, l) => `${B}: ${f.driver} is waiting at ${f.street}. ${details(l)}`),
        ],
        fields,
      );
    case 'trip_reminder':
      return fitSegment(
        asDriver
          ? both((f, l) => `${B} reminder: pick up ${f.customer} ${day} at ${f.place}. ${details(l)}`)
          : both((f, l) => `${B} reminder: ${f.driver} picks you up ${day} at ${f.place}. ${details(l)}`),
        fields,
      );
    case 'trip_reminder_2h':
      return fitSegment(
        asDriver
          ? both((f, l) => `${B}: pickup in 2 hours, ${time}: ${f.customer} at ${f.place}. ${details(l)}`)
          : both(
              (f, l) =>
                `${B}: ${f.driver} picks you up in 2 hours, ${time} at ${f.street}. Please be ready. ${details(l)}`,
            ).concat(
              both(
                (f, l) => `${B}: ${f.driver} picks you up in 2 hours, ${time} at ${f.street}. ${details(l)}`,
              ),
            ),
        fields,
      );
    case 'booking_cancelled':
      return fitSegment(
        asDriver
          ? both((f, l) => `${B}: booking cancelled: ${f.customer}, ${day} at ${f.place}. ${details(l)}`)
          : both((f, l) => `${B}: your booking with ${f.driver} for ${day} was cancelled. ${details(l)}`),
        fields,
      );
    case 'no_show_marked':
      return fitSegment(
        [
          (f) =>
            `${B}: ${f.driver} marked you a no-show for the ${time} pickup. Not right? Dispute within 48 hours: ${L}`,
          (f) => `${B}: ${f.driver} marked you a no-show for the ${time} pickup. Dispute within 48 h: ${L}`,
          (f) => `${B}: ${f.driver} marked you a no-show. Dispute within 48h: ${L}`,
        ],
        fields,
      );
  }
}

/** A text without booking facts (its record is gone): the notification's title and the link. */
export function fallbackSmsText(title: string, opts: SmsTextOptions): string {
  const B = clean(opts.brandName);
  const room = SMS_SEGMENT - gsmLength(toGsm(`${B}: . ${opts.link}`));
  const t = toGsm(clean(title));
  return toGsm(`${B}: ${cut(t, Math.max(10, room))}. ${opts.link}`);
}
