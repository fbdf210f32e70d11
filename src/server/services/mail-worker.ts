/**
 * Sends the mail_outbox (ADR 011). `Mailer.send` only records a mail as 'pending'; this worker delivers it,
 * after commit, from any instance:
 *  1. pending rows whose link ran out (expires_at) become 'expired' and are never sent;
 *  2. one due row at a time is claimed with FOR UPDATE SKIP LOCKED and leased: attempts + 1, and
 *     next_attempt_at moved past the longest a send can take, so no other instance sends it meanwhile;
 *  3. it goes to nodemailer (SMTP with SMTP_URL, else the JSON transport, which delivers nothing) with the
 *     Message-ID chosen when it was recorded, the same on every attempt;
 *  4. accepted: 'sent' (only if still pending). Refused or unreachable: the error is recorded and the row
 *     waits with exponential backoff (10 s doubling to 10 min by default); after 24 hours of trying, or at
 *     once for a permanent refusal of the recipient or message (5xx at RCPT TO or DATA), it is 'failed'.
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
import { and, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Database, Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { markAttachments } from './email-mark.ts';
import { MAIL_CHANNEL, messageIdDomain } from './mail.ts';
import { startWorkerLoop } from './worker-loop.ts';

/** Retry schedule: base delay doubling per attempt up to max; given up after giveUpAfterMs from recording. */
export const MAIL_RETRY = { baseMs: 10_000, maxMs: 10 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 } as const;
/** The longest one send may take (connection, greeting and data together); it is aborted after this. */
export const MAIL_SEND_TIMEOUT_MS = 2 * 60_000;
/**
 * How long a claimed row stays reserved: longer than a send can take (it is aborted at
 * MAIL_SEND_TIMEOUT_MS), so a live sender is never overtaken, and no longer, since a row claimed by a
 * process that died waits this long for another try.
 */
export const MAIL_LEASE_MS = MAIL_SEND_TIMEOUT_MS + 30_000;
/** Sent, failed and expired rows are deleted this long after they were recorded. */
export const MAIL_RETENTION_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60_000;

/** SMTP timeouts, so a server that hangs cannot hold the worker. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
  dnsTimeout: 10_000,
} as const;

export function defaultMailRetryDelayMs(attempt: number): number {
  return Math.min(MAIL_RETRY.baseMs * 2 ** Math.max(0, attempt - 1), MAIL_RETRY.maxMs);
}

/** SMTP when a URL is given, else nodemailer's JSON transport (builds the message, delivers nothing). */
export function createMailTransport(smtpUrl?: string): Transporter {
  return smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
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
  leaseMs?: number;
  sendTimeoutMs?: number;
  retentionDays?: number;
}

export interface MailRoundResult {
  sent: number;
  retried: number;
  failed: number;
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
 * Message-ID gets one here, kept for good.
 */
export async function claimNextMail(
  db: Db,
  opts: { leaseMs?: number; from: string; skip?: readonly string[] },
): Promise<OutboxRow | null> {
  const leaseSeconds = (opts.leaseMs ?? MAIL_LEASE_MS) / 1000;
  const domain = messageIdDomain(opts.from);
  const skip = opts.skip?.length
    ? sql`and id not in (${sql.join(
        opts.skip.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      messageId: sql`coalesce(${mailOutbox.messageId}, '<' || gen_random_uuid() || '@' || ${domain} || '>')`,
    })
    // A scalar subquery (`=`), evaluated once: with `in (...)` the planner may rescan it as a semi-join,
    // and each rescan skips the row this statement just locked, so one claim could take several rows.
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        eq(
          mailOutbox.id,
          sql`(select id from mail_outbox
                where status = 'pending' and next_attempt_at <= now()
                  and (expires_at is null or expires_at > now())
                  ${skip}
                order by next_attempt_at
                limit 1
                for update skip locked)`,
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** A refusal that no retry can change: the server rejected this recipient or this message for good. */
function isPermanent(err: unknown): boolean {
  const e = err as { permanent?: unknown; command?: unknown };
  return e?.permanent === true && (e.command === 'RCPT TO' || e.command === 'DATA');
}

function errorText(err: unknown) {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
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
  const transport = createMailTransport(opts.smtpUrl);
  const retryDelayMs = opts.retryDelayMs ?? defaultMailRetryDelayMs;
  const giveUpAfterMs = opts.giveUpAfterMs ?? MAIL_RETRY.giveUpAfterMs;
  const retentionDays = opts.retentionDays ?? MAIL_RETENTION_DAYS;
  /** Rows the SMTP server accepted whose 'sent' mark failed (the database was away): marked first next round. */
  const unmarked = new Set<string>();
  let lastPrunedAt = 0;
  let stopping = false;

  const markSent = (id: string) =>
    db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, error: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));

  async function flushUnmarked() {
    for (const id of [...unmarked]) {
      await markSent(id);
      unmarked.delete(id);
    }
  }

  async function prune() {
    if (Date.now() - lastPrunedAt < PRUNE_EVERY_MS) return;
    await db.execute(sql`
      delete from mail_outbox
       where status <> 'pending' and created_at < now() - make_interval(days => ${retentionDays})`);
    lastPrunedAt = Date.now();
  }

  async function deliver(row: OutboxRow): Promise<keyof MailRoundResult> {
    const message: SendMailOptions & { signal?: AbortSignal } = {
      from: opts.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      replyTo: row.replyTo ?? undefined,
      messageId: row.messageId ?? undefined,
      attachments: [...row.attachments.map((a) => ({ ...a })), ...markAttachments(row.html)],
      signal: AbortSignal.timeout(opts.sendTimeoutMs ?? MAIL_SEND_TIMEOUT_MS),
    };
    try {
      await transport.sendMail(message);
    } catch (err) {
      const permanent = isPermanent(err);
      const delayMs = retryDelayMs(row.attempts);
      const giveUpAfterSeconds = giveUpAfterMs / 1000;
      const [marked] = await db
        .update(mailOutbox)
        .set({
          error: errorText(err),
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          status: sql`case when ${sql.raw(permanent ? 'true' : 'false')}
                or now() + make_interval(secs => ${delayMs / 1000})
                   > ${mailOutbox.createdAt} + make_interval(secs => ${giveUpAfterSeconds})
              then 'failed' else 'pending' end`,
        })
        // Only while this attempt's lease is ours: a later claim's state is not overwritten.
        .where(
          and(
            eq(mailOutbox.id, row.id),
            eq(mailOutbox.status, 'pending'),
            eq(mailOutbox.attempts, row.attempts),
          ),
        )
        .returning({ status: mailOutbox.status });
      const failed = marked?.status === 'failed';
      console.error(
        `mail ${row.id} (${row.kind}) attempt ${row.attempts} failed: ${errorText(err)}${
          failed ? '; given up' : `; retry in ${delayMs / 1000} s`
        }`,
      );
      return failed ? 'failed' : 'retried';
    }
    try {
      await markSent(row.id);
    } catch (err) {
      // Sent but not recorded: remember it, so this process does not send it again once the lease ends.
      unmarked.add(row.id);
      throw err;
    }
    return 'sent';
  }

  return {
    async runRound() {
      const result: MailRoundResult = { sent: 0, retried: 0, failed: 0, expired: 0 };
      await flushUnmarked();
      result.expired = await expireMail(db);
      await prune();
      // Each mail is tried at most once per round, however short its retry delay.
      const tried: string[] = [];
      while (tried.length < 200 && !stopping) {
        const row = await claimNextMail(db, { leaseMs: opts.leaseMs, from: opts.from, skip: tried });
        if (!row) break;
        tried.push(row.id);
        result[await deliver(row)] += 1;
      }
      return result;
    },
    stop() {
      stopping = true;
    },
    close() {
      transport.close();
    },
  };
}

export interface MailWorkerOptions extends MailSenderOptions {
  /** To be woken when a mail is recorded (LISTEN mail_outbox). */
  database?: Pick<Database, 'listen'>;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
}

/**
 * Starts the worker: a round at once, on every NOTIFY and every `intervalMs`. Returns a function that stops
 * it, waiting for the message being sent.
 */
export async function startMailWorker(opts: MailWorkerOptions): Promise<() => Promise<void>> {
  const sender = createMailSender(opts);
  const stopLoop = await startWorkerLoop({
    round: () => sender.runRound(),
    name: 'mail worker',
    database: opts.database,
    channel: MAIL_CHANNEL,
    intervalMs: opts.intervalMs,
  });
  return async () => {
    sender.stop();
    await stopLoop();
    sender.close();
  };
}
