/**
 * Issue 28, finding 1: the two-factor requirement is checked on the session, not on the account. A cookie
 * made with the password alone (or a one-time link) never gains administrator rights: not when its account
 * turns two-factor sign-in on elsewhere, not when a customer is promoted. Both of those end the account's
 * other sessions, and every admin-only path (document files included) goes through the one check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTotp } from '../support/totp.ts';
import {
  databaseKinds,
  enableTwoFactor,
  errorOf,
  extractLink,
  latestMail,
  makeAdmin,
  rows,
  signedInClient,
  signUpAndConfirm,
  signupBody,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';

const ADMIN_PATHS = ['/api/admin/users', '/api/admin/audit', '/api/admin/exports/trip-records.csv'];

describe.each(databaseKinds())('two-factor on the session (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  const methodsOf = (userId: string) =>
    rows<{ auth_method: string }>(
      server.db,
      sql`select auth_method from sessions where user_id = ${userId} order by created_at`,
    ).then((r) => r.map((x) => x.auth_method));

  async function expectNoAdminRights(client: TestClient) {
    for (const path of ADMIN_PATHS) {
      const res = await client.get(`${path}${path.endsWith('.csv') ? '?from=2026-01-01&to=2026-01-31' : ''}`);
      expect([401, 403], path).toContain(res.status);
    }
  }

  it("probe: an administrator's password-only cookie gains nothing when two-factor is turned on in another session (issue 28 finding 1)", async () => {
    const a = await signedInClient(server, { fullName: 'Petra Password' });
    await server.db.execute(sql`update users set user_type = 'admin' where id = ${a.userId}`);
    // Signed in with the password alone: the admin API refuses it.
    expect((await a.client.get('/api/admin/users')).status).toBe(403);
    expect(await methodsOf(a.userId)).toEqual(['password']);

    // Two-factor turned on in another browser: the first cookie is ended, not promoted.
    await enableTwoFactor(server, { email: a.email, password: a.password });
    expect((await a.client.session()).user).toBeNull();
    await expectNoAdminRights(a.client);
    expect(await methodsOf(a.userId)).toEqual(['totp']);

    // Signed in again with the code, the session says so and the admin API answers.
    expect((await a.client.signIn(a.email, a.password)).status).toBe(200);
    const session = await a.client.session();
    expect(session.user).toMatchObject({ role: 'admin', twoFactorEnabled: true, secondFactor: true });
    for (const path of ADMIN_PATHS.slice(0, 2)) expect((await a.client.get(path)).status, path).toBe(200);
  });

  it('probe: a session kept from before two-factor was on is refused admin rights even if it survived (issue 28 finding 1)', async () => {
    const a = await signedInClient(server, { fullName: 'Sam Stale' });
    await makeAdmin(server, a);
    expect((await a.client.get('/api/admin/users')).status).toBe(200);
    // The account has a second factor, but this session did not use it (a row as old code would leave it):
    // the check reads the session.
    await server.db.execute(sql`update sessions set auth_method = 'password' where user_id = ${a.userId}`);
    await server.deps.sessions.forgetUser(a.userId);
    const res = await a.client.get('/api/admin/users');
    expect(res.status).toBe(403);
    const err = await errorOf(res);
    expect(err.code).toBe('auth/two-factor-required');
    expect(err.message).toMatch(/sign in again with your code/i);
    expect((await a.client.session()).user).toMatchObject({ twoFactorEnabled: true, secondFactor: false });
  });

  it("probe: a magic-link or customer's session from before a promotion to administrator is ended by it (issue 28 finding 1)", async () => {
    const admin = await signedInClient(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, admin);

    const c = await signedInClient(server, { fullName: 'Cody Customer' });
    // A second way in: a one-time link.
    expect((await server.client().post('/api/account/magic-link', { email: c.email })).status).toBe(200);
    const link = extractLink((await latestMail(server.baseUrl, c.email, 'magic-link')).text);
    const viaLink = server.client();
    expect((await viaLink.get(link)).status).toBe(302);
    expect((await viaLink.session()).user?.id).toBe(c.userId);
    expect(await methodsOf(c.userId)).toEqual(['password', 'magic_link']);

    const promote = await admin.client.post(`/api/admin/users/${c.userId}/role`, {
      role: 'admin',
      reason: 'Joins the support team',
    });
    expect(promote.status).toBe(200);
    for (const client of [c.client, viaLink]) {
      expect((await client.session()).user).toBeNull();
      await expectNoAdminRights(client);
    }
    expect(await methodsOf(c.userId)).toEqual([]);
  });

  it('probe: an administrator without a second-factor session cannot read a driver document file (issue 28 finding 4)', async () => {
    const driver = await signUpAndConfirm(server, { userType: 'driver' });
    const [doc] = await rows<{ id: string }>(
      server.db,
      sql`select id from driver_documents where driver_id = ${driver.userId} limit 1`,
    );
    expect(doc).toBeTruthy();
    const path = `/api/driver-documents/${doc!.id}/file`;

    const weak = await signedInClient(server, { fullName: 'Wes Weak' });
    await server.db.execute(sql`update users set user_type = 'admin' where id = ${weak.userId}`);
    const refused = await weak.client.get(path);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('auth/two-factor-required');

    const strong = await signedInClient(server, { fullName: 'Stella Strong' });
    await makeAdmin(server, strong);
    const file = await strong.client.get(path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');

    // Another driver still reads it as not there.
    const other = await signedInClient(server, { userType: 'driver' });
    expect((await other.client.get(path)).status).toBe(404);
  });
});

describe('two-factor on the session, in production mode', () => {
  // One production-mode server (__Host- cookies, no development mailbox) for both tests: each has its own admin.
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { APP_ENV: 'production' } });
  });
  afterAll(() => server?.close());

  /** An administrator without two-factor yet: signed up, confirmed and promoted in the database. */
  async function newAdmin() {
    const body = signupBody();
    expect((await server.client().post('/api/account/signup', body)).status).toBe(201);
    await server.db.execute(
      sql`update users set email_verified = true, user_type = 'admin' where email = ${body.email}`,
    );
    return { email: body.email, password: body.password };
  }

  it("probe: in production (__Host- cookies), turning two-factor on elsewhere ends the password-only sessions, and only a code's session is an administrator's (issue 28 finding 1)", async () => {
    const body = await newAdmin();
    const [weak, setter] = [server.client(), server.client()];
    for (const client of [weak, setter]) {
      expect(
        (await client.post('/api/account/sign-in', { email: body.email, password: body.password })).status,
      ).toBe(200);
    }
    expect([...weak.cookies.keys()]).toContain('__Host-better-auth.session_token');
    expect((await weak.get('/api/admin/users')).status).toBe(403);
    await enableTwoFactor(server, { email: body.email, password: body.password });
    // enableTwoFactor signed in a third browser; the two earlier password-only sessions are gone.
    for (const client of [weak, setter]) expect((await client.session()).user).toBeNull();
    const strong = server.client();
    expect((await strong.signIn(body.email, body.password)).status).toBe(200);
    expect((await strong.session()).user).toMatchObject({ secondFactor: true });
    expect((await strong.get('/api/admin/users')).status).toBe(200);
  });

  it('the browser that turns two-factor on stays signed in, with admin rights (issue 28 finding 1)', async () => {
    const body = await newAdmin();
    const client = server.client();
    expect(
      (await client.post('/api/account/sign-in', { email: body.email, password: body.password })).status,
    ).toBe(200);
    const setup = await client.post('/api/me/two-factor/enable', { password: body.password });
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await client.post('/api/me/two-factor/confirm', { code: await freshTotp(secret) });
    expect(confirm.status).toBe(200);
    expect((await client.session()).user).toMatchObject({ twoFactorEnabled: true, secondFactor: true });
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });
});
