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

export async function hitRateLimit(
  db: Db,
  key: string,
  rule: { max: number; windowMs: number },
): Promise<RateLimitResult> {
  const windowSeconds = rule.windowMs / 1000;
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, window_start`)) as unknown as {
    rows: { count: number | string; window_start: string | Date }[];
  };
  const row = result.rows[0]!;
  const count = Number(row.count);
  const started = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + rule.windowMs - Date.now()) / 1000));
  return { allowed: count <= rule.max, count, retryAfterSeconds };
}
