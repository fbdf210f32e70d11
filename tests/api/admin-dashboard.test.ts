/** Issue 14: every figure of the admin dashboard equals its own SQL count, for each period. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '../../src/shared/admin/dashboard.ts';
import { sydneyToday, sydneyToUtc } from '../../src/shared/marketplace/time.ts';
import {
  databaseKinds,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import {
  hoursFromNow,
  insertCustomer,
  insertDriver,
  insertQuote,
  insertRide,
} from './marketplace-fixtures.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds())('admin dashboard figures (%s)', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let soonNoQuote: string;
  let soonQuoted: string;

  const one = async (query: ReturnType<typeof sql>) =>
    Number((await rows<{ n: unknown }>(server.db, query))[0]!.n);

  async function booking(
    customerId: string,
    driverId: string,
    status: string,
    opts: { by?: string; late?: boolean } = {},
  ) {
    const ride = await insertRide(server.db, customerId, {
      status: status === 'cancelled' ? 'cancelled' : 'booked',
      pickupAt: hoursFromNow(-2),
    });
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId,
      status: status === 'cancelled' ? 'cancelled' : 'accepted',
    });
    const [row] = await rows<{ id: string }>(
      server.db,
      sql`insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement, accepted_at,
                                completed_at, cancelled_at, cancelled_by, late_cancellation)
          values (${ride.id}, ${quote.id}, ${customerId}, ${driverId}, ${status}, 9000, 'Agreed', now(),
                  ${status === 'completed' ? sql`now()` : sql`null`}, ${status === 'cancelled' ? sql`now()` : sql`null`},
                  ${opts.by ?? null}, ${opts.late ?? false})
          returning id`,
    );
    return { rideId: ride.id, bookingId: row!.id };
  }

  beforeAll(async () => {
    server = await startServer(kind);
    const a = await signedInClient(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = a.client;
    const customerId = await insertCustomer(server.db, 'Dash Customer');
    const adminId = a.userId;
    const driverId = await insertDriver(server.db);
    // Trips: two soon (one without a quote, one with), one later with two quotes.
    soonNoQuote = (await insertRide(server.db, customerId, { pickupAt: hoursFromNow(5) })).id;
    soonQuoted = (await insertRide(server.db, customerId, { pickupAt: hoursFromNow(10) })).id;
    await insertQuote(server.db, { rideId: soonQuoted, driverId });
    const later = (await insertRide(server.db, customerId, { pickupAt: hoursFromNow(200) })).id;
    await insertQuote(server.db, { rideId: later, driverId });
    // A quote 90 minutes after its trip was posted (the median to first quote).
    await server.db.execute(
      sql`update quotes set created_at = (select created_at from rides where id = ${later}) + interval '90 minutes' where ride_id = ${later}`,
    );
    // Bookings: completed, cancelled by each side (one late), and ratings both ways on the completed one.
    const done = await booking(customerId, driverId, 'completed');
    await booking(customerId, driverId, 'cancelled', { by: customerId, late: true });
    await booking(customerId, driverId, 'cancelled', { by: driverId });
    await booking(customerId, driverId, 'cancelled', { by: adminId });
    await server.db.execute(sql`insert into ratings (booking_id, rater_id, ratee_id, stars) values
      (${done.bookingId}, ${customerId}, ${driverId}, 5), (${done.bookingId}, ${driverId}, ${customerId}, 4)`);
    // Page views: two today, one 40 days ago (outside 30 days, inside 90).
    await server.db.execute(sql`insert into analytics_events (client_id, session_id, kind, name, url, occurred_at) values
      ('pv1', 's1', 'page_view', 'page_view', '/', now()), ('pv2', 's1', 'page_view', 'page_view', '/about', now()),
      ('pv3', 's2', 'page_view', 'page_view', '/', now() - interval '40 days')`);
    // An old sign-up (outside 7 days) and an open issue.
    await server.db.execute(
      sql`update users set created_at = now() - interval '20 days' where id = ${customerId}`,
    );
    await server.db.execute(
      sql`insert into issues (title, description, user_email) values ('Dashboard issue', 'Something to look at today.', 'x@example.com')`,
    );
  });
  afterAll(() => server?.close());

  it('only admins; a period other than 7, 30 or 90 is a 400', async () => {
    const customer = (await signedInClient(server)).client;
    expect((await customer.get('/api/admin/dashboard')).status).toBe(403);
    expect((await admin.get('/api/admin/dashboard?days=14')).status).toBe(400);
  });

  for (const days of [7, 30, 90] as const) {
    it(`every figure over ${days} days equals its SQL count`, async () => {
      const res = await admin.get(`/api/admin/dashboard?days=${days}`);
      expect(res.status).toBe(200);
      const d = (await res.json()) as DashboardDto;
      const from = new Date(Date.parse(`${sydneyToday()}T00:00:00Z`) - (days - 1) * 24 * HOUR)
        .toISOString()
        .slice(0, 10);
      const start = sydneyToUtc(from, '00:00')!.toISOString();
      expect(d.period).toEqual({ days, from, to: sydneyToday() });

      expect(d.signups.customer).toBe(
        await one(
          sql`select count(*) as n from users where user_type = 'customer' and created_at >= ${start}`,
        ),
      );
      expect(d.signups.driver).toBe(
        await one(sql`select count(*) as n from users where user_type = 'driver' and created_at >= ${start}`),
      );
      expect(d.trips.posted).toBe(
        await one(sql`select count(*) as n from rides where created_at >= ${start}`),
      );
      expect(d.quotes.total).toBe(
        await one(sql`select count(*) as n from quotes where created_at >= ${start}`),
      );
      expect(d.conversion.booked).toBe(
        await one(
          sql`select count(*) as n from rides r where r.created_at >= ${start} and exists (select 1 from bookings b where b.ride_id = r.id)`,
        ),
      );
      expect(d.cancellations).toEqual({ byCustomer: 1, byDriver: 1, byAdmin: 1, late: 1 });
      expect(d.completed.total).toBe(
        await one(
          sql`select count(*) as n from bookings where status = 'completed' and completed_at >= ${start}`,
        ),
      );
      expect(d.ratings).toEqual({ count: 2, average: 4.5, ofDrivers: 5, ofCustomers: 4 });
      expect(d.pageViews.total).toBe(days === 90 ? 3 : 2);
      expect(d.pageViews.total).toBe(
        await one(
          sql`select count(*) as n from analytics_events where kind = 'page_view' and occurred_at >= ${start}`,
        ),
      );
      expect(d.quotes.medianMinutesToFirstQuote).not.toBeNull();
      // Daily series cover the period and add up to their totals.
      const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
      for (const series of [d.signups.customers, d.trips.daily, d.completed.daily, d.pageViews.daily]) {
        expect(series.dates).toHaveLength(days);
        expect(series.dates[0]).toBe(from);
      }
      expect(sum(d.trips.daily.values)).toBe(d.trips.posted);
      expect(sum(d.signups.customers.values)).toBe(d.signups.customer);
      expect(sum(d.pageViews.daily.values)).toBe(d.pageViews.total);

      // Needs attention: trips within 24 hours, with no quote or no booking.
      expect(d.attention.tripsWithoutQuote.map((t) => t.id)).toEqual([soonNoQuote]);
      expect(d.attention.tripsWithoutBooking.map((t) => t.id)).toEqual([soonQuoted]);
      expect(d.attention.openIssues).toBe(
        await one(sql`select count(*) as n from issues where status in ('pending', 'in_progress')`),
      );
      expect(d.attention.driversAwaitingReview).toBe(
        await one(sql`select count(*) as n from drivers where verification_status = 'pending_review'`),
      );
    });
  }

  it('the median time to the first quote is the middle of the trips that got one', async () => {
    const d = (await (await admin.get('/api/admin/dashboard?days=30')).json()) as DashboardDto;
    // Three quoted trips: two quoted within seconds by the fixtures, one after 90 minutes.
    expect(d.quotes.medianMinutesToFirstQuote).toBe(0);
    expect(d.quotes.perTrip).toBe(
      Math.round(((await one(sql`select count(*) as n from quotes`)) / d.trips.posted) * 10) / 10,
    );
  });

  it('a rise in browser errors is flagged', async () => {
    for (let i = 0; i < 6; i++) {
      await server.db.execute(sql`insert into client_errors (error_id, category, severity, message, occurred_at)
        values (${`e${i}`}, 'runtime', 'high', 'boom', now())`);
    }
    const d = (await (await admin.get('/api/admin/dashboard?days=7')).json()) as DashboardDto;
    expect(d.attention.clientErrors).toEqual({ last24h: 6, dailyAverage: 0, rising: true });
  });
});
