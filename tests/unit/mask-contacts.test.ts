import { describe, expect, it } from 'vitest';
import { CONTACT_MASK, looksLikePhone, maskContacts } from '../../src/shared/marketplace/mask-contacts.ts';

const M = CONTACT_MASK;
const mask = (s: string) => maskContacts(s).text;

describe('maskContacts: what it hides', () => {
  it.each([
    ['e-mail', 'Email me at jo.smith+rides@gmail.com please', `Email me at ${M} please`],
    ['e-mail in capitals', 'JO_SMITH@BIGPOND.NET.AU', M],
    ['e-mail with spaces around the punctuation', 'jo @ gmail . com', M],
    ['spelled e-mail (at)(dot)', 'jo.smith (at) gmail (dot) com', M],
    ['spelled e-mail [at][dot]', 'jo[at]gmail[dot]com works', `${M} works`],
    ['spelled e-mail in words', 'write to jo at gmail dot com', `write to ${M}`],
    ['https link', 'See https://portshuttles.com.au/book?id=4 for more', `See ${M} for more`],
    ['http link, full stop after it kept', 'Go to http://x.io/a.', `Go to ${M}.`],
    ['www link', 'www.baybus.com', M],
    ['bare domain', 'book at baybus.com.au instead', `book at ${M} instead`],
    ['bare domain with a path', 'bit.ly/3xYz is quicker', `${M} is quicker`],
    ['bare .co.nz domain', 'kiwi-shuttles.co.nz', M],
    ['bare domain at the end of a sentence', 'Look up portshuttles.com.', `Look up ${M}.`],
    // Issue 28 finding 6: "at" spelled out before a mail service is an address, the name included.
    ['"at" then a mail service', 'write to jo at gmail.com', `write to ${M}`],
    ['"at" then a domain', 'book at baybus.com.au instead', `book at ${M} instead`],
  ])('%s', (_name, input, expected) => {
    expect(maskContacts(input)).toEqual({ text: expected, masked: true });
  });

  it.each([
    ['mobile with spaces', 'Call 0412 345 678'],
    ['mobile 04 1234 5678', 'Call 04 1234 5678'],
    ['mobile without spaces', 'Call 0412345678'],
    ['mobile with dots', 'Call 0412.345.678'],
    ['mobile with dashes', 'Call 0412-345-678'],
    ['mobile with en dashes', 'Call 0412–345–678'],
    ['mobile +61', 'Call +61 412 345 678'],
    ['mobile +61 no spaces', 'Call +61412345678'],
    ['mobile +61 (0)', 'Call +61 (0) 412 345 678'],
    ['mobile 0061', 'Call 0061 412 345 678'],
    ['landline (02)', 'Call (02) 4981 1234'],
    ['landline 02', 'Call 02 4981 1234'],
    ['landline +61 2', 'Call +61 2 4981 1234'],
    ['local 8 digits', 'Call 4981 1234'],
    ['1300 number', 'Call 1300 123 456'],
    ['1800 number', 'Call 1800-123-456'],
    ['13 number', 'Call 13 14 50'],
    ['digits spelled with spaces', 'Call 0 4 1 2 3 4 5 6 7 8'],
    ['digits spelled with dots', 'Call 0.4.1.2.3.4.5.6.7.8'],
    ['digits spelled with dashes', 'Call 0-4-1-2-3-4-5-6-7-8'],
    ['UK number', 'Call +44 20 7946 0958'],
    ['US number', 'Call +1 (555) 123-4567'],
    ['NZ mobile', 'Call +64 21 123 4567'],
    ['number then a full stop', 'Call 0412 345 678.'],
  ])('phone: %s', (_name, input) => {
    const out = maskContacts(input);
    expect(out.masked).toBe(true);
    expect(out.text).toBe(`Call ${M}${input.endsWith('.') ? '.' : ''}`);
    expect(out.text).not.toMatch(/\d/);
  });

  it.each([
    ['@handle', 'find me @port_shuttles', `find me ${M}`],
    ['@handle with dots', 'DM @jo.smith.', `DM ${M}.`],
    ['platform and name', 'insta: jo.smith', `insta: ${M}`],
    ['platform with @name', 'Instagram: @jo_rides', `Instagram: ${M}`],
    ['WhatsApp and a number', 'WhatsApp: 0412 345 678', `WhatsApp: ${M}`],
    ['Facebook dash name', 'Facebook - BayShuttles', `Facebook - ${M}`],
  ])('handle: %s', (_name, input, expected) => {
    expect(maskContacts(input)).toEqual({ text: expected, masked: true });
  });

  it('hides several details in one message and merges neighbouring masks', () => {
    const out = maskContacts(
      'Yes we have a child seat. Ring 0412 345 678 or 02 4981 1234, or email jo@bay.com.au, or see baybus.com.au!',
    );
    expect(out.masked).toBe(true);
    expect(out.text).toBe(`Yes we have a child seat. Ring ${M}, or email ${M}, or see ${M}!`);
  });

  it('merges masks separated only by "or" and punctuation', () => {
    expect(mask('0412 345 678 / 0498 765 432')).toBe(M);
    expect(mask('jo@x.com or 0412 345 678')).toBe(M);
  });

  it('hides a phone number after a flight number but keeps the flight', () => {
    expect(mask('Flight QF 1504 0412 345 678')).toBe(`Flight QF 1504 ${M}`);
  });

  it('hides a phone number glued to a word with punctuation between', () => {
    expect(mask('ph:0412345678')).toBe(`ph:${M}`);
    expect(mask('mob.0412 345 678')).toBe(`mob.${M}`);
  });
});

describe('maskContacts: what it keeps (false positives to avoid)', () => {
  it.each([
    ['a price', 'I can do it for $139.'],
    ['a price with cents', 'That is $139.50 all up'],
    ['a price with thousands', 'Budget $1,200 for the group'],
    ['a price range', '$85-$95 depending on bags'],
    ['a time', 'Pickup at 5:30 please'],
    ['a time with a dot', 'Pickup at 17.45'],
    ['a 24-hour time', 'Pickup at 0530'],
    ['a time range', 'Any time 0530-0600 works'],
    ['a time range with spaces', 'Between 1030 - 1130'],
    ['a flight number', 'Flight QF1504 lands at 5:30'],
    ['a flight number with a space', 'Flight QF 1504 lands'],
    ['a flight number and a time', 'Flight JQ 451 0530 arrival'],
    ['a flight number and a 24-hour time', 'QF 1504 0530'],
    ['passenger counts', '4 passengers, 2 children, 3 bags and 1 pram'],
    ['a postcode', 'We are in Nelson Bay 2315'],
    ['two postcodes', 'Either 2315 or 2316 is fine'],
    ['a date', 'Coming back 27/11'],
    ['a date with a year', 'Coming back 27/11/2026'],
    ['a date with dots', 'Coming back 27.11.2026'],
    ['a date with dashes', 'Coming back 27-11-2026'],
    ['an ISO date', 'Coming back 2026-11-27'],
    ['a US date', 'Coming back 11/27/2026'],
    ['child seat ages', 'Kids are 2 and 5 years old, need 1 booster'],
    ['kilometres', 'It is about 45.5 km, 1.5 hours'],
    ['a street address number', 'Pickup at 35 Stockton St'],
    ['abbreviations', 'e.g. a surfboard, i.e. 2 m long, 8 a.m. pickup'],
    ['a sentence with no space after its full stop', 'Thanks.See you then'],
    ['an @ used as "at"', 'See you @ 5:30 at the terminal'],
    ['an @ before a time', 'Pickup @5:30'],
    ['a word containing a domain ending', 'The company is great, and the communication'],
    ['percentages and ratings', '100% happy, 5 stars, 4.9 average'],
    ['a plain question', 'Is there a child seat? We have 2 kids under 4.'],
    ['a BSP-style reference', 'Our BSP-2315 is on file'],
  ])('%s', (_name, input) => {
    expect(maskContacts(input)).toEqual({ text: input, masked: false });
  });
});

describe('looksLikePhone', () => {
  it('tells phone numbers from other runs of digits', () => {
    expect(looksLikePhone('0412 345 678')).toBe(true);
    expect(looksLikePhone('+61 2 4981')).toBe(true);
    expect(looksLikePhone('13 14 50')).toBe(true);
    expect(looksLikePhone('131450')).toBe(true);
    expect(looksLikePhone('2315')).toBe(false);
    expect(looksLikePhone('27.11.2026')).toBe(false);
    expect(looksLikePhone('2026-11-27')).toBe(false);
    expect(looksLikePhone('0530-0600')).toBe(false);
    expect(looksLikePhone('139 150')).toBe(false);
    // Not a valid date: a number written like one.
    expect(looksLikePhone('49.81.1234')).toBe(true);
    // Issue 28 finding 6: lists of what trips are made of stay; a mobile dressed up as times does not.
    expect(looksLikePhone('5:30, 6:15, 7:45')).toBe(false);
    expect(looksLikePhone('0530, 0600')).toBe(false);
    expect(looksLikePhone('27/11/2026 05:30')).toBe(false);
    expect(looksLikePhone('2315, 2316, 2317')).toBe(false);
    expect(looksLikePhone('2315 2316')).toBe(true);
    expect(looksLikePhone('04.12, 3.45, 6.58')).toBe(true);
    expect(looksLikePhone('0412, 345, 678')).toBe(true);
    expect(looksLikePhone('0412 345')).toBe(true);
  });
});

describe('maskContacts: results', () => {
  it('reports masked only when something changed, and is idempotent', () => {
    expect(maskContacts('')).toEqual({ text: '', masked: false });
    const once = mask('Call 0412 345 678 or jo@x.com');
    expect(maskContacts(once)).toEqual({ text: once, masked: false });
  });
});

/**
 * Issue 28, finding 6: contact details got through with separators, full-width forms, words for digits and
 * "at"/"dot" spelled out. Each entry is one way of writing a number, an address, a link or a handle; all of
 * them must come back masked, and the contact detail itself gone.
 */
const REQUIRED_BYPASSES = [
  '0412/345/678',
  '\uff10\uff14\uff11\uff12 \uff13\uff14\uff15 \uff16\uff17\uff18',
  'dan.driver\uff20gmail\uff0ecom',
  'dan at gmail dot com',
  'dan [at] gmail [dot] com',
  'dan(at)gmail(dot)com',
  'oh four one two three four five six seven eight',
  'zero four one two three four five six seven eight',
  '0four12 345 678',
  '04 12 34 56 78',
  '+61 412 345 678',
  'd a n @ g m a i l . c o m',
  'insta: @dan.rides',
  'wa.me/61412345678',
  'find me on facebook dan.driver',
];

const BYPASSES: ReadonlyArray<readonly [kind: string, text: string]> = [
  ...REQUIRED_BYPASSES.map((text) => ['required', text] as const),
  // Mobiles: separators.
  ['mobile', 'Call me on 0412\\345\\678'],
  ['mobile', 'text 0412_345_678'],
  ['mobile', '0412|345|678 any time'],
  ['mobile', '[0412] [345] [678]'],
  ['mobile', '(0412)(345)(678)'],
  ['mobile', '{0412}{345}{678}'],
  ['mobile', '0412 . 345 - 678'],
  ['mobile', '0412 ... 345 ... 678'],
  ['mobile', '0412\n345\n678'],
  ['mobile', '0412 - 345 - 678'],
  ['mobile', '0412 / 345 / 678'],
  ['mobile', '0412,345,678'],
  ['mobile', '0412, 345, 678'],
  ['mobile', '0412:345:678'],
  ['mobile', '0412*345*678'],
  ['mobile', '0412~345~678'],
  ['mobile', '0412 \u{1f4de} 345 \u{1f4de} 678'],
  ['mobile', '04-12-34-56-78'],
  ['mobile', '04.12.34.56.78'],
  ['mobile', '0412\u2013345\u2014678'],
  ['mobile', '0412\u2212345\u2212678'],
  ['mobile', '0412\u2009345\u2009678'],
  ['mobile', '0412\u3000345\u3000678'],
  // Mobiles: invisible characters, Unicode digits and marks.
  ['mobile', '0\u200b4\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6\u200b7\u200b8'],
  ['mobile', '04\u00ad12\u00ad345\u00ad678'],
  ['mobile', '0412\u2060345\u2060678'],
  ['mobile', '04\u200d12 34\u200c5 6\ufeff78'],
  ['mobile', '04\uff11\uff12 3\uff145 \uff1678'],
  ['mobile', '\u{1d7ce}\u{1d7d2}\u{1d7cf}\u{1d7d0} \u{1d7d1}\u{1d7d2}\u{1d7d3} \u{1d7d4}\u{1d7d5}\u{1d7d6}'],
  ['mobile', '\u24ea\u2463\u2460\u2461 \u2462\u2463\u2464 \u2465\u2466\u2467'],
  ['mobile', '\u2070\u2074\u00b9\u00b2 \u00b3\u2074\u2075 \u2076\u2077\u2078'],
  ['mobile', '\u0660\u0664\u0661\u0662 \u0663\u0664\u0665 \u0666\u0667\u0668'],
  ['mobile', '\u0966\u096a\u0967\u0968 \u0969\u096a\u096b \u096c\u096d\u096e'],
  ['mobile', '0\u20e34\u20e31\u20e32\u20e33\u20e34\u20e35\u20e36\u20e37\u20e38\u20e3'],
  ['mobile', '0\ufe0f\u20e34\ufe0f\u20e31\ufe0f\u20e32\ufe0f\u20e3 345 678'],
  ['mobile', '0\u03324\u03321\u03322\u0332 3\u03324\u03325\u0332 6\u03327\u03328\u0332'],
  ['mobile', '\u24ff\u2779\u2776\u2777 \u2778\u2779\u277a \u277b\u277c\u277d'],
  // Mobiles: words for digits, mixed with digits, letters for digits.
  ['mobile', 'ZERO FOUR ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT'],
  ['mobile', 'zero four one two, three four five, six seven eight'],
  ['mobile', 'oh-four-one-two-three-four-five-six-seven-eight'],
  ['mobile', 'zerofouronetwothreefourfivesixseveneight'],
  ['mobile', '0 four 1 two 3 four 5 six 7 eight'],
  ['mobile', 'zero 4 one 2 three 4 five 6 seven 8'],
  ['mobile', '04one2three45six78'],
  ['mobile', 'oh four double one, two three four, five six seven'],
  ['mobile', 'nought four one two three four five six seven eight'],
  ['mobile', 'oh four twelve, three forty five, six seventy eight'],
  ['mobile', '04 twelve 345 678'],
  ['mobile', '0412 three four five 678'],
  ['mobile', '0412 345 6 seven 8'],
  ['mobile', 'O412 345 678'],
  ['mobile', '04l2 345 678'],
  ['mobile', 'O4I2 3O5 678'],
  ['mobile', '0412x345x678'],
  ['mobile', '0412abc345def678'],
  ['mobile', 'call0412345678'],
  ['mobile', 'tel:0412345678'],
  ['mobile', 'O 4 1 2 3 4 5 6 7 8'],
  ['mobile', '\u{1d7d8}\u{1d7dc}\u{1d7d9}\u{1d7da} \u{1d7db}\u{1d7dc}\u{1d7dd} \u{1d7de}\u{1d7df}\u{1d7e0}'],
  ['mobile', 'text me on oh four one two three four five six seven eight, cheers'],
  ['mobile', 'my number is 0412 345 and then 678'],
  ['mobile', 'mob0412345678 after 5'],
  // Mobiles hiding behind a flight number or a price.
  ['mobile', 'Flight QF 0412 345 678'],
  ['mobile', 'HA 1234 5678'],
  ['mobile', 'It is $139 0412 345 678'],
  // International forms.
  ['+61', '+61-412-345-678'],
  ['+61', '(+61) 412 345 678'],
  ['+61', '+61 (0)412 345 678'],
  ['+61', '61 412 345 678'],
  ['+61', '+61412345678'],
  ['+61', '\uff0b\uff16\uff11 \uff14\uff11\uff12 \uff13\uff14\uff15 \uff16\uff17\uff18'],
  ['+61', 'plus six one four one two three four five six seven eight'],
  ['+61', '0061 412 345 678'],
  ['+61', '+61 4 1 2 3 4 5 6 7 8'],
  ['+61', '+ 61 412 345 678'],
  ['+61', '+64 21 123 4567'],
  ['+61', 'tel:+61412345678'],
  ['+61', 'six one four one two three four five six seven eight'],
  // Landlines and service numbers.
  ['landline', '(02) 4981 1234'],
  ['landline', '(02)49811234'],
  ['landline', '02-4981-1234'],
  ['landline', '+61 2 4981 1234'],
  ['landline', '(02) four nine eight one, one two three four'],
  ['landline', 'oh two four nine eight one one two three four'],
  ['landline', '4981 1234'],
  ['landline', '4981-1234'],
  ['landline', '49 81 12 34'],
  ['landline', '(\uff10\uff12) \uff14\uff19\uff18\uff11 \uff11\uff12\uff13\uff14'],
  ['landline', '1300 123 456'],
  ['landline', '1800 one two three four five six'],
  // E-mail addresses.
  ['e-mail', 'dan.driver@gmail.com'],
  ['e-mail', 'DAN.DRIVER@GMAIL.COM'],
  ['e-mail', 'dan {at} gmail {dot} com'],
  ['e-mail', 'dan <at> gmail <dot> com'],
  ['e-mail', 'dan AT gmail DOT com'],
  ['e-mail', 'dan-at-gmail-dot-com'],
  ['e-mail', 'dan_at_gmail_dot_com'],
  ['e-mail', 'dan . driver @ gmail . com'],
  ['e-mail', 'dan.driver at gmail.com'],
  ['e-mail', 'dan.driver @ gmail'],
  ['e-mail', 'dan.driver at gmail'],
  ['e-mail', 'dan_driver99 at hotmail dot com'],
  ['e-mail', 'dan.driver(@)gmail.com'],
  ['e-mail', 'dan.driver[@]gmail[.]com'],
  ['e-mail', 'dan.driver@gmail\u3002com'],
  ['e-mail', 'dan.driver@gmail\u00b7com'],
  ['e-mail', 'dan.driver@gm\u0430il.com'],
  ['e-mail', '\u24d3\u24d0\u24dd@\u24d6\u24dc\u24d0\u24d8\u24db.\u24d2\u24de\u24dc'],
  [
    'e-mail',
    '\uff44\uff41\uff4e\uff0e\uff44\uff52\uff49\uff56\uff45\uff52\uff20\uff47\uff4d\uff41\uff49\uff4c\uff0e\uff43\uff4f\uff4d',
  ],
  ['e-mail', 'dan.driver\u200b@\u200bgmail.com'],
  ['e-mail', 'dan dot driver at gmail dot com'],
  ['e-mail', 'dan.driver at bigpond dot net dot au'],
  ['e-mail', 'email me: dan.driver at gmail'],
  ['e-mail', 'dan @gmail.com'],
  ['e-mail', 'dan.driver@gmail .com'],
  ['e-mail', 'dan.driver at gmail . com'],
  ['e-mail', 'd.a.n.d.r.i.v.e.r @ g m a i l . c o m'],
  ['e-mail', 'dan.driver@gmaildotcom'],
  ['e-mail', 'drop me a line at dan dot driver at gmail dot com thanks'],
  ['e-mail', 'dan . driver at g m a i l dot com'],
  ['e-mail', 'dan.driver@outlook.com'],
  // Links and domains.
  ['link', 'portshuttles.com.au'],
  ['link', 'portshuttles dot com dot au'],
  ['link', 'portshuttles[.]com[.]au'],
  ['link', 'portshuttles(dot)com'],
  ['link', 'portshuttles . com . au'],
  ['link', 'www portshuttles com au'],
  ['link', 'https://portshuttles.com.au/book'],
  ['link', 'wa.me/+61412345678'],
  ['link', 't.me/danrides'],
  ['link', 'm.me/dan.driver'],
  ['link', 'linktr.ee/danrides'],
  ['link', 'instagram.com/dan.rides'],
  ['link', 'p o r t s h u t t l e s . c o m'],
  [
    'link',
    '\uff50\uff4f\uff52\uff54\uff53\uff48\uff55\uff54\uff54\uff4c\uff45\uff53\uff0e\uff43\uff4f\uff4d',
  ],
  ['link', 'portshuttles\uff0ecom\uff0eau'],
  // Handles.
  ['handle', 'insta dan.rides'],
  ['handle', 'my ig is dan_rides'],
  ['handle', 'snap: danrides'],
  ['handle', 'tiktok @dan_rides'],
  ['handle', 'telegram: danrides'],
  ['handle', 'wechat: dan_driver'],
  ['handle', 'skype -> dan.driver'],
  ['handle', '\uff29\uff27\uff1a \uff20\uff44\uff41\uff4e\uff0e\uff52\uff49\uff44\uff45\uff53'],
  ['handle', 'insta \u2192 dan.rides'],
  ['handle', '@ d a n r i d e s'],
  ['handle', 'whatsapp me on 0412 345 678'],
  ['handle', 'ig: dan.rides and fb: dan.driver'],
  // Known gaps, counted honestly: a number split by ordinary words.
  ['gap', 'my number is 0412 then 345 then 678'],
];

/**
 * What of the contact detail is still readable in the output: four digits or more (in any script, after
 * folding), or a part of the name or the domain.
 */
function leftovers(input: string, output: string): string[] {
  const found: string[] = [];
  const digits = output.normalize('NFKD').replace(/[^\p{Nd}]/gu, '');
  if (digits.length >= 4) found.push(`digits ${digits}`);
  const parts = [
    'dan',
    'driver',
    'rides',
    'portshuttles',
    'gmail',
    'hotmail',
    'bigpond',
    'outlook',
    'p o r t',
    'd a n',
  ];
  for (const word of parts) {
    if (input.toLowerCase().includes(word) && output.toLowerCase().includes(word)) found.push(word);
  }
  return found;
}

/** Trip messages that must come back exactly as written. */
const INNOCENT = [
  'Can you take 2 adults 3 bags from Nelson Bay 2315 to the airport?',
  'The quote is $139 all up, or $1,250.50 for the whole week.',
  'AUD 90 is fine for us.',
  'Pickup at 5:30 please, the flight is QF1504.',
  'We land at 5.30pm on VA 1234.',
  'Any time 0530-0600 works for me.',
  'Can you pick up at 10am on 27/11?',
  'Coming back 27.11.2026 on JQ 401.',
  'We arrive 27 November and leave 3 December.',
  '4 surfboards and 2 bikes, is that ok?',
  'Pick up at the airport at two.',
  'I have one child seat and one booster.',
  'Do you have room for two prams?',
  'We need the car on the dot at 5:30, please.',
  'Flights at 5:30, 6:15 and 7:45 would all suit.',
  'Dates 27/11, 28/11 and 30/11.',
  'We service 2315, 2316, 2317 and 2318.',
  "It's about 45.5 km, roughly 1.5 hours.",
  '3 adults, 2 children (ages 4 and 7), 5 bags.',
  'The return trip is 03/12/2026 at 14:30.',
  'Can we stop at Woolworths at Salamander Bay on the way?',
  'Is the price for one way or both ways?',
  'Pickup 35 Stockton St, Nelson Bay NSW 2315.',
  'Our flight JQ 401 leaves 0645, can you be there by 0500?',
  "I'm at terminal two, gate 5.",
  'One, two or three stops is fine.',
  "We're a group of nine with one wheelchair.",
  'Will you wait if QF 1504 is late by an hour?',
  'Total $85-$95 depending on bags, right?',
  'See you @ 5:30 at the terminal.',
  'Could you do 4:45 instead of 5:15?',
  'Is a $20 deposit ok? We pay the rest on the day.',
  'Back on 2026-11-27, landing 2145.',
  'Flight VA1234 lands 21:45, then 40 minutes to Nelson Bay.',
  'We have 6 passengers, 12 bags, 2 car seats.',
  'Anna Bay to Newcastle Airport at 7am, Tuesday 27 Nov.',
  'e.g. a surfboard, 2 m long.',
  'Do you accept cards? 100% happy to pay the 1.5% surcharge.',
  'Six of us, two surfboards, one dog in a crate.',
  'Can you pick up at half past eight?',
  'Pick up at Shoal Bay at nine thirty, drop at Williamtown at ten fifteen.',
  'The kids are two and five.',
  'We are in room 204 at the Nelson Towers.',
  'Seats for 2 adults + 1 infant, arriving 11:05 on ZL 123.',
  'Leaving 27/11 returning 3/12, 2 adults.',
  'Is it one price for the van, or per head?',
  'Ride at 05:30, 06:00 or 06:30?',
  'Flight EK 413 lands 0615 on 27.11.2026.',
  'Need to be at the airport by 6, flight at 7:20.',
  'The dot on the map is our house, near the gate.',
  'Email me the receipt please.',
  'I saw your ad on facebook and insta.',
  'Two adults at two thirty, one at three.',
  'Can you do it for $1,200 for the group of 11?',
  'We fly out 27/11/2026, 05:30, 2 adults and a baby.',
  'Is WhatsApp ok for the driver to text on the day?',
  'Someone will meet you at arrivals, often before 6.',
  'Price 139.50 AUD ok?',
  'Double room at the hotel, pick up at 8.',
  'Our postcode is 2315 and we are at number 12.',
  'VA 1234 05:30 27/11',
  'Flight JQ 401 0530 27/11, 2 adults.',
  'Our flight is QF 1504 on 27/11 at 05:30.',
  'Pickup 27/11/2026 05:30 from the Nelson Towers.',
  'Pickup 27/11 0530 please.',
  'Wed 27/11 5:30 and Fri 29/11 17:45.',
  'Flights: QF 1504 (0530) and JQ 401 (0645).',
  'Can you do 5:30 - 6:00?',
  'Total is $1,250.50 (was $1,400).',
  'We are 2 adults + 2 kids, 4 bags, 1 pram, 2 boosters.',
  '2 x 23kg bags and 1 x 7kg carry-on.',
  'Is 6 am too early? The flight is at 8.15.',
  'My daughter is one and my son is three.',
  'Two at the front, three at the back.',
  'Is the dot com address on your card the same company?',
  'I saw it on instagram, looks great.',
  'Arriving on the 5.30 ferry, back on the 17.45.',
  'Kids are 1, 3 and 6, so 3 car seats.',
  'Can do 0530, 0600 or 0630.',
  'Times that suit: 5:30, 5:45, 6:00, 6:15',
  'Flight NZ 123 arrives 06:05, flight NZ 124 departs 19:55.',
  'Arrive 27.11 at 15.30, leave 03.12 at 10.15',
  'We are at 12/3 Magnus St, Nelson Bay.',
];

describe('probe: masking normalises before matching (issue 28 finding 6)', () => {
  const results = BYPASSES.map(([kind, input]) => {
    const out = maskContacts(input);
    return { kind, input, out, left: out.masked ? leftovers(input, out.text) : ['not masked'] };
  });
  const caught = results.filter((r) => r.left.length === 0);
  const rate = `${caught.length} of ${results.length} (${((100 * caught.length) / results.length).toFixed(1)}%)`;

  it('the corpus has at least 100 distinct bypass attempts', () => {
    expect(new Set(BYPASSES.map(([, text]) => text)).size).toBe(BYPASSES.length);
    expect(BYPASSES.length).toBeGreaterThanOrEqual(100);
  });

  it.each(REQUIRED_BYPASSES)('hides %j', (input) => {
    const out = maskContacts(input);
    expect(out.masked).toBe(true);
    expect(leftovers(input, out.text)).toEqual([]);
  });

  it(`masks at least 95% of the bypass corpus: ${rate} measured`, () => {
    const missed = results
      .filter((r) => r.left.length > 0)
      .map(
        (r) =>
          `${r.kind}: ${JSON.stringify(r.input)} -> ${JSON.stringify(r.out.text)} (${r.left.join(', ')})`,
      );
    expect(
      caught.length / results.length,
      `masked ${rate}; missed:\n${missed.join('\n')}`,
    ).toBeGreaterThanOrEqual(0.95);
    // Only the known gap may get through: every other kind is masked in full.
    expect(
      missed.filter((m) => !m.startsWith('gap:')),
      `masked ${rate}`,
    ).toEqual([]);
  });

  it('replaces only the contact detail: the rest stays exactly as typed', () => {
    expect(mask('Call \uff10\uff14\uff11\uff12 \uff13\uff14\uff15 \uff16\uff17\uff18 before 5:30')).toBe(
      `Call ${M} before 5:30`,
    );
    expect(mask('Call 0412\u200b345\u200b678 ok?')).toBe(`Call ${M} ok?`);
    expect(mask('Text oh four one two three four five six seven eight after QF1504 lands')).toBe(
      `Text ${M} after QF1504 lands`,
    );
    expect(mask('Mail dan.driver\uff20gmail\uff0ecom thanks')).toBe(`Mail ${M} thanks`);
    expect(mask('On 27/11 ring 0412 345 678, cheers')).toBe(`On 27/11 ring ${M}, cheers`);
    // The marks that fold away go with the digit they sit on.
    expect(mask('0\u20e34\u20e31\u20e32\u20e33\u20e34\u20e35\u20e36\u20e37\u20e38\u20e3!')).toBe(`${M}!`);
    // A flight number or a price before a number stays; the platform before a handle too.
    expect(mask('QF 1504 oh four one two 345 678')).toBe(`QF 1504 ${M}`);
    expect(mask('It is $139 0412 345 678')).toBe(`It is $139 ${M}`);
    expect(mask('find me on facebook dan.driver')).toBe(`find me on facebook ${M}`);
    expect(mask('book at baybus.com.au instead')).toBe(`book at ${M} instead`);
  });

  it('is idempotent on the whole corpus', () => {
    for (const { out } of results) {
      if (out.masked) expect(maskContacts(out.text), out.text).toEqual({ text: out.text, masked: false });
    }
  });

  it(`keeps all ${INNOCENT.length} innocent trip messages exactly as written`, () => {
    expect(new Set(INNOCENT).size).toBe(INNOCENT.length);
    expect(INNOCENT.length).toBeGreaterThanOrEqual(40);
    const changed = INNOCENT.map((text) => ({ text, out: maskContacts(text) }))
      .filter(({ text, out }) => out.masked || out.text !== text)
      .map(({ text, out }) => `${text} -> ${out.text}`);
    expect(changed).toEqual([]);
  });
});
