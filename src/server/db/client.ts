/**
 * One database handle for the whole server: PGlite (embedded Postgres in DATA_DIR) by default, or the
 * PostgreSQL in DATABASE_URL. Both speak the same SQL and share one Drizzle schema and migration folder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { PgListener } from './listener.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel: `pg_notify` sent inside a transaction arrives here after it commits, from any
   * instance on the same PostgreSQL (in-process on PGlite). The connection is re-made by itself after a
   * drop; NOTIFYs sent meanwhile are lost, so `onResume` is called whenever it (re)connects, to catch up.
   * Resolves at once (the connection may still be coming up) with a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: (reconnected: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Whether the database answers within `timeoutMs` and has every migration of this build applied. */
  ready(timeoutMs?: number): Promise<{ ok: true } | { ok: false; reason: string }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL. When absent, PGlite is used. */
  databaseUrl?: string;
  /**
   * A postgres:// URL straight to the server (not through a transaction-mode pooler), for what needs a
   * session of its own: LISTEN and the migrations' advisory lock. Defaults to databaseUrl (docs/DEPLOY.md).
   */
  directUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
}

/** A request waits at most this long for a database connection (then 503). */
export const POOL_CONNECT_TIMEOUT_MS = 3_000;
const READY_TIMEOUT_MS = 2_000;

/** The newest migration of this build (drizzle records each applied one with its folder timestamp). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function checkReady(db: Db, timeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: false; reason: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `the database did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const check = (async () => {
    try {
      const result = (await db.execute(
        sql`select max(created_at)::bigint as latest from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { latest: string | number | null }[] };
      const latest = Number(result.rows[0]?.latest ?? 0);
      if (latest < latestMigrationMillis()) return { ok: false as const, reason: 'migrations not applied' };
      return { ok: true as const };
    } catch {
      // No driver detail in a public answer (it would name the query); the server log has it.
      return { ok: false as const, reason: 'the database is unreachable' };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Any fixed number: every instance takes the same advisory lock around migrating. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Several instances may start at once on one database: an advisory lock lets one migrate while the others
 * wait, then find nothing left to do.
 */
async function migrateWithLock(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const directUrl = opts.directUrl ?? opts.databaseUrl;
    await migrateWithLock(directUrl);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // While the database is down a request fails within this time (503) instead of waiting for ever.
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      application_name: 'shuttle-api',
    });
    // An idle client whose connection drops (PostgreSQL restarting) emits 'error' on the pool; without a
    // listener Node would end the process. The pool discards that client and makes new ones when asked.
    pool.on('error', (err) => console.error('database connection lost (the pool reconnects):', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // One dedicated connection carries every LISTEN of this process, re-made after any drop.
    const listener = new PgListener({ connectionString: directUrl });
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onPayload, onResume) => {
        const stop = listener.listen(channel, { onPayload, onResume });
        return async () => stop();
      },
      ready: (timeoutMs = READY_TIMEOUT_MS) => checkReady(db, timeoutMs),
      close: async () => {
        await listener.close();
        // pool.end() resolves before its sockets have closed; wait for every client's 'remove' so that
        // nothing is still half-open when the caller goes on (a dropped test database would kill it).
        let open = pool.totalCount;
        const closed = new Promise<void>((resolve) => {
          if (open === 0) resolve();
          pool.on('remove', () => {
            open -= 1;
            if (open <= 0) resolve();
          });
        });
        await pool.end();
        await closed;
      },
    };
  }
  let dataDir = opts.dataDir;
  if (dataDir && !dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm: the admin user search's trigram indexes (migration 0010).
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    // In process: the "connection" cannot drop, so there is never anything to resume.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    ready: (timeoutMs = READY_TIMEOUT_MS) => checkReady(db, timeoutMs),
    close: () => client.close(),
  };
}
