/**
 * API test harness: a fresh database per call (PGlite in memory, or a new database on the PostgreSQL in
 * DATABASE_URL), the real app on a real socket, a cookie-jar fetch client and mailbox helpers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { type Database, type Db, openDatabase } from '../../src/server/db/client.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { AppBindings, Deps } from '../../src/server/http/context.ts';
import type { HealthProbe } from '../../src/server/http/health-probe.ts';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import { verifyDriverForDevelopment } from '../../src/server/modules/verification/dev-verify.ts';
import { listen } from '../../src/server/server.ts';
import { mailFrom } from '../../src/server/services/mail.ts';
import { type MailWorkerOptions, startMailWorker } from '../../src/server/services/mail-worker.ts';
import { storageFor } from '../../src/server/services/storage.ts';
import { freshTotp } from '../support/totp.ts';
import { waitFor } from './smtp.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Where a run's compiled test servers go (server-process.ts): dist/test-server-<run>-<worker pid>. */
export function testServerFolderPrefix(runFolder: string): string {
  return path.join('dist', `test-server-${path.basename(runFolder)}-`);
}

/** Every API test file runs its suite once per kind: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * For the files whose subject is the HTTP layer, where the database only stores the fixtures (headers,
 * compression, body limits, control characters, the access matrix, places, public pages, push endpoints,
 * the fuzz test):
 * one run, on PostgreSQL when there is one (what production uses), else PGlite. Anything whose answer comes
 * from SQL keeps databaseKinds(): the drivers differ in types, concurrency and LISTEN (issue 29).
 */
export function oneDatabaseKind(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['postgres'] : ['pglite'];
}

export interface TestServer {
  kind: DatabaseKind;
  baseUrl: string;
  deps: Deps;
  /** The app itself (its route table: fuzz.test.ts). */
  app: Hono<AppBindings>;
  database: Database;
  db: Db;
  /** A new cookie-jar client for this server (one "browser"). */
  client(opts?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface ServerOptions {
  /**
   * Read the client address from X-Forwarded-For (default true), so each test client can have its own
   * address and the per-address rate limits of one test do not spill into another. The rate-limit test
   * turns it off to exercise the socket address.
   */
  trustProxy?: boolean;
  env?: Record<string, string>;
  /** For the postgres kind: the server to create the test database on (default DATABASE_URL). */
  postgresUrl?: string;
  /**
   * Run the mail worker as the real server does (SMTP when `env.SMTP_URL` is set, else the JSON
   * transport), with these overrides; it polls every 100 ms unless told otherwise. Off by default: mail
   * then stays 'pending' in the outbox, where the mailbox helpers read it.
   */
  mailWorker?: boolean | Partial<Omit<MailWorkerOptions, 'db' | 'database'>>;
  /** For the postgres kind: requests that may wait for a pooled connection (db/pool-pressure.ts). */
  poolMaxWaiting?: number;
}

/**
 * A fresh, uniquely named database on `adminUrl`'s server, dropped by the returned function. On
 * DATABASE_URL's server, a copy of the migrated template that global-setup.ts made for this run (when there
 * is one); elsewhere (a scratch cluster), an empty one that openDatabase migrates.
 */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = adminUrl === process.env.DATABASE_URL ? templateName() : '';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The run's migrated template database (global-setup.ts), or '' where none was made. */
function templateName(): string {
  try {
    return inject('postgresTemplate') ?? '';
  } catch {
    return '';
  }
}

/**
 * A new PGlite runs initdb (2-6 s here); loading a dump of a migrated one takes under 1 s. The first
 * PGlite a test worker opens is dumped and every later one starts from that dump (issue 29: CI time).
 */
let pgliteSeed: Promise<Blob> | undefined;
/**
 * The API tests' PGlite, made for starting often: 16 MB of shared buffers instead of 128 (each start zeroes
 * them) and 1 MB WAL segments instead of 16 (the dump every start loads: 43 -> 30 MB). A start from the dump
 * took 1.1 s here, 0.45 s with both, 0.3 s with DumpBlob below (bench/README.md "CI time"); the tests'
 * databases are small.
 */
const TEST_PGLITE = { settings: ['shared_buffers=16MB'], initdbArgs: ['--wal-segsize=1'] };
export async function freshPglite(): Promise<Database> {
  pgliteSeed ??= (async () => {
    const first = await openDatabase({ dataDir: 'memory://', pglite: TEST_PGLITE });
    try {
      const dump = await (first.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      return new DumpBlob(await dump.arrayBuffer(), dump.type);
    } finally {
      await first.close();
    }
  })();
  return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteSeed, pglite: TEST_PGLITE });
}

/**
 * A dump that hands PGlite its bytes as they are: Node's Blob.arrayBuffer() reads 30 MB in small pieces
 * and joins them on every start (0.2 of 0.5 s here). PGlite only reads them: its untar copies each file
 * into its own memory.
 */
class DumpBlob extends Blob {
  constructor(
    private readonly dumped: ArrayBuffer,
    type: string,
  ) {
    super([], { type });
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.dumped);
  }
}

/** That dump, if this worker has made (or begun) it; else undefined. */
export function pgliteSeedIfMade(): Promise<Blob> | undefined {
  return pgliteSeed;
}

/**
 * A fresh migrated database of `kind`, for a test that needs no server (a copy of the run's template on
 * PostgreSQL, the worker's migrated PGlite otherwise); `close` closes it and drops a PostgreSQL one.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await freshPglite();
    return { database, close: () => database.close() };
  }
  const created = await createPostgresDatabase(process.env.DATABASE_URL!);
  try {
    const database = await openDatabase({ databaseUrl: created.url });
    return {
      database,
      close: async () => {
        await database.close();
        await created.drop();
      },
    };
  } catch (err) {
    await created.drop();
    throw err;
  }
}

export async function startServer(kind: DatabaseKind, opts: ServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-api-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  if (kind === 'postgres') {
    const adminUrl = opts.postgresUrl ?? process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('The postgres kind needs DATABASE_URL');
    const created = await createPostgresDatabase(adminUrl);
    dropDatabase = created.drop;
    try {
      database = await openDatabase({ databaseUrl: created.url, poolMaxWaiting: opts.poolMaxWaiting });
    } catch (err) {
      await created.drop();
      throw err;
    }
  } else {
    database = await freshPglite();
  }

  // APP_URL must carry the real port (links in e-mails, trusted origins), and the port is only known once
  // the socket listens: listen first with a thin front that hands every request to the app built next.
  let inner: Hono<AppBindings> | undefined;
  const front = new Hono<AppBindings>();
  front.all('*', (c) => {
    if (!inner) return c.text('starting', 503);
    return inner.fetch(c.req.raw, c.env);
  });
  // As index.ts does: liveness probes after the first are answered before the app (http/health-probe.ts).
  let health: HealthProbe | undefined;
  const server = await listen(
    { fetch: front.fetch, answer: (req, res) => health?.answer(req, res) ?? false },
    0,
    '127.0.0.1',
  );
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const env = loadEnv({
    APP_ENV: 'development',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    PORT: String(server.port),
    HOST: '127.0.0.1',
    TRUST_PROXY: opts.trustProxy === false ? 'false' : 'true',
    ...opts.env,
  });
  const created = createApp({ env, database });
  const { app, deps } = created;
  inner = app;
  health = created.health;
  const stopMailWorker = opts.mailWorker
    ? await startMailWorker({
        db: database.db,
        database,
        smtpUrl: env.SMTP_URL,
        from: mailFrom(env),
        intervalMs: 100,
        ...(opts.mailWorker === true ? {} : opts.mailWorker),
      })
    : undefined;

  let closed = false;
  return {
    kind,
    baseUrl,
    deps,
    app,
    database,
    db: database.db,
    client: (clientOpts) => new TestClient(baseUrl, clientOpts),
    async close() {
      if (closed) return;
      closed = true;
      await stopMailWorker?.();
      await server.close();
      await deps.later.drain();
      await database.close();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ClientOptions {
  /** Sent as X-Forwarded-For; a random private address by default. */
  ip?: string | null;
  /** Sent as Origin on state-changing requests, like a browser; the app's own origin by default. */
  origin?: string | null;
}

export interface RequestOptions {
  method?: string;
  /** Serialised as JSON unless it is a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Follow redirects (default false, so tests can see them). */
  followRedirects?: boolean;
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2]! % 250) + 1}`;
}

/** A fetch client with a cookie jar: stores Set-Cookie from every answer and sends them back. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string | null;
  readonly origin: string | null;

  constructor(
    readonly baseUrl: string,
    opts: ClientOptions = {},
  ) {
    this.ip = opts.ip === undefined ? randomIp() : opts.ip;
    this.origin = opts.origin === undefined ? baseUrl : opts.origin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The better-auth session cookie's value, if any. */
  sessionToken(): string | undefined {
    for (const [k, v] of this.cookies) if (k.endsWith('session_token')) return v;
    return undefined;
  }

  storeCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k?.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k?.toLowerCase() === 'expires') return new Date(v ?? '').getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(urlOrPath: string, opts: RequestOptions = {}): Promise<Response> {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = {};
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    if (this.origin && !['GET', 'HEAD'].includes(method)) headers.origin = this.origin;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers);
    const url = urlOrPath.startsWith('http') ? urlOrPath : `${this.baseUrl}${urlOrPath}`;
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.storeCookies(res);
    if (opts.followRedirects && res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      if (location) return this.request(new URL(location, url).toString(), { followRedirects: true });
    }
    return res;
  }

  get(urlOrPath: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request(urlOrPath, { ...opts, method: 'GET' });
  }

  post(urlOrPath: string, body: unknown = {}, opts: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request(urlOrPath, { ...opts, method: 'POST', body });
  }

  /** A multipart POST (an upload), with this client's address, origin and cookies. */
  postForm(path: string, form: FormData): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    if (this.origin) headers.origin = this.origin;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    return fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: form });
  }

  /** GET /api/session: the signed-in user (or null). */
  async session(): Promise<{ user: SessionUserJson | null; permissions?: string[] }> {
    const res = await this.get('/api/session');
    if (res.status !== 200) throw new Error(`GET /api/session answered ${res.status}`);
    return (await res.json()) as { user: SessionUserJson | null; permissions?: string[] };
  }

  /**
   * Signs in; for an account with two-factor sign-in on (see enableTwoFactor), also sends a fresh code and
   * answers with that step's response. Tests of the code step itself post to the routes directly.
   */
  async signIn(email: string, password: string) {
    const res = await this.post('/api/account/sign-in', { email, password });
    const secret = totpSecrets.get(email.toLowerCase());
    if (res.status !== 200 || !secret) return res;
    const body = (await res.clone().json()) as { twoFactorRequired?: boolean };
    if (!body.twoFactorRequired) return res;
    return this.post('/api/account/two-factor', { method: 'totp', code: await freshTotp(secret) });
  }
}

export interface SessionUserJson {
  id: string;
  email: string;
  fullName: string;
  userType: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export interface ApiError {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

/** Reads an error answer, checking it is our JSON envelope. */
export async function errorOf(res: Response): Promise<ApiError['error']> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json'))
    throw new Error(`Expected a JSON error, got ${type}: ${await res.text()}`);
  const body = (await res.json()) as ApiError;
  if (!body.error || typeof body.error.code !== 'string')
    throw new Error(`Not an error envelope: ${JSON.stringify(body)}`);
  return body.error;
}

export interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  meta: Record<string, unknown>;
  createdAt: string;
  status: 'pending' | 'sent' | 'failed' | 'expired';
  messageId: string | null;
  attempts: number;
  error: string | null;
  attachments: { filename: string; content: string; contentType?: string }[];
}

/** The development mailbox for one address, newest first. */
export async function readMailbox(baseUrl: string, to: string): Promise<MailRow[]> {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`GET /api/dev/mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: MailRow[] }).messages;
}

/** The newest mail of a kind for an address (throws if there is none). */
export async function latestMail(baseUrl: string, to: string, kind: string): Promise<MailRow> {
  // Some mail is written just after the answer (services/later.ts): look again for up to 5 s.
  for (let tries = 0; ; tries++) {
    const mail = (await readMailbox(baseUrl, to)).find((m) => m.kind === kind);
    if (mail) return mail;
    if (tries >= 100) throw new Error(`No ${kind} mail for ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first http(s) link in a text. */
export function extractLink(text: string): string {
  const match = text.match(/https?:\/\/[^\s<>"]+/);
  if (!match) throw new Error(`No link in: ${text}`);
  return match[0];
}

let counter = 0;
/** A unique address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}@example.com`;
}

export const PASSWORD = 'Correct-Horse-42';
/** The mobile number sign-ups send unless a test gives one (stored as +61412345678). */
export const DEFAULT_PHONE = '0412 345 678';

export interface SignupFields {
  fullName?: string;
  email?: string;
  password?: string;
  userType?: 'customer' | 'driver';
  bspNumber?: string;
  companyName?: string;
  phone?: string;
  /**
   * A driver is made verified (issue 13: a vehicle, current documents, approved) unless this is false,
   * so tests about quoting do not each repeat the onboarding; the onboarding has its own tests.
   */
  verified?: boolean;
  /** The verified driver's vehicle's passenger seats (11 by default). */
  seats?: number;
}

export function signupBody(fields: SignupFields = {}) {
  const userType = fields.userType ?? 'customer';
  return {
    fullName: fields.fullName ?? (userType === 'driver' ? 'Dana Driver' : "Cara O'Neil-Smith"),
    email: fields.email ?? uniqueEmail(userType),
    password: fields.password ?? PASSWORD,
    userType,
    ...(userType === 'driver'
      ? { bspNumber: fields.bspNumber ?? 'BSP-12345', companyName: fields.companyName }
      : {}),
    // A mobile number is required at sign-up (shared/validation/phone.ts).
    phone: fields.phone ?? DEFAULT_PHONE,
  };
}

/** Signs up, follows the confirmation link from the mailbox; returns the account's e-mail and password. */
export async function signUpAndConfirm(
  server: TestServer,
  fields: SignupFields = {},
): Promise<{ email: string; password: string; userId: string }> {
  const body = signupBody(fields);
  const client = server.client();
  const res = await client.post('/api/account/signup', body);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const mail = await latestMail(server.baseUrl, body.email, 'verify-email');
  const confirm = await client.get(extractLink(mail.text));
  if (confirm.status !== 302)
    throw new Error(`confirmation link answered ${confirm.status}: ${await confirm.text()}`);
  if (body.userType === 'driver' && fields.verified !== false) {
    await verifyDriverForDevelopment(server.db, storageFor(server.deps.env), user.id, {
      seats: fields.seats,
    });
  }
  return { email: body.email, password: body.password, userId: user.id };
}

/** Signs up, confirms and signs in: a client holding a session. */
export async function signedInClient(server: TestServer, fields: SignupFields = {}) {
  const account = await signUpAndConfirm(server, fields);
  const client = server.client();
  const res = await client.signIn(account.email, account.password);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return { client, ...account };
}

/** Authenticator secrets (base32) of the test accounts with two-factor sign-in on, by e-mail address. */
export const totpSecrets = new Map<string, string>();

/**
 * Turns on two-factor sign-in for an account through the API, as a person does in /settings: password,
 * secret, first code. Returns the secret; TestClient.signIn answers the code step with it from then on.
 * Turning it on ends the account's other sessions (issue 28): the account's own `client`, when it has one,
 * signs in again (with the code), as its person would.
 */
export async function enableTwoFactor(
  server: TestServer,
  account: { email: string; password: string; client?: TestClient },
): Promise<string> {
  const client = server.client();
  const signIn = await client.signIn(account.email, account.password);
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const setup = await client.post('/api/me/two-factor/enable', { password: account.password });
  if (setup.status !== 200) throw new Error(`enable answered ${setup.status}: ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await client.post('/api/me/two-factor/confirm', { code: await freshTotp(secret) });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
  totpSecrets.set(account.email.toLowerCase(), secret);
  if (account.client) {
    const again = await account.client.signIn(account.email, account.password);
    if (again.status !== 200)
      throw new Error(`sign-in again answered ${again.status}: ${await again.text()}`);
  }
  return secret;
}

/**
 * Turns an account into an administrator (what the create-admin command does) and, as every administrator
 * must before the admin API answers, turns on their two-factor sign-in.
 */
export async function makeAdmin(
  server: TestServer,
  account: { email: string; password: string; client?: TestClient },
): Promise<void> {
  await server.db.execute(
    sql`update users set user_type = 'admin' where lower(email) = ${account.email.toLowerCase()}`,
  );
  await enableTwoFactor(server, account);
}

/**
 * Starts the hour of the flood limits (FLOOD_LIMITS) afresh, for tests whose set-up posts more trips or
 * quotes than one person would in an hour (tests/api/floods.test.ts tests the limits themselves).
 */
export async function resetFloodLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where key like 'flood:%'`);
}

/** Rows of a table, for assertions: `select * from <table> where ...`. */
export async function rows<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * LISTENs on `channel` of the server's database and resolves once it hears: on PostgreSQL the LISTEN comes
 * up in the background, so a NOTIFY sent before it would be missed; it is probed until one arrives.
 * `heard()` answers the payloads heard since, the probes left out.
 */
export async function listening(
  server: Pick<TestServer, 'database' | 'db'>,
  channel: string,
): Promise<{ heard: () => string[]; unlisten: () => Promise<void> }> {
  const payloads: string[] = [];
  const unlisten = await server.database.listen(channel, (p) => payloads.push(p));
  if (server.database.kind === 'postgres') {
    await waitForListenConnection(server.db);
    await waitFor(`the LISTEN of ${channel}`, async () => {
      await server.db.execute(sql`select pg_notify(${channel}, 'probe')`);
      await new Promise((r) => setTimeout(r, 100));
      return payloads.includes('probe');
    });
  }
  return { heard: () => payloads.filter((p) => p !== 'probe'), unlisten };
}

/** PostgreSQL only: waits until the server's LISTEN connection (application name shuttle-listen) is up. */
export async function waitForListenConnection(db: Db, applicationName = 'shuttle-listen'): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const listening = await rows(
      db,
      sql`select 1 from pg_stat_activity where application_name = ${applicationName} and datname = current_database()`,
    );
    if (listening.length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the LISTEN connection did not come up');
}

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** One round of the notification delivery worker on this server: e-mails and texts recorded, no push sent. */
export function deliverNotifications(server: TestServer) {
  return runDeliveryRound({
    db: server.db,
    env: server.deps.env,
    push: async () => {},
  });
}
