/**
 * Safe retries (ADR 012): a POST that creates something may carry an `Idempotency-Key` header. The first
 * request with a key runs; its answer is stored, and for 24 hours the same key with the same request gets
 * that answer again (with `Idempotent-Replayed: true`) instead of running twice. The same key with another
 * request is refused (422). A request that arrives while the first is still running waits for its answer.
 *
 * Keys are per sender (scope): 'user:<id>' when signed in, else 'ip:<client address>', so nobody can read
 * someone else's answer by guessing their key. The fingerprint is sha256 of the method, the path and the
 * raw body (multipart too, without its random boundary); the body is read once here, within the body limit
 * already applied, and handed on to the handler unchanged.
 *
 * 5xx answers (and 429, which says "not now" rather than what happened) are not stored: the row is
 * deleted so a retry runs again. A row whose request died mid-way (a crash: still 'in_progress' after
 * locked_until) may be taken over by a retry.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MESSAGES } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { AppBindings, Deps } from './context.ts';
import { AppError } from './errors.ts';

export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  replayedHeader: 'Idempotent-Replayed',
  /** How long a stored answer is replayed; older rows are ignored and swept. */
  windowHours: 24,
  /** An unfinished request older than this is presumed dead and may be taken over by a retry. */
  lockSeconds: 60,
  /** A request that finds its key in progress checks again this often... */
  pollMs: 100,
  /** ...for at most this long, then answers 409 with Retry-After. */
  maxWaitMs: 10_000,
  retryAfterSeconds: 1,
} as const;

/** The POSTs that create something: the only routes that honour the header (wired in app.ts). */
export const IDEMPOTENT_ROUTES = [
  '/api/rides',
  '/api/quotes',
  '/api/quotes/:id/accept',
  '/api/ratings',
  '/api/issues',
  '/api/send-email',
] as const;

/** 1 to 255 printable ASCII characters. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

const WINDOW = sql.raw(`interval '${IDEMPOTENCY.windowHours} hours'`);
const LOCK = sql.raw(`interval '${IDEMPOTENCY.lockSeconds} seconds'`);

/** The boundary of a multipart body, from its Content-Type. */
function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * sha256 of the method, the path and the raw body. A multipart body is hashed with its boundary taken out:
 * a browser picks a new random boundary every time it sends the same form, and the retry must match.
 */
export function requestFingerprint(
  method: string,
  path: string,
  body: Uint8Array,
  contentType?: string,
): string {
  const hash = createHash('sha256').update(`${method}\n${path}\n`);
  const boundary = multipartBoundary(contentType);
  if (!boundary) return hash.update(body).digest('hex');
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const marker = Buffer.from(boundary, 'latin1');
  let from = 0;
  for (let at = bytes.indexOf(marker, from); at !== -1; at = bytes.indexOf(marker, from)) {
    hash.update(bytes.subarray(from, at)).update('\0boundary\0');
    from = at + marker.length;
  }
  return hash.update(bytes.subarray(from)).digest('hex');
}

type StoredRow = {
  requestHash: string;
  status: 'in_progress' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
  responseType: string | null;
  expired: boolean;
  lockExpired: boolean;
};

type Claim = { kind: 'run' } | { kind: 'replay'; row: StoredRow } | { kind: 'reused' } | { kind: 'busy' };

interface KeyRef {
  scope: string;
  key: string;
  route: string;
  hash: string;
}

async function readRow(db: Db, ref: KeyRef): Promise<StoredRow | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      responseType: idempotencyKeys.responseType,
      expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - ${WINDOW}`,
      lockExpired: sql<boolean>`${idempotencyKeys.lockedUntil} < now()`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
  return row;
}

/** Decides what a request with a key does: run (the key is now ours), replay, 422, or 409 after waiting. */
async function claim(db: Db, ref: KeyRef): Promise<Claim> {
  const deadline = Date.now() + IDEMPOTENCY.maxWaitMs;
  const where = and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key));
  do {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        scope: ref.scope,
        key: ref.key,
        route: ref.route,
        requestHash: ref.hash,
        status: 'in_progress',
        lockedUntil: sql`now() + ${LOCK}`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) return { kind: 'run' };

    const row = await readRow(db, ref);
    // Gone meanwhile (its request failed with a 5xx): try to take the key again.
    if (!row) continue;
    if (row.expired) {
      // Outside the 24-hour window the key is free again.
      await db
        .delete(idempotencyKeys)
        .where(and(where, lt(idempotencyKeys.createdAt, sql`now() - ${WINDOW}`)));
      continue;
    }
    if (row.requestHash !== ref.hash) return { kind: 'reused' };
    if (row.status === 'done') return { kind: 'replay', row };
    if (row.lockExpired) {
      // Its request died before finishing: the first retry to get here runs it again.
      const taken = await db
        .update(idempotencyKeys)
        .set({ lockedUntil: sql`now() + ${LOCK}` })
        .where(
          and(
            where,
            eq(idempotencyKeys.requestHash, ref.hash),
            eq(idempotencyKeys.status, 'in_progress'),
            lt(idempotencyKeys.lockedUntil, sql`now()`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 1) return { kind: 'run' };
      continue;
    }
    await sleep(IDEMPOTENCY.pollMs);
  } while (Date.now() < deadline);
  return { kind: 'busy' };
}

/** Stores the handler's answer, or frees the key when the answer must not be replayed. */
async function finish(db: Db, ref: KeyRef, res: Response): Promise<void> {
  const where = and(
    eq(idempotencyKeys.scope, ref.scope),
    eq(idempotencyKeys.key, ref.key),
    eq(idempotencyKeys.requestHash, ref.hash),
    eq(idempotencyKeys.status, 'in_progress'),
  );
  if (res.status >= 500 || res.status === 429) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const body = await res.clone().text();
  await db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      responseStatus: res.status,
      responseBody: body,
      responseType: res.headers.get('content-type'),
      completedAt: sql`now()`,
    })
    .where(where);
}

function replay(c: Context<AppBindings>, row: StoredRow) {
  c.header(IDEMPOTENCY.replayedHeader, 'true');
  c.header('Cache-Control', 'no-store');
  if (row.responseType) c.header('Content-Type', row.responseType);
  return c.body(row.responseBody ?? '', (row.responseStatus ?? 200) as ContentfulStatusCode);
}

/** The middleware for the routes in IDEMPOTENT_ROUTES; mount after the session loader. */
export function idempotency(deps: Deps) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY.header);
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) throw new AppError(400, 'validation', API_MESSAGES.idempotencyKeyInvalid);

    const user = c.get('user');
    // Read the body once for the fingerprint and give the handler a fresh copy of the same bytes.
    const body = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body });
    const ref: KeyRef = {
      scope: user ? `user:${user.id}` : `ip:${c.get('ip')}`,
      key,
      route: `${c.req.method} ${c.req.routePath}`,
      hash: requestFingerprint(c.req.method, c.req.path, body, c.req.header('content-type')),
    };

    const outcome = await claim(deps.db, ref);
    if (outcome.kind === 'replay') return replay(c, outcome.row);
    if (outcome.kind === 'reused') {
      throw new AppError(422, 'idempotency_key_reused', API_MESSAGES.idempotencyKeyReused);
    }
    if (outcome.kind === 'busy') {
      throw new AppError(409, 'idempotency_in_progress', API_MESSAGES.idempotencyInProgress, undefined, {
        'Retry-After': String(IDEMPOTENCY.retryAfterSeconds),
      });
    }

    await next();
    try {
      await finish(deps.db, ref, c.res);
    } catch (err) {
      // The client still gets the handler's answer; the row stays in progress until its lock runs out.
      console.error(`[${c.get('requestId')}] storing the answer for an Idempotency-Key failed`, err);
    }
  });
}

/** For the expiry sweep: rows past the 24-hour window. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${WINDOW}`));
}
