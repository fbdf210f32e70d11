/**
 * One database handle for the whole server: PGlite (embedded Postgres in DATA_DIR) by default, or the
 * PostgreSQL in DATABASE_URL. Both speak the same SQL and share one Drizzle schema and migration folder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableName, is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { checkDataDir } from './data-dir.ts';
import { PgListener } from './listener.ts';
import { applyPoolPressure, type PoolLoad } from './pool-pressure.ts';
import * as schema from './schema/index.ts';
import { clientNaming, StatementNames } from './statement-names.ts';

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
  /**
   * Whether the app's own connection could switch off the audit log's append-only trigger: its role owns
   * `audit_log` (or is a member of the owning role, or a superuser). True with one role for everything
   * (PGlite, or DATABASE_URL alone); false when the migrations ran as another role that owns the tables
   * (`migrationUrl`, ADR 023).
   */
  auditLogSwitchable: boolean;
  /**
   * The connection pool's load (PostgreSQL): `saturated()` while requests have waited over a second for a
   * connection with the database answering, so new ones are refused at once (db/pool-pressure.ts). PGlite
   * has no pool: never saturated.
   */
  load: PoolLoad;
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
  /**
   * A postgres:// URL straight to the server as the role that owns the schema: the migrations run there
   * (under the advisory lock), and when DATABASE_URL's role is another one, that owner grants it what the
   * app uses, every start (grantAppRole). Defaults to directUrl: one role for everything (ADR 023).
   */
  migrationUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  /**
   * PGlite: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty one. A new
   * PGlite runs initdb, 2-6 s on this machine; the API tests start ~90 databases from one dump (CI time).
   */
  loadDataDir?: Blob;
  /**
   * PGlite: settings for its start (`name=value`, as `-c` on postgres's command line) and arguments for the
   * initdb of a new one. The API tests start small databases hundreds of times (tests/api/helpers.ts).
   */
  pglite?: { settings?: string[]; initdbArgs?: string[] };
  /** Requests that may wait for a pooled connection before the next is refused (POOL_PRESSURE; tests). */
  poolMaxWaiting?: number;
  /** How long the oldest waiter may wait before new requests are refused (POOL_PRESSURE.shedAfterMs; tests). */
  poolShedAfterMs?: number;
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
 * wait, then find nothing left to do. `migrationUrl` is the schema owner's connection; when `appRole` (the
 * role DATABASE_URL logs in as) is another role, the owner then grants it the app's privileges, under the
 * same lock (concurrent GRANTs on one table can fail with "tuple concurrently updated").
 */
async function migrateWithLock(migrationUrl: string, appRole: string) {
  const client = new pg.Client({ connectionString: migrationUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (err) {
      throw migrationPermissionHint(err) ?? err;
    }
    const owner = (await client.query<{ u: string }>('select current_user as u')).rows[0]!.u;
    if (owner !== appRole) await grantAppRole(client, appRole);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * A migration refused for want of privilege (SQLSTATE 42501: the app's role, which owns nothing, running
 * them) as an error that says what to set. The message carries the database's own, for the logs and for
 * create-admin, which prints the innermost message of an error.
 */
function migrationPermissionHint(err: unknown): Error | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth += 1) {
    if ((e as { code?: unknown }).code === '42501') {
      return new Error(
        `The migrations cannot run as this role (${e.message}). They must run as the role that owns the database's tables: with a separate role for the app, set DATABASE_MIGRATION_URL to the owner's URL (docs/DEPLOY.md "Database roles").`,
      );
    }
  }
  return null;
}

/** What the migrations' role owns, as grantAppRole finds it: the objects it may grant on. */
export interface OwnedObjects {
  /** Quoted identifiers of the app's role and of the database. */
  role: string;
  database: string;
  /** Whether the migrations' role owns the database (and so may take TEMPORARY back from PUBLIC). */
  ownsDatabase: boolean;
  /** Quoted, schema-qualified names of the tables (and views) and sequences in `public` it owns. */
  tables: string[];
  sequences: string[];
}

/**
 * The statements by which the schema owner gives the app's role exactly what the app uses (ADR 023): rows
 * of every table (SELECT, INSERT, UPDATE, DELETE), the sequences (nextval), reading which migrations are
 * applied (/api/ready), and on `audit_log` only SELECT and INSERT. Nothing else: no TRUNCATE, TRIGGER or
 * REFERENCES anywhere, no setval, no DDL (the app runs none at run time), no temporary tables. Idempotent;
 * also takes back anything more that was granted by hand. Only objects the owner owns are named: another
 * role's object in `public` (an extension's view, say) would make a GRANT fail. Triggers and their
 * functions run as the app's role: they only touch tables it may use (drivers_copy_business_name updates
 * users) and call pg_notify, which anyone may.
 */
export function appRoleGrants(o: OwnedObjects): string[] {
  const { role } = o;
  const statements = [`GRANT USAGE ON SCHEMA public TO ${role}`];
  if (o.tables.length > 0) {
    const tables = o.tables.join(', ');
    statements.push(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE ${tables} TO ${role}`,
      `REVOKE TRUNCATE, REFERENCES, TRIGGER ON TABLE ${tables} FROM ${role}`,
    );
  }
  if (o.sequences.length > 0) {
    const sequences = o.sequences.join(', ');
    statements.push(
      `GRANT USAGE, SELECT ON SEQUENCE ${sequences} TO ${role}`,
      `REVOKE UPDATE ON SEQUENCE ${sequences} FROM ${role}`,
    );
  }
  statements.push(
    // The audit log is append-only (ADR 016): the trigger refuses UPDATE, DELETE and TRUNCATE, and only the
    // owner can switch it off; the privileges are gone as well. Its identity column needs no privilege on
    // its sequence.
    `REVOKE UPDATE, DELETE ON public.audit_log FROM ${role}`,
    `REVOKE ALL ON SEQUENCE public.audit_log_id_seq FROM ${role}`,
    `GRANT USAGE ON SCHEMA drizzle TO ${role}`,
    `REVOKE ALL ON drizzle.__drizzle_migrations FROM ${role}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`,
  );
  if (o.ownsDatabase) {
    // No temporary tables (PostgreSQL lets everyone make them by default): a temporary table named
    // audit_log comes first in the search path, so one made on a pooled connection would take every later
    // audit row of that connection. The app makes none.
    statements.push(
      `REVOKE TEMPORARY ON DATABASE ${o.database} FROM PUBLIC`,
      `REVOKE TEMPORARY ON DATABASE ${o.database} FROM ${role}`,
    );
  }
  return statements;
}

/** The app's own tables (the Drizzle schema's), to name any the owner cannot grant. */
const APP_TABLES = (Object.values(schema) as unknown[]).flatMap((t) =>
  is(t, PgTable) ? [getTableName(t)] : [],
);

async function grantAppRole(client: pg.Client, appRole: string) {
  const { rows } = await client.query<{ name: string; qualified: string; kind: string; owned: boolean }>(
    `select c.relname as name, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as qualified,
            c.relkind::text as kind, pg_has_role(c.relowner, 'USAGE') as owned
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      order by c.relname`,
  );
  const db = await client.query<{ name: string; owned: boolean; temp: boolean }>(
    `select current_database() as name, pg_has_role(d.datdba, 'USAGE') as owned,
            has_database_privilege($1, d.oid, 'TEMPORARY') as temp
       from pg_database d where d.datname = current_database()`,
    [appRole],
  );
  const database = db.rows[0]!;
  const owned = rows.filter((r) => r.owned);
  const statements = appRoleGrants({
    role: client.escapeIdentifier(appRole),
    database: client.escapeIdentifier(database.name),
    ownsDatabase: database.owned,
    tables: owned.filter((r) => r.kind !== 'S').map((r) => r.qualified),
    sequences: owned.filter((r) => r.kind === 'S').map((r) => r.qualified),
  });
  // One simple query: its statements run as one transaction, all or nothing.
  await client.query(statements.join(';\n'));
  const notGranted = rows.filter((r) => !r.owned && APP_TABLES.includes(r.name)).map((r) => r.name);
  if (notGranted.length > 0) {
    console.warn(
      `Granting the app's database role: the app's tables ${notGranted.join(', ')} are owned by another role than DATABASE_MIGRATION_URL's, which cannot grant them, so the app will be refused them (docs/DEPLOY.md "Database roles").`,
    );
  }
  if (!database.owned && database.temp) {
    console.warn(
      `Granting the app's database role: it may create temporary tables, and only the database's owner can take that back: REVOKE TEMPORARY ON DATABASE ${client.escapeIdentifier(database.name)} FROM PUBLIC (docs/DEPLOY.md "Database roles").`,
    );
  }
}

/** Whether the connected role could ALTER the audit log (and so DISABLE its trigger): owner or superuser. */
async function canSwitchOffAuditLog(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ switchable: boolean }>(
    `select coalesce((select rolsuper from pg_roles where rolname = current_user), false)
         or pg_has_role(current_user, c.relowner, 'MEMBER') as switchable
       from pg_class c where c.oid = to_regclass('public.audit_log')`,
  );
  return result.rows[0]?.switchable ?? true;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const directUrl = opts.directUrl ?? opts.databaseUrl;
    const migrationUrl = opts.migrationUrl ?? directUrl;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      // Repeated statements run under a name: parsed and planned once per connection (ADR 038).
      Client: clientNaming(new StatementNames()),
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
    // A bounded wait for connections, and "busy" told apart from "down" (db/pool-pressure.ts).
    const load = applyPoolPressure(pool, opts.poolMaxWaiting, opts.poolShedAfterMs);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // /api/ready asks on a connection of its own, so a busy pool does not make a healthy instance "not ready".
    const readyPool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 1,
      connectionTimeoutMillis: READY_TIMEOUT_MS,
      idleTimeoutMillis: 60_000,
      application_name: 'shuttle-ready',
    });
    readyPool.on('error', () => undefined);
    const readyDb = drizzlePg(readyPool, { schema }) as unknown as Db;
    let auditLogSwitchable: boolean;
    try {
      // The role the app's queries run as (behind a pooler, the role the pooler logs in as).
      const appRole = (await pool.query<{ u: string }>('select current_user as u')).rows[0]!.u;
      await migrateWithLock(migrationUrl, appRole);
      auditLogSwitchable = await canSwitchOffAuditLog(pool);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    // One dedicated connection carries every LISTEN of this process, re-made after any drop.
    const listener = new PgListener({ connectionString: directUrl });
    return {
      db,
      kind: 'postgres',
      auditLogSwitchable,
      load,
      listen: async (channel, onPayload, onResume) => {
        const stop = listener.listen(channel, { onPayload, onResume });
        return async () => stop();
      },
      ready: (timeoutMs = READY_TIMEOUT_MS) => checkReady(readyDb, timeoutMs),
      close: async () => {
        await listener.close();
        await readyPool.end().catch(() => undefined);
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
    checkDataDir(dataDir);
  }
  // pg_trgm: the admin user search's trigram indexes (migration 0010).
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.pglite?.settings
      ? { startParams: [...PGlite.defaultStartParams, ...opts.pglite.settings.flatMap((s) => ['-c', s])] }
      : {}),
    ...(opts.pglite?.initdbArgs ? { initDbStartParams: opts.pglite.initdbArgs } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    // One role for everything: the process itself.
    auditLogSwitchable: true,
    load: { oldestWaitMs: () => 0, saturated: () => false },
    // In process: the "connection" cannot drop, so there is never anything to resume.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    ready: (timeoutMs = READY_TIMEOUT_MS) => checkReady(db, timeoutMs),
    close: () => client.close(),
  };
}
