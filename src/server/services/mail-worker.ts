/**
 * Sends the mail_outbox (ADR 011). `Mailer.send` only records a mail as 'pending'; this worker delivers it,
 * after commit, from any instance:
 *  1. pending rows whose link ran out (expires_at) become 'expired' and are never sent;
 *  2. one due row at a time is claimed (per lane: MAIL_CONCURRENCY lanes claim and send side by side) with FOR UPDATE SKIP LOCKED and leased: attempts + 1, and
 *     next_attempt_at moved past the longest a send can take, so no other instance sends it meanwhile;
 *  3. it is composed at once (mime-message.ts) and goes to nodemailer (SMTP with SMTP_URL, else the JSON
 *     transport, which delivers nothing) with the Message-ID chosen when it was recorded, the same on every
 *     attempt;
 *  4. accepted: 'sent' (only if still pending). Refused or unreachable: the error is recorded and the row
 *     waits with exponential backoff (10 s doubling to 10 min by default); after 24 hours of trying, or at
 *     once for a permanent refusal of the recipient or message (5xx at RCPT TO or DATA), it is 'failed'.
 *  5. after failures, the first mail accepted, or an SMTP greeting at the start of a round (transport.verify),
 *     makes every waiting row due at once, oldest first (issue 33: a backlog waited up to 10 minutes).
 *
 * Exactly once, as near as SMTP allows: a row leaves 'pending' once. If the process dies after the SMTP
 * server accepted a mail but before the row was marked, the lease runs out and the mail is sent once more,
 * with the same Message-ID, which receivers use to drop the duplicate. A failed mark while the process
 * lives is retried from memory before anything else is claimed, so that case needs a crash.
 *
 * The worker wakes on LISTEN mail_outbox (NOTIFY from the recording transaction) and polls every few
 * seconds besides (a lost NOTIFY, a retry coming due). Database errors are logged and the next poll tries
 * again; it never throws out of its timer. Finished rows are deleted after the retention period.
 */
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { MAIL_STATUSES, mailOutbox } from '../db/schema/index.ts';
import { stillPending } from '../db/still-pending.ts';
import { markAttachments } from './email-mark.ts';
import { MAIL_CHANNEL, messageIdDomain } from './mail.ts';
import { composeMessage } from './mime-message.ts';
import {
  backoffMs,
  claimParams,
  createOutboxSender,
  errorText,
  leaseSet,
  msFromNow,
  nextDue,
  type OutboxRoundResult,
  type OutboxWorkerOptions,
  releaseBacklog,
  startOutboxWorker,
  thisAttempt,
} from './outbox-worker.ts';

/** Retry schedule: base delay doubling per attempt up to max; given up after giveUpAfterMs from recording. */
export const MAIL_RETRY = { baseMs: 10_000, maxMs: 10 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 } as const;
/** The longest one send may take (connection, greeting and data together); it is aborted after this. */
export const MAIL_SEND_TIMEOUT_MS = 2 * 60_000;
/**
 * How long a claimed row stays reserved: longer than a send can take (it is aborted at
 * MAIL_SEND_TIMEOUT_MS), so a live sender is never overtaken, and no longer, since a row claimed by a
 * process that died waits this long for another try.
 */
export const mailLeaseMs = (sendTimeoutMs: number) => sendTimeoutMs + 30_000;
export const MAIL_LEASE_MS = mailLeaseMs(MAIL_SEND_TIMEOUT_MS);
/** Sent, failed and expired rows are deleted this long after they were recorded. */
export const MAIL_RETENTION_DAYS = 30;

/** SMTP timeouts, so a server that hangs cannot hold the worker. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
  dnsTimeout: 10_000,
} as const;

export function defaultMailRetryDelayMs(attempt: number): number {
  return backoffMs(MAIL_RETRY, attempt);
}

/**
 * Mails in flight at once, each on an SMTP connection of its own (issue 34: one at a time sent about 9 a
 * second, and the e-mails of 10 s of accepts at 200 a second took five and a half minutes).
 */
export const MAIL_CONCURRENCY = 4;

/**
 * SMTP when a URL is given, else nodemailer's JSON transport (builds the message, delivers nothing).
 *
 * SMTP connections are kept: nodemailer's pool, one connection per lane (`connections`), each sending mail
 * after mail (issue 34: a connection, greeting and EHLO per mail were most of the mail's cost, and the mail
 * drained at about 30 a second). The outbox's retries and backlog release (ADR 011, issue 33) need each
 * attempt to fail or succeed on its own, so the pool never queues a message for a later connection
 * (`maxRequeues: 0`: a connection lost while sending fails that attempt) and holds at most one message per
 * connection (each lane sends one at a time). An idle connection ends at the socket timeout.
 */
export function createMailTransport(smtpUrl?: string, connections = 1): Transporter {
  return smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        ...SMTP_TIMEOUTS,
        pool: true,
        maxConnections: connections,
        maxRequeues: 0,
      })
    : nodemailer.createTransport({ jsonTransport: true });
}

export interface MailSenderOptions {
  db: Db;
  /** The From header (`mailFrom(env)`); its domain also names Message-IDs of rows recorded without one. */
  from: string;
  /** SMTP URL; without it the JSON transport is used. */
  smtpUrl?: string;
  /** Delay before retry after failed attempt number `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** A mail still unsent this long after it was recorded is 'failed'. */
  giveUpAfterMs?: number;
  /** How long a claimed row stays reserved; default `mailLeaseMs(sendTimeoutMs)`. */
  leaseMs?: number;
  /** The longest one send may take (MAIL_SEND_TIMEOUT_MS in the environment). */
  sendTimeoutMs?: number;
  retentionDays?: number;
  /** Mails in flight at once (default MAIL_CONCURRENCY). */
  concurrency?: number;
}

export interface MailRoundResult extends OutboxRoundResult {
  expired: number;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Marks pending rows whose link ran out as 'expired'. */
export async function expireMail(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'expired',
      error: sql`coalesce(${mailOutbox.error}, 'its link expired before it was sent')`,
    })
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.expiresAt, sql`now()`)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Claims the next due mail (other than those in `skip`), safe when several instances claim at once:
 * attempts + 1 and a lease (the row is not due again until `leaseMs` from now). A row recorded without a
 * Message-ID gets one here, kept for good. With `sentId`, that row (one this sender just sent) is marked
 * 'sent' in the same statement (issue 34: a statement per mail saved; outbox-worker.ts).
 */
export async function claimNextMail(
  db: Db,
  opts: { leaseMs?: number; from: string; skip?: readonly string[]; sentId?: string },
): Promise<OutboxRow | null> {
  const build = (d: Db, name: string, sent?: SQL) =>
    (sent ? d.with(d.$with('sent', { id: mailOutbox.id }).as(sent)) : d)
      .update(mailOutbox)
      .set({
        ...leaseSet(mailOutbox),
        messageId: sql`coalesce(${mailOutbox.messageId}, '<' || gen_random_uuid() || '@' || ${sql.placeholder('domain')}::text || '>')`,
      })
      .where(nextDue(mailOutbox, MAIL_STATUSES, sql`and (expires_at is null or expires_at > now())`))
      .returning()
      .prepare(name);
  const params = {
    ...claimParams(opts.leaseMs ?? MAIL_LEASE_MS, opts.skip),
    domain: messageIdDomain(opts.from),
  };
  const [row] = opts.sentId
    ? await prepared(db, 'claim_mail_after_sent', (d) =>
        build(d, 'claim_mail_after_sent', markMailSent(sql.placeholder('sentId'))),
      ).execute({ ...params, sentId: opts.sentId })
    : await prepared(db, 'claim_mail', (d) => build(d, 'claim_mail')).execute(params);
  return row ?? null;
}

/** The 'sent' mark of mail `id` (only while pending), as SQL: on its own, or before the next claim. */
export function markMailSent(id: unknown): SQL {
  return sql`update ${mailOutbox} set status = 'sent', sent_at = now(), error = null
    where id = ${id}::uuid and ${stillPending(mailOutbox.status, MAIL_STATUSES)} returning id`;
}

/** The message an outbox row holds, as nodemailer's options: its parts, the mark the HTML shows. */
export function mailOptions(
  row: Pick<OutboxRow, 'to' | 'subject' | 'text' | 'html' | 'replyTo' | 'messageId' | 'attachments'>,
  from: string,
): SendMailOptions {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    replyTo: row.replyTo ?? undefined,
    messageId: row.messageId ?? undefined,
    attachments: [...row.attachments.map((a) => ({ ...a })), ...markAttachments(row.html)],
  };
}

/** A refusal that no retry can change: the server rejected this recipient or this message for good. */
function isPermanent(err: unknown): boolean {
  const e = err as { permanent?: unknown; command?: unknown };
  return e?.permanent === true && (e.command === 'RCPT TO' || e.command === 'DATA');
}

export interface MailSender {
  /** Expires, then claims and sends due mail until none is left (or stop() was called). */
  runRound(): Promise<MailRoundResult>;
  /** Makes a round in progress end after the message being sent. */
  stop(): void;
  /** Closes the SMTP transport. */
  close(): void;
}

export function createMailSender(opts: MailSenderOptions): MailSender {
  const { db } = opts;
  const concurrency = opts.concurrency ?? MAIL_CONCURRENCY;
  const transport = createMailTransport(opts.smtpUrl, concurrency);
  const giveUpAfterSeconds = (opts.giveUpAfterMs ?? MAIL_RETRY.giveUpAfterMs) / 1000;
  const sender = createOutboxSender({
    db,
    table: mailOutbox,
    name: 'mail',
    concurrency,
    retentionDays: opts.retentionDays ?? MAIL_RETENTION_DAYS,
    retryDelayMs: opts.retryDelayMs ?? defaultMailRetryDelayMs,
    upkeep: async () => ({ expired: await expireMail(db) }),
    // Without SMTP (the JSON transport) there is nothing to ask.
    probe: opts.smtpUrl ? async () => void (await transport.verify()) : undefined,
    backlogDue: () => releaseBacklog(db, mailOutbox),
    claim: (skip, sent) =>
      claimNextMail(db, {
        leaseMs: opts.leaseMs ?? mailLeaseMs(opts.sendTimeoutMs ?? MAIL_SEND_TIMEOUT_MS),
        from: opts.from,
        skip,
        sentId: sent?.id,
      }),
    send: async (row: OutboxRow) => {
      // Composed here at once and sent as it is (services/mime-message.ts: nodemailer's own message,
      // without a stream per part); the transport adds only the SMTP conversation.
      const { raw, envelope } = composeMessage(mailOptions(row, opts.from));
      const message: SendMailOptions & { signal?: AbortSignal } = {
        raw,
        envelope,
        messageId: row.messageId ?? undefined,
        signal: AbortSignal.timeout(opts.sendTimeoutMs ?? MAIL_SEND_TIMEOUT_MS),
      };
      await transport.sendMail(message);
    },
    markSent: (id) => db.execute(markMailSent(id)),
    recordFailure: async (row, err, delayMs) => {
      // Given up at once for a permanent refusal, else when the next try would fall past the give-up time.
      const [marked] = await db
        .update(mailOutbox)
        .set({
          error: errorText(err),
          nextAttemptAt: msFromNow(delayMs),
          status: sql`case when ${sql.raw(isPermanent(err) ? 'true' : 'false')}
                or ${msFromNow(delayMs)}
                   > ${mailOutbox.createdAt} + make_interval(secs => ${giveUpAfterSeconds})
              then 'failed' else 'pending' end`,
        })
        .where(thisAttempt(mailOutbox, MAIL_STATUSES, row))
        .returning({ status: mailOutbox.status });
      return marked?.status === 'failed';
    },
  });
  return { ...sender, close: () => transport.close() };
}

export type MailWorkerOptions = MailSenderOptions & OutboxWorkerOptions;

/**
 * Starts the worker: a round at once, on every NOTIFY and every `intervalMs`. Returns a function that stops
 * it, waiting for the message being sent.
 */
export async function startMailWorker(opts: MailWorkerOptions): Promise<() => Promise<void>> {
  return startOutboxWorker(createMailSender(opts), { ...opts, name: 'mail worker', channel: MAIL_CHANNEL });
}
