/**
 * Hides contact details in what a customer and a driver write to each other before a booking (questions
 * before booking): e-mail addresses, links and bare domains, phone numbers in the shapes people type them,
 * and social handles. Contact details are shared with the booking (ADR 005); a thread that passed them on
 * earlier would let both sides leave the marketplace, and every driver who can see the trip reads it.
 *
 * A pure function, run by the API before storing (bodies are stored masked) and usable in the browser.
 * It errs on the side of hiding, but keeps what trips are made of: prices ("$139"), times ("5:30",
 * "0530-0600"), flight numbers ("QF1504"), counts, postcodes ("2315") and dates ("27/11", "27.11.2026").
 * Numbers spelled in words ("oh four one two...") are out of scope.
 */

export const CONTACT_MASK = '[contact details hidden until booking]';

export interface MaskResult {
  text: string;
  /** True when anything was hidden. */
  masked: boolean;
}

/** Top-level domains people actually use in links; a short list keeps "e.g." and "5.30" out. */
const TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'au',
  'nz',
  'uk',
  'io',
  'co',
  'biz',
  'info',
  'me',
  'app',
  'dev',
  'xyz',
  'online',
  'site',
  'store',
  'shop',
  'ly',
  'gl',
  'link',
  'page',
  'email',
  'travel',
  'taxi',
  'tours',
  'website',
  'tech',
  'club',
  'asia',
  'tv',
  'ws',
  'ru',
  'cn',
].join('|');

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

/** Typed e-mail addresses, including "name @ gmail . com" with spaces around the punctuation. */
const EMAIL = new RegExp(
  `[a-z0-9._%+'-]+(?:@|\\s@\\s)${LABEL}(?:(?:\\.|\\s\\.\\s)${LABEL})*(?:\\.|\\s\\.\\s)(?:${TLDS}|[a-z]{2,24})\\b`,
  'gi',
);

/** Spelled-out addresses: "name (at) gmail (dot) com", "name [at] x [dot] com", "name at gmail dot com". */
const SPELLED_EMAIL = new RegExp(
  `[a-z0-9._%+-]+\\s*(?:\\(at\\)|\\[at\\]|\\{at\\}|\\s+at\\s+)\\s*${LABEL}(?:\\s*(?:\\.|\\(dot\\)|\\[dot\\]|\\{dot\\}|\\s+dot\\s+)\\s*${LABEL})*\\s*(?:\\.|\\(dot\\)|\\[dot\\]|\\{dot\\}|\\s+dot\\s+)\\s*(?:${TLDS})\\b`,
  'gi',
);

/** Links with a scheme or www., to the next space (a full stop or comma after it is left alone). */
const URL_WITH_SCHEME = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)]/gi;

/** Bare domains ("portshuttles.com.au", "bit.ly/x"), with any path after them. */
const BARE_DOMAIN = new RegExp(
  `(?<![@\\w.-])(?:${LABEL}\\.)+(?:${TLDS})(?:\\.[a-z]{2})?\\b(?![.-]?\\w)(?:[/?#][^\\s<>"]*)?`,
  'gi',
);

/** A platform named with the name after it: "insta: john.smith", "WhatsApp - surfdriver". */
const PLATFORM_HANDLE =
  /\b(instagram|insta|ig|facebook|fb|snapchat|tiktok|twitter|whatsapp|telegram|wechat|skype|linkedin|kik|viber)(\s*(?:[:=]|-\s)\s*)@?[a-z_][a-z0-9_.]{1,29}/gi;

/** "@name" handles (not part of an address; a digit first is a time, "@5:30"). */
const HANDLE = /(?<![\w@.])@[a-z_][a-z0-9_.]{1,29}(?<!\.)/gi;

/**
 * Runs of digits that may be a phone number: an optional + or 00 (or an opening parenthesis), then digits
 * with at most a few separators (spaces, dots, dashes, parentheses) between them. What the run is, is
 * decided by looksLikePhone. Not after "$" (a price) nor glued to letters on either side ("QF1504").
 */
const DIGIT_RUN = /(?<![\w$])(?:\+|\b00)?\(?\d(?:[ \t\u00a0.\-–—()]{0,3}\d)+\)?(?![\w])/g;

const DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Two 24-hour clock times: "0530-0600", "1030 - 1130". */
const TIME_RANGE = /^([01]\d|2[0-3])[0-5]\d\s?[-–—]\s?([01]\d|2[0-3])[0-5]\d$/;

function isDate(run: string): boolean {
  const m = DATE.exec(run);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    // Day and month either way round (27/11 or 11/27).
    return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
  }
  const iso = ISO_DATE.exec(run);
  if (iso) {
    const month = Number(iso[2]);
    const day = Number(iso[3]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  return false;
}

/** Whether a run of digits and separators is a phone number rather than a date, a time or an amount. */
export function looksLikePhone(run: string): boolean {
  const trimmed = run.trim();
  if (isDate(trimmed) || TIME_RANGE.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  // Australian numbers have 8 digits without the area code, 10 with it; 13 numbers have 6 ("13 14 50").
  if (digits.length >= 8) return true;
  if (international && digits.length >= 6) return true;
  if (/^13\d{4}$/.test(digits) && /^13[\s.-]?\d{2}[\s.-]?\d{2}$/.test(trimmed)) return true;
  return false;
}

/** Adjacent masks ("[hidden] or [hidden]", "[hidden], [hidden]") read as one. */
const REPEATED_MASK = new RegExp(
  `${escapeRegExp(CONTACT_MASK)}(?:[\\s,;/|&+-]*(?:or|and)?[\\s,;/|&+-]*${escapeRegExp(CONTACT_MASK)})+`,
  'gi',
);

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Airline codes seen at Newcastle and Sydney: "QF 1504 0530" is a flight number and a time, not a phone. */
const AIRLINES = new Set(
  'QF JQ VA ZL NZ TT SQ EK CX QR EY UA DL AA AC BA JL NH MH GA TG VN CI BR PR LA FJ HA QZ TR 3K D7 AK KE OZ CA MU CZ HX TK'.split(
    ' ',
  ),
);

/** A run of digits as it stands in the text: a phone number (masked), or left alone. */
function maskDigitRun(run: string, before: string): string | null {
  const flight = /\b([A-Z0-9]{2})\s?$/.exec(before);
  if (flight && AIRLINES.has(flight[1]!)) {
    // The first group is the flight number; only what follows it can be a phone number.
    const split = /^(\d{1,4})(\s+)(.+)$/.exec(run);
    if (!split) return null;
    return looksLikePhone(split[3]!) ? `${split[1]}${split[2]}${CONTACT_MASK}` : null;
  }
  return looksLikePhone(run) ? CONTACT_MASK : null;
}

type Replacer = (match: string, groups: string[], offset: number, whole: string) => string | null;

/** Returns the text with every contact detail replaced by CONTACT_MASK, and whether anything was. */
export function maskContacts(input: string): MaskResult {
  let text = input;
  let masked = false;
  const hide = (re: RegExp, replacer?: Replacer) => {
    text = text.replace(re, (match: string, ...rest: unknown[]) => {
      // The arguments after the match: the capture groups, then the offset, then the whole string.
      const whole = rest.at(-1) as string;
      const offset = rest.at(-2) as number;
      const groups = rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : ''));
      const replaced = replacer ? replacer(match, groups, offset, whole) : CONTACT_MASK;
      if (replaced === null) return match;
      masked = true;
      return replaced;
    });
  };
  // Order matters: addresses and links contain what later patterns would cut into pieces.
  hide(EMAIL);
  hide(URL_WITH_SCHEME);
  hide(BARE_DOMAIN);
  // After the domains: "book at baybus.com.au" is a domain, not "book" at a mail server.
  hide(SPELLED_EMAIL);
  hide(PLATFORM_HANDLE, (_match, [platform, separator]) => `${platform}${separator}${CONTACT_MASK}`);
  hide(HANDLE);
  hide(DIGIT_RUN, (match, _groups, offset, whole) =>
    maskDigitRun(match, whole.slice(Math.max(0, offset - 4), offset)),
  );
  if (masked) text = text.replace(REPEATED_MASK, CONTACT_MASK);
  return { text, masked };
}
