/**
 * Issue 28, finding 9 (ADR 023): the app's database role must not be able to switch off the audit log's
 * append-only trigger. It did own the table, so `ALTER TABLE audit_log DISABLE TRIGGER ...` and then an
 * UPDATE rewrote history. Now the migrations run as the owner (DATABASE_MIGRATION_URL), which grants the
 * app's role (DATABASE_URL) only what it uses: on audit_log SELECT and INSERT.
 *
 * Here a fresh database belongs to a fresh owner role, and the real entry point runs with DATABASE_URL as
 * a second fresh role. The app works end to end; that role cannot alter, update, delete or truncate the
 * log. With one role (DATABASE_URL alone, every other PostgreSQL test) everything still works, and the
 * owner can still switch the trigger off, as docs/DEPLOY.md says. PostgreSQL only: PGlite has one role.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { extractLink, latestMail, PASSWORD, signupBody, TestClient } from './helpers.ts';
import { rideBody } from './ride-fixtures.ts';
import { type Running, startServerProcess } from './server-process.ts';

/** A PostgreSQL error's SQLSTATE and message, or null when the statement succeeded. */
async function failureOf(url: string, text: string): Promise<{ code: string; message: string } | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
    return null;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { code: e.code ?? '', message: e.message ?? '' };
  } finally {
    await c.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** A URL to `database` on the DATABASE_URL server as `role`. */
function urlAs(adminUrl: string, role: string, password: string, database: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

const INSUFFICIENT_PRIVILEGE = '42501';

// PostgreSQL only; without DATABASE_URL the suite is reported as skipped rather than the file as empty.
describe.skipIf(!process.env.DATABASE_URL)(
  "probe: the app's database role cannot switch off the audit log's trigger (issue 28 finding 9)",
  () => {
    const adminUrl = process.env.DATABASE_URL!;
    const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const dbName = `test_roles_${suffix}`;
    const ownerRole = `shuttle_owner_${suffix}`;
    const appRole = `shuttle_app_${suffix}`;
    // Passwords, in case the server does not trust the loopback address (CI's does).
    const password = randomBytes(12).toString('hex');
    // Made in beforeAll: a skipped suite's body still runs, without DATABASE_URL.
    let ownerUrl: string;
    let appUrl: string;
    let running: Running | undefined;

    beforeAll(async () => {
      ownerUrl = urlAs(adminUrl, ownerRole, password, dbName);
      appUrl = urlAs(adminUrl, appRole, password, dbName);
      // As docs/DEPLOY.md sets them up: the owner owns the database (and so, on PostgreSQL 15, its public
      // schema); the app's role is a plain login role with nothing granted by hand.
      await query(adminUrl, `CREATE ROLE "${ownerRole}" LOGIN PASSWORD '${password}'`);
      await query(adminUrl, `CREATE ROLE "${appRole}" LOGIN PASSWORD '${password}'`);
      await query(adminUrl, `CREATE DATABASE "${dbName}" OWNER "${ownerRole}"`);
      // The helper makes no database for the 'pglite' kind; this test brings its own through the settings.
      running = await startServerProcess('pglite', {
        env: { DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl },
      });
    }, 90_000);

    afterAll(async () => {
      await running?.cleanup();
      await query(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await query(adminUrl, `DROP ROLE IF EXISTS "${appRole}"`);
      await query(adminUrl, `DROP ROLE IF EXISTS "${ownerRole}"`);
    });

    /** Signs up through the API and follows the confirmation link; the new user's id. */
    const signUp = async (body: ReturnType<typeof signupBody>) => {
      const client = new TestClient(running!.baseUrl);
      const res = await client.post('/api/account/signup', body);
      expect(res.status, await res.clone().text()).toBe(201);
      const { user } = (await res.json()) as { user: { id: string } };
      const mail = await latestMail(running!.baseUrl, body.email, 'verify-email');
      expect((await client.get(extractLink(mail.text))).status).toBe(302);
      return user.id;
    };
    const signIn = async (email: string) => {
      const client = new TestClient(running!.baseUrl);
      const res = await client.signIn(email, PASSWORD);
      expect(res.status, await res.clone().text()).toBe(200);
      return client;
    };

    it('the app works end to end as a role that does not own the tables; sign-in writes the audit log', async () => {
      const base = running!.baseUrl;
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);

      const customerBody = signupBody({ userType: 'customer' });
      const driverBody = signupBody({ userType: 'driver', companyName: 'Role Test Shuttles' });
      await signUp(customerBody);
      const driverId = await signUp(driverBody);
      // Verified as an admin would (the dev route): vehicle, documents, approval.
      const verify = await fetch(`${base}/api/dev/drivers/${driverId}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: '{}',
      });
      expect(verify.status, await verify.clone().text()).toBe(200);
      const customer = await signIn(customerBody.email);
      const driver = await signIn(driverBody.email);

      const posted = await customer.post('/api/rides', rideBody());
      expect(posted.status, await posted.clone().text()).toBe(201);
      const { ride } = (await posted.json()) as { ride: { id: string } };
      const quoted = await driver.post('/api/quotes', {
        rideId: ride.id,
        price: 85,
        message: 'Door to door.',
      });
      expect(quoted.status, await quoted.clone().text()).toBe(201);
      const { quote } = (await quoted.json()) as { quote: { id: string } };
      const accepted = await customer.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
      expect(accepted.status, await accepted.clone().text()).toBe(201);
      const { booking } = (await accepted.json()) as { booking: { id: string } };
      // After the trip: completing it adds the fee line; the month-end run numbers a statement (a sequence).
      expect((await customer.post(`/api/dev/rides/${ride.id}/pickup-passed`)).status).toBe(200);
      const completed = await driver.post(`/api/bookings/${booking.id}/complete`);
      expect(completed.status, await completed.clone().text()).toBe(200);
      const monthEnd = await customer.post('/api/dev/billing/month-end');
      expect(monthEnd.status, await monthEnd.clone().text()).toBe(200);

      // The app's connections really are the app's role, and its sign-ins are in the log.
      const sessions = await query<{ usename: string }>(
        adminUrl,
        `select distinct usename from pg_stat_activity where datname = $1 and application_name = 'shuttle-api'`,
        [dbName],
      );
      expect(sessions.map((s) => s.usename)).toEqual([appRole]);
      const signIns = await query<{ n: number }>(
        appUrl,
        `select count(*)::int as n from audit_log where action = 'account.sign_in'`,
      );
      expect(signIns[0]!.n).toBe(2);
      const statements = await query<{ n: number }>(
        appUrl,
        'select count(*)::int as n from billing_statements',
      );
      expect(statements[0]!.n).toBe(1);
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      // Every grant took: no table of the app was left out (grantAppRole would say so in the server's log).
      expect(running!.output()).not.toContain("Granting the app's database role");
    }, 60_000);

    it("the app's role can neither switch off the trigger nor change, remove or empty the log", async () => {
      const [table] = await query<{ owner: string }>(
        appUrl,
        `select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'audit_log'`,
      );
      expect(table!.owner).toBe(ownerRole);

      for (const statement of [
        'ALTER TABLE audit_log DISABLE TRIGGER ALL',
        'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete',
        'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate',
        'ALTER TABLE audit_log DISABLE TRIGGER USER',
        'DROP TRIGGER audit_log_no_update_or_delete ON audit_log',
        'ALTER TABLE audit_log OWNER TO CURRENT_USER',
        'DROP TABLE audit_log',
        'ALTER FUNCTION audit_log_is_append_only() RENAME TO harmless',
      ]) {
        const failure = await failureOf(appUrl, statement);
        expect(failure, statement).toMatchObject({
          code: INSUFFICIENT_PRIVILEGE,
          message: expect.stringMatching(/must be owner/),
        });
      }
      // Nor by the back door of a session setting (superuser only).
      expect(await failureOf(appUrl, "SET session_replication_role = 'replica'")).toMatchObject({
        code: INSUFFICIENT_PRIVILEGE,
      });
      for (const statement of [
        "UPDATE audit_log SET reason = 'rewritten'",
        'DELETE FROM audit_log',
        'TRUNCATE audit_log',
        "SELECT setval('audit_log_id_seq', 1)",
        'SELECT id FROM audit_log FOR UPDATE',
      ]) {
        const failure = await failureOf(appUrl, statement);
        expect(failure, statement).toMatchObject({
          code: INSUFFICIENT_PRIVILEGE,
          message: expect.stringMatching(/permission denied/),
        });
      }
      // Nor divert later rows of its connection into a temporary table of the same name.
      expect(await failureOf(appUrl, 'CREATE TEMP TABLE audit_log (LIKE public.audit_log)')).toMatchObject({
        code: INSUFFICIENT_PRIVILEGE,
        message: expect.stringMatching(/temporary tables/),
      });
      // Nor anywhere else: no TRUNCATE, no new triggers, no DDL in the app's schema.
      expect(await failureOf(appUrl, 'TRUNCATE rate_limits')).toMatchObject({ code: INSUFFICIENT_PRIVILEGE });
      expect(await failureOf(appUrl, 'CREATE TABLE sneaky (id int)')).toMatchObject({
        code: INSUFFICIENT_PRIVILEGE,
      });

      // What the app does need still works as that role: appending, and reading it back.
      const count = async () =>
        (await query<{ n: number }>(appUrl, 'select count(*)::int as n from audit_log'))[0]!.n;
      const before = await count();
      const [row] = await query<{ id: string }>(
        appUrl,
        `insert into audit_log (action, details) values ('account.sign_in', '{"probe":true}') returning id`,
      );
      expect(row!.id).toBeDefined();
      expect(await count()).toBe(before + 1);
      expect((await fetch(`${running!.baseUrl}/api/ready`)).status).toBe(200);
    });

    it('openDatabase says who could switch it off: not the app with two roles, the owner alone with one', async () => {
      // Whatever was granted by hand beyond the app's needs is taken back at the next start.
      await query(ownerUrl, `GRANT ALL ON audit_log TO "${appRole}"`);
      await query(ownerUrl, `GRANT TEMPORARY ON DATABASE "${dbName}" TO "${appRole}"`);
      const twoRoles = await openDatabase({ databaseUrl: appUrl, migrationUrl: ownerUrl });
      try {
        expect(twoRoles.auditLogSwitchable).toBe(false);
        expect(await twoRoles.ready()).toEqual({ ok: true });
        const [privileges] = await query<Record<string, boolean>>(
          ownerUrl,
          `select has_table_privilege($1, 'audit_log', 'UPDATE') as update,
                  has_table_privilege($1, 'audit_log', 'DELETE') as delete,
                  has_table_privilege($1, 'audit_log', 'TRUNCATE') as truncate,
                  has_table_privilege($1, 'audit_log', 'TRIGGER') as trigger,
                  has_table_privilege($1, 'audit_log', 'INSERT') as insert,
                  has_database_privilege($1, current_database(), 'TEMPORARY') as temporary`,
          [appRole],
        );
        expect(privileges).toEqual({
          update: false,
          delete: false,
          truncate: false,
          trigger: false,
          insert: true,
          temporary: false,
        });
      } finally {
        await twoRoles.close();
      }
      // One role (the single-role default): it works, and that role owns the log, as the docs admit.
      const oneRole = await openDatabase({ databaseUrl: ownerUrl });
      try {
        expect(oneRole.auditLogSwitchable).toBe(true);
        expect(await oneRole.ready()).toEqual({ ok: true });
      } finally {
        await oneRole.close();
      }
      expect(
        await failureOf(ownerUrl, 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate'),
      ).toBeNull();
      expect(
        await failureOf(ownerUrl, 'ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate'),
      ).toBeNull();
    });
  },
);
