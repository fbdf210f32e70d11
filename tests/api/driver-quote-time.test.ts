/**
 * Issue 34: the driver card's median time to quote is stored (driver_quote_times) and kept current by the
 * database, not computed per read. The card must show what the definition gives: the median, over the
 * driver's latest 200 quotes by quote time, of the minutes from the trip's posting to the quote, rounded.
 * Here it is computed independently in JavaScript from the rows and compared with the card after each
 * kind of change: an API quote, a withdrawal, re-dated quotes, more than 200 quotes, a deleted trip.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverPublicDto } from '../../src/shared/marketplace/api.ts';
import {
  databaseKinds,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import {
  HIACE,
  insertCustomer,
  insertDriver,
  insertQuote,
  insertRide,
  setVehicle,
} from './marketplace-fixtures.ts';

/** The card's figure, from the definition: JavaScript over the rows, independent of the SQL that stores it. */
async function expectedMinutes(server: TestServer, driverId: string): Promise<number | null> {
  const latest = await rows<{ minutes: number }>(
    server.db,
    sql`select extract(epoch from (q.created_at - r.created_at))::float8 / 60 as minutes
          from quotes q join rides r on r.id = q.ride_id
         where q.driver_id = ${driverId}
         order by q.created_at desc limit 200`,
  );
  if (latest.length === 0) return null;
  const sorted = latest.map((r) => Number(r.minutes)).sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  const median = (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
  return Math.max(0, Math.round(median));
}

describe.each(databaseKinds())('driver quote time, stored (%s)', (kind) => {
  let server: TestServer;
  let customerId: string;
  let driver: { client: TestClient; userId: string };

  beforeAll(async () => {
    server = await startServer(kind);
    customerId = await insertCustomer(server.db);
    driver = await signedInClient(server, { userType: 'driver', fullName: 'Quinn Quoter' });
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const card = async (driverId: string) => {
    const res = await server.client().get(`/api/driver-cards/${driverId}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { driver: DriverPublicDto }).driver.medianQuoteMinutes;
  };
  /** A trip posted `minutesAgo` minutes ago. */
  const rideAged = async (minutesAgo: number) => {
    const ride = await insertRide(server.db, customerId);
    await server.db.execute(
      sql`update rides set created_at = now() - make_interval(mins => ${minutesAgo}) where id = ${ride.id}`,
    );
    return ride;
  };

  it('follows API quotes, withdrawals and re-dated quotes, equal to the figure computed from the rows', async () => {
    expect(await card(driver.userId)).toBeNull();

    const first = await rideAged(30);
    const res = await driver.client.post('/api/quotes', {
      rideId: first.id,
      price: 80,
      message: 'Door to door.',
    });
    expect(res.status).toBe(201);
    const { quote } = (await res.json()) as { quote: { id: string } };
    expect(await card(driver.userId)).toBe(30);
    expect(await card(driver.userId)).toBe(await expectedMinutes(server, driver.userId));

    const second = await rideAged(90);
    expect(
      (await driver.client.post('/api/quotes', { rideId: second.id, price: 85, message: 'Bags included.' }))
        .status,
    ).toBe(201);
    expect(await card(driver.userId)).toBe(60);

    // A withdrawn quote still counts (the definition has no status filter): the figure stays.
    expect((await driver.client.post(`/api/quotes/${quote.id}/withdraw`, {})).status).toBe(200);
    expect(await card(driver.userId)).toBe(60);
    expect(await card(driver.userId)).toBe(await expectedMinutes(server, driver.userId));

    // Quoting the same trip again changes the live quote (created_at unchanged): the figure stays.
    expect(
      (await driver.client.post('/api/quotes', { rideId: second.id, price: 70, message: 'Cheaper.' })).status,
    ).toBe(200);
    expect(await card(driver.userId)).toBe(60);

    // A quote re-dated by hand (as the admin dashboard test does) moves the figure at once.
    await server.db.execute(
      sql`update quotes set created_at = created_at + interval '4 hours' where id = ${quote.id}`,
    );
    expect(await card(driver.userId)).toBe(await expectedMinutes(server, driver.userId));
    expect(await card(driver.userId)).toBe(180);

    // So does a trip's posting time changed by hand.
    await server.db.execute(
      sql`update rides set created_at = created_at - interval '60 minutes' where id = ${second.id}`,
    );
    expect(await card(driver.userId)).toBe(210);
    expect(await card(driver.userId)).toBe(await expectedMinutes(server, driver.userId));
  });

  it('over the latest 200 quotes only; a deleted trip takes its quotes out of the figure', async () => {
    const driverId = await insertDriver(server.db, { fullName: 'Bea Busy' });
    const rides = [await rideAged(600), await rideAged(600), await rideAged(600)];
    // 150 old expired quotes answered fast (5 to 154 minutes after posting)...
    await server.db.execute(sql`
      insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version, created_at)
      select ${rides[0]!.id}, ${driverId}, 'expired', 5000, 'old', now(), 1,
             r.created_at + make_interval(mins => i + 4)
        from generate_series(1, 150) i, rides r where r.id = ${rides[0]!.id}`);
    expect(await card(driverId)).toBe(await expectedMinutes(server, driverId));
    // ...then 120 later ones answered slowly (300 to 419 minutes): the oldest 70 fast ones fall out.
    await server.db.execute(sql`
      insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version, created_at)
      select ${rides[1]!.id}, ${driverId}, 'expired', 5000, 'late', now(), 1,
             r.created_at + make_interval(mins => 299 + i)
        from generate_series(1, 120) i, rides r where r.id = ${rides[1]!.id}`);
    const over200 = await expectedMinutes(server, driverId);
    // Median of 80 fast (75..154) and 120 slow (300..419): the 100th and 101st values, 319 and 320.
    expect(over200).toBe(320);
    expect(await card(driverId)).toBe(over200);

    await insertQuote(server.db, { rideId: rides[2]!.id, driverId });
    expect(await card(driverId)).toBe(await expectedMinutes(server, driverId));

    await server.db.execute(sql`delete from rides where id = ${rides[1]!.id}`);
    const withoutSlow = await expectedMinutes(server, driverId);
    expect(withoutSlow).toBeLessThan(200);
    expect(await card(driverId)).toBe(withoutSlow);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('driver quote time under concurrent quotes (postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('postgres');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("two transactions quoting for one driver at once: the figure counts both (the second waits for the first's)", async () => {
    const customerId = await insertCustomer(server.db);
    const driverId = await insertDriver(server.db, { fullName: 'Cole Concurrent' });
    const [before, early, late] = [
      await insertRide(server.db, customerId),
      await insertRide(server.db, customerId),
      await insertRide(server.db, customerId),
    ];
    for (const [ride, minutes] of [
      [before, 40],
      [early, 100],
      [late, 10],
    ] as const) {
      await server.db.execute(
        sql`update rides set created_at = now() - make_interval(mins => ${minutes}) where id = ${ride.id}`,
      );
    }
    // An earlier quote: the driver's stored row exists before the two transactions begin.
    await insertQuote(server.db, { rideId: before.id, driverId });
    const url = (await rows<{ url: string }>(server.db, sql`select current_database() as url`))[0]!.url;
    const base = new URL(process.env.DATABASE_URL!);
    base.pathname = `/${url}`;
    const one = new pg.Client({ connectionString: base.toString() });
    const two = new pg.Client({ connectionString: base.toString() });
    await Promise.all([one.connect(), two.connect()]);
    try {
      const insert = (client: pg.Client, rideId: string) =>
        client.query(
          `insert into quotes (ride_id, driver_id, price_cents, message, valid_until, ride_version)
           values ($1, $2, 5000, 'at once', now() + interval '1 day', 1)`,
          [rideId, driverId],
        );
      await one.query('begin');
      await two.query('begin');
      await insert(one, early.id);
      const second = insert(two, late.id);
      await one.query('commit');
      await second;
      await two.query('commit');
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
    const [stored] = await rows<{ median_minutes: number }>(
      server.db,
      sql`select median_minutes from driver_quote_times where driver_id = ${driverId}`,
    );
    // All three quotes (40, 100 and 10 minutes); without the first transaction's it would read 25.
    expect(Math.round(Number(stored!.median_minutes))).toBe(40);
  });
});
