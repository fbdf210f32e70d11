import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  readMailbox,
  signUpAndConfirm,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

describe.each(databaseKinds())('magic link (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends a magic-link mail; the link signs in and redirects to /dashboard', async () => {
    const { email, userId } = await signUpAndConfirm(server, { userType: 'driver' });
    const res = await server.client().post('/api/account/magic-link', { email: ` ${email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const mail = await latestMail(server.baseUrl, email, 'magic-link');
    expect(mail.to).toBe(email);
    const link = extractLink(mail.text);
    expect(link.startsWith(`${server.baseUrl}/api/auth/magic-link/verify?token=`)).toBe(true);

    const browser = server.client();
    const landing = await browser.get(link);
    expect(landing.status).toBe(302);
    expect(new URL(landing.headers.get('location') ?? '', server.baseUrl).pathname).toBe('/dashboard');
    const cookie = landing.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(browser.sessionToken()).toBeTruthy();

    const session = await browser.session();
    expect(session.user).toMatchObject({ id: userId, email, role: 'driver' });

    // The link works once.
    const second = server.client();
    const reuse = await second.get(link);
    expect(reuse.status).toBe(302);
    // A spent link lands on the sign-in page, which explains it (not on a guarded page that drops the error).
    const reuseUrl = new URL(reuse.headers.get('location') ?? '', server.baseUrl);
    expect(reuseUrl.pathname).toBe('/login');
    expect(reuseUrl.searchParams.get('magic_link')).toBe('failed');
    expect(second.sessionToken()).toBeUndefined();
    expect((await second.session()).user).toBeNull();
  });

  it('an unknown address: the same 200, no mail', async () => {
    const email = uniqueEmail('stranger');
    const res = await server.client().post('/api/account/magic-link', { email });
    expect(res.status).toBe(200);
    await server.deps.later.drain();
    expect(await readMailbox(server.baseUrl, email)).toHaveLength(0);
  });

  it('a malformed address: 400 with the e-mail message', async () => {
    const res = await server.client().post('/api/account/magic-link', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation',
      message: 'Please enter a valid email address.',
    });
  });

  it('an invented token does not sign in', async () => {
    const browser = server.client();
    const res = await browser.get('/api/auth/magic-link/verify?token=invented&callbackURL=%2Fdashboard');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', server.baseUrl);
    expect(location.pathname).toBe('/dashboard');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(browser.sessionToken()).toBeUndefined();
    expect((await browser.session()).user).toBeNull();
  });
});
