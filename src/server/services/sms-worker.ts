/**
 * Sends the sms_outbox (issue 30), the way services/mail-worker.ts sends the mail outbox:
 *  1. one due row at a time is claimed with FOR UPDATE SKIP LOCKED and leased: attempts + 1, and
 *     next_attempt_at moved past the longest a send can take, so no other instance sends it meanwhile;
 *  2. it goes to the provider (services/sms.ts) with the row claimed, its id as the idempotency hint;
 *  3. accepted: 'sent' with the provider's id (only if still pending and still this attempt's). Refused or
 *     unreachable: the error is recorded and the row waits with exponential backoff (10 s doubling to
 *     10 min); after SMS_MAX_ATTEMPTS, or at once for a refusal no retry can change (4xx other than 429),
 *     it is 'failed'.
 *
 * Never twice, as near as an HTTP API allows: a row leaves 'pending' once. If the process dies after the
 * provider accepted a text but before the row was marked, the lease runs out and it is sent once more (with
 * the same idempotency hint). A failed mark while the process lives is retried from memory first.
 *
 * The worker wakes on LISTEN sms_outbox (NOTIFY from the recording transaction), whenever that connection
 * comes back (a PostgreSQL restart), and polls every few seconds; a failed round is logged and the next
 * one tries again (services/worker-loop.ts). Finished rows are deleted after the retention period.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { SMS_STATUSES, smsOutbox } from '../db/schema/index.ts';
import { stillPending } from '../db/still-pending.ts';
import {
  backoffMs,
  claimParams,
  createOutboxSender,
  errorText,
  leaseSet,
  msFromNow,
  nextDue,
  type OutboxRoundResult,
  type OutboxSender,
  type OutboxWorkerOptions,
  startOutboxWorker,
  thisAttempt,
} from './outbox-worker.ts';
import { SMS_CHANNEL, SMS_SEND_TIMEOUT_MS, type SmsProvider, SmsSendError } from './sms.ts';

export const SMS_RETRY = { baseMs: 10_000, maxMs: 10 * 60_000 } as const;
/** Attempts before a text is given up ('failed'): about an hour of trying with the backoff. */
export const SMS_MAX_ATTEMPTS = 12;
/** How long a claimed row stays reserved: longer than a send can take, so a live sender is not overtaken. */
export const SMS_LEASE_MS = SMS_SEND_TIMEOUT_MS + 30_000;
/** Sent and failed rows are deleted this long after they were recorded. */
export const SMS_RETENTION_DAYS = 30;

export function defaultSmsRetryDelayMs(attempt: number): number {
  return backoffMs(SMS_RETRY, attempt);
}

export interface SmsSenderOptions {
  db: Db;
  provider: SmsProvider;
  /** Delay before retry after failed attempt number `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  maxAttempts?: number;
  leaseMs?: number;
  retentionDays?: number;
}

export type SmsRoundResult = OutboxRoundResult;

type SmsRow = typeof smsOutbox.$inferSelect;

/**
 * Claims the next due text (other than those in `skip`), safe when several instances claim at once. With
 * `sent`, that text (one this sender just sent, and the provider's id for it) is marked 'sent' in the same
 * statement (issue 34; outbox-worker.ts).
 */
export async function claimNextSms(
  db: Db,
  opts: { leaseMs?: number; skip?: readonly string[]; sent?: { id: string; providerId: string | null } } = {},
): Promise<SmsRow | null> {
  const build = (d: Db, name: string, sent?: SQL) =>
    (sent ? d.with(d.$with('sent', { id: smsOutbox.id }).as(sent)) : d)
      .update(smsOutbox)
      .set(leaseSet(smsOutbox))
      .where(nextDue(smsOutbox, SMS_STATUSES))
      .returning()
      .prepare(name);
  const params = claimParams(opts.leaseMs ?? SMS_LEASE_MS, opts.skip);
  const [row] = opts.sent
    ? await prepared(db, 'claim_sms_after_sent', (d) =>
        build(
          d,
          'claim_sms_after_sent',
          markSmsSent(sql.placeholder('sentId'), sql.placeholder('providerId')),
        ),
      ).execute({ ...params, sentId: opts.sent.id, providerId: opts.sent.providerId })
    : await prepared(db, 'claim_sms', (d) => build(d, 'claim_sms')).execute(params);
  return row ?? null;
}

/** The 'sent' mark of text `id` with the provider's id (only while pending): alone, or before a claim. */
export function markSmsSent(id: unknown, providerId: unknown): SQL {
  return sql`update ${smsOutbox} set status = 'sent', provider_id = ${providerId}::text, sent_at = now(),
      error = null
    where id = ${id}::uuid and ${stillPending(smsOutbox.status, SMS_STATUSES)} returning id`;
}

export type SmsSender = OutboxSender<object>;

export function createSmsSender(opts: SmsSenderOptions): SmsSender {
  const { db, provider } = opts;
  const maxAttempts = opts.maxAttempts ?? SMS_MAX_ATTEMPTS;
  return createOutboxSender({
    db,
    table: smsOutbox,
    name: 'sms',
    retentionDays: opts.retentionDays ?? SMS_RETENTION_DAYS,
    retryDelayMs: opts.retryDelayMs ?? defaultSmsRetryDelayMs,
    claim: (skip, sent) =>
      claimNextSms(db, {
        leaseMs: opts.leaseMs,
        skip,
        sent: sent && { id: sent.id, providerId: sent.receipt },
      }),
    // The row's id goes as the idempotency hint, the same on every attempt.
    send: async (row: SmsRow) => (await provider.send({ to: row.to, body: row.body, id: row.id })).providerId,
    markSent: (id, providerId) => db.execute(markSmsSent(id, providerId)),
    recordFailure: async (row, err, delayMs) => {
      // A refusal no retry can change (4xx other than 429), or the last attempt: given up.
      const permanent = err instanceof SmsSendError && !err.retryable;
      const giveUp = permanent || row.attempts >= maxAttempts;
      await db
        .update(smsOutbox)
        .set({
          error: errorText(err),
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: msFromNow(delayMs),
        })
        .where(thisAttempt(smsOutbox, SMS_STATUSES, row));
      return giveUp;
    },
  });
}

export type SmsWorkerOptions = SmsSenderOptions & OutboxWorkerOptions;

/** Starts the worker; returns a function that stops it, waiting for the text being sent. */
export async function startSmsWorker(opts: SmsWorkerOptions): Promise<() => Promise<void>> {
  return startOutboxWorker(createSmsSender(opts), { ...opts, name: 'sms worker', channel: SMS_CHANNEL });
}
