/**
 * Back-pressure on the connection pool, honestly named (issue 33 item 2). A request that could not get a
 * connection used to be answered 503 `database_unavailable`, with the database healthy and merely busy, and
 * /api/ready failed with it, so a load balancer would pull every healthy instance at the peak. Now:
 * - at most POOL_PRESSURE.maxWaiting requests wait for a connection; the next is refused at once;
 * - a wait that times out while the database answered other queries a moment ago is "busy", not "down";
 * both throw ServerBusyError, answered 503 `server_busy` with a short Retry-After.
 */
import type pg from 'pg';

export const POOL_PRESSURE = {
  /** Requests waiting for a connection, per instance, beyond which the next is refused at once. */
  maxWaiting: 1_000,
  /** A connection handed back within this long means the database answers: a timed-out wait is load. */
  answeredWithinMs: 5_000,
} as const;

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
export function applyPoolPressure(pool: pg.Pool, maxWaiting: number = POOL_PRESSURE.maxWaiting): void {
  let lastAnsweredAt = 0;
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
      connect((err, client, release) => cb(err ? verdict(err) : undefined, client, release));
      return undefined;
    }
    if (refuse)
      return Promise.reject(new ServerBusyError('too many requests waiting for a database connection'));
    return new Promise((resolve, reject) =>
      connect((err, client) => (err ? reject(verdict(err)) : resolve(client!))),
    );
  }
  (pool as unknown as { connect: typeof pressured }).connect = pressured;
}
