/**
 * db/prepared.ts: a hot query is built once per database and runs on whichever handle asks for it, a
 * transaction included (issue 34: the accept's statements run in its transaction and were built again on
 * every accept). Inside a transaction it must run on that transaction's own connection: it sees what the
 * transaction set and wrote, and (PGlite has one connection) never waits behind it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/server/db/client.ts';
import { prepared } from '../../src/server/db/prepared.ts';
import { databaseKinds, openTestDatabase } from './helpers.ts';

describe.each(databaseKinds())('prepared queries (%s)', (kind) => {
  let database: Database;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await close?.();
  });

  let builds = 0;
  /** The transaction-local setting `app.probe` with a suffix, so a parameter is involved. */
  const probe = (db: Db, suffix: string) =>
    prepared(db, 'test_probe', (d) => {
      builds += 1;
      return d
        .select({
          value: sql<string>`coalesce(current_setting('app.probe', true), '') || ${sql.placeholder('suffix')}::text`,
        })
        .from(sql`(select 1) one`)
        .prepare('test_probe');
    }).execute({ suffix });

  it('runs inside a transaction on its connection, built once for every handle', async () => {
    expect(await probe(database.db, '!')).toEqual([{ value: '!' }]);
    for (const value of ['first', 'second']) {
      await database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select set_config('app.probe', ${value}, true)`);
        expect(await probe(tx, '!')).toEqual([{ value: `${value}!` }]);
      });
    }
    expect(await probe(database.db, '?')).toEqual([{ value: '?' }]);
    expect(builds).toBe(1);
  });

  it('a query first built inside a transaction serves later ones and the database', async () => {
    let built = 0;
    const newest = (db: Db) =>
      prepared(db, 'test_newest_event', (d) => {
        built += 1;
        return d
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`tmp_probe`)
          .where(sql`tag = ${sql.placeholder('tag')}`)
          .prepare('test_newest_event');
      }).execute({ tag: 'a' });
    await database.db.execute(sql`create table if not exists tmp_probe (tag text)`);
    await database.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.execute(sql`insert into tmp_probe values ('a')`);
      // Its own uncommitted row: only its own connection sees it.
      expect(await newest(tx)).toEqual([{ n: 1 }]);
    });
    await database.db
      .transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`insert into tmp_probe values ('a')`);
        expect(await newest(tx)).toEqual([{ n: 2 }]);
        throw Object.assign(new Error('roll back'), { rollback: true });
      })
      .catch((err: { rollback?: boolean }) => {
        if (!err.rollback) throw err;
      });
    expect(await newest(database.db)).toEqual([{ n: 1 }]);
    expect(built).toBe(1);
  });
});
