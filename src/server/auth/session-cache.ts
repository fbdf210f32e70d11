/**
 * Verified sessions kept in memory, so a signed-in request does not ask better-auth (a signature check and
 * two SQL round trips) every time (issue 17). Keyed by the session cookie's value exactly as better-auth
 * accepted it (token and signature), so a forged or altered cookie never finds an entry.
 *
 * An entry goes when:
 * - the database says the user's sessions or session-relevant fields changed: a trigger on `sessions` and
 *   `users` (drizzle/0017) sends NOTIFY session_change with the user's id, which every instance hears, so a
 *   sign-out, a revocation, a suspension or a new role made anywhere ends the entries everywhere;
 * - this instance changes such a thing itself (forgetUser), so its own next request never races the
 *   notification;
 * - the LISTEN connection was lost and came back (notifications may have been missed): everything goes;
 * - it is older than SESSION_CACHE.ttlMs (a notification lost without a reconnect is honoured that late at
 *   worst), or its session has expired.
 * Nothing is cached until the LISTEN is in place.
 */
import type { SessionUser } from '../../shared/session.ts';
import type { Database } from '../db/client.ts';

export const SESSION_CACHE = {
  /** The longest an entry is used without asking better-auth again. */
  ttlMs: 60_000,
  /** Past this many entries the oldest go first (a Map keeps insertion order). */
  maxEntries: 20_000,
  channel: 'session_change',
} as const;

interface Entry {
  user: SessionUser;
  sessionId: string;
  /** When this entry stops being used: now + ttl, or the session's own expiry if sooner. */
  until: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Cookie values by user id, so a user's change ends all of their entries. */
  readonly #byUser = new Map<string, Set<string>>();
  #listening = false;
  #starting: Promise<void> | undefined;

  constructor(
    private readonly ttlMs: number = SESSION_CACHE.ttlMs,
    private readonly maxEntries: number = SESSION_CACHE.maxEntries,
  ) {}

  /** Starts listening for session changes (once); entries are kept only once this has worked. */
  listen(database: Database): Promise<void> {
    this.#starting ??= database
      .listen(
        SESSION_CACHE.channel,
        (userId) => this.forgetUser(userId),
        (reconnected) => {
          if (reconnected) this.clear();
        },
      )
      .then(() => {
        this.#listening = true;
      })
      .catch((err) => {
        // Without the notifications the cache would serve revoked sessions: it stays off; next request tries
        // again.
        this.#starting = undefined;
        console.error('Session cache: could not listen for session changes; not caching', err);
      });
    return this.#starting;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(cookie: string, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#remove(cookie, entry.user.id);
      return undefined;
    }
    return entry;
  }

  set(cookie: string, user: SessionUser, sessionId: string, sessionExpiresAt: Date, now = Date.now()): void {
    if (!this.#listening) return;
    const until = Math.min(now + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= now) return;
    const old = this.#entries.get(cookie);
    if (old) this.#remove(cookie, old.user.id);
    // Frozen: every request of this session shares the one object.
    this.#entries.set(cookie, { user: Object.freeze(user), sessionId, until });
    let cookies = this.#byUser.get(user.id);
    if (!cookies) {
      cookies = new Set();
      this.#byUser.set(user.id, cookies);
    }
    cookies.add(cookie);
    while (this.#entries.size > this.maxEntries) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, Entry];
      this.#remove(oldest, entry.user.id);
    }
  }

  /** Ends every cached session of this user (they are verified afresh on their next request). */
  forgetUser(userId: string): void {
    const cookies = this.#byUser.get(userId);
    if (!cookies) return;
    for (const cookie of cookies) this.#entries.delete(cookie);
    this.#byUser.delete(userId);
  }

  clear(): void {
    this.#entries.clear();
    this.#byUser.clear();
  }

  #remove(cookie: string, userId: string) {
    this.#entries.delete(cookie);
    const cookies = this.#byUser.get(userId);
    cookies?.delete(cookie);
    if (cookies?.size === 0) this.#byUser.delete(userId);
  }
}
