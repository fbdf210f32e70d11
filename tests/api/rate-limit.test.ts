/**
 * The sign-in limit per client address (LOGIN_RATE_LIMIT). Its own file and server: the limit is per
 * address, and here the address is the socket's (TRUST_PROXY off), shared by every request of this file.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../../src/server/services/rate-limit.ts';
import { LOGIN_RATE_LIMIT } from '../../src/shared/constants.ts';
import {
  databaseKinds,
  errorOf,
  randomIp,
  rows,
  signUpAndConfirm,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

describe.each(databaseKinds())('sign-in rate limit (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { trustProxy: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`allows ${LOGIN_RATE_LIMIT.max} attempts per address, then 429 auth/rate-limit even with the right password`, async () => {
    const { email, password } = await signUpAndConfirm(server);
    // A spoofed X-Forwarded-For must not give each attempt a new address while TRUST_PROXY is off.
    // Each wrong password is for another address, so the per-account guard (account-lockout.test.ts)
    // never steps in: this is the per-client limit alone.
    const attempt = (pw: string, who = email) => server.client({ ip: randomIp() }).signIn(who, pw);

    for (let i = 1; i <= LOGIN_RATE_LIMIT.max; i++) {
      const res = await attempt(`Wrong-Password-${i}`, uniqueEmail('guess'));
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const limited = await attempt('Wrong-Password-x');
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toEqual({
      code: 'auth/rate-limit',
      message: 'Too many login attempts. Please wait a moment before trying again.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowMs / 1000);

    // The right password is refused too while the window lasts, and no session is made.
    const browser = server.client();
    const right = await browser.signIn(email, password);
    expect(right.status).toBe(429);
    expect(browser.sessionToken()).toBeUndefined();

    const events = await rows<{ ip_address: string; details: { route: string } }>(
      server.db,
      sql`select ip_address, details from security_events where event_type = 'rate_limited'`,
    );
    expect(events).toHaveLength(2);
    expect(events[0]!.details).toEqual({ route: 'sign-in' });
    expect(events[0]!.ip_address).toMatch(/127\.0\.0\.1/);
    // Refused attempts never reached the password check.
    const failed = await rows(
      server.db,
      sql`select 1 from security_events where event_type = 'sign_in_failed'`,
    );
    expect(failed).toHaveLength(LOGIN_RATE_LIMIT.max);
  });

  it('other routes are not limited by the sign-in counter', async () => {
    const res = await server.client().get('/api/session');
    expect(res.status).toBe(200);
    const health = await server.client().get('/api/health');
    expect(health.status).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a counter hit by requests at once (postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('postgres');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never says to wait longer than the window, even to a request that began before the window did', async () => {
    // Requests sent at once: the one that opens the window writes its own now(); one whose transaction
    // began a moment earlier counts after it and measured the wait from its earlier now(), a whole window
    // plus that moment ("wait 61 minutes" for a limit per hour, seen in CI).
    const rule = { max: 1, windowMs: 60 * 60_000 };
    const key = `test:${randomIp()}`;
    const result = await server.db.transaction(async (tx) => {
      await tx.execute(sql`select now()`); // this transaction's now() is fixed from here
      await new Promise((r) => setTimeout(r, 1_100));
      await hitRateLimit(server.db, key, rule); // another request opens the window, 1.1 s later
      return hitRateLimit(tx, key, rule);
    });
    expect(result.allowed).toBe(false);
    expect(result.retryAfterSeconds).toBeLessThanOrEqual(3_600);
    expect(result.retryAfterSeconds).toBeGreaterThan(3_590);
  });
});
