/**
 * Issue 34: the drivers' board is answered from memory (src/server/modules/rides/board-cache.ts), and a
 * change made anywhere (another instance, a script, any code path) reaches it within a second, through
 * the triggers of drizzle/0027 and NOTIFY; after the LISTEN connection drops and comes back, whatever was
 * missed meanwhile is not served. A kept answer is served with no SQL at all.
 *
 * On PostgreSQL the other instance is the real server in its own process (server-process.ts) on the same
 * database; on PGlite (one process) the changes are made through the same instance's database handle, which
 * checks the triggers' notifications reach its in-process listener.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_CACHE, BoardCache } from '../../src/server/modules/rides/board-cache.ts';
import type { Page, RideDto } from '../../src/shared/marketplace/api.ts';
import { databaseKinds, rows, signedInClient, startServer, TestClient, type TestServer } from './helpers.ts';
import { postRide, sydneyDateIn } from './ride-fixtures.ts';
import { type Running, startServerProcess } from './server-process.ts';

type Item = RideDto & { myQuote: { id: string; status: string; priceCents: number } | null };
type Person = Awaited<ReturnType<typeof signedInClient>>;

/** The most a change may take to show on another instance's board. */
const CONVERGE_MS = 1_000;

describe.each(databaseKinds())('the board from memory (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let driver2: Person;
  /** Where changes are made: the other instance on PostgreSQL, this one on PGlite. */
  let other: Running | undefined;
  let customerThere: TestClient;
  let driver2There: TestClient;
  /** A connection of the test's own to the database (PostgreSQL): locks, the listener's backends. */
  let direct: pg.Client | undefined;

  const board = async (who: Person = driver) => {
    const res = await who.client.get('/api/rides/available?serve=all');
    expect(res.status).toBe(200);
    return { text: await res.clone().text(), page: (await res.json()) as Page<Item> };
  };
  const card = async (rideId: string, who: Person = driver) =>
    (await board(who)).page.items.find((i) => i.id === rideId);

  /** Polls `who`'s board until `ok`; returns how long it took after `since`. */
  const converges = async (ok: () => Promise<boolean>, since: number) => {
    while (!(await ok())) {
      if (Date.now() - since > 5_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await ok()).toBe(true);
    return Date.now() - since;
  };

  beforeAll(async () => {
    server = await startServer(kind);
    customer = await signedInClient(server, { userType: 'customer', fullName: 'Mia Example' });
    driver = await signedInClient(server, { userType: 'driver' });
    driver2 = await signedInClient(server, { userType: 'driver' });
    if (kind === 'postgres') {
      const [current] = await rows<{ name: string }>(server.db, sql`select current_database() as name`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${current!.name}`;
      direct = new pg.Client({ connectionString: url.toString() });
      await direct.connect();
      other = await startServerProcess('postgres', { databaseUrl: url.toString() });
      customerThere = new TestClient(other.baseUrl);
      expect((await customerThere.signIn(customer.email, customer.password)).status).toBe(200);
      driver2There = new TestClient(other.baseUrl);
      expect((await driver2There.signIn(driver2.email, driver2.password)).status).toBe(200);
    } else {
      customerThere = customer.client;
      driver2There = driver2.client;
    }
  }, 120_000);
  afterAll(async () => {
    await direct?.end();
    await other?.cleanup();
    await server?.close();
  });

  it('a new trip, a quote, a customer’s new name and a cancel show within a second', async () => {
    await board();
    await board(driver2);
    const { ride } = await postRide(customerThere, { date: sydneyDateIn(12) });
    const posted = Date.now();
    const newTrip = await converges(async () => (await card(ride.id)) !== undefined, posted);

    await board();
    await board(driver2);
    const quoted = Date.now();
    const res = await driver2There.post('/api/quotes', {
      rideId: ride.id,
      price: 85,
      message: 'Door to door.',
    });
    expect(res.status).toBe(201);
    const { quote } = (await res.json()) as { quote: { id: string } };
    const quoteCount = await converges(async () => (await card(ride.id))?.liveQuoteCount === 1, quoted);
    // The quoting driver's own quote is laid over the shared page.
    const myQuote = await converges(
      async () => (await card(ride.id, driver2))?.myQuote?.id === quote.id,
      quoted,
    );
    expect((await card(ride.id))?.myQuote).toBeNull();

    await board();
    expect(
      (await customerThere.request('/api/me', { method: 'PATCH', body: { fullName: 'Zoe Example' } })).status,
    ).toBe(200);
    const renamed = Date.now();
    const rename = await converges(async () => (await card(ride.id))?.customer.firstName === 'Zoe', renamed);

    await board();
    expect(
      (await customerThere.post(`/api/rides/${ride.id}/cancel`, { reason: 'Plans changed' })).status,
    ).toBe(200);
    const cancelled = Date.now();
    const cancel = await converges(async () => (await card(ride.id)) === undefined, cancelled);

    const took = { newTrip, quoteCount, myQuote, rename, cancel };
    for (const [change, ms] of Object.entries(took)) expect(ms, change).toBeLessThan(CONVERGE_MS);
  });

  it('a driver who may no longer quote loses the board within a second (the kept context is dropped)', async () => {
    const person = await signedInClient(server, { userType: 'driver' });
    await board(person);
    await board(person);
    await server.db.execute(
      sql`update drivers set verification_status = 'suspended', status_reason = 'Test' where user_id = ${person.userId}`,
    );
    const suspended = Date.now();
    await converges(
      async () => (await person.client.get('/api/rides/available?serve=all')).status === 403,
      suspended,
    ).then((took) => expect(took).toBeLessThan(CONVERGE_MS));
  });

  it('compressed and plain answers carry the same JSON', async () => {
    await postRide(customer.client, { date: sydneyDateIn(13) });
    const plain = await driver.client.get('/api/rides/available?serve=all', {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const res = await driver.client.get('/api/rides/available?serve=all', {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(plainText);
    }
  });

  it('stays within its bounds: answers, then pages, go when there are too many or too many bytes', async () => {
    for (const days of [15, 16, 17]) await postRide(customer.client, { date: sydneyDateIn(days) });
    // Their notifications heard first: one arriving mid-fill would empty the caches under test.
    await new Promise((r) => setTimeout(r, 300));
    const viewer = { id: driver.userId, role: 'driver' as const };
    const fill = async (
      cache: BoardCache,
      limits: typeof BOARD_CACHE | { maxAnswers: number; maxBytes: number },
    ) => {
      await cache.listen(server.deps.listen);
      for (const passengers of [1, 2, 3, 4, 5]) {
        const answer = await cache.answer(server.db, viewer, { serve: 'all', radiusKm: 25, passengers });
        cache.encoded(answer, 'br');
        expect(cache.stats.answers).toBeLessThanOrEqual(limits.maxAnswers);
        expect(cache.stats.bytes).toBeLessThanOrEqual(limits.maxBytes);
      }
    };
    // Too many answers: the least recently used go.
    const few = { ...BOARD_CACHE, maxAnswers: 2 };
    const byCount = new BoardCache(few);
    await fill(byCount, few);
    expect(byCount.stats).toMatchObject({ answers: 2, pages: 5 });
    // Too many bytes: answers go, then pages, until the rest fits.
    const tight = { ...BOARD_CACHE, maxBytes: Math.round(byCount.stats.bytes / 2) };
    const byBytes = new BoardCache(tight);
    await fill(byBytes, tight);
    expect(byBytes.stats.answers + byBytes.stats.pages).toBeGreaterThan(0);
  });

  // Only PostgreSQL has other sessions to hold locks and a LISTEN connection to drop: these are not
  // registered on PGlite at all (rather than reported skipped).
  if (kind === 'postgres') {
    it('a kept answer is served with no SQL: it answers while the tables are locked', async () => {
      const first = await board();
      expect((await board()).text).toBe(first.text);
      await direct!.query('begin');
      try {
        // Every table the board or the driver's context reads: a query would wait for the transaction.
        await direct!.query(`lock table rides, quotes, bookings, ratings, drivers, vehicles, driver_documents,
          billing_statements in access exclusive mode`);
        const res = await fetch(`${server.baseUrl}/api/rides/available?serve=all`, {
          headers: { cookie: driver.client.cookieHeader(), 'x-forwarded-for': driver.client.ip ?? '' },
          signal: AbortSignal.timeout(2_000),
        });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(first.text);
      } finally {
        await direct!.query('rollback');
      }
    });

    it('after the LISTEN connection drops, a change made in the gap shows within a second', async () => {
      const { ride } = await postRide(customer.client, { date: sydneyDateIn(14) });
      await converges(async () => (await card(ride.id)) !== undefined, Date.now());
      await board();
      // Both instances' listeners go; the change below is made before they can come back (250 ms at least).
      const { rows: ended } = await direct!.query<{ pid: number }>(
        `select pg_terminate_backend(pid) as pid from pg_stat_activity
          where application_name = 'shuttle-listen' and datname = current_database()`,
      );
      expect(ended.length).toBeGreaterThanOrEqual(1);
      await direct!.query(`update users set full_name = 'Gap Example' where id = $1`, [customer.userId]);
      const changed = Date.now();
      const took = await converges(async () => (await card(ride.id))?.customer.firstName === 'Gap', changed);
      expect(took).toBeLessThan(CONVERGE_MS);
    });
  }
});
