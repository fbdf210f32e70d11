import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_LOCK_KEY, startSweeper, sweepExpired } from '../../src/server/jobs/sweep.ts';
import { databaseKinds, startServer, type TestServer } from './helpers.ts';
import {
  hoursFromNow,
  insertCustomer,
  insertDriver,
  insertQuote,
  insertRide,
  statusOf,
} from './marketplace-fixtures.ts';

describe.each(databaseKinds())('expiry sweep (%s)', (kind) => {
  let server: TestServer;
  let customerId: string;
  let driverId: string;
  let driver2Id: string;

  beforeAll(async () => {
    server = await startServer(kind);
    customerId = await insertCustomer(server.db);
    driverId = await insertDriver(server.db);
    driver2Id = await insertDriver(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('expires open requests whose pickup has passed (with their live quotes) and quotes past their validity; nothing else', async () => {
    const passed = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(-1) });
    const passedQuote = await insertQuote(server.db, {
      rideId: passed.id,
      driverId,
      validUntil: hoursFromNow(5),
    });
    const future = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(48) });
    const stale = await insertQuote(server.db, {
      rideId: future.id,
      driverId,
      validUntil: hoursFromNow(-0.5),
    });
    const fresh = await insertQuote(server.db, {
      rideId: future.id,
      driverId: driver2Id,
      validUntil: hoursFromNow(5),
    });
    const bookedPast = await insertRide(server.db, customerId, {
      pickupAt: hoursFromNow(-3),
      status: 'booked',
    });
    const declined = await insertQuote(server.db, {
      rideId: future.id,
      driverId: await insertDriver(server.db),
      status: 'declined',
      validUntil: hoursFromNow(-1),
    });

    const result = await sweepExpired(server.db);
    expect(result).toEqual({ swept: true, expiredRides: 1, expiredQuotes: 2 });
    expect(await statusOf(server, 'rides', passed.id)).toBe('expired');
    expect(await statusOf(server, 'quotes', passedQuote.id)).toBe('expired');
    expect(await statusOf(server, 'quotes', stale.id)).toBe('expired');
    expect(await statusOf(server, 'rides', future.id)).toBe('open');
    expect(await statusOf(server, 'quotes', fresh.id)).toBe('pending');
    expect(await statusOf(server, 'rides', bookedPast.id)).toBe('booked');
    expect(await statusOf(server, 'quotes', declined.id)).toBe('declined');

    // Idempotent: a second run finds nothing left.
    expect(await sweepExpired(server.db)).toEqual({ swept: true, expiredRides: 0, expiredQuotes: 0 });
  });

  it('two sweeps at the same moment both succeed and expire each row once', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(-2 - i) });
      await insertQuote(server.db, { rideId: ride.id, driverId });
      ids.push(ride.id);
    }
    const results = await Promise.all([
      sweepExpired(server.db),
      sweepExpired(server.db),
      sweepExpired(server.db),
    ]);
    expect(results.reduce((n, r) => n + r.expiredRides, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.expiredQuotes, 0)).toBe(3);
    for (const id of ids) expect(await statusOf(server, 'rides', id)).toBe('expired');
  });

  // Only PostgreSQL has a second connection to hold the lock from; PGlite is one connection in one process.
  const postgresOnly = kind === 'postgres' ? it : () => undefined;
  postgresOnly('while another instance holds the sweep lock, a sweep skips', async () => {
    const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(-1) });
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SWEEP_LOCK_KEY))})`);
      // Another connection of the pool stands in for the other instance.
      expect(await sweepExpired(server.db)).toEqual({ swept: false, expiredRides: 0, expiredQuotes: 0 });
    });
    expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    expect((await sweepExpired(server.db)).expiredRides).toBe(1);
  });

  it('startSweeper sweeps at once, and stops when told', async () => {
    const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(-1) });
    const stop = startSweeper(server.db, { intervalMs: 50 });
    try {
      const deadline = Date.now() + 5_000;
      while ((await statusOf(server, 'rides', ride.id)) !== 'expired' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await statusOf(server, 'rides', ride.id)).toBe('expired');
    } finally {
      stop();
    }
    await new Promise((r) => setTimeout(r, 100));
    const later = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(-1) });
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(server, 'rides', later.id)).toBe('open');
  });
});
