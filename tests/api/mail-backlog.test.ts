/**
 * Issue 33 item 6: after an SMTP outage the backlog goes as soon as SMTP answers again, oldest first, each
 * mail once, instead of on each mail's own retry time (up to 10 minutes late). The sender here keeps the
 * real retry schedule (10 s doubling to 10 min): without the fix nothing waiting would be due for minutes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender, MAIL_CONCURRENCY } from '../../src/server/services/mail-worker.ts';
import { databaseKinds, rows, startServer, type TestServer } from './helpers.ts';
import { freePort, TestSmtp } from './smtp.ts';

const FROM = 'ShuttleQuote <no-reply@mail.shuttle.test>';

describe.each(databaseKinds())('the mail backlog after an SMTP outage (%s)', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  /** Records `n` mails to `to`, a second apart in recording order (oldest first). */
  async function record(to: string, n: number) {
    for (let i = 0; i < n; i++) {
      await server.db.execute(sql`
        insert into mail_outbox ("to", subject, text, kind, created_at, next_attempt_at)
        values (${to}, ${`Backlog ${i + 1}`}, 'body', 'test', now() - make_interval(secs => ${n - i}),
                now() - make_interval(secs => ${n - i}))`);
    }
  }
  const statuses = async (to: string) =>
    rows<{ subject: string; status: string; attempts: number }>(
      server.db,
      sql`select subject, status, attempts from mail_outbox where "to" = ${to} order by created_at`,
    );

  it('a round after SMTP returns sends every waiting mail at once, oldest first, each once', async () => {
    const to = 'backlog@example.com';
    await record(to, 5);
    // One at a time: claims go oldest first in any case, but with several in flight the server may
    // receive them in another order.
    const sender = createMailSender({ db: server.db, from: FROM, smtpUrl: smtp.url, concurrency: 1 });
    try {
      // SMTP is down: every mail fails once and waits out its retry delay (10 s at least).
      await smtp.stop();
      expect((await sender.runRound()).retried).toBe(5);
      expect((await statuses(to)).every((m) => m.status === 'pending' && m.attempts === 1)).toBe(true);
      // Still down: the next round sends nothing (and tries nothing: none is due).
      expect((await sender.runRound()).sent).toBe(0);

      await smtp.start('accept');
      const round = await sender.runRound();
      expect(round.sent).toBe(5);
      expect(smtp.to(to).map((m) => m.subject)).toEqual([1, 2, 3, 4, 5].map((i) => `Backlog ${i}`));
      expect((await statuses(to)).map((m) => m.status)).toEqual(Array(5).fill('sent'));
      // Nothing goes twice: another round, and another sender, find nothing to send.
      const other = createMailSender({ db: server.db, from: FROM, smtpUrl: smtp.url });
      expect((await other.runRound()).sent).toBe(0);
      other.close();
      expect(smtp.to(to)).toHaveLength(5);
    } finally {
      sender.close();
    }
  });

  it('a mail that another instance is sending right now is not made due twice', async () => {
    const to = 'in-flight@example.com';
    await record(to, 1);
    // Claimed by another instance a moment ago (lease running, error cleared by the claim).
    await server.db.execute(sql`
      update mail_outbox set attempts = 1, next_attempt_at = now() + interval '150 seconds', error = null
       where "to" = ${to}`);
    const sender = createMailSender({ db: server.db, from: FROM, smtpUrl: smtp.url });
    try {
      await smtp.stop();
      await record('trigger@example.com', 1);
      expect((await sender.runRound()).retried).toBe(1);
      await smtp.start('accept');
      await sender.runRound();
      expect(smtp.to('trigger@example.com')).toHaveLength(1);
      expect(smtp.to(to)).toHaveLength(0);
      expect((await statuses(to))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      sender.close();
    }
  });

  it('several mails are in flight at once, each on its own connection, each sent once (issue 34)', async () => {
    const to = 'many@example.com';
    await record(to, 8);
    smtp.dataDelayMs = 200;
    smtp.maxInFlight = 0;
    const sender = createMailSender({ db: server.db, from: FROM, smtpUrl: smtp.url });
    try {
      await smtp.start('accept');
      expect((await sender.runRound()).sent).toBe(8);
      expect(smtp.maxInFlight).toBeGreaterThan(1);
      expect(smtp.maxInFlight).toBeLessThanOrEqual(MAIL_CONCURRENCY);
      expect(
        smtp
          .to(to)
          .map((m) => m.subject)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `Backlog ${i}`).sort());
      expect((await statuses(to)).map((m) => m.status)).toEqual(Array(8).fill('sent'));
    } finally {
      smtp.dataDelayMs = 0;
      sender.close();
    }
  });
});
