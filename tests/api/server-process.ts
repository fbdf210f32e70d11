/**
 * The real entry point (`src/server/index.ts`) in its own process, on a free port, with a fresh embedded
 * database or a fresh PostgreSQL database: for tests that need the server apart from the test's own event
 * loop (shutdown signals; timings a client would see).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { bundleServer } from '../../scripts/server-bundle.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createPostgresDatabase, freePort, pgliteSeedIfMade, testServerFolderPrefix } from './helpers.ts';

/**
 * A DATA_DIR holding a migrated PGlite database, made once per test worker: each server started on PGlite gets a copy,
 * instead of running initdb on its own first start (3-4 s each here; issue 29: CI time).
 */
let seedFolder: Promise<string> | undefined;
function seededPgliteFolder(): Promise<string> {
  seedFolder ??= (async () => {
    // In the run's folder (global-setup.ts), removed when the run ends.
    const root = mkdtempSync(path.join(inject('runFolder'), 'pglite-seed-'));
    // From the worker's in-memory seed when it has one (helpers.ts, under 1 s), else a new initdb.
    const dump = pgliteSeedIfMade();
    const database = await openDatabase({ dataDir: root, ...(dump ? { loadDataDir: await dump } : {}) });
    await database.close();
    return root;
  })();
  return seedFolder;
}

/**
 * The compiled server (what `npm start` runs), made once per test worker on first use: started through
 * tsx, each server process compiled the whole server as it loaded, 4.5-6.5 s to ready here against 1.6-1.9 s
 * for the bundle, and the API and timing tests start about 30 (bench/README.md "CI time"). In dist/, two
 * folders below the project as the server expects (scripts/server-bundle.ts); global-setup.ts removes it.
 */
let bundle: Promise<string> | undefined;
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const outdir = testServerFolderPrefix(inject('runFolder')) + process.pid;
    await bundleServer(outdir, { sourcemap: false });
    return path.join(outdir, 'index.js');
  })();
  return bundle;
}

export interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  cleanup: () => Promise<void>;
}

export async function startServerProcess(
  kind: 'pglite' | 'postgres',
  /** `ready: false`: return at once, without waiting for /api/ready (a start that is meant to fail or wait). */
  opts: {
    env?: Record<string, string>;
    ready?: boolean;
    /** For the postgres kind: this existing database (not dropped after) instead of a fresh one. */
    databaseUrl?: string;
  } = {},
): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-shutdown-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    ...opts.env,
  };
  let dropDatabase = async () => {};
  if (kind === 'pglite' && !opts.env?.DATA_DIR && !opts.env?.DATABASE_URL) {
    // The whole DATA_DIR's contents, wherever in it the server keeps its database.
    cpSync(await seededPgliteFolder(), dataDir, { recursive: true });
  }
  if (kind === 'postgres' && opts.databaseUrl) {
    env.DATABASE_URL = opts.databaseUrl;
  } else if (kind === 'postgres') {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  const child = spawn(process.execPath, [await serverBundle()], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (; opts.ready !== false; ) {
    const ok = await fetch(`${baseUrl}/api/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    baseUrl,
    output: () => log,
    exited,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
