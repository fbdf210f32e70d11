/**
 * The mail worker composes each message at once (services/mime-message.ts) instead of through nodemailer's
 * stream per part (issue 34). The bytes must be the ones nodemailer's own `build()` gives for the same
 * options, for every shape of message the outbox holds: a booking e-mail (text, HTML with the inline mark,
 * a calendar file), a cancellation's calendar file, an account e-mail, text alone, and names, subjects
 * and bodies outside ASCII or with long lines.
 */

import { Readable } from 'node:stream';
import type { SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { verifyEmailMail } from '../../src/server/auth/emails.ts';
import { renderNotificationMail } from '../../src/server/modules/delivery/mail.ts';
import { mailOptions } from '../../src/server/services/mail-worker.ts';
import { composeMessage } from '../../src/server/services/mime-message.ts';
import { booking } from './fixtures/booking-dto.ts';

const env = {
  APP_URL: 'https://app.example.test',
  BRAND_NAME: 'ShuttleQuote',
  SUPPORT_EMAIL: 'support@example.test',
  SUPPORT_PHONE: '+61240000000',
};
const FROM = 'ShuttleQuote <no-reply@example.test>';
// Fixed, so that both builds draw the same boundaries and Date header.
const FIXED = { baseBoundary: '0123456789abcdef', date: new Date('2027-11-01T00:00:00Z') };

function row(over: Partial<Parameters<typeof mailOptions>[0]> = {}): Parameters<typeof mailOptions>[0] {
  return {
    to: 'customer@example.test',
    subject: 'Hello',
    text: 'Hello',
    html: null,
    replyTo: null,
    messageId: '<a1b2c3@example.test>',
    attachments: [],
    ...over,
  };
}

function notificationRow(type: string, cancelled = false) {
  const mail = renderNotificationMail(
    { id: 'n1', type, title: 'Title', message: 'Message', relatedId: null },
    { booking: booking(cancelled ? { status: 'cancelled' } : {}), ride: null },
    env,
  );
  return row({ subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
}

async function nodemailerBuild(options: SendMailOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((err, out) => (err ? reject(err) : resolve(out))),
  );
}

const account = verifyEmailMail(env, 'new.person@example.test', 'https://app.example.test/verify?t=x');

const CASES: Record<string, Parameters<typeof mailOptions>[0]> = {
  'a booking e-mail: text, HTML, the inline mark and a calendar file': notificationRow('booking_confirmed'),
  "a cancellation's calendar file": notificationRow('booking_cancelled', true),
  'an account e-mail': row({ subject: account.subject, text: account.text, html: account.html ?? null }),
  'text alone, with a reply-to': row({ replyTo: 'Support <support@example.test>' }),
  'names, subject and body outside ASCII, long lines': row({
    to: '"Zoë Ngô 阮" <zoe@example.test>',
    subject: `Réservation confirmée 🚐 ${'très longue '.repeat(12)}`,
    text: `Bonjour Zoë,\n${'é'.repeat(200)}\n${'x'.repeat(300)}\n  trailing spaces  \n.\n..dots`,
    html: `<p>${'日本語のテキスト'.repeat(40)}</p>`,
  }),
};

describe('composeMessage', () => {
  for (const [name, r] of Object.entries(CASES)) {
    it(`gives nodemailer's own bytes: ${name}`, async () => {
      const options = { ...mailOptions(r, FROM), ...FIXED };
      const composed = composeMessage(options);
      const built = await nodemailerBuild(options);
      expect(composed.raw.toString('utf8')).toBe(built.toString('utf8'));
      expect(composed.raw.equals(built)).toBe(true);
      expect(composed.envelope).toEqual({
        from: 'no-reply@example.test',
        to: [r.to.replace(/^.*<|>$/g, '')],
      });
    });
  }

  it('draws a new boundary for every message', () => {
    const options = mailOptions(notificationRow('booking_confirmed'), FROM);
    const boundaries = [composeMessage(options), composeMessage(options)].map(
      (m) => /boundary="([^"]+)"/.exec(m.raw.toString('utf8'))?.[1],
    );
    expect(boundaries[0]).toMatch(/^--_NmP-[0-9a-f]{16}-Part_1$/);
    expect(boundaries[1]).not.toBe(boundaries[0]);
  });

  it('refuses content it would have to read from elsewhere', () => {
    expect(() => composeMessage({ from: FROM, to: 'a@example.test', text: Readable.from(['x']) })).toThrow(
      /only a string or a Buffer/,
    );
    expect(() =>
      composeMessage({ from: FROM, to: 'a@example.test', text: 'x', attachments: [{ path: '/etc/passwd' }] }),
    ).toThrow(/only a string or a Buffer/);
  });
});
