/**
 * Hides contact details in what a customer and a driver write to each other before a booking (questions
 * before booking): e-mail addresses, links and bare domains, phone numbers in the shapes people type them,
 * and social handles. Contact details are shared with the booking (ADR 005); a thread that passed them on
 * earlier would let both sides leave the marketplace, and every driver who can see the trip reads it.
 *
 * A pure function, run by the API before storing (bodies are stored masked) and usable in the browser.
 * It errs on the side of hiding, but keeps what trips are made of: prices ("$139", "$1,250.50"), times
 * ("5:30", "5.30pm", "0530-0600"), flight numbers ("QF1504", "VA 1234"), counts, postcodes ("2315"), dates
 * ("27/11", "27.11.2026") and ordinary words ("at the airport at two", "one child seat").
 *
 * Masking normalises before matching (issue 28, finding 6: numbers got through as "0412/345/678", in
 * full-width digits, as "name＠gmail．com"). The detectors never read the input itself but a normalised
 * copy in which every character remembers where in the input it came from:
 *  - compatibility forms are folded as NFKC does: full-width "０４１２", "＠", "．", circled and styled
 *    digits and letters become ASCII (we take NFKD and drop accents and other combining marks, so "0̲4̲" and
 *    keycap digits fold too); other scripts' decimal digits ("٠٤١٢") become ASCII digits; Cyrillic and Greek
 *    letters drawn like Latin ones become Latin; look-alike dots, dashes and slashes become ".", "-", "/";
 *    blank-looking characters become spaces; invisible ones (zero-width spaces and joiners, soft hyphens)
 *    disappear; everything is lower-cased;
 *  - numbers are read as one stream of digits across any short run of punctuation or spacing (spaces,
 *    dots, slashes, dashes, underscores, brackets, emoji, line breaks), through digits written as words
 *    ("oh four one two", "zero", "double four", "twelve", "forty five"), also glued to digits ("0four12"),
 *    and through a letter or three glued between digits ("04l2", "0412x345"); any other word ends it;
 *  - "at" and "dot" spelled out ("dan at gmail dot com", "[at]", "(dot)", "-at-"), spaces around "@" and
 *    ".", letters spaced out ("d a n @ g m a i l . c o m") and "www portshuttles com au" are read as the
 *    address they spell; a platform named before a name hides the name ("find me on facebook dan.driver").
 * What a detector finds is mapped back to the input's positions and only that part is replaced by
 * CONTACT_MASK, so the rest of the message stays exactly as typed. We chose that over replacing whole
 * normalised stretches: the reader sees the question as written, and a date next to a number survives.
 *
 * Whether a stream of digits is a phone number is looksLikePhone's call: eight digits or more (six after
 * a + or 00; "13 14 50"; six starting 04, the head of a mobile), unless it is a date, a time range or a
 * list of times, dates or postcodes ("5:30, 6:15", "0530, 0600", "2315, 2316"). Ten digits shaped like an
 * Australian number ("04...", "61 4...") are hidden whatever they look like. A flight number after an
 * airline code ("QF 1504") and a price after "$" stay; only what follows them can be a phone number.
 *
 * Deliberately out of reach: a number split by ordinary words ("0412 then 345 then 678"; in "0412 345 and
 * then 678" the head is hidden), names with no marker ("find me on facebook Dan Driver"), spelled-out
 * hundreds, other languages' number words. It stays a little over-eager rather than clever: it runs on
 * every question, in the API and in the browser, without dependencies, in well under a millisecond.
 */

export const CONTACT_MASK = '[contact details hidden until booking]';

export interface MaskResult {
  text: string;
  /** True when anything was hidden. */
  masked: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Normalising: a copy to match against, each of its UTF-16 units mapped to the input character it came from.

interface Normalised {
  /** What the detectors read: folded, lower-cased, invisible characters gone. */
  text: string;
  /** For each unit of text: where the input character it came from starts, and where it ends. */
  from: number[];
  to: number[];
}

/** Characters NFKC leaves alone that people use in place of ".", "/", "-" or a Latin letter. */
const LOOKALIKES: Record<string, string> = {
  // Full stops of other scripts and dot-like marks: "gmail。com", "gmail·com".
  '\u3002': '.',
  '\u00b7': '.',
  '\u2022': '.',
  '\u2219': '.',
  '\u22c5': '.',
  '\u30fb': '.',
  '\u0387': '.',
  // Slashes and the minus sign.
  '\u2044': '/',
  '\u2215': '/',
  '\u29f8': '/',
  '\u2212': '-',
  // Cyrillic and Greek letters drawn like Latin ones ("gmаil.com" with a Cyrillic а).
  '\u0430': 'a',
  '\u0432': 'b',
  '\u0435': 'e',
  '\u043a': 'k',
  '\u043c': 'm',
  '\u043d': 'h',
  '\u043e': 'o',
  '\u0440': 'p',
  '\u0441': 'c',
  '\u0442': 't',
  '\u0443': 'y',
  '\u0445': 'x',
  '\u0456': 'i',
  '\u0458': 'j',
  '\u0455': 's',
  '\u0501': 'd',
  '\u0261': 'g',
  '\u03b1': 'a',
  '\u03b9': 'i',
  '\u03ba': 'k',
  '\u03bd': 'v',
  '\u03bf': 'o',
  '\u03c1': 'p',
  '\u03c4': 't',
};

/** Invisible: format characters (zero-width space and joiners, soft hyphen, direction marks) and marks. */
const INVISIBLE = /^[\p{Cf}\p{M}]+$/u;
/** Blank-looking characters: spaces of every width, and the Hangul and Braille fillers that render blank. */
const BLANK = /^[\p{Zs}\u115f\u1160\u3164\uffa0\u2800]$/u;
const LINE_BREAK = /^[\u2028\u2029\u0085]$/;
const COMBINING = /\p{M}/gu;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const DASH = /^\p{Pd}$/u;

/** Circled digits NFKD leaves alone (❶, ➀, ➊, ⓵, ⓫, ⓿): first code point, last, value of the first. */
const ENCLOSED_DIGITS: ReadonlyArray<readonly [number, number, number]> = [
  [0x2776, 0x277f, 1],
  [0x2780, 0x2789, 1],
  [0x278a, 0x2793, 1],
  [0x24f5, 0x24fe, 1],
  [0x24eb, 0x24f4, 11],
  [0x24ff, 0x24ff, 0],
];

/**
 * The value of a decimal digit of any script. Unicode encodes each script's digits as 0..9 on consecutive
 * code points (a stability guarantee), some sets back to back: count back to where the run starts.
 */
function decimalValue(cp: number): string {
  let start = cp;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return String((cp - start) % 10);
}

/** One non-ASCII character as the detectors read it (possibly several characters, or none). */
function foldCharacter(ch: string, cp: number): string {
  if (INVISIBLE.test(ch)) return '';
  if (BLANK.test(ch)) return ' ';
  if (LINE_BREAK.test(ch)) return '\n';
  for (const [first, last, value] of ENCLOSED_DIGITS) {
    if (cp >= first && cp <= last) return String(value + cp - first);
  }
  // NFKD is NFKC's compatibility folding without recomposing; dropping the marks then drops accents too.
  const folded = ch.normalize('NFKD').replace(COMBINING, '').toLowerCase();
  let out = '';
  for (const c of folded) {
    const code = c.codePointAt(0)!;
    if (code < 0x80) out += c;
    else if (LOOKALIKES[c]) out += LOOKALIKES[c];
    else if (DECIMAL_DIGIT.test(c)) out += decimalValue(code);
    else if (DASH.test(c)) out += '-';
    else if (BLANK.test(c)) out += ' ';
    else out += c;
  }
  return out;
}

function normalise(input: string): Normalised {
  const parts: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < input.length; ) {
    const cp = input.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    // ASCII (nearly every character of a question) only needs lower-casing: no Unicode work for it.
    const out =
      cp < 0x80 ? (cp === 9 ? ' ' : input[i]!.toLowerCase()) : foldCharacter(input.slice(i, i + width), cp);
    for (let k = 0; k < out.length; k++) {
      from.push(i);
      to.push(i + width);
    }
    // An invisible character goes with the one before it: a mask over "8" also takes the keycap on "8⃣".
    if (out.length === 0 && to.length > 0) to[to.length - 1] = i + width;
    parts.push(out);
    i += width;
  }
  return { text: parts.join(''), from, to };
}

/**
 * "d a n @ g m a i l . c o m": three or more single characters with a space or two between them. The
 * address detectors also read a copy with these runs closed up.
 */
const SPACED_OUT = /(?<!\S)\S(?: {1,2}\S(?!\S)){2,}/g;

/** The text with spaced-out runs closed up, and for each of its units the index in the text it came from. */
function closeUpSpacedOut(text: string): { text: string; at: number[] } | null {
  const runs = [...text.matchAll(SPACED_OUT)];
  if (runs.length === 0) return null;
  let out = '';
  const at: number[] = [];
  let last = 0;
  const keep = (start: number, end: number, dropSpaces: boolean) => {
    for (let i = start; i < end; i++) {
      if (dropSpaces && text[i] === ' ') continue;
      out += text[i];
      at.push(i);
    }
  };
  for (const m of runs) {
    keep(last, m.index, false);
    keep(m.index, m.index + m[0].length, true);
    last = m.index + m[0].length;
  }
  keep(last, text.length, false);
  return { text: out, at };
}

// ---------------------------------------------------------------------------------------------------------
// Addresses, links and handles. The patterns read the normalised text, which is lower case.

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
  'ee',
  'gg',
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
/**
 * Where the dot is spelled or spaced ("gmail dot com", "baybus . com"), only the endings nobody writes as
 * a word: "on the dot me" and "Thanks . co" stay.
 */
const COMMON_TLD = '(?:com|net|org|edu|gov|au|nz|uk|io|biz|info)';

/**
 * At most this many dotted parts after the first, in a name or a domain: real ones have fewer, and a bound
 * keeps the search linear on "x . x . x . x ..." (each start would otherwise try the whole rest).
 */
const PARTS = 6;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/**
 * A label where dots may be spelled: a hyphen before "dot-" or "at-" is the separator, never the label's
 * own, so "a-dot-b-dot-c" has one reading (two would make the search exponential).
 */
const SPELLED_LABEL = '[a-z0-9]+(?:-(?!dot-|at-)[a-z0-9]+)*';
const LOCAL = "[a-z0-9._%+'-]+";
/** A name starts where the previous character could not be part of it (and the search stays linear). */
const NAME_START = "(?<![a-z0-9._%+'-])";
/** A name before "@" with spaces before its dots: "dan . driver" ("Thanks. jo" is two sentences). */
const SPACED_LOCAL = `[a-z0-9_%+'-]+(?:(?:\\.|\\s+\\.\\s*)[a-z0-9_%+'-]+){0,${PARTS}}`;
/** "@" as written, or spelled: "at" as a word, "(at)", "[at]", "{at}", "<at>", "(@)", "-at-", "_at_". */
const AT = '(?:\\s*[([{<]\\s*(?:at|@)\\s*[)\\]}>]\\s*|\\s+at\\s+|\\s*@\\s*|-at-|_at_)';
/** "." as written, with a space before it, or spelled: "dot" as a word, "(dot)", "[.]", "-dot-", "_dot_". */
const DOT = '(?:\\s*[([{<]\\s*(?:dot|\\.)\\s*[)\\]}>]\\s*|\\s+dot\\s+|\\.|\\s+\\.\\s*|-dot-|_dot_)';
/** Mail services people name without the ending: "dan at gmail", "dan@bigpond". */
const WEBMAIL = '(?:gmail|googlemail|hotmail|yahoo|ymail|bigpond|icloud|protonmail|optusnet|iinet|aol)';

/**
 * Typed e-mail addresses: any ending after a plain "@" ("jo@x.travel"); with spaces around the "@" or the
 * dots ("name @ gmail . com", "dan @gmail.com"), only common endings ("DM @jo.smith" is a handle).
 */
const EMAIL = new RegExp(
  `${NAME_START}${LOCAL}(?:@|\\s@\\s)${LABEL}(?:\\.${LABEL}){0,${PARTS}}\\.[a-z]{2,24}\\b|${NAME_START}${SPACED_LOCAL}\\s*@\\s*${LABEL}(?:\\s*\\.\\s*${LABEL}){0,${PARTS}}\\s*\\.\\s*${COMMON_TLD}\\b`,
  'g',
);

/**
 * Spelled-out addresses: "name (at) gmail (dot) com", "name at gmail dot com", "dan dot driver at x.com".
 * Groups: the name, the "at", the domain.
 */
const SPELLED_EMAIL = new RegExp(
  `${NAME_START}([a-z0-9_%+'-]+(?:(?:\\.|\\s+\\.\\s*|\\s+dot\\s+|[([{<]dot[)\\]}>])[a-z0-9_%+'-]+){0,${PARTS}})(${AT})(${SPELLED_LABEL}(?:${DOT}${SPELLED_LABEL}){0,${PARTS}}${DOT}(?:${TLDS}))\\b`,
  'g',
);

const WEBMAIL_DOMAIN = new RegExp(`^${WEBMAIL}\\.`);

/** A name at a mail service, with or without its ending: "dan at gmail", "dan.driver@bigpond". */
const WEBMAIL_ADDRESS = new RegExp(`${NAME_START}${LOCAL}${AT}${WEBMAIL}(?:[a-z.]*[a-z])?\\b`, 'g');

/** Links with a scheme or www., to the next space (a full stop or comma after it is left alone). */
const URL_WITH_SCHEME = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)]/g;

/** Bare domains ("portshuttles.com.au", "bit.ly/x", "wa.me/614..."), with any path after them. */
const BARE_DOMAIN = new RegExp(
  `(?<![@\\w.-])(?:${LABEL}\\.){1,${PARTS}}(?:${TLDS})(?:\\.[a-z]{2})?\\b(?![.-]?\\w)(?:[/?#][^\\s<>"]*)?`,
  'g',
);

/** Domains with spaced or spelled dots: "baybus . com . au", "baybus dot com", "baybus[.]com[.]au". */
const SPELLED_DOMAIN = new RegExp(
  `(?<![a-z0-9.-])${SPELLED_LABEL}(?:${DOT}${SPELLED_LABEL}){0,${PARTS}}(?:\\s+\\.\\s*|\\s+dot\\s+|\\s*[([{<]\\s*(?:dot|\\.)\\s*[)\\]}>]\\s*|-dot-|_dot_)${COMMON_TLD}\\b(?:${DOT}[a-z]{2}\\b)?`,
  'g',
);

const NOT_A_SITE = /^(?:the|a|an|my|your|our|their|his|her|its|this|that|on|at|in|of|by)\b/;

/** "www portshuttles com au": the dots left out altogether. */
const WWW_SPACED = new RegExp(
  `\\bwww\\s+${LABEL}(?:\\s+${LABEL}){0,3}?\\s+(?:com|net|org)(?:\\s+au)?\\b`,
  'g',
);

const PLATFORMS =
  'instagram|insta|ig|facebook|fb|snapchat|snap|tiktok|twitter|whatsapp|telegram|wechat|skype|linkedin|kik|viber|signal|messenger|discord|threads|gmail|e-?mail';

/**
 * A platform, a separator, a name: "insta: john.smith", "WhatsApp - surfdriver", "snap -> danrides".
 * Groups: the platform and separator (kept), the name (hidden).
 */
const PLATFORM_HANDLE = new RegExp(
  `\\b((?:${PLATFORMS})\\s*(?:[:=|\\u2192\\u00bb]|-+>|-\\s)\\s*)(@?[a-z_][a-z0-9_.]{1,29})`,
  'g',
);

/**
 * A platform and a name with only words between ("find me on facebook dan.driver", "my ig is dan_rides"):
 * without a separator the name must look like a handle (a dot, an underscore or a digit in it), so "on
 * facebook and insta" stays. Groups as PLATFORM_HANDLE.
 */
const PLATFORM_NAME = new RegExp(
  `\\b((?:${PLATFORMS})(?:\\s+(?:is|me|at|on|as|handle|name|id|account|user|username))*\\s+)(@?[a-z_][a-z0-9_]*(?:[._][a-z0-9_]+)+|@?[a-z_][a-z0-9_]*\\d[a-z0-9_]*)`,
  'g',
);

/** "@name" handles (not part of an address; a digit first is a time, "@5:30"). */
const HANDLE = /(?<![\w@.])@[a-z_][a-z0-9_.]{1,29}(?<!\.)/g;

/** A stretch of the normalised text to hide: [start, end). */
type Span = [number, number];

/**
 * Finds addresses, links and handles in `text` (the normalised text, or its closed-up copy, whose units
 * map to the normalised text through `at`), and adds them to `spans` in normalised positions.
 */
function findAddresses(text: string, at: number[] | null, spans: Span[]) {
  const add = (start: number, end: number) => {
    // Never the spaces or a closing full stop around what was found.
    while (end > start && /[\s.]/.test(text[end - 1]!)) end--;
    while (start < end && /\s/.test(text[start]!)) start++;
    if (end <= start) return;
    spans.push(at ? [at[start]!, at[end - 1]! + 1] : [start, end]);
  };
  const each = (re: RegExp, found: (m: RegExpMatchArray, start: number) => void) => {
    for (const m of text.matchAll(re)) found(m, m.index!);
  };
  const whole = (m: RegExpMatchArray, start: number) => add(start, start + m[0].length);

  each(EMAIL, whole);
  each(URL_WITH_SCHEME, whole);
  each(BARE_DOMAIN, whole);
  each(SPELLED_DOMAIN, (m, start) => {
    // "the dot com": a word people write before "dot" that no site is called.
    if (!NOT_A_SITE.test(m[0])) whole(m, start);
  });
  each(WWW_SPACED, whole);
  each(WEBMAIL_ADDRESS, whole);
  each(SPELLED_EMAIL, (m, start) => {
    const [all, name = '', atWord = '', domain = ''] = m;
    // "book at baybus.com.au": a plain word, "at", a plain domain that is no mail service: only the domain.
    // "jo at gmail.com", "dan.driver at baybus.com" and anything spelled are an address, name and all.
    const plain =
      /^\s+at\s+$/.test(atWord) &&
      /^[a-z]+$/.test(name) &&
      /^[a-z0-9.-]+$/.test(domain) &&
      !WEBMAIL_DOMAIN.test(domain);
    if (plain) add(start + all.length - domain.length, start + all.length);
    else add(start, start + all.length);
  });
  const keepPlatform = (m: RegExpMatchArray, start: number) => add(start + m[1]!.length, start + m[0].length);
  each(PLATFORM_HANDLE, keepPlatform);
  each(PLATFORM_NAME, keepPlatform);
  each(HANDLE, whole);
}

// ---------------------------------------------------------------------------------------------------------
// Phone numbers: the digits of the normalised text, read as one stream across punctuation and number words.

type PieceKind = 'digits' | 'tens' | 'repeat';

/** Number words: the digits they stand for, tens ("forty five" is 45) and repeats ("double four" is 44). */
const NUMBER_WORDS = new Map<string, { digits: string; kind: PieceKind }>();
for (const word of ['zero', 'oh', 'o', 'nil', 'nought', 'naught']) {
  NUMBER_WORDS.set(word, { digits: '0', kind: 'digits' });
}
const ONE_TO_NINETEEN =
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen';
for (const [i, word] of ONE_TO_NINETEEN.split(' ').entries()) {
  NUMBER_WORDS.set(word, { digits: String(i + 1), kind: 'digits' });
}
for (const [i, word] of 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').entries()) {
  NUMBER_WORDS.set(word, { digits: String(i + 2), kind: 'tens' });
}
NUMBER_WORDS.set('fourty', { digits: '4', kind: 'tens' });
NUMBER_WORDS.set('double', { digits: '2', kind: 'repeat' });
NUMBER_WORDS.set('triple', { digits: '3', kind: 'repeat' });
/** "seventeen": no number word is longer. */
const LONGEST_WORD = 9;

/** Letters drawn like a one, touching a digit: "04l2", "O4I2" ("O" is a number word already). */
const LOOKS_LIKE_ONE = new Set(['l', 'i']);

/** Digits (a digit, a number word, a letter glued between digits) at [start, end) of the normalised text. */
interface Piece {
  start: number;
  end: number;
  digits: string;
  kind: PieceKind;
  /** A word that is no number, or a currency or per cent sign, came since the previous piece. */
  breakBefore: boolean;
}

/** A run of letters as number words ("oh", "fouronetwo", "twentyone"), or null when it is a real word. */
function numberWords(run: string): Array<{ word: string; offset: number }> | null {
  if (run.length > 60) return null;
  // Shortest split into known words (dynamic programming), so "someone" and "often" stay words.
  const best: Array<Array<{ word: string; offset: number }> | null> = [[]];
  for (let end = 1; end <= run.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - LONGEST_WORD); start < end; start++) {
      const before = best[start];
      const word = run.slice(start, end);
      if (!before || !NUMBER_WORDS.has(word)) continue;
      if (!best[end] || before.length + 1 < best[end]!.length)
        best[end] = [...before, { word, offset: start }];
    }
  }
  return best[run.length] ?? null;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';

/** The digit pieces of the normalised text, skipping what the address detectors already hide. */
function digitPieces(text: string, hidden: Uint8Array): Piece[] {
  const pieces: Piece[] = [];
  let breakBefore = false;
  const push = (start: number, end: number, digits: string, kind: PieceKind = 'digits') => {
    pieces.push({ start, end, digits, kind, breakBefore });
    breakBefore = false;
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (hidden[i]) {
      breakBefore = true;
      i++;
    } else if (isDigit(c)) {
      push(i, i + 1, c);
      i++;
    } else if (isLetter(c)) {
      let j = i;
      while (isLetter(text[j]) && !hidden[j]) j++;
      const run = text.slice(i, j);
      const words = numberWords(run);
      const gluedBefore = isDigit(text[i - 1]);
      const gluedAfter = isDigit(text[j]);
      if (words) {
        for (const { word, offset } of words) {
          const { digits, kind } = NUMBER_WORDS.get(word)!;
          push(i + offset, i + offset + word.length, digits, kind);
        }
      } else if (LOOKS_LIKE_ONE.has(run) && (gluedBefore || gluedAfter)) {
        push(i, j, '1');
      } else if (run.length <= 3 && gluedBefore && gluedAfter) {
        // "0412x345x678": filler between digits joins them; counts nothing.
        push(i, j, '');
      } else {
        breakBefore = true;
      }
      i = j;
    } else {
      // Money and percentages are amounts, never part of a number to call.
      if (/[$€£¥%]/.test(c)) breakBefore = true;
      i++;
    }
  }
  return combineWords(pieces, text);
}

/** "forty five" becomes 45, "double four" 44; a "double" before no digit ends the number there. */
function combineWords(pieces: Piece[], text: string): Piece[] {
  const out: Piece[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!;
    const next = pieces[k + 1];
    const close =
      next !== undefined && !next.breakBefore && /^[\s-]?$/.test(text.slice(piece.end, next.start));
    if (piece.kind === 'tens') {
      if (close && next.kind === 'digits' && /^[1-9]$/.test(next.digits)) {
        out.push({ ...piece, end: next.end, digits: piece.digits + next.digits, kind: 'digits' });
        k++;
      } else out.push({ ...piece, digits: `${piece.digits}0`, kind: 'digits' });
    } else if (piece.kind === 'repeat') {
      if (close && next.kind === 'digits' && next.digits.length > 0) {
        const times = Number(piece.digits);
        out.push({ ...piece, end: next.end, digits: next.digits.repeat(times), kind: 'digits' });
        k++;
      } else if (next) next.breakBefore = true;
    } else out.push(piece);
  }
  return out;
}

/** What may stand between two digits of one number: punctuation and spacing, short, within a paragraph. */
function joins(gap: string): boolean {
  if (gap.length === 0) return true;
  if (/\n\s*\n/.test(gap)) return false;
  return gap.replace(/\s+/g, ' ').length <= 6;
}

const DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHORT_DATE = /^(\d{1,2})[./](\d{1,2})$/;
/** A clock time with its separator: "5:30", "17.45". */
const CLOCK = /^([01]?\d|2[0-3])[:.][0-5]\d$/;
/** Two clock times: "5:30-6:00". */
const CLOCK_RANGE = /^([01]?\d|2[0-3])[:.][0-5]\d\s?-\s?([01]?\d|2[0-3])[:.][0-5]\d$/;
/** A 24-hour time in four digits: "0530". */
const HHMM = /^([01]\d|2[0-3])[0-5]\d$/;
/** Two 24-hour clock times: "0530-0600", "1030 - 1130". */
const TIME_RANGE = /^([01]\d|2[0-3])[0-5]\d\s?[-–—]\s?([01]\d|2[0-3])[0-5]\d$/;
/** Items of a list: "5:30, 6:15", "27/11 - 3/12", "27/11/2026 05:30". */
const LIST_SEPARATOR = /\s*[,;&|]\s*|\s+[-/]\s+|\s+/;
/** Postcodes listed with commas ("2315, 2316"); with spaces alone they read as a local number. */
const POSTCODE_LIST = /^[2-9]\d{3}(?:\s*[,;&]\s*[2-9]\d{3})+$/;
/** Ten digits shaped like an Australian phone number, also after 61 or 0061 ("61 (0) 4..."). */
const AU_NUMBER = /^(?:0|610?|00610?)[2-478]\d{8}$/;

const validDayMonth = (a: number, b: number) =>
  a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));

function isDate(run: string): boolean {
  const m = DATE.exec(run);
  // Day and month either way round (27/11 or 11/27).
  if (m) return validDayMonth(Number(m[1]), Number(m[3]));
  const iso = ISO_DATE.exec(run);
  if (iso) {
    const month = Number(iso[2]);
    const day = Number(iso[3]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  return false;
}

function isDateOrTime(item: string): boolean {
  if (isDate(item) || CLOCK.test(item) || CLOCK_RANGE.test(item) || TIME_RANGE.test(item)) return true;
  const short = SHORT_DATE.exec(item);
  return short !== null && validDayMonth(Number(short[1]), Number(short[2]));
}

const digitCount = (s: string) => s.replace(/\D/g, '').length;

/**
 * Whether a run of digits is what trips are made of: a date, a time range, or a list of dates and times
 * (with small counts among them: "27/11/2026, 05:30, 2"; 24-hour "0530, 0600", "27/11 0530")
 * or of postcodes ("2315, 2316, 2317"). Times and dates must carry their punctuation: "0412 1234" is not
 * two times.
 */
function isTripNumbers(run: string): boolean {
  if (isDateOrTime(run)) return true;
  if (POSTCODE_LIST.test(run)) return true;
  const items = run.split(LIST_SEPARATOR);
  if (items.length < 2) return false;
  // "0530" is a time in a list ("0530, 0600") or next to a date ("27/11 0530"); "0530 0600" alone is not.
  const fourDigitTimes =
    /[,;&|]|\s[-/]\s/.test(run) || items.some((item) => isDate(item) || SHORT_DATE.test(item));
  const counts = items.filter((item) => !isDateOrTime(item) && !(fourDigitTimes && HHMM.test(item)));
  return (
    counts.length < items.length &&
    counts.every((item) => /^\d{1,2}$/.test(item)) &&
    digitCount(counts.join('')) < 6
  );
}

/**
 * Whether a run of digits and separators (number words already turned into digits) is a phone number rather
 * than a date, a time or an amount.
 */
export function looksLikePhone(run: string): boolean {
  const trimmed = run.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (AU_NUMBER.test(digits)) return true;
  const international = trimmed.startsWith('+') || (trimmed.startsWith('00') && !isTripNumbers(trimmed));
  // Australian numbers have 8 digits without the area code, 10 with it; 13 numbers have 6 ("13 14 50").
  if (international && digits.length >= 6) return true;
  if (digits.length >= 8) return !isTripNumbers(trimmed);
  // The start of a mobile ("0412 345", the rest written apart) gives most of it away.
  if (/^04\d{4}/.test(digits)) return !isTripNumbers(trimmed);
  return /^13\d{4}$/.test(digits) && /^13[\s.-]?\d{2}[\s.-]?\d{2}$/.test(trimmed);
}

/** Airline codes seen at Newcastle and Sydney: "QF 1504 0530" is a flight number and a time, not a phone. */
const AIRLINES = new Set(
  'QF JQ VA ZL NZ TT SQ EK CX QR EY UA DL AA AC BA JL NH MH GA TG VN CI BR PR LA FJ HA QZ TR 3K D7 AK KE OZ CA MU CZ HX TK'.split(
    ' ',
  ),
);
const AIRLINE_BEFORE = /(?:^|[^a-z0-9])([a-z0-9]{2}) ?$/;
const CURRENCY_BEFORE = /(?:[$€£¥]|\b(?:aud|nzd|usd))\s*$/;
const PRICE = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|^\d+(?:\.\d{1,2})?/;

/** What follows a flight number or a price and may stay: nothing, a count, a time, a date. */
function isTripTail(rest: string): boolean {
  return digitCount(rest) <= 2 || HHMM.test(rest) || isTripNumbers(rest);
}

/** Finds phone numbers in the normalised text, around what is already hidden, and adds them to `spans`. */
function findPhones(text: string, hidden: Uint8Array, spans: Span[]) {
  const pieces = digitPieces(text, hidden);
  let chain: Piece[] = [];
  const flush = () => {
    if (chain.length > 0) judgeChain(text, chain, spans);
    chain = [];
  };
  for (const piece of pieces) {
    const last = chain.at(-1);
    if (last && (piece.breakBefore || !joins(text.slice(last.end, piece.start)))) flush();
    chain.push(piece);
  }
  flush();
}

const OPENING = '([{<';
const CLOSING = ')]}>';
const count = (s: string, c: string) => s.split(c).length - 1;

/** Decides what of one stream of digits to hide: all of it, what follows a flight number or price, or none. */
function judgeChain(text: string, chain: Piece[], spans: Span[]) {
  // The stream as digits and separators ("0 4 1 2, 3 4 5"), and for each character where it starts.
  let shape = '';
  const at: number[] = [];
  chain.forEach((piece, k) => {
    if (k > 0) {
      const gap = text.slice(chain[k - 1]!.end, piece.start).replace(/\s+/g, ' ');
      shape += gap;
      for (let g = 0; g < gap.length; g++) at.push(piece.start);
    }
    shape += piece.digits;
    for (let g = 0; g < piece.digits.length; g++) at.push(piece.start);
  });
  const start = chain[0]!.start;
  const end = chain.at(-1)!.end;
  const digits = shape.replace(/\D/g, '');
  if (digits.length < 6) return;

  const before = text.slice(Math.max(0, start - 6), start);
  const hide = (from: number) => {
    let to = end;
    // A leading "+" goes with the number, and brackets around its parts: "(+61) 4...", "(02) 4981...".
    if (from === start) {
      const plus = /\+\s*$/.exec(before);
      if (plus) from -= plus[0].length;
    }
    const kind = OPENING.indexOf(text[from - 1] ?? '');
    if (kind >= 0) {
      const inside = text.slice(from, to);
      if (count(inside, CLOSING[kind]!) > count(inside, OPENING[kind]!)) from--;
      else if (text[to] === CLOSING[kind]) {
        from--;
        to++;
      }
    }
    // "+61 (0412) 345 (678)": the bracket the number leaves open closes inside the mask.
    const closer = CLOSING.indexOf(text[to] ?? '');
    if (closer >= 0) {
      const inside = text.slice(from, to);
      if (count(inside, OPENING[closer]!) > count(inside, CLOSING[closer]!)) to++;
    }
    spans.push([from, to]);
  };

  if (AU_NUMBER.test(digits)) return hide(start);
  // A flight number ("QF 1504") or a price ("$139") first: it stays, and only what follows can be a phone.
  const airline = AIRLINE_BEFORE.exec(before);
  const prefix =
    airline && AIRLINES.has(airline[1]!.toUpperCase())
      ? /^\d{1,4}(?!\d)/.exec(shape)
      : CURRENCY_BEFORE.test(before)
        ? PRICE.exec(shape)
        : null;
  if (prefix) {
    const restAt = shape.slice(prefix[0].length).search(/\d/);
    if (restAt < 0) return;
    const rest = shape.slice(prefix[0].length + restAt);
    if (isTripTail(rest)) return;
    if (looksLikePhone(rest)) return hide(at[prefix[0].length + restAt]!);
    if (looksLikePhone(shape)) hide(start);
    return;
  }
  const international = /\+[\s(]*$/.test(before) || /\bplus\s+$/.test(before);
  if (looksLikePhone(international ? `+${shape}` : shape)) hide(start);
}

// ---------------------------------------------------------------------------------------------------------

/** Adjacent masks ("[hidden] or [hidden]", "[hidden], [hidden]") read as one. */
const REPEATED_MASK = new RegExp(
  `${escapeRegExp(CONTACT_MASK)}(?:[\\s,;/|&+-]*(?:or|and)?[\\s,;/|&+-]*${escapeRegExp(CONTACT_MASK)})+`,
  'gi',
);

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Returns the text with every contact detail replaced by CONTACT_MASK, and whether anything was. */
export function maskContacts(input: string): MaskResult {
  const norm = normalise(input);
  const spans: Span[] = [];
  // Addresses, links and handles first: they contain digits the phone reading must not cut into pieces.
  findAddresses(norm.text, null, spans);
  const closedUp = closeUpSpacedOut(norm.text);
  if (closedUp) findAddresses(closedUp.text, closedUp.at, spans);
  const hidden = new Uint8Array(norm.text.length);
  for (const [s, e] of spans) hidden.fill(1, s, e);
  findPhones(norm.text, hidden, spans);
  if (spans.length === 0) return { text: input, masked: false };

  // Back to the input's positions; overlapping or touching stretches become one.
  const ranges = spans.map(([s, e]): Span => [norm.from[s]!, norm.to[e - 1]!]).sort((a, b) => a[0] - b[0]);
  let text = '';
  let last = 0;
  for (const [s, e] of ranges) {
    if (e <= last) continue;
    if (s < last) {
      last = e;
      continue;
    }
    text += `${input.slice(last, s)}${CONTACT_MASK}`;
    last = e;
  }
  text += input.slice(last);
  return { text: text.replace(REPEATED_MASK, CONTACT_MASK), masked: true };
}
