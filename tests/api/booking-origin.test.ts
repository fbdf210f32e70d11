/**
 * Issue 31 item 5: every booking says how it was made. The booking DTO carries the origin (with the seats
 * and the run), the admin bookings list shows it and filters by it (a bad value is a 400 that says why), the
 * trip-records export writes the origin's label with the seats and the run, and the admin dashboard counts
 * a known set of bookings: the share of instant bookings, runs published, seats sold and the kilometres
 * run bookings filled. Bookings of the other origins are written straight into the database, as the
 * instant-booking and run flows will write them (bookings/insert.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingListDto } from '../../src/shared/admin/bookings.ts';
import { BOOKING_ADMIN_MESSAGES } from '../../src/shared/admin/bookings.ts';
import type { DashboardDto } from '../../src/shared/admin/dashboard.ts';
import type { AdminUserDetailDto } from '../../src/shared/admin/users.ts';
import type { AdminTodayDto } from '../../src/shared/marketplace/admin-today.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import type { BookingOrigin } from '../../src/shared/marketplace/booking-origin.ts';
import { sydneyToday } from '../../src/shared/marketplace/time.ts';
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
import { hoursFromNow, insertDriver, insertQuote, insertRide, PLACES } from './marketplace-fixtures.ts';

interface Made {
  origin: BookingOrigin;
  status: 'confirmed' | 'completed' | 'cancelled';
  distanceKm: number;
  seats?: number;
  runId?: string;
  /** Made this many days ago (0: now). */
  daysAgo?: number;
}

describe.each(databaseKinds())('how each booking was made (%s)', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let customer: TestClient;
  let customerId: string;
  let driverId: string;
  let vehicleId: string;
  let quoteBookingId: string;
  const ids = {} as Record<
    'instant' | 'instantCancelled' | 'twoSeats' | 'oneSeat' | 'seatsCancelled' | 'vehicle' | 'oldInstant',
    string
  >;

  /** A run of the driver, published `daysAgo` days ago. */
  async function insertRun(daysAgo = 0): Promise<string> {
    const [row] = await rows<{ id: string }>(
      server.db,
      sql`insert into runs (driver_id, vehicle_id, from_name, from_lat, from_lng, from_radius_km, to_name, to_lat,
                            to_lng, to_radius_km, departs_from, departs_until, seats_total, bags_total,
                            seat_price_cents, vehicle_price_cents, created_at)
          values (${driverId}, ${vehicleId}, 'Sydney Airport', -33.94, 151.17, 10, 'Nelson Bay', -32.72, 152.14, 10,
                  now() + interval '2 days', now() + interval '2 days 2 hours', 10, 10, 4500, 30000,
                  now() - make_interval(days => ${daysAgo}))
          returning id`,
    );
    return row!.id;
  }

  /** A booking of the given origin on its own trip (the trip's distance set to a known figure). */
  async function insertBooking(m: Made): Promise<string> {
    const ride = await insertRide(server.db, customerId, {
      from: PLACES.nelsonBay,
      to: PLACES.williamtown,
      status: m.status === 'cancelled' ? 'cancelled' : 'booked',
      pickupAt: hoursFromNow(48),
    });
    await server.db.execute(sql`update rides set distance_km = ${m.distanceKm} where id = ${ride.id}`);
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId,
      status: m.status === 'cancelled' ? 'cancelled' : 'accepted',
    });
    const [row] = await rows<{ id: string }>(
      server.db,
      sql`insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement,
                                accepted_at, completed_at, cancelled_at, origin, run_id, seats, created_at)
          values (${ride.id}, ${quote.id}, ${customerId}, ${driverId}, ${m.status}, 9000, 'Agreed', now(),
                  ${m.status === 'completed' ? sql`now()` : sql`null`},
                  ${m.status === 'cancelled' ? sql`now()` : sql`null`},
                  ${m.origin}, ${m.runId ?? null}, ${m.seats ?? null},
                  now() - make_interval(days => ${m.daysAgo ?? 0}))
          returning id`,
    );
    return row!.id;
  }

  beforeAll(async () => {
    server = await startServer(kind);
    const a = await signedInClient(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = a.client;
    const c = await signedInClient(server, { userType: 'customer', fullName: 'Olive Origin' });
    customer = c.client;
    customerId = c.userId;
    driverId = await insertDriver(server.db, { companyName: 'Origin Coaches' });
    vehicleId = (
      await rows<{ id: string }>(
        server.db,
        sql`select id from vehicles where driver_id = ${driverId} limit 1`,
      )
    )[0]!.id;

    // A quote accepted through the API: the booking any customer makes today.
    const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(72) });
    await server.db.execute(sql`update rides set distance_km = 40 where id = ${ride.id}`);
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId });
    const accepted = await customer.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    if (accepted.status !== 201)
      throw new Error(`accept answered ${accepted.status}: ${await accepted.text()}`);
    quoteBookingId = ((await accepted.json()) as { booking: BookingDto }).booking.id;

    const run = await insertRun();
    const vehicleRun = await insertRun();
    await insertRun(40); // published 40 days ago: in the 90-day figures only
    ids.instant = await insertBooking({ origin: 'instant', status: 'confirmed', distanceKm: 60 });
    ids.instantCancelled = await insertBooking({ origin: 'instant', status: 'cancelled', distanceKm: 60 });
    ids.twoSeats = await insertBooking({
      origin: 'run_seat',
      status: 'confirmed',
      distanceKm: 100.25,
      seats: 2,
      runId: run,
    });
    ids.oneSeat = await insertBooking({
      origin: 'run_seat',
      status: 'completed',
      distanceKm: 50.5,
      seats: 1,
      runId: run,
    });
    ids.seatsCancelled = await insertBooking({
      origin: 'run_seat',
      status: 'cancelled',
      distanceKm: 999,
      seats: 3,
      runId: run,
    });
    ids.vehicle = await insertBooking({
      origin: 'run_vehicle',
      status: 'confirmed',
      distanceKm: 200,
      runId: vehicleRun,
    });
    ids.oldInstant = await insertBooking({
      origin: 'instant',
      status: 'completed',
      distanceKm: 10,
      daysAgo: 40,
    });
  });
  afterAll(() => server?.close());

  it('the booking says how it was made, to its customer and to admins', async () => {
    const mine = (await (await customer.get(`/api/bookings/${quoteBookingId}`)).json()) as {
      booking: BookingDto;
    };
    expect(mine.booking).toMatchObject({ origin: 'quote', seats: null, runId: null });

    const seats = (await (await customer.get(`/api/bookings/${ids.twoSeats}`)).json()) as {
      booking: BookingDto;
    };
    expect(seats.booking).toMatchObject({ origin: 'run_seat', seats: 2 });
    expect(seats.booking.runId).toMatch(/^[0-9a-f-]{36}$/);

    const asAdmin = (await (await admin.get(`/api/bookings/${ids.vehicle}`)).json()) as {
      booking: BookingDto;
    };
    expect(asAdmin.booking).toMatchObject({ origin: 'run_vehicle', seats: null, viewerRole: 'admin' });

    // The customer's list of bookings, and the customer's record as admins see it.
    const list = (await (await customer.get('/api/bookings')).json()) as { items: BookingDto[] };
    expect(list.items.find((b) => b.id === ids.instant)).toMatchObject({ origin: 'instant', seats: null });
    const user = (await (await admin.get(`/api/admin/users/${customerId}`)).json()) as AdminUserDetailDto;
    expect(user.bookings.find((b) => b.id === ids.twoSeats)).toMatchObject({ origin: 'run_seat', seats: 2 });
    expect(user.bookings.find((b) => b.id === quoteBookingId)).toMatchObject({
      origin: 'quote',
      seats: null,
    });
  });

  it('the admin list shows the origin and filters by it; a bad value is a 400 that names the choices', async () => {
    const list = async (q: string) => {
      const res = await admin.get(`/api/admin/bookings?${q}`);
      expect(res.status, q).toBe(200);
      return ((await res.json()) as AdminBookingListDto).bookings;
    };
    const all = await list('limit=100');
    expect(all).toHaveLength(8);
    expect(all.find((b) => b.id === quoteBookingId)).toMatchObject({
      origin: 'quote',
      seats: null,
      runId: null,
    });
    expect(all.find((b) => b.id === ids.twoSeats)).toMatchObject({ origin: 'run_seat', seats: 2 });

    const byOrigin = async (origin: BookingOrigin) =>
      (await list(`origin=${origin}&limit=100`)).map((b) => b.id).sort();
    expect(await byOrigin('quote')).toEqual([quoteBookingId]);
    expect(await byOrigin('instant')).toEqual([ids.instant, ids.instantCancelled, ids.oldInstant].sort());
    expect(await byOrigin('run_seat')).toEqual([ids.twoSeats, ids.oneSeat, ids.seatsCancelled].sort());
    expect(await byOrigin('run_vehicle')).toEqual([ids.vehicle]);
    // With the other filters.
    expect((await list('origin=instant&status=cancelled')).map((b) => b.id)).toEqual([ids.instantCancelled]);

    for (const bad of ['instant_price', 'QUOTE', '', 'run_seat,run_vehicle']) {
      const res = await admin.get(`/api/admin/bookings?origin=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).message, bad).toBe(BOOKING_ADMIN_MESSAGES.badOrigin);
    }
    expect(BOOKING_ADMIN_MESSAGES.badOrigin).toContain('run_vehicle (Whole vehicle on a run)');
  });

  it("today's board says how each of the day's bookings was made", async () => {
    // The seat booking's pickup moved to now: always inside today's Sydney day.
    await server.db.execute(
      sql`update rides set pickup_at = now() where id = (select ride_id from bookings where id = ${ids.twoSeats})`,
    );
    const res = await admin.get('/api/admin/today');
    expect(res.status).toBe(200);
    const today = (await res.json()) as AdminTodayDto;
    expect(today.bookings.find((b) => b.id === ids.twoSeats)).toMatchObject({ origin: 'run_seat', seats: 2 });
  });

  it('the trip-records export has the origin (its label), the seats and the run', async () => {
    const today = sydneyToday();
    const to = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await admin.get(`/api/admin/exports/trip-records.csv?from=${today}&to=${to}`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]!.endsWith(',Origin,Seats,Run ID')).toBe(true);
    const line = (id: string) => lines.find((l) => l.startsWith(id)) ?? '';
    const [run] = await rows<{ run_id: string }>(
      server.db,
      sql`select run_id from bookings where id = ${ids.twoSeats}`,
    );
    expect(line(ids.twoSeats).endsWith(`,Seats on a run,2,${run!.run_id}`)).toBe(true);
    expect(line(ids.instant).endsWith(',Instant price,,')).toBe(true);
    expect(line(quoteBookingId).endsWith(',Quote,,')).toBe(true);
    expect(line(ids.vehicle)).toMatch(/,Whole vehicle on a run,,[0-9a-f-]{36}$/);
  });

  it('the dashboard: instant share, runs published, seats sold and kilometres filled, per period', async () => {
    const figures = async (days: number) => {
      const res = await admin.get(`/api/admin/dashboard?days=${days}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as DashboardDto).origins;
    };
    // Seven bookings made in the last 30 days (one 40 days ago): 1 quote, 2 instant, 3 seat, 1 vehicle.
    // Seats and kilometres count the confirmed and completed run bookings: 2 + 1 seats; 100.25 + 50.5 + 200 km.
    for (const days of [7, 30]) {
      expect(await figures(days)).toEqual({
        bookings: 7,
        byOrigin: { quote: 1, instant: 2, run_seat: 3, run_vehicle: 1 },
        instantShare: 2 / 7,
        runsPublished: 2,
        seatsSold: 3,
        runKm: 350.8,
      });
    }
    expect(await figures(90)).toEqual({
      bookings: 8,
      byOrigin: { quote: 1, instant: 3, run_seat: 3, run_vehicle: 1 },
      instantShare: 3 / 8,
      runsPublished: 3,
      seatsSold: 3,
      runKm: 350.8,
    });
  });
});
