/**
 * E-mail goes through the durable outbox (ADR 003, ADR 011). `Mailer.send` only records the message in
 * mail_outbox as 'pending', with the Message-ID it will carry on every attempt, and wakes the mail worker
 * (services/mail-worker.ts) with a NOTIFY that Postgres delivers after commit. Pass `tx` to record the mail
 * in the transaction of the change that causes it: a committed change then always has its e-mail, and a
 * rolled-back one none. Nothing here talks to SMTP.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, type StoredAttachment } from '../db/schema/index.ts';
import type { Env } from '../env.ts';

/** The NOTIFY channel that wakes the mail worker when a mail is recorded. */
export const MAIL_CHANNEL = 'mail_outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: verify-email, reset-password, magic-link, contact, issue, driver-support, ... */
  kind: string;
  replyTo?: string;
  meta?: Record<string, unknown>;
  /** Such as a booking's .ics invitation. Stored with their content, so every attempt sends the same message. */
  attachments?: StoredAttachment[];
  /** A mail whose link stops working at this time is not sent after it (it becomes 'expired'). */
  expiresAt?: Date;
}

export interface SendOptions {
  /** Record the mail in this transaction (the change that causes it). */
  tx?: Db;
}

export interface Mailer {
  /** Records the mail for sending; resolves once it is recorded (or committed with `tx`). */
  send(message: MailMessage, opts?: SendOptions): Promise<{ id: string; messageId: string }>;
}

/** The From header of every mail: MAIL_FROM, else "Brand <support address>". */
export function mailFrom(env: Pick<Env, 'MAIL_FROM' | 'BRAND_NAME' | 'SUPPORT_EMAIL'>): string {
  return env.MAIL_FROM ?? `${env.BRAND_NAME} <${env.SUPPORT_EMAIL}>`;
}

/** The domain of a From header ("Name <a@b.example>" or "a@b.example"), for Message-IDs. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@').pop()?.trim().toLowerCase() ?? '';
  return /^[a-z0-9.-]+$/.test(domain) && domain.includes('.') ? domain : 'localhost';
}

/** A new, globally unique Message-ID (`<uuid@domain>`). */
export function newMessageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

/** The mail_outbox row of a message, as it is inserted (its Message-ID chosen now: ADR 011). */
export type MailOutboxRow = typeof mailOutbox.$inferInsert & { messageId: string };

/**
 * The outbox row of `message`, with a new Message-ID on `domain`: what Mailer.send inserts, and what the
 * delivery worker inserts for a batch in one statement with its 'sent' marks (modules/delivery/record-sent.ts).
 */
export function mailOutboxRow(message: MailMessage, domain: string): MailOutboxRow {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    kind: message.kind,
    replyTo: message.replyTo ?? null,
    meta: message.meta ?? {},
    messageId: newMessageId(domain),
    status: 'pending',
    expiresAt: message.expiresAt ?? null,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      ...(a.contentType ? { contentType: a.contentType } : {}),
    })),
  };
}

export function createMailer(db: Db, opts: { from: string }): Mailer {
  const domain = messageIdDomain(opts.from);
  return {
    async send(message, sendOpts = {}) {
      const row = mailOutboxRow(message, domain);
      const record = async (tx: Db) => {
        const [inserted] = await tx.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
        return inserted!.id;
      };
      const wake = (tx: Db) => tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
      if (sendOpts.tx) {
        const id = await record(sendOpts.tx);
        // Delivered after commit, nothing if the transaction rolls back.
        await wake(sendOpts.tx);
        return { id, messageId: row.messageId };
      }
      const id = await record(db);
      // The mail is recorded; a lost wake-up only delays it until the worker's next poll.
      await wake(db).catch((err: unknown) => console.error('mail outbox NOTIFY failed', err));
      return { id, messageId: row.messageId };
    },
  };
}

/** The outbox, newest first (the development mailbox). */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}) {
  const q = db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(opts.limit ?? 100);
  return opts.to ? q.where(eq(sql`lower(${mailOutbox.to})`, opts.to.toLowerCase())) : q;
}
