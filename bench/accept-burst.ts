/**
 * Overload by a burst (issue 33 item 2): 2,000 accepts at once on 20 trips, then 1,000 board reads at
 * once, against the server in its own process on a fresh PostgreSQL database. Prints what the clients
 * were answered, how many trips were booked, whether every booking's customer was told (a 201 or 200
 * naming it), and how long the retries took to book the rest. Rows in bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/accept-burst.ts
 *   ... --app-dir /path/to/an/older/checkout      (the "before" of a change: that checkout's server)
 *   ... --accepts 2000 --trips 20 --drivers 10 --reads 1000
 *   ... --compiled                                (the built server, `npm run build` first)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentileMs, runBurst, setUpBurst, tally } from './burst/accept-burst.ts';
import { ApiProcess, REPO_ROOT } from './chaos/api-process.ts';
import { freePort } from './chaos/util.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    accepts: { type: 'string', default: '2000' },
    trips: { type: 'string', default: '20' },
    drivers: { type: 'string', default: '10' },
    reads: { type: 'string', default: '1000' },
    'app-dir': { type: 'string' },
    /** Run the built server (`node dist/server/index.js`, what `npm start` runs; `npm run build` first). */
    compiled: { type: 'boolean', default: false },
  },
});
const opts = {
  accepts: Number(args.accepts),
  trips: Number(args.trips),
  drivers: Number(args.drivers),
  reads: Number(args.reads),
  retryDeadlineMs: 120_000,
};
const appDir = path.resolve(args['app-dir'] ?? REPO_ROOT);
if (!existsSync(path.join(appDir, 'src/server/index.ts')))
  throw new Error(`no src/server/index.ts in ${appDir}`);

const throwaway = await throwawayDatabase('burst', {
  fallbackUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
});
const workDir = mkdtempSync(path.join(tmpdir(), 'bench-burst-'));
const port = await freePort();
const api = new ApiProcess(
  port,
  {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'development',
    TRUST_PROXY: 'true',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: throwaway.url,
    DATA_DIR: workDir,
  },
  path.join(workDir, 'api.log'),
  appDir,
  args.compiled ? ['dist/server/index.js'] : undefined,
);

try {
  api.start();
  if ((await api.waitHealthy(120_000)) === null) throw new Error(`the API did not start:\n${api.tail()}`);
  console.log(
    `server of ${appDir} on ${api.baseUrl}; setting up ${opts.trips} trips, ${opts.drivers} drivers`,
  );
  const set = await setUpBurst(api.baseUrl, opts, randomBytes(3).toString('hex'));
  console.log(`${opts.accepts} accepts at once...`);
  const r = await runBurst(set, opts);

  const ms = r.acceptAnswers.map((a) => a.ms);
  const busyMs = r.acceptAnswers.filter((a) => a.code === 'server_busy').map((a) => a.ms);
  const bookedAfterBurst = r.trips.filter((t) => t.bookedAfterBurst.length > 0).length;
  const created = r.acceptAnswers.filter((a) => a.status === 201).length;
  const untold = r.trips.filter((t) =>
    t.bookedAfterBurst.some((b) => !t.answeredBookings.includes(b)),
  ).length;
  const twice = r.trips.filter((t) => t.bookedAfterRetry.length > 1).length;
  const bookedAfterRetry = r.trips.filter((t) => t.bookedAfterRetry.length === 1).length;
  const readMs = r.readAnswers.map((a) => a.ms);
  console.log(`
accepts: ${opts.accepts} at once on ${opts.trips} trips (${opts.drivers} quotes each), in ${(r.acceptBurstMs / 1000).toFixed(1)} s
  answers: ${JSON.stringify(tally(r.acceptAnswers))}
  latency: p50 ${percentileMs(ms, 50)} ms, p99 ${percentileMs(ms, 99)} ms, max ${percentileMs(ms, 100)} ms
  time to a server_busy answer: p50 ${percentileMs(busyMs, 50)} ms, p99 ${percentileMs(busyMs, 99)} ms (${busyMs.length} answers)
  trips booked by the burst: ${bookedAfterBurst} of ${opts.trips}
  bookings whose own accept (the one that committed) was not answered 201: ${bookedAfterBurst - created}
  booked trips whose customer got no answer at all naming the booking: ${untold}
  after retrying (${r.retryAttempts} accepts, ${(r.retryMs / 1000).toFixed(1)} s): ${bookedAfterRetry} of ${opts.trips} booked, ${twice} booked twice
board reads: ${opts.reads} at once, in ${(r.readBurstMs / 1000).toFixed(1)} s
  answers: ${JSON.stringify(tally(r.readAnswers))}
  latency: p50 ${percentileMs(readMs, 50)} ms, p99 ${percentileMs(readMs, 99)} ms`);
} finally {
  await api.stop(15_000);
  await throwaway.drop();
  rmSync(workDir, { recursive: true, force: true });
}
