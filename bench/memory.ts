/**
 * Memory per instance (issue 34's goal: "10k open event streams plus the board for 100k open trips in
 * under 1 GB per instance"). The compiled server (`npm run build` first), one process, on a throwaway
 * PostgreSQL database seeded by SQL with 100,000 open trips (pickups over the next 60 days across the
 * Hunter region, up to 3 live quotes each), 1,000 customers, DRIVERS verified drivers (each with a base
 * and radius of their own and a vehicle of 4-13 seats: as many board contexts) and STREAMS more customers.
 * Sessions are made by SQL and their cookies signed with the server's AUTH_SECRET (no password hashing).
 * Then, reading the server's VmRSS and VmHWM from /proc/<pid>/status:
 *
 *   1. idle: after start, the seed and the drivers' verification (through the development helper);
 *   2. streams: STREAMS event streams open to /api/notifications/stream, one per user, each seen
 *      answering `ready`;
 *   3. boards: with the streams still open, each driver reads PAGES pages of GET /api/rides/available
 *      (20 trips a page, following nextCursor; a driver's whole board is thousands of pages, out of reach
 *      for 1,000 drivers here), BOARD_CONCURRENCY drivers at a time.
 *
 *   ulimit -n 20000 && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/memory.ts
 *
 * Options (environment): STREAMS (10000), DRIVERS (1000), PAGES per driver (5), BOARD_CONCURRENCY (8),
 * STREAM_CONCURRENCY (20: streams being opened at once), BENCH_PORT (3985, the server's), TRIPS (100000),
 * BENCH_DATABASE_PREFIX (bench/throwaway-database.ts), SERVER_NODE_OPTIONS (node options for the server). The client holds STREAMS sockets and the server as
 * many: raise the open-files limit first (the server inherits it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { NO_NEEDS } from '../src/shared/marketplace/needs.ts';
import { fillPeople } from './fill-trips.ts';
import { loadQuotesWithoutTrigger } from './quote-times.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const STREAMS = Number(process.env.STREAMS ?? 10_000);
const DRIVERS = Math.min(Number(process.env.DRIVERS ?? 1_000), 1_000); // fillPeople makes 1,000
const PAGES = Number(process.env.PAGES ?? 5);
const TRIPS = Number(process.env.TRIPS ?? 100_000);
const BOARD_CONCURRENCY = Number(process.env.BOARD_CONCURRENCY ?? 8);
const STREAM_CONCURRENCY = Number(process.env.STREAM_CONCURRENCY ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3985);
const APP_URL = `http://127.0.0.1:${PORT}`;
const AUTH_SECRET = randomBytes(32).toString('hex');
/**
 * Node options for the server only, e.g. `--max-old-space-size=700`: whether the live heap fits a cap (RSS
 * alone counts garbage not yet collected, and V8 collects late while memory is plentiful).
 */
const SERVER_NODE_ARGS = (process.env.SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
/** The development server's session cookie (src/server/auth/auth.ts sessionCookieName). */
const SESSION_COOKIE = 'better-auth.session_token';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A session cookie as better-auth signs it: the token, a dot, its HMAC-SHA256 in base64, URL-encoded. */
function cookieFor(token: string): string {
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function waitForReady(child: ChildProcess, log: string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${log}`);
    try {
      if ((await fetch(`${APP_URL}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The seed, by SQL: people (bench/fill-trips.ts), drivers with distinct bases and radii, the stream users,
 * the open trips and their quotes, and a session for every driver and stream user. Returns their cookies.
 */
async function seed(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  await fillPeople(db);
  // Bases anywhere in the region, radii 20-100 km: the development helper keeps a base already set.
  const drivers = await db.query<{ id: string }>(
    `insert into drivers (user_id, bsp_number, base_locality, base_postcode, base_lat, base_lng, service_radius_km)
     select id, 'BSP-1', 'BENCH BASE', '2300', -33.3 + random() * 1.2, 151.2 + random() * 1.2,
       20 + (row_number() over (order by id) % 9) * 10
     from users where user_type = 'driver' order by id limit $1
     returning user_id id`,
    [DRIVERS],
  );
  await db.query(
    `insert into users (id, email, email_verified, full_name, user_type)
     select gen_random_uuid(), 'stream' || g || '@example.com', true, 'Stream Customer', 'customer'
     from generate_series(1, $1::int) g`,
    [STREAMS],
  );
  await db.query(
    `
    with c as (select array_agg(id) ids from users where email like 'c%@example.com' and user_type = 'customer')
    insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
      destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
      passengers, luggage_bags, budget_cents, distance_km, needs)
    select c.ids[1 + (g % array_length(c.ids, 1))], 'open',
      'NELSON BAY', '2315', -33.3 + random() * 1.2, 151.2 + random() * 1.2,
      'WILLIAMTOWN', '2318', -32.795, 151.834,
      now() + interval '1 hour' + (random() * interval '60 days'),
      1 + (g % 12), g % 4, 5000 + (g % 200) * 100, 5 + random() * 80,
      case when g % 10 = 3 then $2::jsonb else $3::jsonb end
    from generate_series(1, $1::int) g, c`,
    [TRIPS, JSON.stringify({ ...NO_NEEDS, childSeats: 1, pram: true }), JSON.stringify(NO_NEEDS)],
  );
  await loadQuotesWithoutTrigger(db, () =>
    db.query(`
      with d as (select array_agg(user_id) ids from drivers)
      insert into quotes (ride_id, driver_id, price_cents, message, valid_until, ride_version, lapse_warned_at)
      select r.id, d.ids[1 + ((abs(hashtext(r.id::text)) + k * 7) % array_length(d.ids, 1))], 9000 + k * 500,
        'Seeded', r.pickup_at, r.version, now()
      from rides r, d, generate_series(1, 3) k
      where r.status = 'open' and k <= abs(hashtext(r.id::text)) % 4`),
  );
  const sessions = await db.query<{ user_id: string; token: string; driver: boolean }>(
    `insert into sessions (user_id, token, expires_at)
     select id, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), now() + interval '7 days'
     from users where email like 'stream%@example.com' or id in (select user_id from drivers)
     returning user_id, token, exists (select 1 from drivers where user_id = sessions.user_id) driver`,
  );
  await db.query('analyze');
  console.log(
    `seeded ${TRIPS} open trips, ${drivers.rowCount} drivers, ${STREAMS} stream users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.end();
  return {
    driverIds: drivers.rows.map((r) => r.id),
    driverCookies: new Map(sessions.rows.filter((r) => r.driver).map((r) => [r.user_id, cookieFor(r.token)])),
    streamCookies: sessions.rows.filter((r) => !r.driver).map((r) => cookieFor(r.token)),
  };
}

/**
 * Opens an event stream over a raw socket (the lightest client) and resolves once `ready` arrives. A 503
 * (server_busy: the database pool's queue is full while thousands connect at once), a 408 (the headers not
 * read within 15 s by a server kept busy) or a reset is tried again a second or two later, as a browser's
 * EventSource reconnects; `tally` counts those, and the streams given up after 20 tries.
 */
async function openStream(
  cookie: string,
  sockets: net.Socket[],
  tally: { retries: number; failed: number; last: string },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const refused = await openStreamOnce(cookie, sockets).catch((err: Error) => err.message);
    if (refused === null) return;
    tally.last = refused;
    if (!/^HTTP\/1\.1 (503|408)|ECONNRESET|no ready/.test(refused) || attempt >= 20) {
      tally.failed += 1;
      return;
    }
    tally.retries += 1;
    await new Promise((r) => setTimeout(r, 1_000 + Math.random() * 1_000));
  }
}

/** null once the stream said `ready`, else the status line of the refusal. */
function openStreamOnce(cookie: string, sockets: net.Socket[]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let seen = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no ready within 60 s: ${seen.slice(0, 200)}`));
    }, 60_000);
    socket.on('connect', () =>
      socket.write(
        `GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.startsWith('HTTP/1.1 200')) {
        if (seen.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(seen.split('\r\n')[0]!);
        }
        return;
      }
      if (seen.includes('event: ready')) {
        clearTimeout(timer);
        socket.off('data', onData);
        // Later pings are read and dropped.
        socket.on('data', () => {});
        sockets.push(socket);
        resolve(null);
      }
    };
    socket.on('data', onData);
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Reads `pages` pages of a driver's board; returns the pages read and the trips seen. */
async function readBoard(cookie: string, pages: number): Promise<{ pages: number; trips: number }> {
  let cursor: string | null = null;
  let read = 0;
  let trips = 0;
  do {
    const res = await fetch(
      `${APP_URL}/api/rides/available${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } },
    );
    if (res.status !== 200) throw new Error(`board: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    read += 1;
    trips += page.items.length;
    cursor = page.nextCursor;
  } while (cursor && read < pages);
  return { pages: read, trips };
}

const database = await throwawayDatabase('memory');
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
const log = path.join(dataDir, 'server.log');
const server = spawn('node', [...SERVER_NODE_ARGS, 'dist/server/index.js'], {
  env: {
    ...process.env,
    APP_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL,
    AUTH_SECRET,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: '1',
  },
  stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
});
const sockets: net.Socket[] = [];
const rows: [string, { rss: number; peak: number }, string][] = [];
const measure = async (step: string, note = '') => {
  // A moment for the allocations of the step to settle; no GC is forced (it is what an operator sees).
  await new Promise((r) => setTimeout(r, 3_000));
  const m = memory(server.pid!);
  rows.push([step, m, note]);
  console.log(
    `${step.padEnd(34)} VmRSS ${m.rss.toFixed(0).padStart(5)} MB  VmHWM ${m.peak.toFixed(0).padStart(5)} MB  ${note}`,
  );
};
try {
  await waitForReady(server, log);
  const seeded = await seed(database.url);
  // Verified, with a vehicle (4-13 seats) and its documents, through the development helper.
  let n = 0;
  await inPool(seeded.driverIds, 4, async (id) => {
    const seats = 4 + (n++ % 10);
    const res = await fetch(`${APP_URL}/api/dev/drivers/${id}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify({ seats, luggageBags: seats }),
    });
    if (!res.ok) throw new Error(`verify: ${res.status} ${await res.text()}`);
  });
  console.log(`load average ${loadAverage()}; server pid ${server.pid}`);
  await measure('idle (seeded, drivers verified)');

  let started = Date.now();
  const tally = { retries: 0, failed: 0, last: '' };
  await inPool(seeded.streamCookies, STREAM_CONCURRENCY, (cookie) => openStream(cookie, sockets, tally));
  await measure(
    `${sockets.length} event streams open`,
    `(opened in ${((Date.now() - started) / 1000).toFixed(1)} s; ${tally.retries} tries again after a 503, ` +
      `408 or reset; ${tally.failed} given up${tally.failed ? `, the last: ${tally.last}` : ''})`,
  );

  started = Date.now();
  let pages = 0;
  let trips = 0;
  await inPool(seeded.driverIds, BOARD_CONCURRENCY, async (id) => {
    const r = await readBoard(seeded.driverCookies.get(id)!, PAGES);
    pages += r.pages;
    trips += r.trips;
  });
  const open = sockets.filter((s) => !s.destroyed).length;
  await measure(
    `+ boards of ${seeded.driverIds.length} drivers`,
    `(${pages} pages, ${trips} trips, in ${((Date.now() - started) / 1000).toFixed(1)} s; ${open} streams still open)`,
  );
  const [idle, streams, boards] = rows.map((r) => r[1]);
  console.log(
    `per stream ${(((streams!.rss - idle!.rss) * 1024) / sockets.length).toFixed(1)} KB; boards added ` +
      `${(boards!.rss - streams!.rss).toFixed(0)} MB; peak ${boards!.peak.toFixed(0)} MB (goal: under 1,024 MB); ` +
      `load average ${loadAverage()}`,
  );
} finally {
  for (const s of sockets) s.destroy();
  server.kill();
  if (server.exitCode === null && server.signalCode === null)
    await new Promise((r) => server.once('exit', r));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
