/**
 * Issue 34: a row of a queue table (mail_outbox, sms_outbox, notification_deliveries) marked 'sent' by its
 * id is read by its key, however long the backlog. Each table has a partial index of its pending rows, and
 * with statistics taken while the queue was empty (as autovacuum usually finds it) the planner read that
 * whole index to find the one id: every mark grew with the backlog (3,000 pending mails: 67 pages a mark
 * instead of 10, one mark per mail), so a backlog drained the slower the longer it was. Measured on each
 * database with the plan of the statement the worker runs (EXPLAIN ANALYZE, with the values bound: the
 * plan PostgreSQL makes for a call).
 */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { recordSentStatement } from '../../src/server/modules/delivery/record-sent.ts';
import { markMailSent } from '../../src/server/services/mail-worker.ts';
import { markSmsSent } from '../../src/server/services/sms-worker.ts';
import { databaseKinds, openTestDatabase, rows } from './helpers.ts';
import { insertCustomer } from './marketplace-fixtures.ts';
import { planOf } from './plan-reads.ts';

/** The backlog each table holds when its row is marked, and the rows sent before it. */
const BACKLOG = 3_000;
const HISTORY = 1_000;
/** Pages a lookup by key reads: the index's levels and the row's page (and the page it moves to). */
const PAGES_BY_KEY_AT_MOST = 12;

/**
 * What production's queue looks like when a burst comes after a quiet hour: `HISTORY` rows sent long ago,
 * statistics taken (autovacuum) while none was pending, then `BACKLOG` pending rows written by `insert`.
 */
async function backlogAfterQuietHour(db: Db, table: string, insert: (count: number) => SQL) {
  await db.execute(insert(HISTORY));
  await db.execute(sql`update ${sql.identifier(table)} set status = 'sent'`);
  await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  return rows<{ id: string; attempts: number }>(db, insert(BACKLOG));
}

for (const kind of databaseKinds()) {
  describe(`a queue row is marked by its key, whatever the backlog (${kind})`, () => {
    let db: Db;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({
        database: { db },
        close,
      } = await openTestDatabase(kind));
    });
    afterAll(() => close());

    it("marks a mail 'sent' without reading the other pending mails", async () => {
      const inserted = await backlogAfterQuietHour(
        db,
        'mail_outbox',
        (count) => sql`insert into mail_outbox ("to", subject, text, kind)
            select 'backlog' || g || '@example.com', 'Subject', 'Text', 'notification'
              from generate_series(1, ${count}) g
            returning id`,
      );
      const last = inserted.at(-1);
      const { reads, pages, plan } = await planOf(db, markMailSent(last!.id), 'mail_outbox');
      expect(reads, plan).toEqual(['mail_outbox_pkey']);
      expect(pages, plan).toBeLessThanOrEqual(PAGES_BY_KEY_AT_MOST);
      const [row] = await rows<{ status: string }>(
        db,
        sql`select status from mail_outbox where id = ${last!.id}`,
      );
      expect(row!.status).toBe('sent');
    });

    it("marks a text 'sent' without reading the other pending texts", async () => {
      const inserted = await backlogAfterQuietHour(
        db,
        'sms_outbox',
        (count) => sql`insert into sms_outbox ("to", body, kind)
            select '+61412' || lpad(g::text, 6, '0'), 'Body', 'booking_confirmed'
              from generate_series(1, ${count}) g
            returning id`,
      );
      const last = inserted.at(-1)!;
      const { reads, pages, plan } = await planOf(db, markSmsSent(last.id, 'SM123'), 'sms_outbox');
      expect(reads, plan).toEqual(['sms_outbox_pkey']);
      expect(pages, plan).toBeLessThanOrEqual(PAGES_BY_KEY_AT_MOST);
    });

    it("marks a batch's deliveries 'sent' without reading the other pending deliveries", async () => {
      const userId = await insertCustomer(db);
      const deliveries = await backlogAfterQuietHour(
        db,
        'notification_deliveries',
        (count) => sql`with n as (
              insert into notifications (user_id, type, title, message)
              select ${userId}, 'booking_confirmed', 'Title', 'Message' from generate_series(1, ${count})
              returning id)
            insert into notification_deliveries (notification_id, channel) select id, 'sms' from n
            returning id, attempts`,
      );
      const batch = deliveries.slice(-2).map((d) => ({
        delivery: { id: d.id, attempts: Number(d.attempts) },
        sms: { to: '+61412345678', body: 'Body', kind: 'booking_confirmed', dedupeKey: randomUUID() },
      }));
      const { reads, plan } = await planOf(db, recordSentStatement(batch), 'notification_deliveries');
      expect(reads, plan).toEqual(['notification_deliveries_pkey']);
      const ids = batch.map((b) => b.delivery.id);
      const marked = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from notification_deliveries
             where status = 'sent' and id in (${ids[0]}, ${ids[1]})`,
      );
      expect(marked[0]!.n).toBe(2);
    });
  });
}
