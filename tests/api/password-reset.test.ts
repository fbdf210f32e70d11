import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  readMailbox,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';
const RESET_LIMIT = {
  code: 'auth/reset-rate-limit',
  message: 'Too many password reset attempts. Please try again in 1 hour.',
};

describe.each(databaseKinds())('password reset (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailsOfKind = async (email: string, mailKind: string) =>
    (await readMailbox(server.baseUrl, email)).filter((m) => m.kind === mailKind);

  /** Asks for a reset mail and follows its link; returns the token from the redirect. */
  async function resetToken(email: string): Promise<string> {
    const browser = server.client();
    const res = await browser.post('/api/account/forgot-password', { email });
    expect(res.status).toBe(200);
    const link = extractLink((await latestMail(server.baseUrl, email, 'reset-password')).text);
    const landing = await browser.get(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();
    return token!;
  }

  it('the whole flow: mail, link to /reset-password?token=, new password works, old one does not', async () => {
    const { client: oldSession, email, password, userId } = await signedInClient(server);
    expect((await oldSession.session()).user?.id).toBe(userId);

    const browser = server.client();
    const ask = await browser.post('/api/account/forgot-password', { email });
    expect(ask.status).toBe(200);
    expect(await ask.json()).toEqual({ ok: true });
    const mail = await latestMail(server.baseUrl, email, 'reset-password');
    expect(mail.to).toBe(email);
    const link = extractLink(mail.text);
    expect(link.startsWith(`${server.baseUrl}/api/auth/reset-password/`)).toBe(true);

    const landing = await browser.get(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await browser.post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ ok: true });

    const old = await server.client().signIn(email, password);
    expect(old.status).toBe(401);
    expect((await errorOf(old)).code).toBe('auth/invalid-credentials');
    const fresh = server.client();
    expect((await fresh.signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await fresh.session()).user?.id).toBe(userId);

    // Sessions from before the reset are revoked.
    expect((await oldSession.session()).user).toBeNull();

    const events = await rows<{ event_type: string; user_id: string | null }>(
      server.db,
      sql`select event_type, user_id from security_events where event_type in ('password_reset_requested', 'password_reset')`,
    );
    expect(events).toContainEqual({ event_type: 'password_reset_requested', user_id: userId });
    expect(events.some((e) => e.event_type === 'password_reset')).toBe(true);

    // The token works once.
    const again = await browser.post('/api/account/reset-password', {
      token,
      password: 'Another-Pass-8',
      confirmPassword: 'Another-Pass-8',
    });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({
      code: 'validation',
      message: 'This password reset link is invalid or has expired. Please ask for a new one.',
    });
    expect((await server.client().signIn(email, 'Another-Pass-8')).status).toBe(401);
  });

  it('the reset form rules: mismatch, too short, too common, missing token', async () => {
    const { email } = await signUpAndConfirm(server);
    const token = await resetToken(email);
    const browser = server.client();
    const cases: [Record<string, unknown>, string][] = [
      [{ token, password: NEW_PASSWORD, confirmPassword: 'Something-Else-1' }, 'Passwords do not match'],
      [{ token, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
      [
        { token, password: 'Password', confirmPassword: 'Password' },
        'Please use a stronger password. This password is too common.',
      ],
      [
        { token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'Failed to reset password. Please try again.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await browser.post('/api/account/reset-password', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'validation', message });
    }
    // None of those consumed the token.
    const ok = await browser.post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
  });

  it('no token at all: 400 "Failed to reset password. Please try again."', async () => {
    const res = await server.client().post('/api/account/reset-password', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation',
      message: 'Failed to reset password. Please try again.',
    });
  });

  it('an invented token: 400, password unchanged', async () => {
    const { email, password } = await signUpAndConfirm(server);
    const res = await server.client().post('/api/account/reset-password', {
      token: 'not-a-real-token',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
    expect((await server.client().signIn(email, password)).status).toBe(200);
  });

  it('an invented link token redirects back with an error, not a token', async () => {
    const res = await server.client().get('/api/auth/reset-password/nope?callbackURL=%2Freset-password');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(location.searchParams.get('token')).toBeNull();
  });

  it('an unknown address gets the same 200 and no mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await server.client().post('/api/account/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await server.deps.later.drain();
    expect(await readMailbox(server.baseUrl, email)).toHaveLength(0);
  });

  it('the request needs an e-mail', async () => {
    const empty = await server.client().post('/api/account/forgot-password', { email: ' ' });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toMatchObject({
      code: 'validation',
      message: 'Please enter your email address.',
    });
    const bad = await server.client().post('/api/account/forgot-password', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({
      code: 'validation',
      message: 'Please enter a valid email address.',
    });
  });

  it('the 4th request for one address within the hour: 429 auth/reset-rate-limit', async () => {
    const { email } = await signUpAndConfirm(server);
    // Each request from a different client address: the limit is per e-mail address.
    const variants = [email, email.toUpperCase(), ` ${email} `];
    for (const variant of variants) {
      const res = await server.client().post('/api/account/forgot-password', { email: variant });
      expect(res.status, variant).toBe(200);
    }
    // The mails are written just after each answer (issue 16: the same time for every address).
    await server.deps.later.drain();
    expect(await mailsOfKind(email, 'reset-password')).toHaveLength(3);

    const fourth = await server.client().post('/api/account/forgot-password', { email });
    expect(fourth.status).toBe(429);
    expect(await errorOf(fourth)).toEqual(RESET_LIMIT);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await mailsOfKind(email, 'reset-password')).toHaveLength(3);

    // Another address is not affected.
    const other = await signUpAndConfirm(server);
    expect((await server.client().post('/api/account/forgot-password', { email: other.email })).status).toBe(
      200,
    );
  });
});
