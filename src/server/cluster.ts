/**
 * Every core (issue 17, ADR 021). With WEB_CONCURRENCY above 1 (the default in production with
 * DATABASE_URL: one per core) the process started by `npm start` becomes a supervisor: it forks that many
 * servers and serves nothing itself. They share the listening port (Node's cluster module: the supervisor
 * accepts each connection and hands it to the servers in turn) and everything else goes through
 * PostgreSQL, as between instances behind a load balancer: sessions (and the NOTIFY that ends a cached
 * one), rate-limit counters, live events.
 *
 * Server 1 also runs the background work (sweeper, billing, notification delivery, mail outbox) and the
 * start-up admin account, so each runs once per cluster, not once per process. A server that dies is
 * started again under the same number (so the background work comes back with server 1), after a pause
 * that grows while it keeps dying at start.
 *
 * Stopping: SIGTERM or SIGINT to the supervisor asks every server to stop gracefully (index.ts "Stopping")
 * and exits when they have; a second signal ends them at once.
 */
import cluster, { type Worker } from 'node:cluster';

/** The environment variable that tells a forked server its number, 1..WEB_CONCURRENCY. */
const INDEX_VAR = 'SHUTTLE_WORKER';

/** This server's number in a cluster, or null when it runs alone. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env[INDEX_VAR]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Whether this process runs the background work: alone, or as server 1 of a cluster. */
export function runsBackgroundWork(): boolean {
  const n = workerNumber();
  return n === null || n === 1;
}

/** A server asked to stop by the supervisor gets this message (signals would reach it twice on Ctrl-C). */
export const STOP_MESSAGE = 'shuttle:stop';

export function superviseServers(count: number, opts: { stopTimeoutMs: number }): void {
  let stopping = false;
  const numberOf = new Map<Worker, number>();
  const startedAt = new Map<number, number>();
  const failures = new Map<number, number>();

  const start = (n: number) => {
    startedAt.set(n, Date.now());
    const worker = cluster.fork({ [INDEX_VAR]: String(n) });
    numberOf.set(worker, n);
  };

  cluster.on('exit', (worker, code, signal) => {
    const n = numberOf.get(worker);
    numberOf.delete(worker);
    if (n === undefined) return;
    if (stopping) {
      if (numberOf.size === 0) {
        console.log('Every server has stopped');
        process.exit(0);
      }
      return;
    }
    // A server that dies within 10 s of starting is probably failing at start: wait longer each time.
    const quick = Date.now() - (startedAt.get(n) ?? 0) < 10_000;
    const fails = quick ? (failures.get(n) ?? 0) + 1 : 0;
    failures.set(n, fails);
    const delay = Math.min(500 * 2 ** fails, 30_000);
    console.error(`Server ${n} exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) start(n);
    }, delay).unref();
  });

  const stop = (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: ending every server now`);
      for (const worker of numberOf.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping ${numberOf.size} servers`);
    if (numberOf.size === 0) process.exit(0);
    for (const worker of numberOf.keys()) {
      if (worker.isConnected()) worker.send(STOP_MESSAGE);
      else worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      console.error(`Servers still running after ${opts.stopTimeoutMs} ms: ending them`);
      for (const worker of numberOf.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, opts.stopTimeoutMs).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  console.log(`Starting ${count} servers (WEB_CONCURRENCY)`);
  for (let n = 1; n <= count; n++) start(n);
}
