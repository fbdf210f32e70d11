// What the mail and SMS outbox workers share: backoff, the leased claim of one due row, the rounds and the loop.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client.ts';
import { stillPending } from '../db/still-pending.ts';
import { type RoundOutcome, startWorkerLoop } from './worker-loop.ts';

/** The columns every outbox table has (mail_outbox, sms_outbox). */
export type OutboxTable = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
};

/** What the sender reads of a claimed row. */
interface OutboxRow {
  id: string;
  kind: string;
  attempts: number;
}

/** Exponential backoff: `baseMs` after the first failed attempt, doubling per attempt up to `maxMs`. */
export function backoffMs(retry: { baseMs: number; maxMs: number }, attempt: number): number {
  return Math.min(retry.baseMs * 2 ** Math.max(0, attempt - 1), retry.maxMs);
}

/** `now()` plus `ms`, in SQL. */
export function msFromNow(ms: number): SQL {
  return sql`now() + make_interval(secs => ${ms / 1000})`;
}

/**
 * The claim's SET: one more attempt, and the row not due again until the lease runs out. The claims are
 * prepared statements (db/prepared.ts; issue 34: drizzle took about 0.5 ms to build one, two of them per
 * e-mail and per text), so the lease and the rows to skip are placeholders: `leaseSeconds` here, `skip`
 * (an array of ids, empty for none) in nextDue.
 */
export function leaseSet(table: OutboxTable) {
  // The previous attempt's error goes while this one is in flight (its outcome writes the next): a row with
  // an error is one waiting out a retry delay, which releaseBacklog may make due at once.
  return {
    attempts: sql`${table.attempts} + 1`,
    nextAttemptAt: sql`now() + make_interval(secs => ${sql.placeholder('leaseSeconds')}::double precision)`,
    error: null,
  };
}

/** What a prepared claim is run with: the lease's length and the rows not to take. */
export function claimParams(leaseMs: number, skip: readonly string[] = []) {
  return { leaseSeconds: leaseMs / 1000, skip: [...skip] };
}

/**
 * The claim's WHERE: the row is the next due one (other than those in `skip`, and meeting `also`), locked
 * with FOR UPDATE SKIP LOCKED so several instances can claim at once. A scalar subquery (`=`), evaluated
 * once: with `in (...)` the planner may rescan it as a semi-join, and each rescan skips the row this
 * statement just locked, so one claim could take several rows. The row it finds is updated by its key
 * (`stillPending`: `statuses` are the table's own).
 */
export function nextDue(table: OutboxTable, statuses: readonly string[], also: SQL = sql``): SQL | undefined {
  return and(
    stillPending(table.status, statuses),
    eq(
      table.id,
      sql`(select id from ${table}
            where status = 'pending' and next_attempt_at <= now()
              ${also}
              and id <> all(${sql.placeholder('skip')}::uuid[])
            order by next_attempt_at
            limit 1
            for update skip locked)`,
    ),
  );
}

/** Only while this attempt's lease is ours: a later claim's state is not overwritten. */
export function thisAttempt(
  table: OutboxTable,
  statuses: readonly string[],
  row: { id: string; attempts: number },
): SQL | undefined {
  return and(eq(table.id, row.id), stillPending(table.status, statuses), eq(table.attempts, row.attempts));
}

export function errorText(err: unknown) {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

export interface OutboxRoundResult {
  sent: number;
  retried: number;
  failed: number;
  /** The round stopped at its cap (MAX_TRIED_PER_ROUND) with rows perhaps still due: the loop runs another. */
  more?: boolean;
}

/**
 * Rows one round tries at most: each is tried once per round (the claim skips those already tried, an
 * array parameter that grows with them), and the next round starts at once after it (`more`).
 */
const MAX_TRIED_PER_ROUND = 200;

const PRUNE_EVERY_MS = 60 * 60_000;

/** A row this sender has just sent, with what marking it needs: marked with the lane's next claim. */
export interface Sent<Receipt> {
  id: string;
  receipt: Receipt;
}

export interface OutboxSenderParts<Row extends OutboxRow, Receipt, Extra extends object> {
  db: Db;
  /** The outbox table, for pruning. */
  table: OutboxTable;
  /** For log lines: 'mail', 'sms'. */
  name: string;
  /** Sent and failed rows are deleted this long after they were recorded. */
  retentionDays: number;
  /** Delay before retry after failed attempt number `attempt` (1-based). */
  retryDelayMs: (attempt: number) => number;
  /** Runs each round before the claims (after the remembered marks); what it returns joins the result. */
  upkeep?: () => Promise<Extra>;
  /**
   * Claims the next due row other than those in `skip`; with `sent`, marks that row (just sent) 'sent' in
   * the same statement, both or neither (issue 34: a mark and a claim per row were two statements).
   */
  claim: (skip: readonly string[], sent?: Sent<Receipt>) => Promise<Row | null>;
  /** Sends a claimed row; resolves with what marking it sent needs, throws when refused or unreachable. */
  send: (row: Row) => Promise<Receipt>;
  /** Marks a row 'sent' (only if still pending). */
  markSent: (id: string, receipt: Receipt) => Promise<unknown>;
  /**
   * Records the error of a failed attempt (only while its lease is ours, `thisAttempt`) and the next try
   * `delayMs` from now; true when the row was given up ('failed') instead.
   */
  recordFailure: (row: Row, err: unknown, delayMs: number) => Promise<boolean>;
  /**
   * Asks the provider whether it answers again (an SMTP greeting), without sending; throws when not. Run at
   * the start of a round while this sender's last attempt failed, so a backlog does not wait for a new row.
   */
  probe?: () => Promise<void>;
  /**
   * Makes every row waiting out a retry delay due now, oldest first (`releaseBacklog`), once the provider
   * answers again after failures: the first success or a probe that passes.
   */
  backlogDue?: () => Promise<number>;
  /**
   * How many rows are in flight at once (default 1): each lane claims and sends one row after another
   * (issue 34: the mail went at about 9 a second, one SMTP exchange at a time). Every row is still claimed
   * with its own lease and marked once; only the order in which the provider receives them loosens.
   */
  concurrency?: number;
}

/**
 * The SET and WHERE that make the rows waiting out a retry delay due now, in the order they were recorded
 * (next_attempt_at = created_at, which the claim orders by). Only rows whose last attempt failed and ended
 * (`error` set, and cleared by every claim: `leaseSet`), so a row another instance is sending right now is
 * never made due twice.
 */
export async function releaseBacklog(db: Db, table: OutboxTable): Promise<number> {
  const result = (await db.execute(sql`
    update ${table} set next_attempt_at = created_at
     where status = 'pending' and error is not null and next_attempt_at > now()
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export interface OutboxSender<Extra extends object> {
  /** Claims and sends due rows until none is left (or stop() was called). */
  runRound(): Promise<OutboxRoundResult & Extra>;
  /** Makes a round in progress end after the row being sent. */
  stop(): void;
}

/**
 * A row leaves 'pending' once. A row the provider accepted whose 'sent' mark failed (the database was
 * away) is remembered and marked first next round, so this process does not send it again once the lease
 * ends. Each row is tried at most once per round, however short its retry delay.
 */
export function createOutboxSender<Row extends OutboxRow, Receipt, Extra extends object = object>(
  parts: OutboxSenderParts<Row, Receipt, Extra>,
): OutboxSender<Extra> {
  const unmarked = new Map<string, Receipt>();
  let lastPrunedAt = 0;
  let stopping = false;
  /** This sender's last attempt failed: the provider may be down, and rows may be waiting for it. */
  let failing = false;

  /** The provider answers again: the rows waiting out their retry delays are due now (issue 33 item 6). */
  async function recovered() {
    failing = false;
    const released = (await parts.backlogDue?.()) ?? 0;
    if (released > 0)
      console.info(`${parts.name}: the provider answers again; sending ${released} waiting at once`);
  }

  async function flushUnmarked() {
    for (const [id, receipt] of [...unmarked]) {
      await parts.markSent(id, receipt);
      unmarked.delete(id);
    }
  }

  async function prune() {
    if (Date.now() - lastPrunedAt < PRUNE_EVERY_MS) return;
    await parts.db.execute(sql`
      delete from ${parts.table}
       where status <> 'pending' and created_at < now() - make_interval(days => ${parts.retentionDays})`);
    lastPrunedAt = Date.now();
  }

  /** Marks `sent` on its own (no claim follows it); remembered for the next round when that fails. */
  async function mark(sent: Sent<Receipt>) {
    try {
      await parts.markSent(sent.id, sent.receipt);
    } catch (err) {
      unmarked.set(sent.id, sent.receipt);
      throw err;
    }
  }

  /** Sends `row`; a row sent is marked by the lane's next claim (or mark()), not here. */
  async function deliver(
    row: Row,
  ): Promise<{ outcome: 'sent' | 'retried' | 'failed'; sent?: Sent<Receipt> }> {
    let receipt: Receipt;
    try {
      receipt = await parts.send(row);
    } catch (err) {
      failing = true;
      const delayMs = parts.retryDelayMs(row.attempts);
      const failed = await parts.recordFailure(row, err, delayMs);
      console.error(
        `${parts.name} ${row.id} (${row.kind}) attempt ${row.attempts} failed: ${errorText(err)}${
          failed ? '; given up' : `; retry in ${delayMs / 1000} s`
        }`,
      );
      return { outcome: failed ? 'failed' : 'retried' };
    }
    const sent = { id: row.id, receipt };
    if (failing) {
      try {
        await recovered();
      } catch (err) {
        // Sent but not marked: marked first next round, not sent again once the lease ends.
        unmarked.set(sent.id, sent.receipt);
        throw err;
      }
    }
    return { outcome: 'sent', sent };
  }

  return {
    async runRound() {
      const result: OutboxRoundResult = { sent: 0, retried: 0, failed: 0 };
      let capped = false;
      await flushUnmarked();
      const extra = await parts.upkeep?.();
      await prune();
      if (failing && parts.probe) {
        const answers = await parts.probe().then(
          () => true,
          () => false,
        );
        if (answers) await recovered();
      }
      const tried: string[] = [];
      // One claim at a time across the lanes: a claim's statement names the rows already tried when it is
      // built, so a claim built while another lane's was in flight could take that lane's row again once it
      // failed with a short retry delay (CI saw a row tried twice in one round on PostgreSQL). Claims are
      // one short statement; the sends, the slow part, still run side by side.
      let claiming: Promise<unknown> = Promise.resolve();
      // Once a claim finds nothing due, the other lanes end without claiming again (issue 34: a statement
      // per idle lane per round); a row recorded meanwhile NOTIFYs, and a wake-up during a round runs
      // another round after it (worker-loop.ts).
      let drained = false;
      // `sent`: the lane's row just sent, marked by the same statement as the claim (or alone when no claim
      // follows); if that statement fails the mark is remembered for the next round (unmarked). A lane with
      // a mark to make claims again even once drained: the mark costs that statement anyway.
      const claimNext = (sent?: Sent<Receipt>): Promise<Row | null> => {
        const next = claiming.then(async () => {
          if (tried.length >= MAX_TRIED_PER_ROUND) capped = true;
          if ((drained && !sent) || capped || stopping) {
            if (sent) await mark(sent);
            return null;
          }
          let row: Row | null;
          try {
            row = await parts.claim(tried, sent);
          } catch (err) {
            if (sent) unmarked.set(sent.id, sent.receipt);
            throw err;
          }
          if (row) tried.push(row.id);
          else drained = true;
          return row;
        });
        claiming = next.catch(() => undefined);
        return next;
      };
      const lane = async () => {
        let row = await claimNext();
        while (row) {
          const { outcome, sent } = await deliver(row);
          result[outcome] += 1;
          row = await claimNext(sent);
        }
      };
      // Every lane ends before the round does (allSettled), so no send outlives its round.
      const lanes = await Promise.allSettled(
        Array.from({ length: Math.max(1, parts.concurrency ?? 1) }, lane),
      );
      const failed = lanes.find((l) => l.status === 'rejected');
      if (failed) throw failed.reason;
      return { ...result, ...(capped && !stopping ? { more: true } : {}), ...extra } as OutboxRoundResult &
        Extra;
    },
    stop() {
      stopping = true;
    },
  };
}

export interface OutboxWorkerOptions {
  /** To be woken when a row is recorded (LISTEN on the outbox's channel). */
  database?: Pick<Database, 'listen'>;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
}

/**
 * Runs `sender` in the worker loop (services/worker-loop.ts): a round at once, on every NOTIFY on `channel`
 * and every `intervalMs`. Returns a function that stops it, waiting for the row being sent, then closes
 * the sender.
 */
export async function startOutboxWorker(
  sender: { runRound(): Promise<RoundOutcome>; stop(): void; close?(): void },
  opts: OutboxWorkerOptions & { name: string; channel: string },
): Promise<() => Promise<void>> {
  const stopLoop = await startWorkerLoop({
    round: () => sender.runRound(),
    name: opts.name,
    database: opts.database,
    channel: opts.channel,
    intervalMs: opts.intervalMs,
  });
  return async () => {
    sender.stop();
    await stopLoop();
    sender.close?.();
  };
}
