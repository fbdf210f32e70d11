/**
 * Issue 16, per-account sign-in defences. The probe's finding: "60 wrong passwords on one account from 60
 * addresses gave 60 x 401 and no slowdown, then the right password worked". Every attempt here comes from
 * a new address, so the per-address limit never applies: only the per-account guard can stop it.
 * Waiting out a slowdown is skipped by moving the guard's next_attempt_at (time travel in the database).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_GUARD } from '../../src/shared/constants.ts';
import { AUTH_ERRORS } from '../../src/shared/messages.ts';
import {
  databaseKinds,
  enableTwoFactor,
  errorOf,
  extractLink,
  latestMail,
  readMailbox,
  rows,
  signUpAndConfirm,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const NEW_PASSWORD = 'Another-Sturdy-Phrase-9';

describe.each(databaseKinds())('per-account sign-in defences (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  /** One sign-in from a fresh address. */
  const attempt = (email: string, password: string) =>
    server.client().post('/api/account/sign-in', { email, password });
  const skipWait = (email: string) =>
    server.db.execute(
      sql`update sign_in_guards set next_attempt_at = now() - interval '1 second' where email = ${email.toLowerCase()}`,
    );
  const lockEvents = (email: string) =>
    rows<{ user_id: string | null; details: { failures: number } }>(
      server.db,
      sql`select user_id, details from security_events where event_type = 'account_locked' and details->>'email' = ${email.toLowerCase()}`,
    );

  /** `n` wrong passwords from `n` addresses, each answered 401, waiting out any slowdown in between. */
  async function failTimes(email: string, n: number) {
    for (let i = 0; i < n; i++) {
      await skipWait(email);
      const res = await attempt(email, 'wrong-password-1');
      expect(res.status, `failure ${i + 1}`).toBe(401);
      expect((await errorOf(res)).code).toBe('auth/invalid-credentials');
    }
  }

  it('probe: wrong passwords from many addresses slow the account after 5 and lock it after 10; the right password is refused while locked; the owner is e-mailed', async () => {
    const { email, password, userId } = await signUpAndConfirm(server);
    await failTimes(email, ACCOUNT_GUARD.slowAfter);

    // Slowed: the next try, even with the right password, waits 1 s, then 2 s after the next failure.
    const slowed = await attempt(email, password);
    expect(slowed.status).toBe(429);
    expect(await errorOf(slowed)).toMatchObject({
      code: 'auth/slow-down',
      message: AUTH_ERRORS['auth/slow-down'],
    });
    expect(Number(slowed.headers.get('retry-after'))).toBe(1);
    await failTimes(email, 1);
    const slower = await attempt(email, 'wrong-password-1');
    expect(slower.status).toBe(429);
    expect(Number(slower.headers.get('retry-after'))).toBe(2);

    await failTimes(email, ACCOUNT_GUARD.lockAfter - ACCOUNT_GUARD.slowAfter - 1);
    // Locked: the right and a wrong password get the very same answer, for 15 minutes.
    const right = await attempt(email, password);
    const wrong = await attempt(email, 'wrong-password-1');
    for (const res of [right, wrong]) {
      expect(res.status).toBe(429);
      expect(await errorOf(res)).toEqual({
        code: 'auth/account-locked',
        message: AUTH_ERRORS['auth/account-locked'],
      });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(ACCOUNT_GUARD.lockMinutes * 60 - 30);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_GUARD.lockMinutes * 60);
    }
    expect(await lockEvents(email)).toEqual([
      { user_id: userId, details: expect.objectContaining({ failures: ACCOUNT_GUARD.lockAfter }) },
    ]);
    const mail = await latestMail(server.baseUrl, email, 'account-locked');
    expect(mail.subject).toContain('locked for 15 minutes');
    expect(mail.text).toContain('/forgot-password');

    // A password reset lifts the lock at once.
    const browser = server.client();
    expect((await browser.post('/api/account/forgot-password', { email })).status).toBe(200);
    const landing = await browser.get(
      extractLink((await latestMail(server.baseUrl, email, 'reset-password')).text),
    );
    const token = new URL(landing.headers.get('location') ?? '', server.baseUrl).searchParams.get('token');
    const reset = await browser.post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await attempt(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('an address without an account is slowed and locked exactly alike, and nobody is e-mailed', async () => {
    const email = uniqueEmail('nobody');
    await failTimes(email, ACCOUNT_GUARD.lockAfter);
    const res = await attempt(email, 'wrong-password-1');
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('auth/account-locked');
    expect(await lockEvents(email)).toEqual([{ user_id: null, details: expect.anything() }]);
    expect(await readMailbox(server.baseUrl, email)).toEqual([]);
  });

  it('a right password forgets the earlier failures', async () => {
    const { email, password } = await signUpAndConfirm(server);
    await failTimes(email, ACCOUNT_GUARD.slowAfter - 1);
    expect((await attempt(email, password)).status).toBe(200);
    // Four more wrong ones: still not slowed, the count started again.
    await failTimes(email, ACCOUNT_GUARD.slowAfter - 1);
    expect((await attempt(email, password)).status).toBe(200);
  });

  it('wrong two-factor codes count against the account too', async () => {
    const account = await signUpAndConfirm(server);
    await enableTwoFactor(server, account);
    const client = server.client();
    const step = await client.post('/api/account/sign-in', account);
    expect(await step.json()).toEqual({ ok: true, twoFactorRequired: true });
    for (let i = 0; i < ACCOUNT_GUARD.slowAfter; i++) {
      const res = await client.post('/api/account/two-factor', { method: 'totp', code: '000000' });
      expect(res.status, `code ${i + 1}`).toBe(401);
    }
    // The account is now slowed: the password step waits, even from another address.
    const next = await attempt(account.email, account.password);
    expect(next.status).toBe(429);
    expect((await errorOf(next)).code).toBe('auth/slow-down');
  });

  it('probe: a sign-in password longer than 128 characters is a wrong password, not a 500', async () => {
    const { email } = await signUpAndConfirm(server);
    for (const password of ['x'.repeat(129), 'y'.repeat(10_000)]) {
      const res = await attempt(email, password);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('auth/invalid-credentials');
    }
  });
});
