/**
 * Scheduled expiry: open requests whose pickup time has passed expire (with their live quotes), and live
 * quotes past their validity expire. Safe on several instances: the sweep runs in one transaction under a
 * transaction-scoped advisory lock (an instance that finds it taken skips this round), and each step is a
 * single conditional UPDATE, so running it twice changes nothing the second time.
 */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { LIVE_QUOTE_STATUSES } from '../../shared/marketplace/constants.ts';
import type { Db } from '../db/client.ts';
import { quotes, rides } from '../db/schema/index.ts';

/** Any fixed number, different from the migration lock's: every instance takes the same one. */
export const SWEEP_LOCK_KEY = 727_002;

export interface SweepResult {
  /** False when another instance held the lock and this one skipped. */
  swept: boolean;
  expiredRides: number;
  expiredQuotes: number;
}

export async function sweepExpired(db: Db): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${sql.raw(String(SWEEP_LOCK_KEY))}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return { swept: false, expiredRides: 0, expiredQuotes: 0 };
    // Requests first, then quotes: the same lock order as accepting a quote.
    const expiredRides = await tx
      .update(rides)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(rides.status, 'open'), lte(rides.pickupAt, sql`now()`)))
      .returning({ id: rides.id });
    const expiredQuotes = await tx
      .update(quotes)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(
        and(
          inArray(quotes.status, [...LIVE_QUOTE_STATUSES]),
          or(
            lte(quotes.validUntil, sql`now()`),
            sql`exists (select 1 from rides r where r.id = ${quotes.rideId} and (r.status <> 'open' or r.pickup_at <= now()))`,
          ),
        ),
      )
      .returning({ id: quotes.id });
    return { swept: true, expiredRides: expiredRides.length, expiredQuotes: expiredQuotes.length };
  });
}

/** Runs the sweep now and then every `intervalMs`; returns a function that stops it. */
export function startSweeper(db: Db, intervalMs = 60_000): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await sweepExpired(db);
    } catch (err) {
      console.error('expiry sweep failed', err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
