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
 * deleted so a retry runs again.
 *
 * A request can die (kill -9, a crash) after its change committed but before its answer was stored. So the
 * transaction that makes the change also records it on the key's row (`recordIdempotentEffect`: the new
 * record's id). A retry that finds the row still in progress then knows: with an effect recorded more than
 * EFFECT_GRACE_SECONDS ago, the request died after committing, and the answer is rebuilt from the record
 * (each route registers how, `registerRebuilder`), never run twice; without one, nothing was changed, and
 * after locked_until the retry runs it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
  lockSeconds: 30,
  /** A request that finds its key in progress checks again this often... */
  pollMs: 100,
  /** ...for at most IDEMPOTENCY_WAIT_SECONDS (src/server/env.ts, 10 s), then answers 409 with Retry-After. */
  retryAfterSeconds: 1,
  /** A request whose change committed this long ago without storing its answer has died. */
  effectGraceSeconds: 5,
} as const;

/** The POSTs that create something: the only routes that honour the header (wired in app.ts). */
export const IDEMPOTENT_ROUTES = [
  '/api/rides',
  '/api/quotes',
  '/api/quotes/:id/accept',
  '/api/runs/:id/book',
  '/api/rides/:id/book-instant',
  '/api/ratings',
  '/api/issues',
  '/api/send-email',
] as const;

/** 1 to 255 printable ASCII characters. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

const WINDOW = sql.raw(`interval '${IDEMPOTENCY.windowHours} hours'`);
const LOCK = sql.raw(`interval '${IDEMPOTENCY.lockSeconds} seconds'`);
const EFFECT_GRACE = sql.raw(`interval '${IDEMPOTENCY.effectGraceSeconds} seconds'`);

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
  effectRef: string | null;
  /** The change committed more than EFFECT_GRACE_SECONDS ago and the answer is still not stored. */
  effectStale: boolean;
};

type Claim =
  | { kind: 'run' }
  | { kind: 'replay'; row: StoredRow }
  | { kind: 'rebuild'; effectRef: string }
  | { kind: 'reused' }
  | { kind: 'busy' };

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
      effectRef: idempotencyKeys.effectRef,
      effectStale: sql<boolean>`coalesce(${idempotencyKeys.effectAt} < now() - ${EFFECT_GRACE}, false)`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
  return row;
}

/** Decides what a request with a key does: run (the key is now ours), replay, 422, or 409 after waiting. */
async function claim(db: Db, ref: KeyRef, maxWaitMs: number): Promise<Claim> {
  const deadline = Date.now() + maxWaitMs;
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
    if (row.effectRef && (row.effectStale || row.lockExpired)) {
      // Its request committed the change, then died before answering: rebuild the answer, once.
      const taken = await db
        .update(idempotencyKeys)
        .set({ lockedUntil: sql`now() + ${LOCK}`, effectAt: sql`now()` })
        .where(
          and(
            where,
            eq(idempotencyKeys.requestHash, ref.hash),
            eq(idempotencyKeys.status, 'in_progress'),
            eq(idempotencyKeys.effectRef, row.effectRef),
            sql`(${idempotencyKeys.effectAt} < now() - ${EFFECT_GRACE} or ${idempotencyKeys.lockedUntil} < now())`,
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 1) return { kind: 'rebuild', effectRef: row.effectRef };
      continue;
    }
    if (!row.effectRef && row.lockExpired) {
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
            sql`${idempotencyKeys.effectRef} is null`,
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

/** The key of the request being handled, for recordIdempotentEffect (set by the middleware). */
const currentKey = new AsyncLocalStorage<KeyRef>();

/**
 * Call inside the transaction that makes a keyed request's change, with the id of what it created: if the
 * request then dies before its answer is stored, a retry rebuilds the answer from this id instead of
 * making the change twice. Does nothing for a request without a key.
 */
export async function recordIdempotentEffect(tx: Db, effectRef: string): Promise<void> {
  const ref = currentKey.getStore();
  if (!ref) return;
  await tx
    .update(idempotencyKeys)
    .set({ effectRef, effectAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.requestHash, ref.hash),
      ),
    );
}

/** Builds a route's answer again from the id its change recorded (the same answer its handler gives). */
export type Rebuilder = (deps: Deps, c: Context<AppBindings>, effectRef: string) => Promise<Response>;
/** One rebuilder per route in IDEMPOTENT_ROUTES, keyed 'POST <route>'. */
export type Rebuilders = Record<`POST ${(typeof IDEMPOTENT_ROUTES)[number]}`, Rebuilder>;

/** The middleware for the routes in IDEMPOTENT_ROUTES; mount after the session loader. */
export function idempotency(deps: Deps, rebuilders: Rebuilders) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY.header);
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) throw new AppError(400, 'validation', API_MESSAGES.idempotencyKeyInvalid);

    const user = c.get('user');
    // Through c.req, which keeps the bytes (http/control-characters.ts read them first): the handler's own
    // read answers from the same copy.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const ref: KeyRef = {
      scope: user ? `user:${user.id}` : `ip:${c.get('ip')}`,
      key,
      route: `${c.req.method} ${c.req.routePath}`,
      hash: requestFingerprint(c.req.method, c.req.path, body, c.req.header('content-type')),
    };

    const outcome = await claim(deps.db, ref, deps.env.IDEMPOTENCY_WAIT_SECONDS * 1000);
    if (outcome.kind === 'replay') return replay(c, outcome.row);
    if (outcome.kind === 'reused') {
      throw new AppError(422, 'idempotency_key_reused', API_MESSAGES.idempotencyKeyReused);
    }
    if (outcome.kind === 'busy') {
      throw new AppError(409, 'idempotency_in_progress', API_MESSAGES.idempotencyInProgress, undefined, {
        'Retry-After': String(IDEMPOTENCY.retryAfterSeconds),
      });
    }

    if (outcome.kind === 'rebuild') {
      const rebuild = rebuilders[ref.route as keyof Rebuilders];
      if (!rebuild) throw new Error(`no rebuilder for ${ref.route}`);
      const res = await rebuild(deps, c, outcome.effectRef);
      res.headers.set(IDEMPOTENCY.replayedHeader, 'true');
      await finish(deps.db, ref, res).catch((err) =>
        console.error(`[${c.get('requestId')}] storing a rebuilt Idempotency-Key answer failed`, err),
      );
      return res;
    }

    await currentKey.run(ref, () => next());
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
