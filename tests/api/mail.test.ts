/**
 * The mail outbox and its worker against a real SMTP server: recording only, sending with the stored
 * Message-ID and attachments, retries while SMTP is down, the crash window after a claim, expiry, permanent
 * refusals, giving up, two senders at once, database errors, and retention.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { createMailer, type Mailer, type MailMessage } from '../../src/server/services/mail.ts';
import {
  claimNextMail,
  createMailSender,
  createMailTransport,
  type MailSenderOptions,
  startMailWorker,
} from '../../src/server/services/mail-worker.ts';
import {
  databaseKinds,
  listening,
  readMailbox,
  rows,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import { freePort, TestSmtp, waitFor } from './smtp.ts';

const FROM = 'ShuttleQuote <no-reply@mail.shuttle.test>';

interface OutboxRow {
  status: string;
  attempts: number;
  message_id: string | null;
  error: string | null;
  sent_at: Date | null;
}

describe.each(databaseKinds())('mail outbox and worker (%s)', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let mailer: Mailer;

  const sender = (over: Partial<MailSenderOptions> = {}) =>
    createMailSender({ db: server.db, from: FROM, smtpUrl: smtp.url, ...over });
  const outboxRow = async (id: string) =>
    (
      await rows<OutboxRow>(
        server.db,
        sql`select status, attempts, message_id, error, sent_at from mail_outbox where id = ${id}`,
      )
    )[0]!;
  const message = (to: string, over: Partial<MailMessage> = {}): MailMessage => ({
    to,
    subject: 'Your booking',
    text: 'See you soon.',
    kind: 'notification',
    ...over,
  });

  beforeAll(async () => {
    server = await startServer(kind);
    smtp = new TestSmtp(await freePort());
    mailer = createMailer(server.db, { from: FROM });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    // Each test starts with the SMTP server up and nothing left due from an earlier one.
    await smtp.start('accept');
    await server.db.execute(sql`update mail_outbox set status = 'failed' where status = 'pending'`);
  });

  it('send() only records: pending, a Message-ID of the From domain, attachments with content, a wake-up', async () => {
    const mailWorker = await listening(server, 'mail_outbox');
    const to = uniqueEmail('record');
    try {
      const { id, messageId } = await mailer.send(
        message(to, {
          attachments: [
            {
              filename: 'booking-1.ics',
              content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
              contentType: 'text/calendar',
            },
          ],
        }),
      );
      expect(messageId).toMatch(/^<[0-9a-f-]{36}@mail\.shuttle\.test>$/);
      const [row] = await rows<OutboxRow & { attachments: unknown }>(
        server.db,
        sql`select status, attempts, message_id, sent_at, attachments from mail_outbox where id = ${id}`,
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 0, message_id: messageId, sent_at: null });
      expect(row!.attachments).toEqual([
        {
          filename: 'booking-1.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
          contentType: 'text/calendar',
        },
      ]);
      expect(smtp.to(to)).toHaveLength(0);
      await waitFor('the NOTIFY that wakes the worker', () => mailWorker.heard().length > 0);

      // The development mailbox shows it, with its status.
      const [shown] = await readMailbox(server.baseUrl, to);
      expect(shown).toMatchObject({ status: 'pending', messageId, attempts: 0 });
    } finally {
      await mailWorker.unlisten();
    }
  });

  it('a mail recorded in a transaction that rolls back does not exist', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      server.db.transaction(async (tx) => {
        await mailer.send(message(to), { tx: tx as Db });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await readMailbox(server.baseUrl, to)).toHaveLength(0);
  });

  it('the worker sends it over SMTP with the stored Message-ID, From and attachment, and marks it sent', async () => {
    const to = uniqueEmail('send');
    const { id, messageId } = await mailer.send(
      message(to, {
        html: '<p>See you soon.</p>',
        replyTo: 'help@shuttle.test',
        attachments: [{ filename: 'booking-7.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }],
      }),
    );
    const result = await sender().runRound();
    expect(result).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    const [got] = smtp.to(to);
    expect(smtp.to(to)).toHaveLength(1);
    expect(got!.messageId).toBe(messageId);
    expect(got!.headers.get('from')).toContain('no-reply@mail.shuttle.test');
    expect(got!.headers.get('reply-to')).toContain('help@shuttle.test');
    expect(got!.text).toContain('See you soon.');
    expect(got!.raw).toContain('booking-7.ics');
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect((await outboxRow(id)).sent_at).not.toBeNull();

    // Sent is final: another round sends nothing.
    expect((await sender().runRound()).sent).toBe(0);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('a row written without a Message-ID gets one when first claimed, and is sent with it', async () => {
    const to = uniqueEmail('no-id');
    const [inserted] = await rows<{ id: string }>(
      server.db,
      sql`insert into mail_outbox ("to", subject, text, kind) values (${to}, 'Old row', 'Hello.', 'notification')
          returning id`,
    );
    expect((await sender().runRound()).sent).toBe(1);
    const row = await outboxRow(inserted!.id);
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@mail\.shuttle\.test>$/);
    expect(smtp.to(to).map((m) => m.messageId)).toEqual([row.message_id]);
  });

  it('keeps a mail while SMTP is down and sends it once when SMTP is back', async () => {
    await smtp.stop();
    const to = uniqueEmail('down');
    const { id, messageId } = await mailer.send(message(to));
    const fast = sender({ retryDelayMs: () => 0 });
    expect(await fast.runRound()).toMatchObject({ sent: 0, retried: 1 });
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);

    // With the default backoff the next attempt waits (10 s after the first failure): nothing is due yet.
    await smtp.start('accept');
    const patient = sender();
    await server.db.execute(
      sql`update mail_outbox set next_attempt_at = now() + interval '10 seconds' where id = ${id}`,
    );
    expect(await patient.runRound()).toMatchObject({ sent: 0, retried: 0 });
    expect(smtp.to(to)).toHaveLength(0);

    // Due again: sent, once, with the Message-ID chosen when it was recorded.
    await server.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
    expect((await patient.runRound()).sent).toBe(1);
    expect((await patient.runRound()).sent).toBe(0);
    expect(smtp.to(to).map((m) => m.messageId)).toEqual([messageId]);
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('a sender that died after the SMTP server took the mail: sent once more after the lease, same Message-ID', async () => {
    const to = uniqueEmail('crash');
    const { id, messageId } = await mailer.send(message(to));
    // The first sender claims the row and hands the mail to the SMTP server, then dies before marking it.
    const claimed = await claimNextMail(server.db, { from: FROM });
    expect(claimed?.id).toBe(id);
    expect(claimed!.messageId).toBe(messageId);
    const dying = createMailTransport(smtp.url);
    await dying.sendMail({
      from: FROM,
      to: claimed!.to,
      subject: claimed!.subject,
      text: claimed!.text,
      messageId: claimed!.messageId!,
    });
    dying.close();
    expect(smtp.to(to)).toHaveLength(1);

    // While the lease holds, no other sender touches it.
    const other = sender();
    expect((await other.runRound()).sent).toBe(0);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 });

    // The lease runs out (moved into the past here instead of waiting five minutes): sent once more.
    await server.db.execute(
      sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await other.runRound()).sent).toBe(1);
    expect(smtp.to(to).map((m) => m.messageId)).toEqual([messageId, messageId]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // And never again.
    expect((await other.runRound()).sent).toBe(0);
    expect(await sender().runRound()).toMatchObject({ sent: 0 });
    expect(smtp.to(to)).toHaveLength(2);
  });

  it('a link mail whose link ran out while SMTP was down is not sent: expired', async () => {
    await smtp.stop();
    const to = uniqueEmail('expire');
    const { id } = await mailer.send(
      message(to, { kind: 'magic-link', expiresAt: new Date(Date.now() + 15 * 60_000) }),
    );
    expect((await sender({ retryDelayMs: () => 0 }).runRound()).retried).toBe(1);
    // Fifteen minutes pass.
    await server.db.execute(
      sql`update mail_outbox set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    await smtp.start('accept');
    expect(await sender().runRound()).toMatchObject({ sent: 0, expired: 1 });
    expect(smtp.to(to)).toHaveLength(0);
    expect(await outboxRow(id)).toMatchObject({ status: 'expired' });
    expect((await readMailbox(server.baseUrl, to))[0]?.status).toBe('expired');
  });

  it('a recipient the server refuses for good (550) is failed at once; a temporary refusal (421) is retried', async () => {
    const refused = uniqueEmail('refused');
    await smtp.start('reject-recipients');
    const { id } = await mailer.send(message(refused));
    expect(await sender().runRound()).toMatchObject({ failed: 1, sent: 0 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toContain('550');

    await smtp.start('refuse');
    const later = uniqueEmail('later');
    const second = await mailer.send(message(later));
    expect(await sender().runRound()).toMatchObject({ retried: 1, failed: 0 });
    expect(await outboxRow(second.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outboxRow(second.id)).error).toContain('421');
  });

  it('gives up when the next retry would fall past the time limit', async () => {
    await smtp.stop();
    const to = uniqueEmail('giveup');
    const { id } = await mailer.send(message(to));
    // A limit of one minute, and a retry due in two: this attempt is the last.
    const result = await sender({ giveUpAfterMs: 60_000, retryDelayMs: () => 120_000 }).runRound();
    expect(result).toMatchObject({ failed: 1, retried: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('one round sends every due mail, each once', async () => {
    const to = [uniqueEmail('batch'), uniqueEmail('batch'), uniqueEmail('batch')];
    const ids = [];
    for (const address of to) ids.push((await mailer.send(message(address))).id);
    expect((await sender().runRound()).sent).toBe(3);
    for (const address of to) expect(smtp.to(address)).toHaveLength(1);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('two senders at once (two instances): the mail is sent once', async () => {
    const to = uniqueEmail('race');
    await mailer.send(message(to));
    const [a, b] = await Promise.all([sender().runRound(), sender().runRound()]);
    expect(a.sent + b.sent).toBe(1);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('the running worker survives database errors and delivers once the table is back', async () => {
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    await server.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    let stop: (() => Promise<void>) | undefined;
    try {
      stop = await startMailWorker({
        db: server.db,
        database: server.database,
        from: FROM,
        smtpUrl: smtp.url,
        intervalMs: 50,
      });
      await waitFor('a failed round', () => errors.length > 0);
    } finally {
      await server.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
      console.error = originalError;
    }
    try {
      const to = uniqueEmail('survivor');
      const { messageId } = await mailer.send(message(to));
      const [got] = await waitFor('the mail to arrive', () => smtp.to(to).length > 0 && smtp.to(to));
      expect(got!.messageId).toBe(messageId);
    } finally {
      await stop?.();
    }
  });

  it('deletes finished mail after the retention period and keeps pending mail', async () => {
    const old = uniqueEmail('old');
    const waiting = uniqueEmail('waiting');
    const { id: oldId } = await mailer.send(message(old));
    const { id: waitingId } = await mailer.send(message(waiting));
    await server.db.execute(
      sql`update mail_outbox set status = 'sent', created_at = now() - interval '31 days' where id = ${oldId}`,
    );
    await server.db.execute(
      sql`update mail_outbox set created_at = now() - interval '31 days', next_attempt_at = now() + interval '1 hour'
          where id = ${waitingId}`,
    );
    await sender().runRound();
    expect(await rows(server.db, sql`select 1 from mail_outbox where id = ${oldId}`)).toHaveLength(0);
    expect(await outboxRow(waitingId)).toMatchObject({ status: 'pending' });
  });
});
