/**
 * Issue 34 item 2: the workers' loop takes a burst of wake-ups (a NOTIFY per commit, 200 a second under
 * load) as one round at the end of its gap, not a round per NOTIFY. On the real LISTEN/NOTIFY of each
 * database kind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { startWorkerLoop } from '../../src/server/services/worker-loop.ts';
import { databaseKinds, openTestDatabase } from './helpers.ts';

describe.each(databaseKinds())('the worker loop coalesces wake-ups (%s)', (kind) => {
  let database: Database;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await close?.();
  });

  it('runs another round at once when a round answers more (stopped at its cap), without a wake-up', async () => {
    const starts: number[] = [];
    const stop = await startWorkerLoop({
      name: 'test loop',
      channel: 'worker_loop_more_test',
      // Three rounds of a backlog, the last one draining it; no NOTIFY and no poll before a minute.
      round: async () => {
        starts.push(Date.now());
        return starts.length < 3 ? { more: true } : {};
      },
      intervalMs: 60_000,
      minGapMs: 50,
    });
    try {
      const deadline = Date.now() + 10_000;
      while (starts.length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(starts).toHaveLength(3);
      // Each after the gap, not at once.
      expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(40);
    } finally {
      await stop();
    }
  });

  it('twenty NOTIFYs within the gap make one round after the first, not twenty', async () => {
    let rounds = 0;
    let listening!: () => void;
    const listened = new Promise<void>((resolve) => {
      listening = resolve;
    });
    const stop = await startWorkerLoop({
      name: 'test loop',
      database: {
        // The real LISTEN, told when it is in place.
        listen: async (channel, onPayload, onResume) => {
          const unlisten = await database.listen(channel, onPayload, onResume);
          listening();
          return unlisten;
        },
      },
      channel: 'worker_loop_test',
      round: async () => {
        rounds += 1;
      },
      intervalMs: 60_000,
      // Long enough that twenty NOTIFYs sent one after another all fall inside it on a busy machine.
      minGapMs: 2_000,
    });
    try {
      await listened;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const first = rounds; // the round at start (and one on a LISTEN (re)connection)
      for (let i = 0; i < 20; i += 1)
        await database.db.execute(sql`select pg_notify('worker_loop_test', ${String(i)})`);
      const deadline = Date.now() + 10_000;
      while (rounds === first && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      // Every wake-up answered (at least one round after them), in one or two rounds, never twenty.
      expect(rounds - first).toBeGreaterThanOrEqual(1);
      expect(rounds - first).toBeLessThanOrEqual(2);
    } finally {
      await stop();
    }
  });
});
