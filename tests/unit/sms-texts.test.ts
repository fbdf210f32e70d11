/**
 * Issue 30: every text message fits one SMS segment (160 GSM-7 characters) with the brand, the pickup time
 * on the Sydney clock and the booking's link, for every kind and each side, also with long real-looking
 * names and addresses; characters GSM-7 lacks are replaced; the webhook's signature is Twilio's.
 */
import { describe, expect, it } from 'vitest';
import { replyKeyword } from '../../src/server/modules/sms/routes.ts';
import {
  fallbackSmsText,
  gsmLength,
  isGsm7,
  type SmsFacts,
  smsText,
  toGsm,
} from '../../src/server/modules/sms/texts.ts';
import { isValidTwilioSignature, smsNumber, twilioSignature } from '../../src/server/services/sms.ts';
import { SMS_KINDS } from '../../src/shared/marketplace/sms.ts';

const LINK = 'https://www.shuttlequote.com.au/booking/3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
/** Fri 26 Nov 2027, 5:30 am in Sydney. */
const PICKUP = new Date('2027-11-25T18:30:00Z');

const SHORT: SmsFacts = {
  recipient: 'customer',
  driverName: 'Bay Shuttles',
  customerName: 'Cara Whitfield',
  pickupAt: PICKUP,
  pickupPlace: '12 Smith St, Nelson Bay',
  pickupStreet: '12 Smith St',
  vehicle: 'white Toyota HiAce ABC123',
  plate: 'ABC123',
};

const LONG: SmsFacts = {
  recipient: 'customer',
  driverName: 'Port Stephens & Hunter Valley Airport Transfers and Charter Coaches Pty Ltd',
  customerName: 'Siobhán Ngọc-Anh Papadopoulos-Wijesinghe',
  pickupAt: PICKUP,
  pickupPlace: 'Unit 14, “The Anchorage” Marina Apartments, 1–3 Corlette Point Road, Corlette',
  pickupStreet: 'Unit 14, “The Anchorage” Marina Apartments, 1–3 Corlette Point Road',
  vehicle: 'silver Mercedes-Benz Sprinter 519 CDI Transfer 22 NSW MO12345',
  plate: 'MO12345',
};

const OPTS = { brandName: 'ShuttleQuote', link: LINK };

describe('text messages: one GSM-7 segment with brand, Sydney time and link', () => {
  for (const kind of SMS_KINDS) {
    for (const recipient of ['customer', 'driver'] as const) {
      for (const [name, facts] of [
        ['short', SHORT],
        ['long', LONG],
      ] as const) {
        it(`${kind} to the ${recipient}, ${name} names`, () => {
          const text = smsText(kind, { ...facts, recipient }, OPTS);
          expect(isGsm7(text), text).toBe(true);
          expect(gsmLength(text), text).toBeLessThanOrEqual(160);
          expect(text.startsWith('ShuttleQuote')).toBe(true);
          expect(text.endsWith(LINK)).toBe(true);
          // The no-show text drops the time first when it must (it is about a pickup that has passed).
          if (kind !== 'driver_arrived' && kind !== 'no_show_marked') expect(text).toContain('5:30am');
          // No field cut to nothing: a name of the right side is there, at least its start.
          const aboutCustomer =
            kind === 'quote_accepted' ||
            (recipient === 'driver' &&
              ['trip_reminder', 'trip_reminder_2h', 'booking_cancelled'].includes(kind));
          expect(text).toContain(toGsm(aboutCustomer ? facts.customerName : facts.driverName).slice(0, 7));
        });
      }
    }
  }

  it('reads as a person would write it (short names)', () => {
    expect(smsText('driver_on_the_way', SHORT, OPTS)).toBe(
      `ShuttleQuote: Bay Shuttles is on the way to 12 Smith St, pickup 5:30am. Details: ${LINK}`,
    );
    // Too long with "Details:" and the locality: the label goes first, then the end of the address.
    expect(smsText('booking_confirmed', SHORT, OPTS)).toBe(
      `ShuttleQuote: booked! Bay Shuttles picks you up Fri 26 Nov 5:30am at 12 Smith St. ${LINK}`,
    );
    const short = { ...OPTS, link: 'https://sq.au/booking/3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f' };
    expect(smsText('quote_accepted', { ...SHORT, recipient: 'driver' }, short)).toBe(
      `ShuttleQuote: new booking. Pick up Cara Whitfield Fri 26 Nov 5:30am at 12 Smith St, Nelson Bay. ${short.link}`,
    );
    expect(smsText('driver_arrived', SHORT, OPTS)).toBe(
      `ShuttleQuote: Bay Shuttles is waiting at 12 Smith St. Plate ABC123. Details: ${LINK}`,
    );
    expect(smsText('driver_arrived', SHORT, short)).toBe(
      `ShuttleQuote: Bay Shuttles is waiting at 12 Smith St. Look for white Toyota HiAce ABC123. Details: ${short.link}`,
    );
    expect(smsText('no_show_marked', SHORT, short)).toBe(
      `ShuttleQuote: Bay Shuttles marked you a no-show for the 5:30am pickup. Dispute within 48 h: ${short.link}`,
    );
  });

  it('a return pair booked together: one confirmation names the return pickup when it fits (issue 32)', () => {
    const pair = { ...SHORT, returnPickupAt: new Date('2027-11-30T06:15:00Z') };
    const short = { ...OPTS, link: 'https://sq.au/b/3f2b8c1e' };
    expect(smsText('booking_confirmed', pair, short)).toBe(
      `ShuttleQuote: return trip booked! Bay Shuttles picks you up Fri 26 Nov 5:30am at 12 Smith St, Nelson Bay, back Tue 30 Nov 5:15pm. ${short.link}`,
    );
    expect(smsText('quote_accepted', { ...pair, recipient: 'driver' }, short)).toBe(
      `ShuttleQuote: new return booking. Pick up Cara Whitfield Fri 26 Nov 5:30am at 12 Smith St, Nelson Bay, back Tue 30 Nov 5:15pm. Details: ${short.link}`,
    );
    // When it cannot fit one segment (a long link, long names), the text of the first leg, as before.
    for (const facts of [pair, { ...LONG, returnPickupAt: pair.returnPickupAt }]) {
      const text = smsText('booking_confirmed', facts, OPTS);
      expect(gsmLength(text), text).toBeLessThanOrEqual(160);
      expect(text.endsWith(LINK)).toBe(true);
      expect(text).toContain('5:30am');
    }
  });

  it('shortens long names and places, then drops the optional parts, in that order', () => {
    const text = smsText('driver_arrived', LONG, OPTS);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^ShuttleQuote: Port Stephens/);
    expect(text).not.toContain('“');
  });

  it('a link too long for one segment: the text still goes, as short as it can be', () => {
    const text = smsText('booking_confirmed', SHORT, {
      ...OPTS,
      link: `https://example.com/${'x'.repeat(150)}`,
    });
    expect(text).toContain('x'.repeat(150));
    expect(isGsm7(text)).toBe(true);
  });

  it('without booking facts: the title and the link', () => {
    const text = fallbackSmsText('Your driver is on the way — see the booking', OPTS);
    expect(text).toBe(`ShuttleQuote: Your driver is on the way - see the booking. ${LINK}`);
    expect(gsmLength(fallbackSmsText('x'.repeat(300), OPTS))).toBeLessThanOrEqual(160);
  });

  it('replaces what GSM-7 lacks and counts the extension table twice', () => {
    expect(toGsm('Zoë’s “van” – Ngọc → Café')).toBe('Zoe\'s "van" - Ngoc to Café');
    expect(toGsm('😀')).toBe('?');
    expect(gsmLength('a€[')).toBe(5);
    expect(isGsm7('Ünïcode')).toBe(false);
  });
});

describe('numbers and replies', () => {
  it('texts go to mobiles in E.164, written any usual way', () => {
    expect(smsNumber('0412 345 678')).toBe('+61412345678');
    expect(smsNumber('+61 412 345 678')).toBe('+61412345678');
    expect(smsNumber('(04) 1234 5678')).toBe('+61412345678');
    expect(smsNumber('02 4981 0000')).toBeNull();
    expect(smsNumber('')).toBeNull();
    expect(smsNumber(null)).toBeNull();
  });

  it('STOP words and START words, any case, with punctuation around', () => {
    for (const w of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit'])
      expect(replyKeyword(w)).toBe('stop');
    for (const w of ['START', 'start!', 'Unstop']) expect(replyKeyword(w)).toBe('start');
    for (const w of ['stop please', 'thanks', '', 'STOPPED']) expect(replyKeyword(w)).toBeNull();
  });

  it("the webhook signature is Twilio's documented one, compared exactly", () => {
    // The example of Twilio's "Webhooks security" documentation.
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params: [string, string][] = [
      ['CallSid', 'CA1234567890ABCDE'],
      ['Caller', '+12349013030'],
      ['Digits', '1234'],
      ['From', '+12349013030'],
      ['To', '+18005551212'],
    ];
    const signature = twilioSignature('12345', url, params);
    expect(signature).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(isValidTwilioSignature('12345', url, [...params].reverse(), signature)).toBe(true);
    expect(isValidTwilioSignature('12345', url, params, `${signature.slice(0, -2)}A=`)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature('1234', url, params, signature)).toBe(false);
  });
});
