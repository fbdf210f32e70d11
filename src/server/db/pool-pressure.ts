/**
 * Back-pressure on the connection pool, honestly named (issue 33 item 2). A request that could not get a
 * connection used to be answered 503 `database_unavailable`, with the database healthy and merely busy, and
 * /api/ready failed with it, so a load balancer would pull every healthy instance at the peak. Now:
 * - at most POOL_PRESSURE.maxWaiting requests wait for a connection; the next is refused at once;
 * - a wait that times out while the database answered other queries a moment ago is "busy", not "down";
 * both throw ServerBusyError, answered 503 `server_busy` with a short Retry-After;
 * - and at the door (issue 34: "answer 503 server_busy at once rather than after a queue of seconds"): while
 *   the oldest request waiting for a connection has waited more than POOL_PRESSURE.shedAfterMs and the
 *   database answers, the instance is saturated: a NEW request is refused before it does any work
 *   (`saturated()`, checked by the http layer), instead of joining a queue that is already a second deep
 *   and being refused 3 s later. Requests already admitted go on, so none is cut between its writes.
 */
import type pg from 'pg';

export const POOL_PRESSURE = {
  /** Requests waiting for a connection, per instance, beyond which the next is refused at once. */
  maxWaiting: 1_000,
  /** A connection handed back within this long means the database answers: a timed-out wait is load. */
  answeredWithinMs: 5_000,
  /** A queue whose oldest waiter has waited longer than this means saturation: new requests are refused. */
  shedAfterMs: 1_000,
} as const;

/** What the http layer asks of the pool before it admits a request. */
export interface PoolLoad {
  /** How long the oldest request still waiting for a connection has waited; 0 when none waits. */
  oldestWaitMs(): number;
  /** The queue is past POOL_PRESSURE.shedAfterMs while the database answers: refuse new requests. */
  saturated(): boolean;
}

/** The database answers but this instance has more work than connections: try again shortly. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError';
  readonly code = 'server_busy';
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;

/** pg-pool's words when a wait for a connection runs past connectionTimeoutMillis. */
const WAIT_TIMED_OUT = /timeout exceeded when trying to connect/i;

/**
 * Wraps `pool.connect` (which pool.query and drizzle's transactions go through) with the bounded queue and
 * the busy-or-down verdict. `maxWaiting` may be lowered for tests.
 */
export function applyPoolPressure(
  pool: pg.Pool,
  maxWaiting: number = POOL_PRESSURE.maxWaiting,
  shedAfterMs: number = POOL_PRESSURE.shedAfterMs,
): PoolLoad {
  let lastAnsweredAt = 0;
  // When each wait for a connection began, in arrival order (pg-pool serves them first come, first served).
  const waits = new Set<{ since: number }>();
  const oldestWaitMs = () => {
    for (const wait of waits) return Date.now() - wait.since;
    return 0;
  };
  pool.on('release', (err: (Error & { code?: unknown }) | undefined) => {
    // A query that failed on its SQL still had an answer; a lost connection did not.
    const code = typeof err?.code === 'string' ? err.code : '';
    if (!err || (code !== '' && !/^(08|57P)/.test(code))) lastAnsweredAt = Date.now();
  });
  const connect = pool.connect.bind(pool) as (cb: ConnectCallback) => void;
  const verdict = (err: Error): Error =>
    WAIT_TIMED_OUT.test(err.message) && Date.now() - lastAnsweredAt < POOL_PRESSURE.answeredWithinMs
      ? new ServerBusyError('no database connection free in time: this instance is busy')
      : err;
  function pressured(cb?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const refuse = pool.waitingCount >= maxWaiting;
    if (cb) {
      if (refuse) {
        queueMicrotask(() => cb(new ServerBusyError('too many requests waiting for a database connection')));
        return undefined;
      }
      const wait = { since: Date.now() };
      waits.add(wait);
      connect((err, client, release) => {
        waits.delete(wait);
        cb(err ? verdict(err) : undefined, client, release);
      });
      return undefined;
    }
    if (refuse)
      return Promise.reject(new ServerBusyError('too many requests waiting for a database connection'));
    const wait = { since: Date.now() };
    waits.add(wait);
    return new Promise((resolve, reject) =>
      connect((err, client) => {
        waits.delete(wait);
        if (err) reject(verdict(err));
        else resolve(client!);
      }),
    );
  }
  (pool as unknown as { connect: typeof pressured }).connect = pressured;
  return {
    oldestWaitMs,
    // Only while the database answers: a queue behind a database that hangs is an outage, answered
    // database_unavailable when its waits time out, not "busy".
    saturated: () =>
      oldestWaitMs() > shedAfterMs && Date.now() - lastAnsweredAt < POOL_PRESSURE.answeredWithinMs,
  };
}
