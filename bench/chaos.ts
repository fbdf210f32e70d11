/**
 * Chaos test (issue 11): faults under a steady write load, then checks that nothing acknowledged was lost,
 * nothing happened twice, no e-mail was lost or sent twice, and every open live stream got every event.
 *
 *   npm run chaos -- --db postgres      (its own scratch cluster on port 5440, dropped at the end)
 *   npm run chaos -- --db pglite        (kill -9 and the SMTP outage only)
 *
 * The API runs as a child process (`node --import tsx src/server/index.ts`) against an SMTP sink in this
 * process. Customers post trips (a few a second in total) and drivers quote them, all with
 * Idempotency-Keys; every user keeps a live stream open. Faults, one after the other with settle time
 * between: kill -9 of the API and an immediate restart; `pg_ctlcluster ... restart -m immediate`;
 * pg_terminate_backend of the LISTEN connection; the SMTP server closed for a minute. Recovery times are
 * printed per fault, then a PASS/FAIL table; the exit code is 1 if anything failed. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FLOOD_LIMITS } from '../src/shared/constants.ts';
import { ApiProcess, REPO_ROOT } from './chaos/api-process.ts';
import { type CheckRow, runChecks, streamGaps } from './chaos/checks.ts';
import { openPglite, ScratchCluster, type Sql } from './chaos/database.ts';
import { ApiClient, Observed } from './chaos/http.ts';
import { createUser, Load, type SimUser } from './chaos/load.ts';
import { SmtpSink } from './chaos/smtp-sink.ts';
import {
  freePort,
  isListening,
  log,
  now,
  pollUntil,
  RUN_STARTED,
  seconds,
  sleep,
  stamp,
} from './chaos/util.ts';

// ---- Options ---------------------------------------------------------------------------------------------

const FAULTS = ['kill', 'pg-restart', 'listen-cut', 'smtp'] as const;
type FaultName = (typeof FAULTS)[number];
const POSTGRES_ONLY: FaultName[] = ['pg-restart', 'listen-cut'];

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    customers: { type: 'string', default: '4' },
    drivers: { type: 'string', default: '2' },
    rate: { type: 'string', default: '2' },
    settle: { type: 'string', default: '20' },
    'smtp-outage': { type: 'string', default: '60' },
    'drain-timeout': { type: 'string', default: '240' },
    'lost-answers': { type: 'string', default: '0.05' },
    faults: { type: 'string' },
    'server-env': { type: 'string', multiple: true, default: [] },
    'pg-version': { type: 'string', default: '15' },
    'pg-port': { type: 'string', default: '5440' },
    'app-dir': { type: 'string' },
    'allow-crash-window': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

const USAGE = `npm run chaos -- --db postgres|pglite [options]

  --customers N        customers posting trips (default 4)
  --drivers N          drivers quoting them (default 2)
  --rate R             trips per second, all customers together (default 2)
  --settle S           seconds of plain load before, between and after faults (default 20)
  --smtp-outage S      seconds the SMTP server stays down (default 60)
  --drain-timeout S    at the end, how long pending e-mail may take to go out (default 240)
  --lost-answers P     share of writes whose first answer is thrown away and retried with the same key (default 0.05)
  --faults a,b         a subset of: ${FAULTS.join(', ')} (default: all that apply to the database)
  --server-env K=V     extra environment for the API (repeatable)
  --pg-version V       PostgreSQL major version for pg_createcluster (default 15)
  --pg-port P          port of the scratch cluster (default 5440)
  --app-dir DIR        run the server of another checkout (default: this one)
  --allow-crash-window do not fail on a duplicate made by re-running a write that was in flight at the
                       kill -9 (the crash window of docs/decisions/012-idempotency-keys.md); still reported`;

if (args.help || (args.db !== 'postgres' && args.db !== 'pglite')) {
  console.log(USAGE);
  process.exit(args.help ? 0 : 1);
}
const mode = args.db as 'postgres' | 'pglite';
const num = (name: keyof typeof args, min: number) => {
  const v = Number(args[name]);
  if (!Number.isFinite(v) || v < min) {
    console.error(`--${name} must be a number >= ${min}`);
    process.exit(1);
  }
  return v;
};
const opts = {
  customers: num('customers', 1),
  drivers: num('drivers', 1),
  rate: num('rate', 0.1),
  settleMs: num('settle', 1) * 1000,
  smtpOutageMs: num('smtp-outage', 1) * 1000,
  drainTimeoutMs: num('drain-timeout', 10) * 1000,
  lostAnswers: num('lost-answers', 0),
};
const faults: FaultName[] = args.faults
  ? (args.faults.split(',').map((f) => f.trim()) as FaultName[])
  : FAULTS.filter((f) => mode === 'postgres' || !POSTGRES_ONLY.includes(f));
for (const f of faults) {
  if (!FAULTS.includes(f)) {
    console.error(`unknown fault ${f}; choose from ${FAULTS.join(', ')}`);
    process.exit(1);
  }
  if (mode === 'pglite' && POSTGRES_ONLY.includes(f)) {
    console.error(`${f} needs --db postgres`);
    process.exit(1);
  }
}
const serverEnv: Record<string, string> = {};
for (const kv of args['server-env'] ?? []) {
  const eq = kv.indexOf('=');
  if (eq < 1) {
    console.error(`--server-env wants KEY=VALUE, got ${kv}`);
    process.exit(1);
  }
  serverEnv[kv.slice(0, eq)] = kv.slice(eq + 1);
}

/** Each check fails when the run gave it fewer than these to judge (bench/chaos/checks.ts, Minimums). */
const MINIMUMS = {
  acknowledgedTrips: Math.max(10, Math.floor(opts.rate * 20)),
  acknowledgedQuotes: 10,
  emails: 10,
  liveEvents: 20,
};

/** The whole run stops by itself after this, whatever happens. */
const HARD_LIMIT_MS = 25 * 60_000;
/** A fault must be recovered from (a write acknowledged again) within this. */
const RECOVERY_LIMIT_MS = 90_000;
/** Other milestones (streams back, LISTEN back) must happen within this. */
const MILESTONE_LIMIT_MS = 60_000;
const NO_LISTEN_NAME =
  "no backend with application_name 'shuttle-listen': cut the connection running LISTEN instead";

// ---- Clean-up ----------------------------------------------------------------------------------------------

const cleanups: { what: string; fn: () => Promise<unknown> | unknown }[] = [];
/** Keep the API's log (not the data) for a failed or aborted run. */
let keepLogs = false;
let apiForLogs: ApiProcess | null = null;
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, fn } of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`clean-up (${what}) failed: ${err instanceof Error ? err.message : err}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
process.on('unhandledRejection', (reason) => {
  console.error('\nABORTED: unhandled rejection in the harness (a bug in bench/chaos):', reason);
  void cleanup().then(() => process.exit(1));
});
const hardLimit = setTimeout(() => {
  log(`the run passed its hard limit of ${HARD_LIMIT_MS / 60_000} min: aborting`);
  void cleanup().then(() => process.exit(1));
}, HARD_LIMIT_MS);
hardLimit.unref();

// ---- Faults --------------------------------------------------------------------------------------------------

interface FaultResult {
  name: string;
  at: number;
  /** Milestones after the fault began: label, ms (null: did not happen in time). */
  steps: { label: string; ms: number | null }[];
  notes: string[];
  /** Writes acknowledged again within RECOVERY_LIMIT_MS. */
  recovered: boolean;
}

interface Ctx {
  api: ApiProcess;
  sink: SmtpSink;
  load: Load;
  users: SimUser[];
  cluster: ScratchCluster | null;
  sql: Sql | null;
  probe: ApiClient;
}

function fault(name: string): FaultResult {
  log(`FAULT: ${name}`);
  return { name, at: now(), steps: [], notes: [], recovered: false };
}
function step(f: FaultResult, label: string, at: number | null) {
  const ms = at === null ? null : at - f.at;
  f.steps.push({ label, ms });
  log(`  ${label}: ${at === null ? 'NOT within the time limit' : `after ${seconds(ms)}`}`);
}

/** The first GET /api/ready = 200 sent at or after `from`; null after timeout; 'missing' if it is a 404. */
async function readyAfter(ctx: Ctx, from: number, timeoutMs: number): Promise<number | null | 'missing'> {
  let missing = false;
  const at = await pollUntil(
    async () => {
      const sentAt = now();
      const res = await ctx.probe.request('GET', '/api/ready', { timeoutMs: 5_000 });
      if (res.ok && res.status === 404) {
        missing = true;
        return 'missing' as const;
      }
      return res.ok && res.status === 200 && sentAt >= from ? now() : undefined;
    },
    { intervalMs: 100, timeoutMs },
  );
  return missing ? 'missing' : at;
}

async function readyStep(ctx: Ctx, f: FaultResult, from: number) {
  const ready = await readyAfter(ctx, from, RECOVERY_LIMIT_MS);
  if (ready === 'missing') f.notes.push('GET /api/ready is a 404 (not built yet)');
  else step(f, 'API answers /api/ready 200', ready);
}

async function firstWrite(ctx: Ctx, f: FaultResult) {
  const at = await pollUntil(() => ctx.load.firstAckAfter(f.at) ?? undefined, {
    intervalMs: 50,
    timeoutMs: RECOVERY_LIMIT_MS,
  });
  step(f, 'first write acknowledged (recovery time)', at);
  f.recovered = at !== null;
}

async function streamsReconnected(ctx: Ctx, f: FaultResult) {
  const at = await pollUntil(
    () => (ctx.users.every((u) => u.stream.readies.some((t) => t > f.at)) ? now() : undefined),
    { intervalMs: 100, timeoutMs: MILESTONE_LIMIT_MS },
  );
  step(f, 'every stream reconnected (ready)', at);
}

/**
 * The first change event any stream received after the fault: with an id above `aboveId` (an event
 * written after the fault), or any change at all while events carry no id.
 */
async function liveAgain(ctx: Ctx, f: FaultResult, aboveId: number) {
  const at = await pollUntil(
    () => {
      let best: number | null = null;
      for (const u of ctx.users) {
        for (const [id, t] of u.stream.received) {
          if (id > aboveId && t >= f.at && (best === null || t < best)) best = t;
        }
        if (u.stream.received.size === 0) {
          const t = u.stream.changeTimes.find((x) => x >= f.at);
          if (t !== undefined && (best === null || t < best)) best = t;
        }
      }
      return best ?? undefined;
    },
    { intervalMs: 100, timeoutMs: MILESTONE_LIMIT_MS },
  );
  step(f, 'first new live event received on a stream', at);
}

async function listenBackends(sql: Sql) {
  return sql.query<{ pid: number }>(
    "select pid from pg_stat_activity where application_name = 'shuttle-listen' and datname = current_database()",
  );
}

/** A LISTEN connection named 'shuttle-listen' other than `old` exists. */
async function listenBack(ctx: Ctx, f: FaultResult, old: number[]) {
  const at = await pollUntil(
    async () => ((await listenBackends(ctx.sql!)).some((r) => !old.includes(r.pid)) ? now() : undefined),
    { intervalMs: 100, timeoutMs: MILESTONE_LIMIT_MS },
  );
  step(f, "LISTEN connection ('shuttle-listen') back", at);
}

/** Runs the milestone watchers together (so one that never happens costs its time limit once). */
async function milestones(f: FaultResult, ...watchers: Promise<void>[]) {
  await Promise.all(watchers);
  f.steps.sort((a, b) => (a.ms ?? Number.POSITIVE_INFINITY) - (b.ms ?? Number.POSITIVE_INFINITY));
}

async function killApi(ctx: Ctx): Promise<FaultResult> {
  const f = fault('kill -9 the API, restart it at once');
  await ctx.api.kill9();
  step(f, 'process gone, port refusing connections', now());
  ctx.api.start();
  await milestones(
    f,
    ctx.api.waitHealthy(RECOVERY_LIMIT_MS).then((at) => step(f, 'API answers /api/health', at)),
    readyStep(ctx, f, f.at),
    firstWrite(ctx, f),
    streamsReconnected(ctx, f),
  );
  return f;
}

async function restartPostgres(ctx: Ctx): Promise<FaultResult> {
  const cluster = ctx.cluster!;
  const sql = ctx.sql!;
  const old = (await listenBackends(sql)).map((r) => r.pid);
  const [max] = await sql.query<{ id: string }>('select coalesce(max(id), 0)::text as id from live_events');
  // `restart -m immediate` is a stop -m immediate then a start; run as two commands, the fault's clock
  // starts when PostgreSQL is really gone, and the start is issued at once.
  const f = fault('PostgreSQL restart -m immediate');
  const issued = f.at;
  await cluster.stopImmediate();
  f.at = now();
  f.notes.push(
    `pg_ctlcluster stop -m immediate took ${seconds(f.at - issued)}; times are from when it returned`,
  );
  // What /api/ready says meanwhile.
  const statuses = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const res = await ctx.probe.request('GET', '/api/ready', { timeoutMs: 5_000 });
      const key = res.ok ? String(res.status) : res.error;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      await sleep(100);
    }
  })();
  const writes = firstWrite(ctx, f);
  const ready = readyStep(ctx, f, f.at);
  const accepting = pollUntil(
    async () => {
      await sql.query('select 1');
      return now();
    },
    { intervalMs: 50, timeoutMs: MILESTONE_LIMIT_MS },
  ).then((at) => step(f, 'PostgreSQL accepting connections again', at));
  const started = cluster.start().then(() => {
    f.notes.push(`pg_ctlcluster start returned after ${seconds(now() - f.at)}`);
  });
  await milestones(
    f,
    started,
    accepting,
    writes,
    ready,
    listenBack(ctx, f, old),
    liveAgain(ctx, f, Number(max?.id ?? 0)),
  );
  polling = false;
  await poller;
  f.notes.push(`/api/ready from the crash on: ${[...statuses].map(([k, n]) => `${k} x${n}`).join(', ')}`);
  return f;
}

async function cutListen(ctx: Ctx): Promise<FaultResult> {
  const sql = ctx.sql!;
  const [max] = await sql.query<{ id: string }>('select coalesce(max(id), 0)::text as id from live_events');
  const maxId = Number(max?.id ?? 0);
  let targets = (await listenBackends(sql)).map((r) => r.pid);
  const notes: string[] = [];
  if (targets.length === 0) {
    notes.push(NO_LISTEN_NAME);
    targets = (
      await sql.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
            and query ilike 'listen %'`,
      )
    ).map((r) => r.pid);
  }
  const f = fault(`cut the LISTEN connection (pg_terminate_backend of ${targets.length} backend(s))`);
  f.notes.push(...notes);
  if (targets.length === 0) f.notes.push('no LISTEN connection found at all');
  await sql.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [targets]);
  step(f, 'terminated', now());
  await milestones(f, listenBack(ctx, f, targets), liveAgain(ctx, f, maxId), firstWrite(ctx, f));
  return f;
}

/** When the SMTP sink came back (for the backlog's drain time, measured from the database at the end). */
let smtpBackAt: number | null = null;

async function stopSmtp(ctx: Ctx): Promise<FaultResult> {
  const f = fault(`SMTP server down for ${opts.smtpOutageMs / 1000} s`);
  await ctx.sink.stop();
  if (await isListening(ctx.sink.port)) {
    throw new Error('the SMTP sink still accepts connections after closing');
  }
  step(f, 'SMTP port closed (connections refused)', now());
  const pendingNow = async () => {
    if (!ctx.sql) return null;
    const [r] = await ctx.sql.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where status = 'pending'",
    );
    return r?.n ?? null;
  };
  await firstWrite(ctx, f);
  await sleep(Math.max(0, f.at + opts.smtpOutageMs - now()));
  const queued = await pendingNow().catch(() => null);
  await ctx.sink.start();
  const backAt = now();
  step(f, 'SMTP server back', backAt);
  if (queued !== null) f.notes.push(`${queued} e-mails pending when SMTP came back`);
  const first = await pollUntil(() => ctx.sink.deliveries.find((d) => d.at >= backAt)?.at, {
    intervalMs: 100,
    timeoutMs: opts.settleMs + opts.drainTimeoutMs / 2,
  });
  step(f, 'first e-mail received after SMTP came back', first);
  if (first !== null)
    f.notes.push(`the first e-mail arrived ${seconds(first - backAt)} after SMTP came back`);
  smtpBackAt = backAt;
  return f;
}

// ---- The run --------------------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'shuttle-chaos-'));
  const dataDir = path.join(workDir, 'data');
  cleanups.push({
    what: 'temporary folder',
    fn: () => {
      if (keepLogs) rmSync(dataDir, { recursive: true, force: true });
      else rmSync(workDir, { recursive: true, force: true });
    },
  });
  log(`chaos run ${runId} on ${mode}; faults: ${faults.join(', ')}; work folder ${workDir}`);

  const sink = new SmtpSink(await freePort());
  await sink.start();
  cleanups.push({ what: 'SMTP sink', fn: () => sink.stop() });
  log(`SMTP sink on 127.0.0.1:${sink.port}`);

  let cluster: ScratchCluster | null = null;
  let sql: Sql | null = null;
  if (mode === 'postgres') {
    cluster = new ScratchCluster(String(args['pg-version']), Number(args['pg-port']));
    if (!existsSync(`/usr/lib/postgresql/${cluster.version}/bin/postgres`)) {
      throw new Error(`PostgreSQL ${cluster.version} is not installed (--pg-version)`);
    }
    await cluster.drop();
    if (await isListening(cluster.port)) {
      throw new Error(`port ${cluster.port} is taken by something other than the chaos cluster (--pg-port)`);
    }
    const c = cluster;
    cleanups.push({ what: `pg_dropcluster ${c.version} chaos`, fn: () => c.drop() });
    const t = now();
    await cluster.create();
    sql = cluster.sql();
    log(`scratch cluster ${cluster.version}/chaos on port ${cluster.port} created in ${seconds(now() - t)}`);
  }

  const apiPort = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${apiPort}`,
    APP_ENV: 'development',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    TRUST_PROXY: 'true',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...(cluster ? { DATABASE_URL: cluster.databaseUrl } : { DATA_DIR: dataDir }),
    ...serverEnv,
  };
  const appDir = path.resolve(args['app-dir'] ?? REPO_ROOT);
  if (!existsSync(path.join(appDir, 'src/server/index.ts')))
    throw new Error(`no src/server/index.ts in ${appDir}`);
  const api = new ApiProcess(apiPort, env, path.join(workDir, 'api.log'), appDir);
  if (appDir !== REPO_ROOT) log(`running the server of ${appDir}`);
  let supervising = true;
  api.onCrash = () => {
    // A supervisor restarts a crashed server; the crash itself is reported as a failure.
    if (supervising) setTimeout(() => !api.running && supervising && api.start(), 1_000);
  };
  cleanups.push({
    what: 'API process',
    fn: async () => {
      supervising = false;
      await api.stop(5_000);
    },
  });
  api.start();
  const startedAt = now();
  apiForLogs = api;
  if ((await api.waitHealthy(120_000)) === null) {
    throw new Error(`the API did not answer /api/health within 120 s:\n${api.tail()}`);
  }
  log(`API pid ${api.pid} on ${api.baseUrl} answered /api/health after ${seconds(now() - startedAt)}`);

  const observed = new Observed();
  const probe = new ApiClient(api.baseUrl, '10.77.250.1');
  const firstReady = await probe.request('GET', '/api/ready');
  const readyRow: CheckRow = {
    name: 'GET /api/ready answers 200 while healthy',
    pass: firstReady.ok && firstReady.status === 200,
    detail: firstReady.ok ? `status ${firstReady.status}` : firstReady.error,
  };

  const users: SimUser[] = [];
  const t = now();
  // Enough customers that none passes FLOOD_LIMITS.trips (20 an hour) over the whole run: the run made 1,076
  // answers of 429 with 4 customers at 2 trips a second (issue 33). The run's length is estimated generously
  // (recoveries of 30 s each).
  const plannedSeconds =
    (opts.settleMs * (faults.length + 2) + (faults.includes('smtp') ? opts.smtpOutageMs : 0)) / 1000 +
    30 * faults.length;
  const perCustomer = FLOOD_LIMITS.trips.max - 2;
  const customerCount = Math.max(opts.customers, Math.ceil((opts.rate * plannedSeconds) / perCustomer));
  if (customerCount > opts.customers)
    log(`${customerCount} customers, so none posts more than ${perCustomer} trips`);
  opts.customers = customerCount;
  // Each trip is quoted by one driver: enough drivers that none passes FLOOD_LIMITS.quotes (60 an hour).
  const perDriver = FLOOD_LIMITS.quotes.max - 2;
  const driverCount = Math.max(opts.drivers, Math.ceil((opts.rate * plannedSeconds) / perDriver));
  if (driverCount > opts.drivers) log(`${driverCount} drivers, so none sends more than ${perDriver} quotes`);
  opts.drivers = driverCount;
  for (const [role, count] of [
    ['customer', opts.customers],
    ['driver', opts.drivers],
  ] as const) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: count }, (_, i) => createUser(api.baseUrl, observed, runId, role, i)),
      )),
    );
  }
  log(
    `${opts.customers} customers and ${opts.drivers} drivers signed up, confirmed and signed in (${seconds(now() - t)})`,
  );
  for (const u of users) u.stream.start();
  cleanups.push({ what: 'live streams', fn: () => Promise.all(users.map((u) => u.stream.stop())) });
  if (
    (await pollUntil(() => users.every((u) => u.stream.firstReadyAt !== null), { timeoutMs: 20_000 })) ===
    null
  ) {
    throw new Error(
      `live streams not ready within 20 s: ${users
        .filter((u) => u.stream.firstReadyAt === null)
        .map((u) => `${u.label} (${[...u.stream.breaks].map(([k, n]) => `${k} x${n}`).join(', ')})`)
        .join('; ')}`,
    );
  }
  log('every user has an open live stream');

  const customers = users.filter((u) => u.role === 'customer');
  const drivers = users.filter((u) => u.role === 'driver');
  const load = new Load(customers, drivers, {
    runId,
    rate: opts.rate,
    lostAnswers: opts.lostAnswers,
    writeDeadlineMs: RECOVERY_LIMIT_MS,
  });
  load.start();
  log(
    `load: ${opts.rate} trips/s from ${customers.length} customers, each quoted by one of ${drivers.length} drivers`,
  );
  const ticker = setInterval(() => {
    const c = load.counts();
    const events = users.reduce((s, u) => s + u.stream.received.size + u.stream.changesWithoutId, 0);
    log(
      `  load: ${c.trips} trips, ${c.quotes} quotes, ${c.acked} acknowledged, ${c.inFlight} in flight; ` +
        `${sink.deliveries.length} e-mails received; ${events} live events on streams`,
    );
  }, 15_000);
  cleanups.push({ what: 'ticker', fn: () => clearInterval(ticker) });

  const ctx: Ctx = { api, sink, load, users, cluster, sql, probe };
  const results: FaultResult[] = [];
  let kills = 0;
  const killTimes: number[] = [];
  await sleep(opts.settleMs);
  for (const name of faults) {
    // A fault lands at a random point of the write cadence (not, say, always as a trip is sent).
    await sleep(Math.random() * 1_000);
    const f =
      name === 'kill'
        ? await killApi(ctx)
        : name === 'pg-restart'
          ? await restartPostgres(ctx)
          : name === 'listen-cut'
            ? await cutListen(ctx)
            : await stopSmtp(ctx);
    if (name === 'kill') {
      kills += 1;
      killTimes.push(f.at);
    }
    results.push(f);
    for (const n of f.notes) log(`  note: ${n}`);
    await sleep(opts.settleMs);
  }

  // ---- Wind down: stop the load, let streams catch up and mail drain ---------------------------------------
  log('stopping the load');
  await load.stop(RECOVERY_LIMIT_MS);
  clearInterval(ticker);
  const c = load.counts();
  log(
    `load stopped: ${c.trips} trips, ${c.quotes} quotes; ${c.acked} acknowledged, ${c.rejected} rejected, ${c.unresolved} unresolved`,
  );

  const drainDeadline = new DrainDeadline(now() + opts.drainTimeoutMs);
  if (sql) {
    const pgSql = sql;
    let expected = 0;
    const caughtUp = await pollUntil(
      async () => {
        const gaps = await streamGaps(pgSql, users);
        expected = gaps.reduce((s, g) => s + g.expected, 0);
        return gaps.every((g) => g.missing.length === 0) ? now() : undefined;
      },
      { intervalMs: 1_000, timeoutMs: 45_000 },
    );
    log(
      expected === 0
        ? 'no live_events rows for the streams to compare with'
        : caughtUp
          ? `every stream has every live event (${expected})`
          : 'streams still missing events after 45 s',
    );
  } else {
    await pollUntil(
      () => {
        const last = Math.max(0, ...users.map((u) => u.stream.lastChangeAt));
        return now() - last > 5_000 ? true : undefined;
      },
      { intervalMs: 500, timeoutMs: 45_000 },
    );
    log('streams quiet for 5 s');
  }
  if (sql) await drainPostgres(sql, drainDeadline);

  await Promise.all(users.map((u) => u.stream.stop()));
  supervising = false;
  const stopMs = await api.stop();
  log(`API stopped (SIGTERM) in ${seconds(stopMs)}`);
  if (!sql) sql = await drainPglite(api, dataDir, drainDeadline);

  // ---- Verdict --------------------------------------------------------------------------------------------
  const { rows, summary } = await runChecks(sql, {
    runId,
    kills,
    killTimes,
    allowCrashWindow: Boolean(args['allow-crash-window']),
    minimums: MINIMUMS,
    writes: load.writes,
    users,
    sink,
    observed,
  });
  rows.unshift(readyRow);
  // How long mail caught up after a fault, from mail_outbox: the rows recorded in a window, and when the
  // last of them was sent.
  const mailCaughtUp = async (f: FaultResult, label: string, where: string, params: unknown[]) => {
    const [b] = await sql.query<{ n: number; sent: number; last: number | null }>(
      `select count(*)::int as n, count(sent_at)::int as sent,
              (extract(epoch from max(sent_at)) * 1000)::float8 as last
         from mail_outbox where ${where}`,
      params,
    );
    if (!b || b.n === 0) f.notes.push(`${label}: none`);
    else if (b.sent === b.n && b.last !== null) step(f, `${label} (${b.n})`, Math.max(b.last, f.at));
    else step(f, `${label} (${b.sent} of ${b.n})`, null);
  };
  const ts = (ms: number) => ms / 1000;
  for (const f of results) {
    if (f.name.startsWith('kill -9')) {
      await mailCaughtUp(
        f,
        'every e-mail still unsent at the kill -9 sent',
        `created_at <= to_timestamp($1) and (sent_at is null or sent_at > to_timestamp($1))`,
        [ts(f.at)],
      );
    }
    if (f.name.startsWith('SMTP server down') && smtpBackAt !== null) {
      await mailCaughtUp(
        f,
        'every e-mail recorded while SMTP was down sent',
        'created_at between to_timestamp($1) and to_timestamp($2)',
        [ts(f.at), ts(smtpBackAt)],
      );
      if (mode === 'pglite') f.notes.push('on PGlite part of the backlog may go out during the final drain');
    }
  }
  await sql.close();
  for (const f of results) {
    rows.push({
      name: `recovered from: ${f.name}`,
      pass: f.recovered && f.steps.every((s) => s.ms !== null),
      detail:
        f.steps
          .filter((s) => s.ms === null)
          .map((s) => `${s.label}: not in time`)
          .join('; ') || 'yes',
    });
  }
  if (mode === 'postgres' && faults.includes('listen-cut')) {
    const cut = results.find((f) => f.name.startsWith('cut the LISTEN'));
    const named = !cut?.notes.includes(NO_LISTEN_NAME);
    rows.push({
      name: "the LISTEN connection is named 'shuttle-listen' (application_name)",
      pass: named,
      detail: named ? 'found' : 'not found: the fault cut the connection running LISTEN instead',
    });
  }
  rows.push({
    name: 'the API never crashed by itself',
    pass: api.crashes.length === 0,
    detail:
      api.crashes.length === 0
        ? 'no unexpected exits'
        : api.crashes.map((x) => `${stamp(x.at)} code ${x.code} signal ${x.signal}`).join('; '),
  });

  console.log('\n## Recovery times\n');
  console.log('| fault | milestone | after |\n|---|---|---|');
  for (const f of results) {
    for (const s of f.steps) console.log(`| ${f.name} | ${s.label} | ${seconds(s.ms)} |`);
    for (const n of f.notes) console.log(`| ${f.name} | note: ${n} | |`);
  }
  console.log('\n## Streams\n');
  for (const line of summary) console.log(`  ${line}`);
  console.log(
    `\n## Load\n\n  ${c.trips} trips and ${c.quotes} quotes written (${c.acked} acknowledged); ` +
      `${sink.deliveries.length} e-mails received by the SMTP sink; API started ${api.starts.length} times; ` +
      `run took ${seconds(now() - RUN_STARTED)}`,
  );
  const other = [...observed.counts].filter(([k]) => !/ 2\d\d$/.test(k));
  console.log(
    `  answers other than 2xx to the writes: ${other.map(([k, n]) => `${k} x${n}`).join(', ') || 'none'}`,
  );
  console.log('\n## Checks\n');
  console.log('| check | result | detail |\n|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.pass === null ? 'skip' : r.pass ? 'PASS' : '**FAIL**'} | ${r.detail} |`);
  }
  const ok = rows.every((r) => r.pass !== false);
  console.log(`\n${ok ? 'PASS' : 'FAIL'}: chaos run on ${mode}\n`);
  if (!ok) {
    keepLogs = true;
    console.log(`The API's output is kept in ${api.logFile}`);
  }
  return ok;
}

/**
 * Pending mail: how many, how many due now, and when the next of the others is due. (`next_attempt_at` of
 * a row being sent is its lease, minutes ahead; the soonest one is what matters.)
 */
const PENDING_SQL = `select count(*)::int as pending,
         count(*) filter (where next_attempt_at <= now())::int as due_now,
         extract(epoch from min(next_attempt_at) filter (where next_attempt_at > now()) - now())::float8 as next_in,
         extract(epoch from max(next_attempt_at) - now())::float8 as last_in
    from mail_outbox where status = 'pending'`;
interface PendingRow {
  pending: number;
  due_now: number;
  next_in: number | null;
  last_in: number | null;
}

/**
 * When to stop waiting for pending mail: --drain-timeout after the load stopped, pushed back (up to twice
 * that) for rows scheduled later but still ahead: a retry's backoff, or the lease of a mail the killed
 * process had claimed (MAIL_LEASE_MS, 2.5 minutes in the mail worker).
 */
class DrainDeadline {
  private readonly limit: number;
  constructor(public at: number) {
    this.limit = now() + 2 * opts.drainTimeoutMs;
  }
  /** The latest pending row is due in `lastInSeconds`: wait for it (and 30 s) if that is within the limit. */
  consider(r: PendingRow) {
    if (r.last_in === null || r.last_in <= 0) return;
    const wanted = Math.min(this.limit, now() + r.last_in * 1000 + 30_000);
    if (wanted > this.at) {
      log(
        `  waiting longer: an e-mail is scheduled in ${r.last_in.toFixed(0)} s (a retry's backoff or a claim's lease)`,
      );
      this.at = wanted;
    }
  }
  get passed() {
    return now() >= this.at;
  }
}

/** Every pending row a whole minute overdue, and their number unchanged for 30 s: nothing sends them. */
class StallWatch {
  private count = -1;
  private since = now();
  stalled(r: PendingRow) {
    if (r.pending !== this.count) {
      this.count = r.pending;
      this.since = now();
    }
    return (r.last_in ?? 0) < -60 && now() - this.since > 30_000;
  }
}

/** PostgreSQL: wait (server running) until no e-mail is pending, or the deadline. */
async function drainPostgres(sql: Sql, deadline: DrainDeadline) {
  let lastLog = 0;
  const watch = new StallWatch();
  for (;;) {
    const [r] = await sql.query<PendingRow>(PENDING_SQL);
    if (!r || r.pending === 0) {
      log('no e-mail pending');
      return;
    }
    deadline.consider(r);
    if (deadline.passed) {
      log(
        `${r.pending} e-mails still pending at the drain deadline (--drain-timeout ${opts.drainTimeoutMs / 1000}, at most doubled for scheduled rows)`,
      );
      return;
    }
    if (watch.stalled(r)) {
      log(`${r.pending} e-mails pending, all overdue by over a minute and none sent for 30 s: not waiting`);
      return;
    }
    if (now() - lastLog > 10_000) {
      lastLog = now();
      log(
        `${r.pending} e-mails pending, ${r.due_now} due now` +
          (r.pending > r.due_now ? `, the next of the others in ${(r.next_in ?? 0).toFixed(0)} s` : ''),
      );
    }
    await sleep(1_000);
  }
}

/**
 * PGlite: the folder can only be read with the server stopped. Read it; while e-mail is pending, start the
 * server again until the soonest row is due and a little after (the mail worker sends what is due), stop
 * it and look again.
 */
async function drainPglite(api: ApiProcess, dataDir: string, deadline: DrainDeadline): Promise<Sql> {
  let before = -1;
  for (;;) {
    const sql = await openPglite(dataDir);
    const [r] = await sql.query<PendingRow>(PENDING_SQL);
    const pending = r?.pending ?? 0;
    const stalled = pending === before && (r?.last_in ?? 0) < -60;
    if (r && pending > 0) deadline.consider(r);
    if (pending === 0 || deadline.passed || stalled) {
      log(
        pending === 0
          ? 'no e-mail pending'
          : stalled
            ? `${pending} e-mails pending, all overdue by over a minute and none sent by the last run: not waiting`
            : `${pending} e-mails still pending at the drain deadline (--drain-timeout ${opts.drainTimeoutMs / 1000}, at most doubled for scheduled rows)`,
      );
      return sql;
    }
    before = pending;
    const untilDue = (r?.due_now ?? 0) > 0 ? 0 : Math.max(0, (r?.next_in ?? 0) * 1000);
    const wait = Math.min(deadline.at - now(), untilDue + 15_000);
    log(`${pending} e-mails pending (${r?.due_now ?? 0} due now): running the API ${seconds(wait)} more`);
    await sql.close();
    api.start();
    await api.waitHealthy(60_000);
    await sleep(wait);
    await api.stop();
  }
}

main()
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(`\nABORTED: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
    if (apiForLogs) {
      keepLogs = true;
      console.error(
        `Last lines of the API's output (all of it in ${apiForLogs.logFile}):\n${apiForLogs.tail(30)}`,
      );
    }
    await cleanup();
    process.exit(1);
  });
