/**
 * The outbox sender's rounds with several lanes: each row is tried at most once per round, even when a
 * lane's claim reaches the database only after another lane has failed that row and made it due again
 * (a retry delay of 0; CI saw `retried: 2` on PostgreSQL, where each lane waits for a pool connection).
 * And a row the provider took is marked once, whatever fails after the send.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { mailOutbox } from '../../src/server/db/schema/index.ts';
import { createOutboxSender } from '../../src/server/services/outbox-worker.ts';

interface Row {
  id: string;
  kind: string;
  attempts: number;
}

/** One outbox row kept in memory, due whenever it is not leased; every claim after the first is slow. */
function oneRowOutbox() {
  const row = { id: 'r1', kind: 'notification', attempts: 0, leased: false, status: 'pending' };
  let claims = 0;
  return {
    row,
    claim: async (skip: readonly string[]): Promise<Row | null> => {
      claims += 1;
      // The statement is built when claim() is called (as claimNextMail builds its SQL), and evaluated
      // when it reaches the database: the later claims after a delay.
      const notTried = [...skip];
      if (claims > 1) await new Promise((resolve) => setTimeout(resolve, 30));
      if (row.status !== 'pending' || row.leased || notTried.includes(row.id)) return null;
      row.leased = true;
      row.attempts += 1;
      return { id: row.id, kind: row.kind, attempts: row.attempts };
    },
  };
}

/** Four lanes, no retry delay, nothing to prune. */
const FOUR_LANES_NO_DELAY = {
  db: { execute: async () => ({ rows: [] }) } as unknown as Db,
  table: mailOutbox,
  name: 'test',
  retentionDays: 30,
  retryDelayMs: () => 0,
  concurrency: 4,
};

describe('outbox sender rounds', () => {
  it('tries a failing row once per round with four lanes and no retry delay', async () => {
    const outbox = oneRowOutbox();
    const sends: string[] = [];
    const sender = createOutboxSender<Row, void>({
      ...FOUR_LANES_NO_DELAY,
      claim: outbox.claim,
      send: async (row) => {
        sends.push(row.id);
        throw new Error('connect ECONNREFUSED');
      },
      markSent: async () => undefined,
      recordFailure: async () => {
        // Due again at once: the lease ends with a retry delay of 0.
        outbox.row.leased = false;
        return false;
      },
    });
    const result = await sender.runRound();
    expect(result).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    expect(sends).toEqual(['r1']);
    expect(outbox.row.attempts).toBe(1);
  });

  it('still sends several due rows side by side', async () => {
    const due = ['a', 'b', 'c', 'd', 'e'];
    let inFlight = 0;
    let most = 0;
    const sender = createOutboxSender<Row, void>({
      ...FOUR_LANES_NO_DELAY,
      claim: async (skip) => {
        const id = due.find((d) => !skip.includes(d));
        if (!id) return null;
        due.splice(due.indexOf(id), 1);
        return { id, kind: 'notification', attempts: 1 };
      },
      send: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
      },
      markSent: async () => undefined,
      recordFailure: async () => false,
    });
    expect(await sender.runRound()).toMatchObject({ sent: 5, retried: 0 });
    expect(most).toBe(4);
  });

  it('marks a sent row next round when the backlog release after it fails', async () => {
    const row = { id: 'r1', kind: 'notification', attempts: 0, status: 'pending' };
    const marks: string[] = [];
    let sends = 0;
    let releases = 0;
    const sender = createOutboxSender<Row, void>({
      ...FOUR_LANES_NO_DELAY,
      concurrency: 1,
      claim: async (skip, sent) => {
        if (sent) marks.push(sent.id);
        if (row.status !== 'pending' || skip.includes(row.id)) return null;
        row.attempts += 1;
        return { id: row.id, kind: row.kind, attempts: row.attempts };
      },
      send: async () => {
        sends += 1;
        if (sends === 1) throw new Error('connect ECONNREFUSED');
      },
      markSent: async (id) => {
        marks.push(id);
        row.status = 'sent';
      },
      recordFailure: async () => false,
      // The provider answers again, but releasing the backlog fails (the database went away).
      backlogDue: async () => {
        releases += 1;
        throw new Error('database unavailable');
      },
    });
    expect(await sender.runRound()).toMatchObject({ sent: 0, retried: 1 });
    await expect(sender.runRound()).rejects.toThrow('database unavailable');
    expect(sends).toBe(2);
    expect(marks).toEqual([]);
    // Next round: the mark goes first, and the row is not sent again.
    await sender.runRound().catch(() => undefined);
    expect(marks).toEqual(['r1']);
    expect(sends).toBe(2);
    expect(releases).toBeGreaterThanOrEqual(1);
  });

  it('stops a round at 200 rows tried and asks for another at once; a round that drains does not', async () => {
    // 250 rows due, each taken once (a claim skips those already tried).
    const due = Array.from({ length: 250 }, (_, i) => `r${i}`);
    const sent: string[] = [];
    const sender = createOutboxSender<Row, void>({
      ...FOUR_LANES_NO_DELAY,
      claim: async (skip) => {
        const id = due.find((r) => !skip.includes(r) && !sent.includes(r));
        return id ? { id, kind: 'notification', attempts: 1 } : null;
      },
      send: async (row) => {
        sent.push(row.id);
      },
      markSent: async () => undefined,
      recordFailure: async () => false,
    });
    const first = await sender.runRound();
    expect(first.sent).toBe(200);
    expect(first.more).toBe(true);
    const second = await sender.runRound();
    expect(second.sent).toBe(50);
    expect(second.more).toBeUndefined();
  });
});
