/**
 * Issue 33 item 2, back-pressure honestly named: with every pooled connection busy (the database healthy),
 * a request that cannot get one is answered 503 `server_busy` with a short Retry-After, never
 * `database_unavailable`, and /api/ready stays 200 (it asks on a connection of its own), so a load balancer
 * does not pull a healthy instance at the peak. Past the bounded queue the next request is refused at once.
 * PostgreSQL only: PGlite has no pool.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

const MAX_WAITING = 20;

describe.skipIf(!process.env.DATABASE_URL)('a busy instance (postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('postgres', { poolMaxWaiting: MAX_WAITING });
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Holds every pooled connection (10) for `seconds`, with `waiting` quick queries queued behind them. The
   * database answers a query just before, as it does all the time under real load.
   */
  async function occupy(seconds: number, waiting: number) {
    await server.db.execute(sql`select 1`);
    const held = Array.from({ length: 10 }, () =>
      server.db.execute(sql`select pg_sleep(${seconds})`).catch((err: Error) => err),
    );
    const queued = Array.from({ length: waiting }, () =>
      server.db.execute(sql`select 1`).catch((err: Error) => err),
    );
    await new Promise((r) => setTimeout(r, 300));
    return Promise.all([...held, ...queued]);
  }
  const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it('a public read with every connection taken: 503 server_busy with Retry-After, never database_unavailable', async () => {
    const held = occupy(6, 0);
    await new Promise((r) => setTimeout(r, 400));
    const res = await fetch(
      `${server.baseUrl}/api/fares/prices?pickupLat=-32.79&pickupLng=151.83&destinationLat=-32.71&destinationLng=152.15&pickupAt=${encodeURIComponent(new Date(Date.now() + 3 * 86_400_000).toISOString())}&passengers=2&bags=1`,
      { headers: { 'X-Forwarded-For': '10.44.0.2' } },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await errorCode(res)).toBe('server_busy');
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
    await held;
  }, 30_000);

  it('past the bounded queue the next request is refused at once, still server_busy', async () => {
    // Queries of 1 s: the pool's 10 connections busy, and its queue topped up to the bound (MAX_WAITING).
    const query = () =>
      server.db.execute(sql`select pg_sleep(1)`).then(
        () => 'served',
        (err: Error) => (err.cause instanceof Error ? err.cause.name : err.name),
      );
    const flood = Array.from({ length: 10 + 2 * MAX_WAITING }, query);
    await new Promise((r) => setTimeout(r, 200));
    flood.push(...Array.from({ length: MAX_WAITING }, query));
    const started = Date.now();
    const res = await fetch(
      `${server.baseUrl}/api/fares/prices?pickupLat=-32.79&pickupLng=151.83&destinationLat=-32.71&destinationLng=152.15&pickupAt=${encodeURIComponent(new Date(Date.now() + 3 * 86_400_000).toISOString())}&passengers=2&bags=1`,
      { headers: { 'X-Forwarded-For': '10.44.0.3' } },
    );
    expect(res.status).toBe(503);
    expect(await errorCode(res)).toBe('server_busy');
    // Refused without waiting the 3 s a queued request would.
    expect(Date.now() - started).toBeLessThan(2_000);
    const outcomes = await Promise.all(flood);
    expect(outcomes).toContain('served');
    expect(outcomes).toContain('ServerBusyError');
    expect(outcomes.filter((o) => o !== 'served' && o !== 'ServerBusyError')).toEqual([]);
  }, 60_000);

  it('a saturated instance refuses a new request at once instead of queueing it (issue 34)', async () => {
    // Every connection held 2.5 s and three queries queued behind them: after 1.3 s the oldest has waited
    // past POOL_PRESSURE.shedAfterMs (1 s) with the database answering. A new request is refused at the
    // door; queued, it would have got a connection when the holders finished (2.5 s < the 3 s wait limit)
    // and answered 200.
    await server.db.execute(sql`select 1`);
    const held = Array.from({ length: 10 }, () =>
      server.db.execute(sql`select pg_sleep(2.5)`).catch((err: Error) => err),
    );
    const queued = Array.from({ length: 3 }, () =>
      server.db.execute(sql`select 1`).catch((err: Error) => err),
    );
    await new Promise((r) => setTimeout(r, 1_300));
    const pricesUrl = `${server.baseUrl}/api/fares/prices?pickupLat=-32.79&pickupLng=151.83&destinationLat=-32.71&destinationLng=152.15&pickupAt=${encodeURIComponent(new Date(Date.now() + 3 * 86_400_000).toISOString())}&passengers=2&bags=1`;
    const res = await fetch(pricesUrl, { headers: { 'X-Forwarded-For': '10.44.0.4' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await errorCode(res)).toBe('server_busy');
    // The queries already admitted were served, none refused.
    const outcomes = await Promise.all([...held, ...queued]);
    expect(outcomes.filter((o) => o instanceof Error)).toEqual([]);
    // Once the queue is gone, the same request is served.
    const again = await fetch(pricesUrl, { headers: { 'X-Forwarded-For': '10.44.0.4' } });
    expect(again.status).toBe(200);
  }, 30_000);
});
