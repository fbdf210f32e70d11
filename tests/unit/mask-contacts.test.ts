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
    ['"at" then a domain', 'write to jo at gmail.com', `write to jo at ${M}`],
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
  });
});

describe('maskContacts: results', () => {
  it('reports masked only when something changed, and is idempotent', () => {
    expect(maskContacts('')).toEqual({ text: '', masked: false });
    const once = mask('Call 0412 345 678 or jo@x.com');
    expect(maskContacts(once)).toEqual({ text: once, masked: false });
  });
});
