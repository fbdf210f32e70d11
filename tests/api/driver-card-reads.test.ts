/**
 * Issue 34: a driver card (on every quote, booking and driver page; three reads an accept) reads what it
 * shows by key, whatever the driver's history or the number of drivers.
 * - Its completed trips are counted from an index of completed bookings alone. Before
 *   `bookings_driver_completed_idx`, the count read each of the driver's bookings to check its status (the
 *   benchmark's driver, 500 bookings: 484 pages and 0.67 ms a card), growing with the driver's history.
 * - Under generic plans (the accept's transaction, db/prepared.ts) the card reads the driver's record and
 *   stored quote time by key. Joined, the planner, not knowing the list of ids is one long, hashed every
 *   driver and every stored time (1,000 drivers: 1.1 ms a card).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { cardsQuery } from '../../src/server/modules/driver-cards/cards.ts';
import { completedTripsSql } from '../../src/server/modules/ratings/summary.ts';
import { databaseKinds, openTestDatabase, rows } from './helpers.ts';
import { insertCustomer, insertDriver } from './marketplace-fixtures.ts';
import { planOf } from './plan-reads.ts';

/** The driver's history: this many bookings of each status, and as many of another driver's. */
const EACH = 600;
/** An index-only count of EACH entries: its few leaf pages, however many pages the bookings fill. */
const PAGES_AT_MOST = 10;
/** Other drivers, each with a stored quote time: what a join would read whole. */
const DRIVERS = 1_000;

/** `count` bookings of `driverId` in `status`, each on a trip of its own with its accepted quote. */
async function bookingsOf(db: Db, customerId: string, driverId: string, status: string, count: number) {
  await db.execute(sql`
    with r as (
      insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
        destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
        passengers, luggage_bags, budget_cents, distance_km)
      select ${customerId}, 'booked', 'NELSON BAY', '2315', -32.72, 152.14, 'WILLIAMTOWN', '2318', -32.795,
        151.834, now() - g * interval '1 day', 2, 1, 9000, 25
      from generate_series(1, ${count}) g returning id, version),
    q as (
      insert into quotes (ride_id, driver_id, price_cents, message, valid_until, ride_version, status)
      select r.id, ${driverId}, 9500, 'Quote', now(), r.version, 'accepted' from r returning id, ride_id)
    insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement,
      accepted_at)
    select q.ride_id, q.id, ${customerId}, ${driverId}, ${status}, 9500, 'The agreed fare is $95.00.', now()
    from q`);
}

for (const kind of databaseKinds()) {
  describe(`a driver card reads by key (${kind})`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let driverId: string;

    beforeAll(async () => {
      ({
        database: { db },
        close,
      } = await openTestDatabase(kind));
      const customerId = await insertCustomer(db);
      driverId = await insertDriver(db, { verified: false });
      const other = await insertDriver(db, { fullName: 'Other Driver', verified: false });
      for (const status of ['completed', 'confirmed', 'cancelled']) {
        await bookingsOf(db, customerId, driverId, status, EACH);
      }
      await bookingsOf(db, customerId, other, 'completed', EACH);
      await db.execute(sql`
        with u as (
          insert into users (email, email_verified, full_name, user_type)
          select 'card.driver' || g || '@example.com', true, 'Card Driver ' || g, 'driver'
          from generate_series(1, ${DRIVERS}) g returning id),
        d as (insert into drivers (user_id, bsp_number) select id, 'BSP-1' from u returning user_id)
        insert into driver_quote_times (driver_id, median_minutes) select user_id, 30 from d`);
      await db.execute(sql`vacuum analyze`);
    }, 60_000);
    afterAll(() => close());

    it("counts the driver's completed trips, and reads only the index of completed bookings", async () => {
      const count = sql`select ${completedTripsSql(sql`${driverId}::uuid`)} as n`;
      const [row] = await rows<{ n: number }>(db, count);
      expect(Number(row!.n)).toBe(EACH);
      const { reads, pages, plan } = await planOf(db, count, 'bookings');
      expect(reads, plan).toEqual(['bookings_driver_completed_idx']);
      expect(pages, plan).toBeLessThanOrEqual(PAGES_AT_MOST);
    });

    it("reads the driver's record and stored quote time by key under generic plans", async () => {
      const { sql: text } = cardsQuery(db).getQuery();
      const read = await db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare card_read_test as ${text}`));
        // A literal: EXPLAIN EXECUTE takes no bound parameters (the id is a UUID this test made).
        const [plan] = await rows<{ 'QUERY PLAN': unknown }>(
          tx as unknown as Db,
          sql.raw(`explain (analyze, buffers, format json) execute card_read_test('{${driverId}}')`),
        );
        await tx.execute(sql`deallocate card_read_test`);
        return plan!['QUERY PLAN'];
      });
      const reads: string[] = [];
      const walk = (node: { 'Relation Name'?: string; 'Index Name'?: string; Plans?: unknown[] }) => {
        const table = node['Relation Name'];
        if (table === 'drivers' || table === 'driver_quote_times')
          reads.push(`${table} ${node['Index Name'] ?? 'whole'}`);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      const [top] = (typeof read === 'string' ? JSON.parse(read) : read) as {
        Plan: Parameters<typeof walk>[0];
      }[];
      walk(top!.Plan);
      // The record's three columns and the stored time, each looked up by its key (not a hashed table).
      expect(reads.sort()).toEqual([
        'driver_quote_times driver_quote_times_pkey',
        'drivers drivers_pkey',
        'drivers drivers_pkey',
        'drivers drivers_pkey',
      ]);
    });
  });
}
