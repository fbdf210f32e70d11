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

/** SQL: seconds until the window of the counter row ends (the database's clock, shared by every instance). */
const retryAfter = (windowSeconds: number) =>
  sql`ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())) as retry_after`;

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
