/**
 * HTTP throughput and the Node CPU each request costs (issue 17): the compiled server (`npm run build`
 * first) against a bare Hono hello-world in its own process, in one run, so ratios are comparable on a
 * noisy machine.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http.ts   # seeded, every target
 *   npx tsx bench/http.ts                          # PGlite in a temporary folder: the unseeded targets only
 *
 * With DATABASE_URL, a throwaway database on that server is migrated by the server's first start and
 * seeded with 100,000 trips (70% open, pickups over the next 60 days across the Hunter region, up to 3
 * live quotes each; the booked and completed ones more than two days away with their bookings), 20,000
 * customers and 1,000 drivers, and 30 days of sent e-mails and texts (20,000 each, with their notifications'
 * deliveries); a driver and a customer sign up through the API
 * (the driver made verified by the development helper). The database is dropped at the end.
 *
 * Targets: hello, the same hello with the app's security headers (bench/hello-with-headers.ts: set per
 * answer by the app's middleware, `hello-headers`, or kept from the first, `hello-headers-fixed`),
 * /api/health, the server-rendered home page, one static asset, and signed in as the driver: /api/session, the board (GET /api/rides/available), the board filtered (near Nelson Bay 25 km,
 * up to 4 passengers, all service areas), ride detail (1,000 open trips in turn), notifications. For each
 * (autocannon, CONNECTIONS connections, closed loop): requests a second, p50 and p99 latency, errors, and
 * the server's CPU time per request (user + system of every server process from /proc over the run,
 * divided by the requests), and with DATABASE_URL PostgreSQL's CPU per request (every postgres process on
 * this machine).
 *
 * Then `accept`: the customer accepting quotes at a true fixed rate (issue 34), open loop
 * (bench/accept-rate/open-loop.ts): one request every 1/ACCEPT_RATE s for DURATION s, each a different
 * quote, each sent when due whatever the earlier ones are doing, latency counted from when it was due. It
 * reports the rate offered and achieved, p50/p99/max, every status, and the CPU per booking made twice: to
 * the last answer, and until the bookings' notifications, e-mails and texts are all sent
 * (bench/accept-rate/work-after-answer.ts). The server sends its e-mails over SMTP to a sink in this
 * process (bench/chaos/smtp-sink.ts), so they are really sent. Before it starts, the work left by the
 * set-up (sign-up mails, the seeded notifications) is waited out, so it is not counted, and the CPU of 10 s
 * of idle is measured, since the work after the answers takes minutes and the idle part of it is printed.
 *
 * Options (environment): DURATION seconds per target (10), CONNECTIONS (50), ACCEPT_RATE (200),
 * WEB_CONCURRENCY (the server's processes; 1 here unless set), BENCH_PORT (3980: it, and the next two, for
 * the hello, the app and the hello with headers), ROUNDS (1: the targets this many times over, the ratios
 * to hello taken within each round and summed up as median and range: on a shared machine), SERVER (dist/server/index.js: the bundle to start; one
 * built from an earlier commit, moved to dist/server-before/, gives a before/after), ONLY (comma-separated target names, e.g.
 * ONLY=board,hello or ONLY=accept), PROFILE=dir (the server runs with --cpu-prof into dir; one process
 * only), KEEP_DATABASE=1 (the seeded database is kept, for EXPLAIN; drop it by hand),
 * BENCH_DATABASE_PREFIX (before the database's name, as in bench/throwaway-database.ts),
 * AFTER_TIMEOUT seconds to wait for the accepts' notifications and e-mails (300; at about 9 e-mails a
 * second, 200/s for 10 s needs 900).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { QUOTE_LIMITS } from '../src/shared/marketplace/constants.ts';
import { NO_NEEDS } from '../src/shared/marketplace/needs.ts';
import { CpuMeter, postgresOf, postmasterPid, processTree } from './accept-rate/cpu-meter.ts';
import { openLoop, quantile, statusTally } from './accept-rate/open-loop.ts';
import {
  describePending,
  notificationsOfAcceptedQuotes,
  waitForNoPendingWork,
} from './accept-rate/work-after-answer.ts';
import { SmtpSink } from './chaos/smtp-sink.ts';
import { freePort } from './chaos/util.ts';
import { runWrk, type WrkResult, wrkInstalled } from './load/wrk.ts';
import { loadQuotesWithoutTrigger } from './quote-times.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ACCEPT_RATE = Number(process.env.ACCEPT_RATE ?? 200);
const WEB_CONCURRENCY = process.env.WEB_CONCURRENCY ?? '1';
const ONLY = process.env.ONLY?.split(',').map((s) => s.trim());
const PROFILE = process.env.PROFILE;
const AFTER_TIMEOUT_S = Number(process.env.AFTER_TIMEOUT ?? 300);
/** The compiled server to start: another build's bundle (e.g. the code before a change) for a before/after. */
const SERVER = process.env.SERVER ?? 'dist/server/index.js';
const ROUNDS = Number(process.env.ROUNDS ?? 1);
/** `wrk`: fixed-URL targets driven by wrk instead of autocannon (bench/load/wrk.ts). */
const LOAD = process.env.LOAD ?? 'autocannon';
if (LOAD === 'wrk' && !wrkInstalled()) throw new Error('LOAD=wrk: install it first (apt-get install wrk)');
const IDLE_S = 10;
// BENCH_PORT and BENCH_DATABASE_PREFIX let a bench run beside others on one machine (their own ports and names).
// Three ports from BENCH_PORT: the hello, the app, the hello with the app's security headers.
const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3980);
const HELLO_PORT = BENCH_PORT;
const APP_PORT = BENCH_PORT + 1;
const HELLO_HEADERS_PORT = BENCH_PORT + 2;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const PASSWORD = 'Correct-Horse-42';
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux
const TRIPS = 100_000;
const CUSTOMERS = 20_000;
const DRIVERS = 1_000;
/** Sent e-mails, sent texts and notifications (each with an e-mail and a text delivery, done) seeded as history. */
const QUEUE_HISTORY = 20_000;

/**
 * A profile form of about 1 KB with one mistake (a phone number that is not one), as the form sends it: the
 * body is read, checked for control characters and validated, and refused with 400 (the form-400 target;
 * no SQL after the session, which is kept in memory).
 */
const MISTAKEN_PROFILE = JSON.stringify({
  fullName: 'Ada Lovelace',
  phone: `not a phone ${'0'.repeat(900)}`,
});

const HELLO = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/', (c) => c.text('Hello'));
serve({ fetch: app.fetch, port: ${HELLO_PORT}, hostname: '127.0.0.1' });
`;

/** CPU seconds (user + system) of a process and its descendants still running (a cluster's workers). */
function cpuSeconds(pid: number, withChildren = true): number {
  let total = 0;
  for (const p of [pid, ...(withChildren ? descendants(pid) : [])]) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      // Exited meanwhile.
    }
  }
  return total;
}

function descendants(pid: number): number[] {
  try {
    const out = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
    const children = out.split('\n').filter(Boolean).map(Number);
    return children.flatMap((c) => [c, ...descendants(c)]);
  } catch {
    return [];
  }
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
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? ''}bench_http_${Date.now().toString(36)}`;
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

const post = (p: string, body: unknown, cookie?: string) =>
  fetch(`${APP_URL}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Signs up, confirms through the development mailbox and signs in: the user's id and session cookie. */
async function signedIn(userType: 'customer' | 'driver'): Promise<{ id: string; cookie: string }> {
  const email = `bench.${userType}.${Date.now()}@example.com`;
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
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = (await (await fetch(`${APP_URL}/api/session`, { headers: { cookie } })).json()) as {
    user: { id: string };
  };
  return { id: session.user.id, cookie };
}

/**
 * 100k trips, 20k customers, 1k drivers (SQL, a few seconds), and `acceptable` open trips of `customerId`
 * each with a pending quote from `driverId`. Returns the ids of 1,000 open trips and of the quotes to accept.
 */
async function seed(url: string, customerId: string, driverId: string, acceptable: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  await db.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'seed.customer' || g || '@example.com', true, 'Seed Customer ' || g, 'customer'
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.query(`
    with d as (
      insert into users (id, email, email_verified, full_name, user_type)
      select gen_random_uuid(), 'seed.driver' || g || '@example.com', true, 'Seed Driver ' || g, 'driver'
      from generate_series(1, ${DRIVERS - 1}) g returning id)
    insert into drivers (user_id, bsp_number, verification_status) select id, 'BSP-1', 'verified' from d`);
  await db.query(
    `
    with c as (select array_agg(id) ids from users where email like 'seed.customer%')
    insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
      destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
      passengers, luggage_bags, budget_cents, distance_km, needs)
    select c.ids[1 + (g % ${CUSTOMERS})],
      case when g % 10 < 7 then 'open' when g % 10 = 7 then 'booked' when g % 10 = 8 then 'completed'
           when g % 20 = 9 then 'cancelled' else 'expired' end,
      'NELSON BAY', '2315', -33.3 + random() * 1.2, 151.2 + random() * 1.2,
      'WILLIAMTOWN', '2318', -32.795, 151.834,
      now() + (random() * interval '60 days'),
      1 + (g % 12), g % 4, 5000 + (g % 200) * 100, 5 + random() * 80,
      -- One trip in ten needs a child seat and room for a pram; the rest nothing (as the API stores it).
      case when g % 10 = 3 then $1::jsonb else $2::jsonb end
    from generate_series(1, ${TRIPS}) g, c`,
    [JSON.stringify({ ...NO_NEEDS, childSeats: 1, pram: true }), JSON.stringify(NO_NEEDS)],
  );
  // Up to three live quotes on each open trip, from the seeded drivers. Those lapsing within the warning
  // window are already warned, as the sweep would have done long ago: else its first round after the seed
  // warns ~900 at once (two notifications and e-mails each) in the middle of whichever target runs then,
  // and the accept target counted that work as its own.
  await loadQuotesWithoutTrigger(db, async () => {
    await db.query(
      `
      with d as (select array_agg(user_id) ids from drivers where bsp_number = 'BSP-1')
      insert into quotes (ride_id, driver_id, price_cents, message, valid_until, ride_version, lapse_warned_at)
      select r.id, d.ids[1 + ((abs(hashtext(r.id::text)) + k * 7) % ${DRIVERS - 1})], 9000 + k * 500, 'Seeded',
        r.pickup_at, r.version,
        case when r.pickup_at <= now() + make_interval(hours => $1) then now() end
      from rides r, d, generate_series(1, 3) k
      where r.status = 'open' and k <= abs(hashtext(r.id::text)) % 4`,
      [QUOTE_LIMITS.lapseWarningHours],
    );
    // The bookings of the trips seeded booked or completed, each with its accepted quote and its 'booked'
    // event, as an accept writes them. Without them the bookings and their events are empty when
    // `analyze` runs below, and the booking view's prepared plans read both tables whole for the rest of a
    // run. Only trips more than two days away: nearer ones would be reminded, or alerted as late, by the
    // sweep in the middle of a target (the seeded pickups are all in the future).
    await db.query(`
      with d as (select array_agg(user_id) ids from drivers where bsp_number = 'BSP-1'),
      q as (
        insert into quotes (ride_id, driver_id, price_cents, message, valid_until, ride_version, status)
        select r.id, d.ids[1 + (abs(hashtext(r.id::text)) % ${DRIVERS - 1})], 9500, 'Seeded', r.pickup_at,
          r.version, 'accepted'
        from rides r, d
        where r.status in ('booked', 'completed') and r.pickup_at > now() + interval '2 days'
        returning id, ride_id, driver_id),
      b as (
        insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement,
          accepted_at)
        select q.ride_id, q.id, r.customer_id, q.driver_id,
          case when r.status = 'completed' then 'completed' else 'confirmed' end, 9500,
          'The agreed fare is $95.00.', now() - interval '1 day'
        from q join rides r on r.id = q.ride_id
        returning id, customer_id)
      insert into booking_events (booking_id, type, actor_id, note)
      select b.id, 'booked', b.customer_id, 'The agreed fare is $95.00.' from b`);
  });
  await db.query(
    `insert into notifications (user_id, type, title, message)
     select $1, 'new_ride', 'New trip request', 'Seeded notification ' || g from generate_series(1, 60) g`,
    [driverId],
  );
  // What the queues hold in production: the last 30 days' sent e-mails and texts (their retention) and
  // the deliveries of the notifications they came from, all done. Without it the queue tables are empty
  // when \`analyze\` runs below, the planner takes them for a page each, and the workers' prepared plans
  // (made once per connection) read them whole for the rest of the run (issue 34).
  await db.query(`
    with c as (select array_agg(id) ids from users where email like 'seed.customer%'),
    n as (
      insert into notifications (user_id, type, title, message, is_read, awaiting_deliveries, created_at)
      select c.ids[1 + g % ${CUSTOMERS}], 'booking_confirmed', 'Booking confirmed', 'Seeded history ' || g,
        true, false,
        now() - (g % 30) * interval '1 day'
      from generate_series(1, ${QUEUE_HISTORY}) g, c returning id, created_at)
    insert into notification_deliveries (notification_id, channel, status, attempts, sent_at, created_at)
    select n.id, ch.channel, 'sent', 1, n.created_at, n.created_at from n, (values ('email'), ('sms')) ch(channel)`);
  await db.query(`
    insert into mail_outbox ("to", subject, text, html, kind, status, attempts, sent_at, created_at,
      next_attempt_at, message_id)
    select 'seed.customer' || g || '@example.com', 'Booking confirmed', repeat('Seeded history. ', 60),
      repeat('<p>Seeded history.</p>', 50), 'notification', 'sent', 1, now() - (g % 30) * interval '1 day',
      now() - (g % 30) * interval '1 day', now() - (g % 30) * interval '1 day', '<seed-' || g || '@example.com>'
    from generate_series(1, ${QUEUE_HISTORY}) g`);
  await db.query(`
    insert into sms_outbox ("to", body, kind, status, attempts, sent_at, created_at, next_attempt_at)
    select '+6141' || lpad(g::text, 7, '0'), repeat('Seeded history. ', 8), 'booking_confirmed', 'sent', 1,
      now() - (g % 30) * interval '1 day', now() - (g % 30) * interval '1 day', now() - (g % 30) * interval '1 day'
    from generate_series(1, ${QUEUE_HISTORY}) g`);
  // The trips the customer books during the accept target, each quoted by the bench driver.
  const quoteIds = await db.query<{ id: string }>(
    `with r as (
       insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
         destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
         passengers, luggage_bags, budget_cents, distance_km)
       select $1, 'open', 'NELSON BAY', '2315', -32.72, 152.14, 'WILLIAMTOWN', '2318', -32.795, 151.834,
         now() + interval '10 days' + g * interval '1 minute', 2, 1, 9000, 25
       from generate_series(1, $3::int) g returning id, version)
     insert into quotes (ride_id, driver_id, price_cents, message, vehicle_id, valid_until, ride_version)
     select r.id, $2, 9500, 'Bench quote', (select id from vehicles where driver_id = $2 limit 1),
       now() + interval '9 days', r.version from r
     returning id`,
    [customerId, driverId, acceptable],
  );
  const open = await db.query<{ id: string }>(
    `select id from rides where status = 'open' and customer_id <> $1 order by random() limit 1000`,
    [customerId],
  );
  await db.query('analyze');
  const counts = await db.query<{ rides: string; users: string }>(
    `select (select count(*) from rides) rides, (select count(*) from users) users`,
  );
  console.log(
    `seeded ${counts.rows[0]!.rides} trips, ${counts.rows[0]!.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.end();
  return { openRideIds: open.rows.map((r) => r.id), quoteIds: quoteIds.rows.map((r) => r.id) };
}

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number | null;
  /** PostgreSQL's CPU (every postgres process on the machine) per request, with DATABASE_URL. */
  dbCpuMsPerRequest: number | null;
}

/** CPU seconds of every PostgreSQL process on this machine (the server runs here in these benches). */
function postgresCpuSeconds(): number {
  try {
    const pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return pids.reduce((sum, p) => sum + cpuSeconds(Number(p), false), 0);
  } catch {
    return 0;
  }
}

type Options = Parameters<typeof autocannon>[0];

/** A target's closed loop: wrk with LOAD=wrk for a fixed URL (bench/load/wrk.ts), else autocannon. */
async function load(options: Options, expectedStatus: number): Promise<WrkResult> {
  if (LOAD === 'wrk' && !options.requests && !options.method) {
    return runWrk({
      url: String(options.url),
      headers: options.headers as Record<string, string> | undefined,
      connections: CONNECTIONS,
      duration: DURATION,
    });
  }
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors:
      result.errors +
      result.timeouts +
      (expectedStatus === 200
        ? result.non2xx
        : result.requests.total - (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0)),
  };
}

/** A target's closed loop; answers other than `expectedStatus` (a 2xx for 200) count as errors. */
async function run(target: string, pid: number | null, options: Options, expectedStatus = 200) {
  const before = pid ? cpuSeconds(pid) : 0;
  const dbBefore = process.env.DATABASE_URL ? postgresCpuSeconds() : 0;
  const result = await load(options, expectedStatus);
  const cpu = pid ? cpuSeconds(pid) - before : 0;
  const dbCpu = process.env.DATABASE_URL ? postgresCpuSeconds() - dbBefore : 0;
  const requests = result.requests;
  const row: Row = {
    target,
    rps: Math.round(result.rps),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    cpuMsPerRequest: pid && requests ? (cpu * 1000) / requests : null,
    dbCpuMsPerRequest: process.env.DATABASE_URL && requests ? (dbCpu * 1000) / requests : null,
  };
  console.log(
    `${target.padEnd(38)} ${String(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}${row.cpuMsPerRequest === null ? '' : `  CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request`}${row.dbCpuMsPerRequest === null ? '' : `  (PostgreSQL ${row.dbCpuMsPerRequest.toFixed(2)})`}`,
  );
  return row;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Per booking made, in milliseconds, or null when none was. */
const perBooking = (seconds: number, bookings: number) => (bookings ? (seconds * 1000) / bookings : null);
const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(2)} ms`);

/**
 * The accept target (issue 34 item 2): ACCEPT_RATE accepts a second for DURATION s, open loop, each a
 * different quote of `quoteIds`; then the bookings' notifications, e-mails and texts waited out. CPU (the
 * server's processes, and the benchmark database's PostgreSQL processes: bench/accept-rate/cpu-meter.ts)
 * from the first request to the last answer, and to the moment that work was done, each divided by the
 * bookings made (201s).
 */
async function runAccept(
  pid: number | null,
  cookie: string,
  quoteIds: string[],
  dbUrl: string,
  sink: SmtpSink,
): Promise<Row> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // The set-up's own work (sign-up mails, the seeded notifications' e-mails) is not the accepts'.
    const setUp = await waitForNoPendingWork(db, null, { intervalMs: 250, timeoutMs: 120_000 });
    if (setUp.doneAt === null) console.log(`  before the accepts, still ${describePending(setUp.left)}`);
    const mailsBefore = sink.deliveries.length;
    // Sampled through the run, so PostgreSQL connections the pool closes meanwhile keep their CPU.
    const serverCpu = pid ? new CpuMeter(processTree(pid)) : null;
    // Not this benchmark's own connection: its polls for the work left (a plan of about 10 ms each, four
    // a second) came to about 5 ms of PostgreSQL's CPU per booking at 50/s (pg_stat_statements).
    const ownBackend = (await db.query<{ pid: number }>('select pg_backend_pid() pid')).rows[0]!.pid;
    const dbCpu = new CpuMeter(
      postgresOf(await postmasterPid(db), new URL(dbUrl).pathname.slice(1), [ownBackend]),
    );
    // What the server and PostgreSQL spend when nothing is asked of them (the workers' polls, the sweep),
    // per second: the work after the answers takes minutes, and this much of its CPU is spent regardless.
    serverCpu?.start();
    dbCpu.start();
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const idleServer = (serverCpu?.read() ?? 0) / IDLE_S;
    const idleDb = dbCpu.read() / IDLE_S;
    serverCpu?.start();
    dbCpu.start();
    const started = performance.now();
    const offered = Math.round(ACCEPT_RATE * DURATION);
    if (offered > quoteIds.length) throw new Error(`${offered} accepts but ${quoteIds.length} quotes seeded`);
    const headers = { cookie, origin: APP_URL, 'content-type': 'application/json' };
    const body = JSON.stringify({ acceptFare: true });
    const result = await openLoop({
      origin: APP_URL,
      rate: ACCEPT_RATE,
      durationS: DURATION,
      request: (i) => ({ method: 'POST', path: `/api/quotes/${quoteIds[i]}/accept`, headers, body }),
      timeoutMs: 120_000,
    });
    const lastAnswerAt = performance.now();
    const cpuAnswered = serverCpu?.read() ?? 0;
    const dbAnswered = dbCpu.read();

    const notificationIds = await notificationsOfAcceptedQuotes(db, quoteIds.slice(0, offered));
    const after = await waitForNoPendingWork(db, notificationIds, {
      intervalMs: 250,
      timeoutMs: AFTER_TIMEOUT_S * 1000,
    });
    const allDoneAt = after.doneAt ?? performance.now();
    const cpuAll = serverCpu?.read() ?? 0;
    const dbAll = dbCpu.read();
    serverCpu?.stop();
    dbCpu.stop();
    const { rows: sent } = await db.query<{ mails: string; mails_failed: string; texts: string }>(
      `select
         (select count(*) from mail_outbox where status = 'sent' and meta->>'notificationId' = any($1::text[])) mails,
         (select count(*) from mail_outbox
           where status in ('failed', 'expired') and meta->>'notificationId' = any($1::text[])) mails_failed,
         (select count(*) from sms_outbox where status = 'sent' and meta->>'notificationId' = any($1::text[])) texts`,
      [notificationIds],
    );

    const answered = result.answers.filter((a) => typeof a.status === 'number');
    const booked = result.answers.filter((a) => a.status === 201).length;
    const latencies = answered.map((a) => a.latencyMs);
    const spanS = result.spanMs / 1000;
    const tally = [...statusTally(result.answers).entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    const row: Row = {
      target: 'accept',
      rps: Math.round(booked / spanS),
      p50: Math.round(quantile(latencies, 0.5)),
      p99: Math.round(quantile(latencies, 0.99)),
      errors: result.answers.length - booked,
      cpuMsPerRequest: pid ? perBooking(cpuAll, booked) : null,
      dbCpuMsPerRequest: perBooking(dbAll, booked),
    };
    const s = sent[0]!;
    const sendLagP99 = quantile(
      result.answers.map((a) => a.sendLagMs),
      0.99,
    );
    const lines = [
      `accept a quote, open loop: ${ACCEPT_RATE}/s offered for ${DURATION} s (${offered} requests); ` +
        `achieved ${(answered.length / spanS).toFixed(1)} answers/s, ${(booked / spanS).toFixed(1)} bookings/s ` +
        `(${spanS.toFixed(1)} s from the first request to the last answer)`,
      `  latency from when each was due: p50 ${row.p50} ms, p99 ${row.p99} ms, max ${Math.round(quantile(latencies, 1))} ms`,
      `  answers: ${tally}`,
      `  client: ${result.socketsOpened} connections opened, sent late by p99 ${sendLagP99.toFixed(1)} ms`,
      `  CPU per booking to the last answer: server ${ms(pid ? perBooking(cpuAnswered, booked) : null)}, ` +
        `PostgreSQL ${ms(perBooking(dbAnswered, booked))}`,
      `  CPU per booking with its notifications, e-mails and texts: server ${ms(row.cpuMsPerRequest)}, ` +
        `PostgreSQL ${ms(row.dbCpuMsPerRequest)} ` +
        (after.doneAt === null
          ? `(NOT all done after ${AFTER_TIMEOUT_S} s: ${describePending(after.left)})`
          : `(done ${((after.doneAt - lastAnswerAt) / 1000).toFixed(1)} s after the last answer)`),
      `  idle, measured for ${IDLE_S} s before: server ${(idleServer * 1000).toFixed(1)} ms/s, PostgreSQL ` +
        `${(idleDb * 1000).toFixed(1)} ms/s; over the ${((allDoneAt - started) / 1000).toFixed(1)} s from the first request to all ` +
        `done that is server ${ms(perBooking((idleServer * (allDoneAt - started)) / 1000, booked))}, PostgreSQL ` +
        `${ms(perBooking((idleDb * (allDoneAt - started)) / 1000, booked))} per booking`,
      `  sent for ${notificationIds.length} notifications: ${s.mails} e-mails (the SMTP sink received ` +
        `${sink.deliveries.length - mailsBefore}; ${s.mails_failed} failed or expired), ${s.texts} texts`,
      `  load average now ${loadAverage()}`,
    ];
    console.log(lines.join('\n'));
    return row;
  } finally {
    await db.end();
  }
}

/**
 * Throughput as a percentage of a baseline in the same round: every target of hello's, and (issue 34's
 * goal) /api/health of the hellos sending the app's security headers.
 */
function ratiosOf(rows: Map<string, Row>): [string, number][] {
  const out: [string, number][] = [];
  const hi = rows.get('hello')?.rps;
  if (hi)
    for (const [name, r] of rows)
      if (name !== 'hello' && name !== 'accept') out.push([`${name} of hello`, (r.rps / hi) * 100]);
  const health = rows.get('health')?.rps;
  for (const name of ['hello-headers', 'hello-headers-fixed']) {
    const base = rows.get(name)?.rps;
    if (health && base) out.push([`health of ${name}`, (health / base) * 100]);
  }
  return out;
}

/** Each request of a target takes the next path of `paths`, round and round. */
function rotating(paths: string[], extra: Partial<autocannon.Request> = {}): autocannon.Request[] {
  let i = 0;
  return [
    {
      ...extra,
      setupRequest: (req) => {
        req.path = paths[i++ % paths.length]!;
        return req;
      },
    },
  ];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-http-'));
const database = await throwawayDatabase();
// The server's e-mails go over SMTP to this sink, so sending them costs what it costs in production.
const sink = new SmtpSink(await freePort());
await sink.start();
const hello = spawn('node', ['--input-type=module', '-e', HELLO], { stdio: 'ignore' });
const helloHeaders = spawn(
  'node',
  ['--import', 'tsx', 'bench/hello-with-headers.ts', String(HELLO_HEADERS_PORT)],
  { stdio: 'ignore' },
);
const app = spawn('node', [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []), SERVER], {
  env: {
    ...process.env,
    APP_ENV: 'development',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    WEB_CONCURRENCY,
  },
  stdio: 'ignore',
});
try {
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`, hello);
  await waitFor(`http://127.0.0.1:${HELLO_HEADERS_PORT}/`, helloHeaders);
  // /api/health answers 200 while the server still waits for its database; /api/ready only once it is open.
  await waitFor(`${APP_URL}/api/ready`, app);
  const driver = await signedIn('driver');
  const verified = await post(`/api/dev/drivers/${driver.id}/verify`, {});
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const customer = await signedIn('customer');
  const seeded = database.url
    ? await seed(database.url, customer.id, driver.id, Math.ceil(ACCEPT_RATE * DURATION * 1.2))
    : null;
  const asset = readdirSync('dist/web/assets').find((f) => f.endsWith('.js') && f.startsWith('index-'));
  console.log(
    `${DURATION} s per target, ${CONNECTIONS} connections, ${WEB_CONCURRENCY} server process(es), database: ${database.url ? 'PostgreSQL' : 'PGlite'}, load average ${loadAverage()}`,
  );
  const pid = app.pid ?? null;
  const asDriver = { cookie: driver.cookie };
  const targets: [string, () => Promise<Row>][] = [
    [
      'hello',
      () =>
        run('bare Hono hello (own process)', hello.pid ?? null, { url: `http://127.0.0.1:${HELLO_PORT}/` }),
    ],
    [
      'hello-headers',
      () =>
        run('hello + security headers (middleware)', helloHeaders.pid ?? null, {
          url: `http://127.0.0.1:${HELLO_HEADERS_PORT}/`,
        }),
    ],
    [
      'hello-headers-fixed',
      () =>
        run('hello + security headers (kept)', helloHeaders.pid ?? null, {
          url: `http://127.0.0.1:${HELLO_HEADERS_PORT}/fixed`,
        }),
    ],
    ['health', () => run('/api/health', pid, { url: `${APP_URL}/api/health` })],
    [
      'session',
      () => run('/api/session, signed in', pid, { url: `${APP_URL}/api/session`, headers: asDriver }),
    ],
    [
      'home',
      () =>
        run('/ (server-rendered home)', pid, { url: `${APP_URL}/`, headers: { 'accept-encoding': 'gzip' } }),
    ],
    [
      'asset',
      () =>
        run('a static asset', pid, {
          url: `${APP_URL}/assets/${asset}`,
          headers: { 'accept-encoding': 'br' },
        }),
    ],
    [
      'notifications',
      () =>
        run('/api/notifications (driver)', pid, { url: `${APP_URL}/api/notifications`, headers: asDriver }),
    ],
    [
      'form-400',
      () =>
        run(
          'a form sent back with a mistake (400)',
          pid,
          {
            url: `${APP_URL}/api/me`,
            method: 'PATCH',
            headers: { cookie: customer.cookie, origin: APP_URL, 'content-type': 'application/json' },
            body: MISTAKEN_PROFILE,
          },
          400,
        ),
    ],
  ];
  if (seeded) {
    targets.push(
      [
        'board',
        () =>
          run('board, /api/rides/available', pid, {
            url: `${APP_URL}/api/rides/available`,
            headers: asDriver,
          }),
      ],
      [
        'board-br',
        () =>
          run('board, as a browser asks (br)', pid, {
            url: `${APP_URL}/api/rides/available`,
            headers: { ...asDriver, 'accept-encoding': 'gzip, deflate, br, zstd' },
          }),
      ],
      [
        'filtered',
        () =>
          run('board filtered (near, passengers, all)', pid, {
            url: `${APP_URL}/api/rides/available?near=${encodeURIComponent('NELSON BAY|2315')}&radiusKm=25&passengers=4&serve=all`,
            headers: asDriver,
          }),
      ],
      [
        'detail',
        () =>
          run('ride detail, /api/rides/:id', pid, {
            url: APP_URL,
            headers: asDriver,
            requests: rotating(seeded.openRideIds.map((id) => `/api/rides/${id}`)),
          }),
      ],
      ['accept', () => runAccept(pid, customer.cookie, seeded.quoteIds, database.url!, sink)],
    );
  }
  // ROUNDS > 1: the targets again and again, each ratio taken within its round, so a neighbour's load
  // (a shared machine) weighs on both sides of it alike; the median and range over the rounds are printed.
  const ratioRounds = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    if (ROUNDS > 1) console.log(`round ${round + 1} of ${ROUNDS}, load average ${loadAverage()}`);
    const rows = new Map<string, Row>();
    for (const [name, target] of targets) {
      if (ONLY && !ONLY.includes(name)) continue;
      // Each accept books its quote: only the first round has quotes to accept.
      if (name === 'accept' && round > 0) continue;
      rows.set(name, await target());
    }
    for (const [label, value] of ratiosOf(rows)) {
      if (ROUNDS === 1) console.log(`${label}: ${value.toFixed(1)}%`);
      ratioRounds.set(label, [...(ratioRounds.get(label) ?? []), value]);
    }
  }
  if (ROUNDS > 1) {
    for (const [label, values] of ratioRounds) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `${label}: median ${quantile(sorted, 0.5).toFixed(1)}%, range ${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)}% over ${sorted.length} rounds`,
      );
    }
  }
} finally {
  hello.kill();
  helloHeaders.kill();
  app.kill();
  if (app.exitCode === null && app.signalCode === null) await new Promise((r) => app.once('exit', r));
  if (process.env.KEEP_DATABASE && database.url) console.log(`kept ${database.url}`);
  else await database.drop();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
