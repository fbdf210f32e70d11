/** Entry point: `npm start`. Reads the configuration, opens the database (migrating it) and serves. */

import cluster from 'node:cluster';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { runsBackgroundWork, STOP_MESSAGE, superviseServers, workerNumber } from './cluster.ts';
import { openDatabase } from './db/client.ts';
import { StartupError } from './db/data-dir.ts';
import { type Env, loadEnv } from './env.ts';
import { isDatabaseUnavailable } from './http/database-errors.ts';
import type { NodeAnswer } from './http/health-probe.ts';
import { startBackgroundWork } from './jobs/background-work.ts';
import { ensureAdmin } from './modules/admin/ensure-admin.ts';
import { WEB_DIR } from './paths.ts';
import { type FetchHandler, listen } from './server.ts';

/**
 * After the drain delay (SHUTDOWN_DRAIN_MS), a stop asked for by SIGTERM/SIGINT ends the process within this
 * time, finished or not: the whole stop takes at most SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS.
 */
export const SHUTDOWN_TIMEOUT_MS = 9_000;

// A fault in a background task (a dropped connection, a failed timer callback) must not take every user's
// requests down with it: it is logged and the process goes on (ADR 013). Each loop recovers by itself.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection (the server keeps running):', reason);
});
process.on('uncaughtException', (err) => {
  console.error('Uncaught exception (the server keeps running):', err);
});

/** Where DATABASE_URL points, for messages: host and port, never the password. */
function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Opens (and migrates) the database; an instance started before its PostgreSQL is up (a fresh deploy, a
 * restart of both) waits for it, up to DATABASE_STARTUP_WAIT_MS, then stops naming the host, the port and
 * the last error. Any other error stops the start at once.
 */
async function openDatabaseWhenUp(env: Env) {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openDatabase({
        databaseUrl: env.DATABASE_URL,
        directUrl: env.DATABASE_DIRECT_URL,
        migrationUrl: env.DATABASE_MIGRATION_URL,
        dataDir: env.DATA_DIR,
      });
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const last = err instanceof Error ? err.message || err.name : String(err);
      const where = databaseTarget(
        env.DATABASE_MIGRATION_URL ?? env.DATABASE_DIRECT_URL ?? env.DATABASE_URL ?? '',
      );
      if (Date.now() - started >= env.DATABASE_STARTUP_WAIT_MS) {
        throw new StartupError(
          `The database at ${where} did not answer within ${Math.round(env.DATABASE_STARTUP_WAIT_MS / 1000)} s (DATABASE_STARTUP_WAIT_MS); the last error: ${last}`,
        );
      }
      const delay = Math.min(500 * 2 ** (attempt - 1), 5_000);
      console.error(`The database at ${where} is not reachable yet (${last}); retrying in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * What a server answers before its database is open: alive (/api/health 200), not ready (/api/ready 503),
 * and 503 with Retry-After for everything else, so health checks see a starting server, not a refused port.
 */
function startingApp() {
  const app = new Hono();
  app.get('/api/health', (c) => c.json({ ok: true, starting: true }, 200, { 'Cache-Control': 'no-store' }));
  app.all('*', (c) =>
    c.json({ ok: false, reason: 'starting: waiting for the database' }, 503, {
      'Cache-Control': 'no-store',
      'Retry-After': '5',
    }),
  );
  return app;
}

async function main() {
  // Read (and in development create the session secret) before forking: every server shares it.
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    superviseServers(env.WEB_CONCURRENCY, {
      stopTimeoutMs: env.SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS + 2_000,
    });
    return;
  }
  const worker = workerNumber();
  const background = runsBackgroundWork();
  // Listening from the start: until the database is open a small app answers (startingApp).
  let serve: FetchHandler = startingApp().fetch;
  let answer: NodeAnswer = () => false;
  const server = await listen(
    { fetch: (request, bindings) => serve(request, bindings), answer: (req, res) => answer(req, res) },
    env.PORT,
    env.HOST,
  );
  const database = await openDatabaseWhenUp(env);
  // Said once per cluster; one role for everything works, but then the audit log is append-only only for as
  // long as nobody holding DATABASE_URL's credentials runs ALTER TABLE (ADR 023).
  if (background && env.isProduction && database.kind === 'postgres' && database.auditLogSwitchable) {
    console.warn(
      "DATABASE_URL's role owns the audit log (or is a superuser): it could switch off the log's append-only trigger. Give the app a role of its own and the owner to DATABASE_MIGRATION_URL (docs/DEPLOY.md, ADR 023).",
    );
  }
  const { app, deps, hub, lifecycle, health } = createApp({ env, database, webDir: WEB_DIR, worker });
  if (background && env.ADMIN_EMAIL) {
    const outcome = await ensureAdmin(deps, {
      email: env.ADMIN_EMAIL,
      name: env.ADMIN_NAME,
      password: env.ADMIN_PASSWORD,
    });
    console.log(`Administrator ${env.ADMIN_EMAIL}: ${outcome}`);
  }
  serve = app.fetch;
  // Liveness probes after the first, before the app (http/health-probe.ts).
  answer = health.answer;
  // Background work runs once per cluster (cluster.ts): alone, or in server 1. Every machine runs it, each
  // job made safe through PostgreSQL (ADR 029, docs/DEPLOY.md "Background work").
  let stopBackground = async () => {};
  if (background) stopBackground = await startBackgroundWork({ env, database });
  console.log(
    `${env.BRAND_NAME} is running at ${env.APP_URL} (${env.APP_ENV}, database: ${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'}${worker === null ? '' : `, server ${worker} of ${env.WEB_CONCURRENCY}${background ? ', with the background work' : ''}`})`,
  );
  if (!env.isProduction && !env.SMTP_URL)
    console.log(`E-mail goes to the development mailbox: ${env.APP_URL}/dev/mailbox`);
  if (env.SMS_PROVIDER === 'dev')
    console[env.isProduction ? 'warn' : 'log'](
      env.isProduction
        ? 'Text messages are not sent: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (README).'
        : `Text messages go to the development mailbox: ${env.APP_URL}/dev/mailbox`,
    );

  /**
   * Graceful shutdown (docs/ARCHITECTURE.md "Stopping"): /api/ready fails at once and every answer says
   * `Connection: close`, while the server keeps accepting for SHUTDOWN_DRAIN_MS (a load balancer polling
   * /api/ready takes it out of rotation meanwhile, so no request is refused); then the listening socket
   * closes, event streams end (their browsers reconnect, to another instance), every request received is
   * answered, the workers finish their current job, the database closes. Whatever is still running
   * SHUTDOWN_TIMEOUT_MS after the drain is cut off; a second signal exits at once.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    const drainMs = env.SHUTDOWN_DRAIN_MS;
    console.log(
      `${signal}: shutting down (/api/ready fails; still serving for ${drainMs} ms, then finishing what was received)`,
    );
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${drainMs + SHUTDOWN_TIMEOUT_MS} ms: exiting`);
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS).unref();
    lifecycle.draining = true;
    server.drain();
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    // Event streams end once no more connections come (their browsers reconnect elsewhere).
    await server.close(() => hub.closeAll());
    await deps.later.drain();
    await stopBackground();
    await hub.close();
    await database.close();
    console.log(`Stopped in ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (worker === null) {
    process.on('SIGINT', () => void stop('SIGINT'));
  } else {
    // In a cluster the supervisor says when to stop: Ctrl-C's SIGINT reaches every server of the process
    // group too, and a second stop would end this one at once.
    process.on('SIGINT', () => {});
    process.on('message', (message) => {
      if (message === STOP_MESSAGE && !stopping) void stop('Stop from the supervisor');
    });
    // The supervisor is gone (killed): nothing would restart or stop this server any more.
    process.on('disconnect', () => {
      if (!stopping) void stop('The supervisor exited');
    });
  }
}

main().catch((err) => {
  // A StartupError's message is the whole story; anything else with its stack, to be looked into.
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
