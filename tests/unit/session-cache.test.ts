/** The in-memory session cache's own rules (issue 17); its use by the API: tests/api/session-cache.test.ts. */
import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/server/auth/session-cache.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { SessionUser } from '../../src/shared/session.ts';

/** Only what the cache uses of a database: LISTEN, with hooks to deliver a notification or a reconnect. */
function listeningDatabase() {
  let notify: (payload: string) => void = () => {};
  let resume: (reconnected: boolean) => void = () => {};
  const database = {
    listen: async (_channel: string, onPayload: (p: string) => void, onResume?: (r: boolean) => void) => {
      notify = onPayload;
      resume = onResume ?? (() => {});
      return async () => {};
    },
  } as unknown as Database;
  return { database, notify: (p: string) => notify(p), resume: (r: boolean) => resume(r) };
}

const person = (id: string): SessionUser => ({
  id,
  email: `${id}@example.com`,
  fullName: 'Pat Person',
  userType: 'customer',
  role: 'customer',
  avatarUrl: null,
  phone: null,
  emailVerified: true,
  twoFactorEnabled: false,
  secondFactor: false,
});
const NOW = 1_800_000_000_000;
const inAWeek = new Date(NOW + 7 * 86_400_000);

describe('SessionCache', () => {
  it('keeps nothing until it listens for session changes', async () => {
    const cache = new SessionCache(60_000, 10);
    cache.set('cookie-a', person('a'), 's1', inAWeek, NOW);
    expect(cache.get('cookie-a', NOW)).toBeUndefined();
    await cache.listen(listeningDatabase().database);
    cache.set('cookie-a', person('a'), 's1', inAWeek, NOW);
    expect(cache.get('cookie-a', NOW)?.sessionId).toBe('s1');
  });

  it('uses an entry for its lifetime, or until the session expires if that is sooner', async () => {
    const cache = new SessionCache(60_000, 10);
    await cache.listen(listeningDatabase().database);
    cache.set('cookie-a', person('a'), 's1', inAWeek, NOW);
    expect(cache.get('cookie-a', NOW + 59_999)).toBeDefined();
    expect(cache.get('cookie-a', NOW + 60_000)).toBeUndefined();
    cache.set('cookie-b', person('b'), 's2', new Date(NOW + 5_000), NOW);
    expect(cache.get('cookie-b', NOW + 4_999)).toBeDefined();
    expect(cache.get('cookie-b', NOW + 5_000)).toBeUndefined();
  });

  it("a notification ends that user's entries, every browser of theirs, and nobody else's", async () => {
    const db = listeningDatabase();
    const cache = new SessionCache(60_000, 10);
    await cache.listen(db.database);
    cache.set('cookie-a1', person('a'), 's1', inAWeek, NOW);
    cache.set('cookie-a2', person('a'), 's2', inAWeek, NOW);
    cache.set('cookie-b', person('b'), 's3', inAWeek, NOW);
    db.notify('a');
    expect(cache.get('cookie-a1', NOW)).toBeUndefined();
    expect(cache.get('cookie-a2', NOW)).toBeUndefined();
    expect(cache.get('cookie-b', NOW)?.user.id).toBe('b');
  });

  it('a reconnected LISTEN (notifications may have been missed) empties it; a first connect does not', async () => {
    const db = listeningDatabase();
    const cache = new SessionCache(60_000, 10);
    await cache.listen(db.database);
    cache.set('cookie-a', person('a'), 's1', inAWeek, NOW);
    db.resume(false);
    expect(cache.size).toBe(1);
    db.resume(true);
    expect(cache.size).toBe(0);
  });

  it('past its size the oldest entries go first, and the users it holds are frozen', async () => {
    const cache = new SessionCache(60_000, 2);
    await cache.listen(listeningDatabase().database);
    for (const id of ['a', 'b', 'c']) cache.set(`cookie-${id}`, person(id), `s-${id}`, inAWeek, NOW);
    expect(cache.size).toBe(2);
    expect(cache.get('cookie-a', NOW)).toBeUndefined();
    const entry = cache.get('cookie-c', NOW)!;
    expect(Object.isFrozen(entry.user)).toBe(true);
  });
});
