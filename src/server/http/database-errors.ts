/**
 * Telling "the database is unreachable" apart from every other failure, so that a request made while
 * PostgreSQL restarts (or the network to it is cut) gets 503 with Retry-After and the spec's database
 * wording (SPEC §8 "database") instead of a 500, and the client knows to try again.
 */

import { createMiddleware } from 'hono/factory';
import { ERROR_CATEGORY_TEXT } from '../../shared/errors.ts';
import { type PoolLoad, ServerBusyError } from '../db/pool-pressure.ts';
import { AppError } from './errors.ts';

/** What a client is told to wait before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs of a lost or refused connection: class 08, and 57P01-57P03 (shutdown, crash, starting up). */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres says these in words, without a code. */
const CONNECTION_WORDS =
  /connection terminated|timeout exceeded when trying to connect|client has encountered a connection error|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery mode)|connection to server .* failed|cannot connect now/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle and better-auth wrap the driver's error: look down the cause chain.
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (typeof current !== 'object') break;
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (CONNECTION_SQLSTATE.test(e.code) || SOCKET_CODES.has(e.code)))
      return true;
    if (typeof e.message === 'string' && CONNECTION_WORDS.test(e.message)) return true;
    // An AggregateError (connecting to each address of localhost) carries the socket errors inside.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

/** What a client is told to wait when this instance is busy (its database answers). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The pool refused or timed out a wait while the database answers (db/pool-pressure.ts): load, not an
 * outage. Returns the ServerBusyError behind the error (drizzle wraps it in "Failed query: <the whole
 * SQL>"), whose one-line message is what the log says: not a screen of SQL per refused request at the very
 * moment of overload.
 */
export function busyCause(err: unknown): ServerBusyError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof ServerBusyError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** 503 `server_busy`, with SPEC §8's wording for a service in difficulty and a short Retry-After. */
export const serverBusy = () =>
  new AppError(503, 'server_busy', ERROR_CATEGORY_TEXT.database.userMessage, undefined, {
    'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
  });

export const databaseUnavailable = () =>
  new AppError(503, 'database_unavailable', ERROR_CATEGORY_TEXT.database.userMessage, undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/**
 * SQLSTATEs that only a value sent by the client can cause (issue 16, no 500 from input shape alone): a
 * NUL or invalid byte in text (22021, 22P05), a value out of its type's range or format (22001, 22003,
 * 22007, 22008, 22P02), and a key too long for an index (54000). The schemas refuse what they know; this
 * is the net under them, answered as a validation error.
 */
const INPUT_SQLSTATE = /^(22021|22P05|22001|22003|22007|22008|22P02|54000)$/;

export function isInputRejectedByDatabase(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && INPUT_SQLSTATE.test(e.code)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * At the door: while this instance is saturated (its requests have queued over a second for a database
 * connection and the database answers; db/pool-pressure.ts), a new API request is answered 503
 * `server_busy` at once, before it does any work, rather than joining the queue and being refused seconds
 * later (issue 34). Requests already admitted are not cut.
 */
export function refuseWhenSaturated(load: PoolLoad) {
  return createMiddleware(async (_c, next) => {
    if (load.saturated()) throw serverBusy();
    await next();
  });
}
