import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  readMailbox,
  rows,
  signUpAndConfirm,
  signupBody,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const INVALID_CREDENTIALS = {
  code: 'auth/invalid-credentials',
  message: 'The email or password you entered is incorrect. Please try again.',
};
const NOT_CONFIRMED = {
  code: 'auth/email-not-confirmed',
  message: 'Your email has not been confirmed. Please check your inbox for a confirmation email.',
};
const MISSING = { code: 'auth/missing-credentials', message: 'missing email or password' };
const INVALID_EMAIL = { code: 'auth/invalid-email', message: 'Please enter a valid email address.' };

describe.each(databaseKinds())('e-mail confirmation and sign-in (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const events = (type: string) =>
    rows<{ user_id: string | null; ip_address: string; details: Record<string, unknown> }>(
      server.db,
      sql`select user_id, ip_address, details from security_events where event_type = ${type} order by created_at`,
    );

  it('failed sign-ins to an unconfirmed account resend the confirmation at most 3 times an hour', async () => {
    const body = signupBody({ userType: 'customer' });
    const browser = server.client();
    expect((await browser.post('/api/account/signup', body)).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const res = await browser.signIn(body.email, body.password);
      expect(res.status).toBe(403);
    }
    const mails = (await readMailbox(server.baseUrl, body.email)).filter((m) => m.kind === 'verify-email');
    // One from sign-up, three resends; the fourth and fifth attempts send nothing.
    expect(mails).toHaveLength(4);
  });

  it('confirmation: refused before, the link redirects to /login?confirmed=true, then sign-in works', async () => {
    const body = signupBody({ userType: 'driver' });
    const browser = server.client();
    const signup = await browser.post('/api/account/signup', body);
    expect(signup.status).toBe(201);
    const { user } = (await signup.json()) as { user: { id: string } };

    // Before confirming: 403 auth/email-not-confirmed, no session cookie.
    const early = await browser.signIn(body.email, body.password);
    expect(early.status).toBe(403);
    expect(await errorOf(early)).toEqual(NOT_CONFIRMED);
    expect(browser.sessionToken()).toBeUndefined();
    const failed = await events('sign_in_failed');
    expect(failed.at(-1)).toMatchObject({ user_id: user.id, details: { reason: 'email-not-confirmed' } });

    // The link from the mail, without following the redirect.
    const mail = await latestMail(server.baseUrl, body.email, 'verify-email');
    const link = extractLink(mail.text);
    expect(link.startsWith(`${server.baseUrl}/api/auth/verify-email?token=`)).toBe(true);
    const confirm = await browser.get(link);
    expect(confirm.status).toBe(302);
    const location = new URL(confirm.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('confirmed')).toBe('true');
    // Confirming does not sign in by itself.
    expect(browser.sessionToken()).toBeUndefined();
    const [row] = await rows<{ email_verified: boolean }>(
      server.db,
      sql`select email_verified from users where id = ${user.id}`,
    );
    expect(row?.email_verified).toBe(true);

    const res = await browser.signIn(body.email, body.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, userId: user.id });
    const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(browser.sessionToken()).toBeTruthy();

    const session = await browser.session();
    expect(session.user).toMatchObject({
      id: user.id,
      email: body.email,
      fullName: body.fullName,
      userType: 'driver',
      role: 'driver',
      emailVerified: true,
    });
    expect(session.permissions).toEqual([
      'manage_driver_profile',
      'manage_vehicle',
      'view_ride_requests',
      'submit_quotes',
      'manage_bookings',
      'view_own_profile',
      'edit_own_profile',
      'view_notifications',
    ]);
    expect((await events('sign_in')).some((e) => e.user_id === user.id)).toBe(true);
  });

  it('a tampered confirmation token does not confirm', async () => {
    const body = signupBody();
    expect((await server.client().post('/api/account/signup', body)).status).toBe(201);
    const link = new URL(extractLink((await latestMail(server.baseUrl, body.email, 'verify-email')).text));
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await server.client().get(link.toString());
    expect(res.status).toBe(302);
    // better-auth appends the error to the callback URL (which itself says confirmed=true): the sign-in
    // page must let `error` win over `confirmed`.
    const location = new URL(res.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    const [row] = await rows<{ email_verified: boolean }>(
      server.db,
      sql`select email_verified from users where email = ${body.email}`,
    );
    expect(row?.email_verified).toBe(false);
    expect((await server.client().signIn(body.email, body.password)).status).toBe(403);
  });

  it('a customer session carries the customer role and permissions', async () => {
    const account = await signUpAndConfirm(server, { userType: 'customer' });
    const browser = server.client();
    expect((await browser.signIn(account.email, account.password)).status).toBe(200);
    const session = await browser.session();
    expect(session.user).toMatchObject({ id: account.userId, role: 'customer', userType: 'customer' });
    expect(session.permissions).toEqual([
      'manage_customer_profile',
      'create_ride_requests',
      'view_quotes',
      'book_rides',
      'view_own_profile',
      'edit_own_profile',
      'view_notifications',
    ]);
  });

  it('the session records the client address, not a client-sent copy of the internal header', async () => {
    const account = await signUpAndConfirm(server);
    const browser = server.client();
    const res = await browser.post(
      '/api/account/sign-in',
      { email: account.email, password: account.password },
      { headers: { 'x-shuttle-client-ip': '6.6.6.6' } },
    );
    expect(res.status).toBe(200);
    const sessions = await rows<{ ip_address: string | null }>(
      server.db,
      sql`select ip_address from sessions where user_id = ${account.userId}`,
    );
    expect(sessions).toEqual([{ ip_address: browser.ip }]);
  });

  it('without a cookie the session is empty', async () => {
    expect(await server.client().session()).toEqual({ user: null });
  });

  it('a wrong password: 401 auth/invalid-credentials and a sign_in_failed event', async () => {
    const account = await signUpAndConfirm(server);
    const browser = server.client();
    const res = await browser.signIn(account.email, 'Wrong-Password-1');
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual(INVALID_CREDENTIALS);
    expect(browser.sessionToken()).toBeUndefined();
    const failed = (await events('sign_in_failed')).filter((e) => e.user_id === account.userId);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      ip_address: browser.ip,
      details: { reason: 'invalid-credentials', email: account.email },
    });
    expect((await browser.session()).user).toBeNull();
  });

  it('an unknown address gets the same 401 as a wrong password', async () => {
    const email = uniqueEmail('ghost');
    const res = await server.client().signIn(email, 'Whatever-Pass-1');
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual(INVALID_CREDENTIALS);
    const failed = (await events('sign_in_failed')).filter((e) => e.details.email === email);
    expect(failed).toEqual([expect.objectContaining({ user_id: null })]);
  });

  it.each([
    ['no password', { email: 'someone@example.com' }],
    ['an empty password', { email: 'someone@example.com', password: '' }],
    ['no e-mail', { password: 'Sturdy-Pass-9' }],
    ['nothing', {}],
    ['an empty e-mail', { email: '   ', password: 'Sturdy-Pass-9' }],
  ])('%s: 400 auth/missing-credentials', async (_label, body) => {
    const res = await server.client().post('/api/account/sign-in', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual(MISSING);
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com'])(
    'malformed e-mail %j: 400 auth/invalid-email',
    async (email) => {
      const res = await server.client().post('/api/account/sign-in', { email, password: 'Sturdy-Pass-9' });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual(INVALID_EMAIL);
    },
  );

  it('the e-mail is trimmed (and its case ignored) before signing in', async () => {
    const account = await signUpAndConfirm(server);
    const browser = server.client();
    const res = await browser.signIn(`  ${account.email.toUpperCase()}  `, account.password);
    expect(res.status).toBe(200);
    expect((await browser.session()).user?.email).toBe(account.email);
  });

  it.each([
    ['text that is not JSON', '{"email": '],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
  ])('a body of %s: 4xx JSON error, never 500', async (_label, raw) => {
    const res = await server.client().post('/api/account/sign-in', raw);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await errorOf(res)).toEqual(MISSING);
  });

  it('a session cookie that was never issued is no session', async () => {
    const browser = server.client();
    browser.cookies.set('better-auth.session_token', 'forged.value');
    expect((await browser.session()).user).toBeNull();
  });

  it('the confirmation e-mail is sent again when an unconfirmed user tries to sign in', async () => {
    const body = signupBody();
    expect((await server.client().post('/api/account/signup', body)).status).toBe(201);
    expect((await server.client().signIn(body.email, body.password)).status).toBe(403);
    const kinds = (await readMailbox(server.baseUrl, body.email)).map((m) => m.kind);
    expect(kinds).toEqual(['verify-email', 'verify-email']);
  });
});
