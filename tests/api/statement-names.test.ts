/**
 * ADR 038: the app's repeated statements run under a name on PostgreSQL, so each is parsed and planned
 * once per connection (pg_prepared_statements lists a session's named statements).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { AUTO_PREPARE } from '../../src/server/db/statement-names.ts';
import { createPostgresDatabase, rows } from './helpers.ts';

describe.skipIf(!process.env.DATABASE_URL)('statements named on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** The session's named statements whose text reads users by e-mail. */
  const namedLookups = (tx: Database['db']) =>
    rows<{ name: string }>(
      tx,
      sql`select name from pg_prepared_statements where statement like '%from "users" where "users"."email" = $1%'`,
    );

  it('a statement with parameters is named from its second run on, and answers as before', async () => {
    await database.db.transaction(async (tx) => {
      const lookup = (email: string) => tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await lookup('nobody@example.com')).toEqual([]);
      expect(await namedLookups(tx)).toEqual([]);
      for (let i = 1; i < AUTO_PREPARE.after + 2; i += 1) {
        expect(await lookup(`nobody${i}@example.com`)).toEqual([]);
      }
      const named = await namedLookups(tx);
      expect(named).toHaveLength(1);
      expect(named[0]?.name).toMatch(/^a_/);
    });
  });

  it('a statement without parameters is never named', async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < AUTO_PREPARE.after + 2; i += 1) {
        await tx.execute(sql`select count(*) from users where email like '%@never.invalid'`);
      }
      const named = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int n from pg_prepared_statements where statement like '%@never.invalid%'`,
      );
      expect(named[0]?.n).toBe(0);
    });
  });
});
