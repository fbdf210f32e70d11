/**
 * HTTP throughput and the Node CPU each request costs (issue 17), the compiled server (`npm run build`
 * first) against a bare Hono hello-world in its own process, in one run, so ratios are comparable on a
 * noisy machine:
 *
 *   npx tsx bench/http.ts                          # PGlite in a temporary folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http.ts   # a throwaway database
 *
 * Options (environment): DURATION seconds per target (10), CONNECTIONS (50).
 * Targets so far: hello, /api/health, /api/session and /api/notifications signed in, the server-rendered
 * home page, one static asset. For each: requests a second, p50 and p99 latency, errors, and the server's
 * CPU time per request (user + system from /proc/<pid>/stat over the run, divided by the requests).
 * Still to come (issue 17): 100k trips seeded, the board, ride detail and accepting quotes at a fixed rate.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const HELLO_PORT = 3980;
const APP_PORT = 3981;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const PASSWORD = 'Correct-Horse-42';
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

const HELLO = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/', (c) => c.text('Hello'));
serve({ fetch: app.fetch, port: ${HELLO_PORT}, hostname: '127.0.0.1' });
`;

function cpuSeconds(pid: number): number {
  // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function waitFor(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A throwaway PostgreSQL database when DATABASE_URL is set, else none (PGlite). */
async function throwawayDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { drop: async () => {} };
  const name = `bench_http_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Signs up, confirms through the development mailbox and signs in: the session cookie header. */
async function signedInCookie(userType: 'customer' | 'driver'): Promise<string> {
  const email = `bench.${userType}.${Date.now()}@example.com`;
  const post = (p: string, body: unknown, cookie?: string) =>
    fetch(`${APP_URL}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/account/signup', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    fullName: 'Bench Person',
    phone: '0412 345 678',
    userType,
    ...(userType === 'driver' ? { bspNumber: 'BSP-12345', companyName: 'Bench Shuttles' } : {}),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i += 1) {
    const box = (await (
      await fetch(`${APP_URL}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { text: string }[];
    };
    link = box.messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no confirmation e-mail');
  await fetch(link, { redirect: 'manual' });
  const signIn = await post('/api/account/sign-in', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number | null;
}

async function run(target: string, url: string, pid: number | null, headers: Record<string, string> = {}) {
  const before = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = pid ? cpuSeconds(pid) - before : 0;
  const requests = result.requests.total;
  const row: Row = {
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest: pid && requests ? (cpu * 1000) / requests : null,
  };
  console.log(
    `${target.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}${row.cpuMsPerRequest === null ? '' : `  CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request`}`,
  );
  return row;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-http-'));
const database = await throwawayDatabase();
const hello = spawn('node', ['--input-type=module', '-e', HELLO], { stdio: 'ignore' });
const app = spawn('node', ['dist/server/index.js'], {
  env: {
    ...process.env,
    APP_ENV: 'development',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
  },
  stdio: 'ignore',
});
try {
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`, hello);
  await waitFor(`${APP_URL}/api/health`, app);
  const cookie = await signedInCookie('customer');
  const asset = readdirSync('dist/web/assets').find((f) => f.endsWith('.js') && f.startsWith('index-'));
  console.log(
    `${DURATION} s per target, ${CONNECTIONS} connections, database: ${database.url ? 'PostgreSQL' : 'PGlite'}`,
  );
  const rows = [
    await run('bare Hono hello (own process)', `http://127.0.0.1:${HELLO_PORT}/`, hello.pid ?? null),
    await run('/api/health', `${APP_URL}/api/health`, app.pid ?? null),
    await run('/api/session, signed in', `${APP_URL}/api/session`, app.pid ?? null, { cookie }),
    await run('/api/notifications, signed in', `${APP_URL}/api/notifications`, app.pid ?? null, { cookie }),
    await run('/ (server-rendered home)', `${APP_URL}/`, app.pid ?? null, { 'accept-encoding': 'gzip' }),
    await run('a static asset', `${APP_URL}/assets/${asset}`, app.pid ?? null, { 'accept-encoding': 'br' }),
  ];
  const hi = rows[0]!.rps;
  console.log(
    `/api/health is ${((rows[1]!.rps / hi) * 100).toFixed(1)}% of hello; /api/notifications ${((rows[3]!.rps / hi) * 100).toFixed(1)}%`,
  );
} finally {
  hello.kill();
  app.kill();
  await new Promise((r) => app.once('exit', r));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
