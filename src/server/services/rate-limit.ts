/**
 * Fixed-window counters kept in Postgres, so every API instance shares them. One atomic upsert per hit:
 * the database decides, not a read-then-write in JavaScript.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateRule {
  max: number;
  windowMs: number;
}

type CounterRows = { rows: { count: number | string; retry_after: number | string }[] };

/**
 * SQL: seconds until the window of the counter row ends (the database's clock, shared by every instance).
 * At most the window: a request whose transaction began before another opened the window has an earlier
 * now() than that window's start (requests arriving at once: "wait 61 minutes" of a limit per hour).
 */
const retryAfter = (windowSeconds: number) =>
  sql`least(ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())), ${windowSeconds}) as retry_after`;

/** Whether one more would be allowed now, without counting it. */
export async function peekRateLimit(db: Db, key: string, rule: RateRule): Promise<RateLimitResult> {
  const windowSeconds = rule.windowMs / 1000;
  const result = (await db.execute(sql`
    select count, ${retryAfter(windowSeconds)}
      from rate_limits
     where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`)) as unknown as CounterRows;
  const row = result.rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const count = Number(row.count);
  return { allowed: count < rule.max, count, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

export async function hitRateLimit(db: Db, key: string, rule: RateRule): Promise<RateLimitResult> {
  const windowSeconds = rule.windowMs / 1000;
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, ${retryAfter(windowSeconds)}`)) as unknown as CounterRows;
  const row = result.rows[0]!;
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Number(row.retry_after));
  return { allowed: count <= rule.max, count, retryAfterSeconds };
}

/** A place taken by `takeSlot`, to give back with `releaseSlot` when the work it was for did not happen. */
export interface Slot extends RateLimitResult {
  /** The counter's window, as the database wrote it (so a release never touches a later window). */
  windowStart: string | null;
}

/**
 * Takes one place under the limit before the work runs (issue 28), in one statement: the counter moves only
 * while it is under `max` (or its window has run out), so N requests arriving at once pass at most the
 * places left. Refused requests do not count.
 */
export async function takeSlot(db: Db, key: string, rule: RateRule): Promise<Slot> {
  const windowSeconds = rule.windowMs / 1000;
  const expired = sql`r.window_start < now() - make_interval(secs => ${windowSeconds})`;
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when ${expired} then 1 else r.count + 1 end,
      window_start = case when ${expired} then now() else r.window_start end
    where ${expired} or r.count < ${rule.max}
    returning count, window_start::text as window_start`)) as unknown as {
    rows: { count: number | string; window_start: string }[];
  };
  const row = result.rows[0];
  if (row)
    return { allowed: true, count: Number(row.count), retryAfterSeconds: 0, windowStart: row.window_start };
  const used = await peekRateLimit(db, key, rule);
  return { allowed: false, count: used.count, retryAfterSeconds: used.retryAfterSeconds, windowStart: null };
}

/** Gives back a place taken by `takeSlot` (the request was refused, so it costs nothing). */
export async function releaseSlot(db: Db, key: string, slot: Slot): Promise<void> {
  if (!slot.allowed || !slot.windowStart) return;
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
     where key = ${key} and window_start = ${slot.windowStart}::timestamptz`);
}
