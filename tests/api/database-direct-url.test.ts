/**
 * DATABASE_DIRECT_URL (issue 17, docs/DEPLOY.md): with DATABASE_URL through a transaction-mode pooler,
 * what needs a session of its own (LISTEN, the migrations' advisory lock) goes straight to PostgreSQL.
 * Here the two URLs reach the same database as two roles, so pg_stat_activity shows which way each
 * connection came.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { rows, waitForListenConnection } from './helpers.ts';

const POOL_ROLE = 'shuttle_pool_test';

describe.skipIf(!process.env.DATABASE_URL)('DATABASE_DIRECT_URL', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `test_direct_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let database: Database;
  let directUser: string;

  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    directUser = (await admin('select current_user as u')).rows[0].u as string;
    await admin(`CREATE DATABASE "${name}"`);
    // The pooler's role: what the app's pool would log in as behind PgBouncer.
    await admin(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${POOL_ROLE}') THEN
        CREATE ROLE ${POOL_ROLE} LOGIN SUPERUSER;
      END IF; END $$`);
    const direct = new URL(adminUrl);
    direct.pathname = `/${name}`;
    const pooled = new URL(direct);
    pooled.username = POOL_ROLE;
    database = await openDatabase({ databaseUrl: pooled.toString(), directUrl: direct.toString() });
  });
  afterAll(async () => {
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('migrates and LISTENs through the direct URL, and serves queries through the pool', async () => {
    // The migrations ran as the direct URL's role: it owns the tables they made.
    const [owner] = await rows<{ tableowner: string }>(
      database.db,
      sql`select tableowner from pg_tables where schemaname = 'public' and tablename = 'rides'`,
    );
    expect(owner?.tableowner).toBe(directUser);

    const stop = await database.listen('direct_url_test', () => {});
    try {
      await waitForListenConnection(database.db);
      const connections = await rows<{ application_name: string; usename: string }>(
        database.db,
        sql`select application_name, usename from pg_stat_activity
             where datname = current_database() and application_name in ('shuttle-api', 'shuttle-listen')`,
      );
      expect(
        connections.filter((c) => c.application_name === 'shuttle-listen').map((c) => c.usename),
      ).toEqual([directUser]);
      const pool = connections.filter((c) => c.application_name === 'shuttle-api');
      expect(pool.length).toBeGreaterThan(0);
      expect(new Set(pool.map((c) => c.usename))).toEqual(new Set([POOL_ROLE]));
    } finally {
      await stop();
    }
  });
});
