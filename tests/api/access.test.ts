import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  signUpAndConfirm,
  signupBody,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';

const UNAUTHENTICATED = {
  code: 'unauthenticated',
  message: 'Please log in to continue. Your session may have expired.',
};
const FORBIDDEN = { code: 'forbidden', message: "You don't have permission to perform this action." };
const NOT_FOUND = { code: 'not_found', message: 'Not found' };
const BAD_ORIGIN = { code: 'bad_origin', message: 'This request did not come from the app.' };

describe.each(databaseKinds())('roles, unknown paths and origins (%s)', (kind) => {
  let server: TestServer;
  let guest: TestClient;
  let customer: TestClient;
  let driver: TestClient;
  let admin: TestClient;
  let driverId: string;
  let adminEmail: string;

  beforeAll(async () => {
    server = await startServer(kind);
    guest = server.client();
    customer = (await signedInClient(server, { userType: 'customer' })).client;
    const d = await signedInClient(server, {
      userType: 'driver',
      bspNumber: 'BSP-777',
      companyName: 'Port Shuttles',
    });
    driver = d.client;
    driverId = d.userId;
    const a = await signUpAndConfirm(server, { userType: 'customer', fullName: 'Ada Admin' });
    adminEmail = a.email;
    await makeAdmin(server, a);
    admin = server.client();
    const res = await admin.signIn(a.email, a.password);
    if (res.status !== 200) throw new Error(`admin sign-in: ${res.status}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the admin session carries the admin role and every permission', async () => {
    const session = await admin.session();
    expect(session.user).toMatchObject({ email: adminEmail, role: 'admin', userType: 'admin' });
    expect(session.permissions).toEqual(
      expect.arrayContaining([
        'manage_users',
        'manage_system',
        'view_analytics',
        'manage_driver_profile',
        'book_rides',
      ]),
    );
  });

  describe('GET /api/drivers/me', () => {
    it('guest: 401 unauthenticated', async () => {
      const res = await guest.get('/api/drivers/me');
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual(UNAUTHENTICATED);
    });

    it('customer: 403 forbidden', async () => {
      const res = await customer.get('/api/drivers/me');
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(FORBIDDEN);
    });

    it('driver: 200 with its own record', async () => {
      const res = await driver.get('/api/drivers/me');
      expect(res.status).toBe(200);
      const { driver: record } = (await res.json()) as { driver: Record<string, unknown> };
      expect(record).toMatchObject({
        userId: driverId,
        bspNumber: 'BSP-777',
        companyName: 'Port Shuttles',
        verificationStatus: 'verified',
        availability: { days: [], hours: { start: '09:00', end: '17:00' } },
      });
    });

    it('admin: passes the permission check, has no record: 404', async () => {
      const res = await admin.get('/api/drivers/me');
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual(NOT_FOUND);
    });
  });

  describe('GET /api/admin/users', () => {
    it('guest: 401', async () => {
      const res = await guest.get('/api/admin/users');
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual(UNAUTHENTICATED);
    });

    it.each([
      ['customer', () => customer],
      ['driver', () => driver],
    ])('%s: 403', async (_role, who) => {
      const res = await who().get('/api/admin/users');
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(FORBIDDEN);
    });

    it('admin: 200 with the users, no password material', async () => {
      const res = await admin.get('/api/admin/users');
      expect(res.status).toBe(200);
      const { users } = (await res.json()) as { users: Record<string, unknown>[] };
      expect(users.map((u) => u.userType).sort()).toEqual(['admin', 'customer', 'driver']);
      expect(users.find((u) => u.email === adminEmail)).toMatchObject({
        userType: 'admin',
        emailVerified: true,
      });
      for (const u of users)
        expect(Object.keys(u).sort()).toEqual([
          'businessName',
          'createdAt',
          'email',
          'emailVerified',
          'fullName',
          'id',
          'phone',
          'status',
          'userType',
          'verificationStatus',
        ]);
    });

    it('an admin demoted in the database loses access as soon as the change notification arrives', async () => {
      const demoted = await signedInClient(server);
      await makeAdmin(server, demoted);
      expect((await demoted.client.get('/api/admin/users')).status).toBe(200);
      await server.db.execute(sql`update users set user_type = 'customer' where id = ${demoted.userId}`);
      // A change made outside the app reaches its session cache by NOTIFY session_change, which arrives a
      // moment after the commit (auth/session-cache.ts): on a loaded machine the very next request can come
      // first. Access must be gone as soon as the notification is heard, well within a second.
      await expect
        .poll(async () => (await demoted.client.get('/api/admin/users')).status, {
          timeout: 2_000,
          interval: 50,
        })
        .toBe(403);
    });
  });

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api/account/nope'],
      ['GET', '/api/admin/nope'],
      ['POST', '/api/auth/sign-in/email'],
      ['GET', '/api/auth/list-sessions'],
    ])('%s %s: 404 JSON', async (method, path) => {
      const res = await admin.request(path, { method, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await errorOf(res)).toEqual(NOT_FOUND);
    });

    it('GET /api/health answers with the database kind', async () => {
      const res = await guest.get('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, database: kind });
    });

    it('answers carry the security headers', async () => {
      const res = await guest.get('/api/health');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  });

  describe('origin check', () => {
    it('a cross-origin sign-in: 403 bad_origin, no session', async () => {
      const account = await signUpAndConfirm(server);
      const evil = server.client({ origin: 'http://evil.example' });
      const res = await evil.signIn(account.email, account.password);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(BAD_ORIGIN);
      expect(evil.sessionToken()).toBeUndefined();
    });

    it('a cross-origin sign-up: 403 bad_origin, no user', async () => {
      const body = signupBody();
      const res = await server.client({ origin: 'http://evil.example' }).post('/api/account/signup', body);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(BAD_ORIGIN);
      expect(await rows(server.db, sql`select 1 from users where email = ${body.email}`)).toHaveLength(0);
    });

    it('a cross-origin sign-out with the victim cookie: 403, the session survives', async () => {
      const victim = await signedInClient(server);
      const res = await victim.client.post(
        '/api/account/sign-out',
        {},
        { headers: { origin: 'http://evil.example' } },
      );
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(BAD_ORIGIN);
      expect((await victim.client.session()).user?.id).toBe(victim.userId);
    });

    it('a look-alike origin is refused too', async () => {
      const port = new URL(server.baseUrl).port;
      for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`, 'null']) {
        const res = await server
          .client({ origin })
          .post('/api/account/sign-in', { email: 'a@b.co', password: 'x' });
        expect(res.status, origin).toBe(403);
        expect((await errorOf(res)).code).toBe('bad_origin');
      }
    });

    it('the app origin, its localhost alias and no Origin at all are accepted', async () => {
      const account = await signUpAndConfirm(server);
      const port = new URL(server.baseUrl).port;
      for (const origin of [server.baseUrl, `http://localhost:${port}`, null]) {
        const res = await server.client({ origin }).signIn(account.email, account.password);
        expect(res.status, String(origin)).toBe(200);
      }
    });

    it('reads (GET) are not subject to the origin check', async () => {
      const res = await server.client({ origin: 'http://evil.example' }).get('/api/session', {
        headers: { origin: 'http://evil.example' },
      });
      expect(res.status).toBe(200);
    });
  });
});
