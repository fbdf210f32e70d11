/** Issue 14: the trip-records CSV (NSW duty to keep trip records) and completed trips per month (the levy). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertCustomer, insertDriver, insertQuote, insertRide } from './marketplace-fixtures.ts';

/** Inserts a booking straight in the database, with its pickup at `pickupAt` and the given status. */
async function insertBooking(
  server: TestServer,
  f: { customerId: string; driverId: string; pickupAt: Date; status: string },
) {
  const ride = await insertRide(server.db, f.customerId, { pickupAt: f.pickupAt, status: 'booked' });
  const quote = await insertQuote(server.db, {
    rideId: ride.id,
    driverId: f.driverId,
    status: 'accepted',
    priceCents: 12345,
  });
  const [row] = await rows<{ id: string }>(
    server.db,
    sql`insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement, accepted_at, completed_at)
        values (${ride.id}, ${quote.id}, ${f.customerId}, ${f.driverId}, ${f.status}, 12345, 'Agreed fare', now(),
                ${f.status === 'completed' ? sql`now()` : sql`null`})
        returning id`,
  );
  return row!.id;
}

describe.each(databaseKinds())('admin exports (%s)', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let customer: TestClient;

  beforeAll(async () => {
    server = await startServer(kind);
    const a = await signedInClient(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = a.client;
    customer = (await signedInClient(server)).client;
  });
  afterAll(() => server?.close());

  it('trip records: one line per booking with its pickup in the range, in Sydney time, safe for spreadsheets', async () => {
    const customerId = await insertCustomer(server.db);
    const driverId = await insertDriver(server.db, { companyName: '=HYPERLINK("http://evil.example")' });
    // Sydney 2026-03-10 09:30 is 2026-03-09 22:30 UTC (daylight time, +11).
    const inside = await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2026-03-09T22:30:00Z'),
      status: 'completed',
    });
    const outside = await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2026-03-20T22:30:00Z'),
      status: 'confirmed',
    });

    expect(
      (await customer.get('/api/admin/exports/trip-records.csv?from=2026-03-01&to=2026-03-15')).status,
    ).toBe(403);
    const res = await admin.get('/api/admin/exports/trip-records.csv?from=2026-03-10&to=2026-03-10');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="trip-records-2026-03-10-to-2026-03-10.csv"',
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Booking ID,Pickup date,Pickup time,Pickup locality,Pickup postcode,Drop-off locality,Drop-off postcode,Passengers,Driver business,Authorisation (BSP) number,ABN,Fare (AUD),Status,Booked at,Completed at,Cancelled at,Origin,Seats,Run ID',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(inside);
    expect(lines[1]).not.toContain(outside);
    expect(lines[1]).toContain('2026-03-10,09:30,Nelson Bay,2315,Williamtown,2318');
    expect(lines[1]).toContain(',123.45,completed,');
    // A formula in a business name is written as text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const [audited] = await rows<{ details: { rows: number } }>(
      server.db,
      sql`select details from audit_log where action = 'export.trip_records' order by id desc limit 1`,
    );
    expect(audited!.details.rows).toBe(1);
  });

  it('completed trips per Sydney month, every month listed even when zero', async () => {
    const customerId = await insertCustomer(server.db);
    const driverId = await insertDriver(server.db);
    // 2025-05-31 23:30 Sydney (+10) is 2025-05-31 13:30 UTC: it counts for May, not June.
    await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2025-05-31T13:30:00Z'),
      status: 'completed',
    });
    await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2025-07-02T01:00:00Z'),
      status: 'completed',
    });
    await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2025-07-03T01:00:00Z'),
      status: 'completed',
    });
    await insertBooking(server, {
      customerId,
      driverId,
      pickupAt: new Date('2025-07-04T01:00:00Z'),
      status: 'cancelled',
    });
    expect(utcToSydney(new Date('2025-05-31T13:30:00Z')).date).toBe('2025-05-31');
    const res = await admin.get('/api/admin/exports/completed-trips.csv?from=2025-05&to=2025-07');
    expect(res.status).toBe(200);
    expect((await res.text()).trimEnd().split('\r\n')).toEqual([
      'Month,Completed trips',
      '2025-05,1',
      '2025-06,0',
      '2025-07,2',
    ]);
  });

  it('bad ranges are a 400 that says why', async () => {
    const cases: [string, string][] = [
      ['trip-records.csv?from=2026-03-10', 'Use a date like 2026-11-25.'],
      ['trip-records.csv?from=2026-02-30&to=2026-03-01', 'Use a date like 2026-11-25.'],
      ['trip-records.csv?from=2026-03-10&to=2026-03-01', 'The end must be on or after the start.'],
      ['trip-records.csv?from=2024-01-01&to=2026-01-01', 'Export at most 366 days at a time.'],
      ['completed-trips.csv?from=2025-13&to=2026-01', 'Use a month like 2026-11.'],
      ['completed-trips.csv?from=2020-01&to=2026-01', 'Export at most 24 months at a time.'],
    ];
    for (const [path, message] of cases) {
      const res = await admin.get(`/api/admin/exports/${path}`);
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).message, path).toBe(message);
    }
  });
});
