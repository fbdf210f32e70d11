/**
 * Past one machine (docs ARCHITECTURE.md): two API instances over one PostgreSQL database behave as one.
 * Sessions and rate-limit counters live in the database, so a session made on one instance is good on the
 * other, a sign-out on one ends it everywhere, and the limits count requests across instances.
 *
 * Instance A is the usual test server (it creates a fresh database); instance B is a second real server
 * on its own port, with its own connection pool to the same database and the same AUTH_SECRET, built the
 * way helpers.ts builds an instance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { AppBindings } from '../../src/server/http/context.ts';
import { listen } from '../../src/server/server.ts';
import { LOGIN_RATE_LIMIT, PASSWORD_RESET_LIMIT } from '../../src/shared/constants.ts';
import {
  type ClientOptions,
  errorOf,
  randomIp,
  readMailbox,
  rows,
  signUpAndConfirm,
  startServer,
  TestClient,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

interface Instance {
  baseUrl: string;
  client(opts?: ClientOptions): TestClient;
}

interface SecondInstance extends Instance {
  close(): Promise<void>;
}

/**
 * A second server over the database of `first`: its own socket, its own pool, the same secret. Listens
 * first (APP_URL must carry the real port), then builds the app, as startServer does.
 */
async function startSecondInstance(first: TestServer): Promise<SecondInstance> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('A second instance needs DATABASE_URL');
  const [current] = await rows<{ name: string }>(first.db, sql`select current_database() as name`);
  const url = new URL(adminUrl);
  url.pathname = `/${current!.name}`;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-api-b-'));
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString() });
    let inner: Hono<AppBindings> | undefined;
    const front = new Hono<AppBindings>();
    front.all('*', (c) => {
      if (!inner) return c.text('starting', 503);
      return inner.fetch(c.req.raw, c.env);
    });
    server = await listen(front, 0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const env = loadEnv({
      APP_ENV: 'development',
      // Shared, or B could not read the signed session cookies A issues (and the other way round).
      AUTH_SECRET: first.deps.env.AUTH_SECRET,
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      PORT: String(server.port),
      HOST: '127.0.0.1',
      TRUST_PROXY: first.deps.env.TRUST_PROXY ? 'true' : 'false',
    });
    inner = createApp({ env, database }).app;

    const openDb = database;
    const openServer = server;
    let closed = false;
    return {
      baseUrl,
      client: (opts) => new TestClient(baseUrl, opts),
      async close() {
        if (closed) return;
        closed = true;
        await openServer.close();
        await openDb.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The same browser talking to another instance (as behind a load balancer): same address, same cookies. */
function sameBrowserOn(instance: Instance, browser: TestClient): TestClient {
  const moved = instance.client({ ip: browser.ip });
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

// PGlite is one in-process database: two instances cannot share it, so this suite needs PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('two API instances over one PostgreSQL database', () => {
  let a: TestServer;
  let b: SecondInstance;
  beforeAll(async () => {
    a = await startServer('postgres');
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('both instances answer, on different ports, from PostgreSQL', async () => {
    expect(a.baseUrl).not.toBe(b.baseUrl);
    for (const instance of [a, b]) {
      const res = await instance.client().get('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, database: 'postgres' });
    }
  });

  it('an account confirmed through A signs in through B, and B’s session cookie is good on A', async () => {
    const { email, password, userId } = await signUpAndConfirm(a);

    const onB = b.client();
    const res = await onB.signIn(email, password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, userId });
    expect(onB.sessionToken()).toBeTruthy();
    expect((await onB.session()).user).toMatchObject({ id: userId, email, emailVerified: true });

    const onA = sameBrowserOn(a, onB);
    const session = await onA.session();
    expect(session.user).toMatchObject({ id: userId, email, emailVerified: true });
    expect(session.permissions?.length).toBeGreaterThan(0);
  });

  it('the session cookie is HttpOnly, SameSite=Lax and not Secure in development, from either instance', async () => {
    const { email, password } = await signUpAndConfirm(a);
    for (const instance of [a, b]) {
      const res = await instance.client().signIn(email, password);
      expect(res.status).toBe(200);
      const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it('signing out on A ends the session on B too', async () => {
    const { email, password, userId } = await signUpAndConfirm(a);
    const onB = b.client();
    expect((await onB.signIn(email, password)).status).toBe(200);
    const token = onB.sessionToken();
    expect(token).toBeTruthy();
    const onA = sameBrowserOn(a, onB);
    expect((await onA.session()).user?.id).toBe(userId);
    // B has verified the session and keeps it in memory (issue 17: auth/session-cache.ts).
    expect((await onB.session()).user?.id).toBe(userId);

    const out = await onA.post('/api/account/sign-out', {});
    expect(out.status).toBe(200);
    expect(onA.sessionToken()).toBeUndefined();

    // B's browser still sends the old cookie; the database's notification ends B's cached copy, so B
    // answers signed out within moments (not after the cache's minute).
    expect(onB.sessionToken()).toBe(token);
    const signedOut = Date.now();
    await expect.poll(async () => (await onB.session()).user, { timeout: 2_000, interval: 10 }).toBeNull();
    expect(Date.now() - signedOut).toBeLessThan(2_000);
    expect(await rows(a.db, sql`select 1 from sessions where user_id = ${userId}`)).toHaveLength(0);
  });

  it(`the sign-in limit per address (${LOGIN_RATE_LIMIT.max}) counts attempts on both instances together`, async () => {
    expect(a.deps.env.TRUST_PROXY).toBe(true);
    const { email, password, userId } = await signUpAndConfirm(a);
    const ip = randomIp();
    // One address behind the load balancer; every attempt is a new browser, alternating between A and B.
    const attempt = (instance: Instance, pw: string, who = email) => instance.client({ ip }).signIn(who, pw);

    const seen = { a: 0, b: 0 };
    for (let i = 1; i <= LOGIN_RATE_LIMIT.max; i++) {
      const onA = i % 2 === 1;
      seen[onA ? 'a' : 'b'] += 1;
      // Each guess for another account, so the per-account guard (account-lockout.test.ts) stays out of it.
      const res = await attempt(onA ? a : b, `Wrong-Password-${i}`, uniqueEmail('guess'));
      expect(res.status, `attempt ${i} on ${onA ? 'A' : 'B'}`).toBe(401);
    }
    // Neither instance alone has seen the limit, yet the next attempt (with the right password) is over it.
    expect(seen.a).toBeLessThan(LOGIN_RATE_LIMIT.max);
    expect(seen.b).toBeLessThan(LOGIN_RATE_LIMIT.max);
    for (const instance of [b, a]) {
      const limited = await attempt(instance, password);
      expect(limited.status).toBe(429);
      expect(await errorOf(limited)).toEqual({
        code: 'auth/rate-limit',
        message: 'Too many login attempts. Please wait a moment before trying again.',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // One shared counter, not one per instance.
    const counters = await rows<{ count: number }>(
      a.db,
      sql`select count from rate_limits where key = ${`sign-in:ip:${ip}`}`,
    );
    expect(counters).toEqual([{ count: LOGIN_RATE_LIMIT.max + 2 }]);

    // The limit is per address: another address still signs in, on either instance.
    const other = b.client({ ip: randomIp() });
    const ok = await other.signIn(email, password);
    expect(ok.status).toBe(200);
    expect((await sameBrowserOn(a, other).session()).user?.id).toBe(userId);
  });

  it(`the password-reset limit (${PASSWORD_RESET_LIMIT.max} per e-mail an hour) counts requests on both instances together`, async () => {
    expect(PASSWORD_RESET_LIMIT.max).toBe(3);
    const { email } = await signUpAndConfirm(a);
    // A new browser (and address) per request, so only the per-e-mail limit can refuse.
    const ask = (instance: Instance) => instance.client().post('/api/account/forgot-password', { email });

    expect((await ask(a)).status).toBe(200);
    expect((await ask(a)).status).toBe(200);
    expect((await ask(b)).status).toBe(200);
    const fourth = await ask(b);
    expect(fourth.status).toBe(429);
    expect(await errorOf(fourth)).toEqual({
      code: 'auth/reset-rate-limit',
      message: 'Too many password reset attempts. Please try again in 1 hour.',
    });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // A is over the limit as well.
    expect((await ask(a)).status).toBe(429);

    // Three mails in the one shared mailbox, whichever instance reads it.
    // (Each is written just after its answer, issue 16: look until they are there.)
    for (const instance of [a, b]) {
      await expect
        .poll(async () =>
          (await readMailbox(instance.baseUrl, email)).filter((m) => m.kind === 'reset-password'),
        )
        .toHaveLength(PASSWORD_RESET_LIMIT.max);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('instances starting together on a fresh database', () => {
  it('migrate it once between them: every instance opens, none fails on a half-made schema', async () => {
    const adminUrl = new URL(process.env.DATABASE_URL!);
    const name = `test_race_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })),
      );
      expect(opened.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const users = await check.query("select to_regclass('public.users') as t");
      await check.end();
      expect(applied.rows[0].n).toBeGreaterThan(0);
      expect(users.rows[0].t).toBe('users');
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
