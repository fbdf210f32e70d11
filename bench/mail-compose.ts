/**
 * An e-mail's composing cost (issue 34): milliseconds of CPU to turn one booking e-mail of ours (the
 * layout's HTML and text, the booking's .ics, the inline mark) into the MIME message nodemailer sends.
 * `npx tsx bench/mail-compose.ts`; ROUNDS sets the number of messages.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { renderNotificationMail } from '../src/server/modules/delivery/mail.ts';
import { markAttachments } from '../src/server/services/email-mark.ts';
import { composeMessage } from '../src/server/services/mime-message.ts';
import { booking } from '../tests/unit/fixtures/booking-dto.ts';

const env = {
  APP_URL: 'https://app.example.test',
  BRAND_NAME: 'ShuttleQuote',
  SUPPORT_EMAIL: 'support@example.test',
  SUPPORT_PHONE: '+61240000000',
};
const mail = renderNotificationMail(
  {
    id: '1',
    type: 'booking_confirmed',
    title: 'Booking confirmed',
    message: 'Your trip is booked.',
    relatedId: null,
  },
  { booking: booking(), ride: null },
  env,
);
const ROUNDS = Number(process.env.ROUNDS ?? 2_000);

function options() {
  return {
    from: 'ShuttleQuote <no-reply@example.test>',
    to: 'customer@example.test',
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${crypto.randomUUID()}@example.test>`,
    attachments: [...mail.attachments.map((a) => ({ ...a })), ...markAttachments(mail.html)],
  };
}

async function nodemailerBuild(o = options()) {
  return new Promise<Buffer>((resolve, reject) =>
    new MailComposer(o).compile().build((err, out) => (err ? reject(err) : resolve(out))),
  );
}
const fixed = { ...options(), baseBoundary: 'b', date: new Date('2027-01-01T00:00:00Z') };
const same = (await nodemailerBuild(fixed)).equals(composeMessage(fixed).raw);
console.log(`composed at once equals nodemailer's build: ${same}`);
const compose =
  process.env.WAY === 'nodemailer' ? nodemailerBuild : async () => composeMessage(options()).raw;
console.log(`way: ${process.env.WAY ?? 'at once'}`);

const sample = await compose();
console.log(`html ${mail.html.length} chars, text ${mail.text.length}, message ${sample.length} bytes`);
for (let i = 0; i < 300; i++) await compose(); // warm up
const start = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < ROUNDS; i++) await compose();
const used = process.cpuUsage(start);
console.log(
  `${ROUNDS} messages: ${((used.user + used.system) / 1000 / ROUNDS).toFixed(3)} ms of CPU each, ${((performance.now() - t0) / ROUNDS).toFixed(3)} ms wall`,
);
