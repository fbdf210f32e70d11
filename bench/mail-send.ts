/**
 * What one e-mail of ours costs the server to compose and send (issue 34, ADR 044): a booking e-mail (the
 * layout's HTML and text, the booking's .ics, the inline mark) built from an outbox row as the mail worker
 * does, then, with SEND=1, sent over nodemailer's pooled SMTP transport (4 connections, as the worker's
 * lanes) to an SMTP sink in another process (bench/chaos/smtp-sink.ts), so the sink's CPU is not counted.
 * Prints this process's CPU per message.
 *
 *   npx tsx bench/mail-send.ts                  composing only, both ways
 *   SEND=1 npx tsx bench/mail-send.ts           composing and sending, both ways
 *
 * The two ways: "parts" hands nodemailer the parts (its stream per part, how the worker sent before ADR
 * 044); "at once" composes with services/mime-message.ts and sends the message raw. ROUNDS (default 2,000)
 * messages a way, after 300 to warm up; the ways alternate for ROUNDS_OF (default 3) rounds.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { renderNotificationMail } from '../src/server/modules/delivery/mail.ts';
import { createMailTransport, mailOptions } from '../src/server/services/mail-worker.ts';
import { composeMessage } from '../src/server/services/mime-message.ts';
import { booking } from '../tests/unit/fixtures/booking-dto.ts';
import { SmtpSink } from './chaos/smtp-sink.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 2_000);
const ROUNDS_OF = Number(process.env.ROUNDS_OF ?? 3);
const SEND = process.env.SEND === '1';
const CONNECTIONS = 4;

// The sink: this same file, started as a child with SINK_PORT set.
if (process.env.SINK_PORT) {
  const sink = new SmtpSink(Number(process.env.SINK_PORT));
  await sink.start();
  process.send?.('ready');
  setInterval(() => sink.deliveries.splice(0), 1_000); // keep nothing
} else {
  await main();
}

async function main() {
  const env = {
    APP_URL: 'https://app.example.test',
    BRAND_NAME: 'ShuttleQuote',
    SUPPORT_EMAIL: 'support@example.test',
    SUPPORT_PHONE: '+61240000000',
  };
  const mail = renderNotificationMail(
    { id: '1', type: 'booking_confirmed', title: 'Booking confirmed', message: 'Booked.', relatedId: null },
    { booking: booking(), ride: null },
    env,
  );
  const row = () => ({
    to: 'customer@example.test',
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: null,
    messageId: `<${crypto.randomUUID()}@example.test>`,
    attachments: mail.attachments,
  });
  const from = 'ShuttleQuote <no-reply@example.test>';

  let stop = async () => {};
  let transport: ReturnType<typeof createMailTransport> | null = null;
  if (SEND) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname], {
      env: { ...process.env, SINK_PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await once(child, 'message');
    transport = createMailTransport(`smtp://127.0.0.1:${port}`, CONNECTIONS);
    stop = async () => {
      transport?.close();
      child.kill();
    };
  }

  const build = (options: SendMailOptions) =>
    new Promise<Buffer>((resolve, reject) =>
      new MailComposer(options).compile().build((err, out) => (err ? reject(err) : resolve(out))),
    );
  const ways: Record<string, () => Promise<unknown>> = {
    parts: () => (transport ? transport.sendMail(mailOptions(row(), from)) : build(mailOptions(row(), from))),
    'at once': async () => {
      const { raw, envelope } = composeMessage(mailOptions(row(), from));
      return transport ? transport.sendMail({ raw, envelope }) : raw;
    },
  };

  // As many in flight as the worker's lanes.
  async function run(way: () => Promise<unknown>, n: number) {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next++ < n) await way();
      }),
    );
  }

  console.log(`${SEND ? 'composing and sending over SMTP' : 'composing only'}: ${ROUNDS} messages a way`);
  for (const way of Object.values(ways)) await run(way, 300); // warm up
  for (let round = 1; round <= ROUNDS_OF; round++) {
    for (const [name, way] of Object.entries(ways)) {
      const start = process.cpuUsage();
      const t0 = performance.now();
      await run(way, ROUNDS);
      const used = process.cpuUsage(start);
      console.log(
        `  round ${round}, ${name.padEnd(8)} ${((used.user + used.system) / 1000 / ROUNDS).toFixed(3)} ms of CPU a message, ` +
          `${(ROUNDS / ((performance.now() - t0) / 1000)).toFixed(0)} messages/s`,
      );
    }
  }
  await stop();
}
