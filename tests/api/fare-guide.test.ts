/**
 * Issue 31 item 3: GET /api/fare-guide. The guide shows only with 5 bookings from 3 drivers (else the
 * indicative price), counts only confirmed or completed bookings on the same route (both ends within 5 km),
 * of the last 180 days and of the request's passenger band; and the median time to a first quote.
 * Each test has a route of its own, far from the others', so they do not count each other's bookings.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema/index.ts';
import { clearFirstQuoteCache } from '../../src/server/modules/fare-guide/query.ts';
import type { FareGuideDto } from '../../src/shared/marketplace/fare-guide.ts';
import { databaseKinds, errorOf, startServer, type TestClient, type TestServer } from './helpers.ts';
import { insertCustomer, insertDriver, insertQuote, insertRide, type Place } from './marketplace-fixtures.ts';

interface Route {
  from: Place;
  to: Place;
}

/** Route n: its own pickup and destination, 60 km apart, each route 100 km south of the one before. */
function route(n: number): Route {
  const lat = -28 - n * 0.9;
  return {
    from: { locality: `FROM ${n}`, postcode: '2000', address: '', lat, lng: 150 },
    to: { locality: `TO ${n}`, postcode: '2000', address: '', lat, lng: 150.65 },
  };
}

/** A point `km` north of `p` (a degree of latitude is about 111.32 km). */
const north = (p: Place, km: number): Place => ({ ...p, lat: p.lat + km / 111.32 });
/** A point `km` east of `p`. */
const east = (p: Place, km: number): Place => ({
  ...p,
  lng: p.lng + km / (111.32 * Math.cos((p.lat * Math.PI) / 180)),
});

describe.each(databaseKinds())('fare guide (%s)', (kind) => {
  let server: TestServer;
  let guest: TestClient;
  let customerId: string;
  const drivers: string[] = [];

  beforeAll(async () => {
    server = await startServer(kind);
    guest = server.client();
    customerId = await insertCustomer(server.db);
    for (let i = 0; i < 4; i++) drivers.push(await insertDriver(server.db, { verified: false }));
  });
  afterAll(() => server?.close());

  /** A trip on `r` booked with driver `driver` at `priceCents`, accepted `daysAgo` days ago. */
  async function book(
    r: Route,
    f: { priceCents: number; driver: number; passengers?: number; daysAgo?: number; status?: string },
  ) {
    const ride = await insertRide(server.db, customerId, {
      from: r.from,
      to: r.to,
      passengers: f.passengers ?? 2,
      status: f.status === 'cancelled' ? 'open' : 'booked',
    });
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: drivers[f.driver]!,
      priceCents: f.priceCents,
      status: f.status === 'cancelled' ? 'cancelled' : 'accepted',
    });
    const acceptedAt = new Date(Date.now() - (f.daysAgo ?? 10) * 86_400_000);
    await server.db.insert(bookings).values({
      rideId: ride.id,
      quoteId: quote.id,
      customerId,
      driverId: drivers[f.driver]!,
      status: f.status ?? 'confirmed',
      priceCents: f.priceCents,
      fareStatement: 'The agreed fare.',
      acceptedAt,
      cancelledAt: f.status === 'cancelled' ? acceptedAt : null,
      cancelledBy: f.status === 'cancelled' ? customerId : null,
      cancelReason: f.status === 'cancelled' ? 'Plans changed.' : null,
    });
    return ride;
  }

  async function guideFor(r: Route, passengers = 2): Promise<FareGuideDto> {
    const q = new URLSearchParams({
      pickupLat: String(r.from.lat),
      pickupLng: String(r.from.lng),
      destinationLat: String(r.to.lat),
      destinationLng: String(r.to.lng),
      passengers: String(passengers),
    });
    const res = await guest.get(`/api/fare-guide?${q}`);
    expect(res.status).toBe(200);
    return (await res.json()) as FareGuideDto;
  }

  it('4 bookings give no guide but the indicative price; a 5th (3 drivers) gives the guide', async () => {
    const r = route(1);
    for (const [i, price] of [10000, 12000, 14000, 16000].entries()) {
      await book(r, { priceCents: price, driver: i % 3 });
    }
    const four = await guideFor(r);
    expect(four.guide).toBeNull();
    // About 63 km straight, 82 km by the road estimate, at 1.50 AUD a km.
    expect(four.indicative.distanceKm).toBeGreaterThan(60);
    expect(four.indicative.cents).toBe(Math.round(four.indicative.distanceKm * 150));

    await book(r, { priceCents: 18000, driver: 2 });
    const five = await guideFor(r);
    expect(five.guide).toMatchObject({
      medianCents: 14000,
      lowCents: 12000,
      highCents: 16000,
      bookings: 5,
      band: { min: 1, max: 2 },
    });
  });

  it('5 bookings from only 2 drivers give no guide', async () => {
    const r = route(2);
    for (const price of [10000, 11000, 12000, 13000, 14000]) {
      await book(r, { priceCents: price, driver: price % 2000 === 0 ? 0 : 1 });
    }
    expect((await guideFor(r)).guide).toBeNull();
    await book(r, { priceCents: 15000, driver: 3 });
    expect((await guideFor(r)).guide?.bookings).toBe(6);
  });

  it('computes the median and the middle half with interpolation, rounded to whole dollars', async () => {
    const r = route(3);
    const prices = [20000, 10000, 13000, 11000, 14000, 12000];
    for (const [i, price] of prices.entries()) await book(r, { priceCents: price, driver: i % 4 });
    // Sorted 100, 110, 120, 130, 140, 200: p25 = 112.50, median = 125, p75 = 137.50.
    expect((await guideFor(r)).guide).toMatchObject({
      lowCents: 11300,
      medianCents: 12500,
      highCents: 13800,
    });
  });

  it('counts trips whose both ends are within 5 km, not beyond, at either end', async () => {
    const r = route(4);
    for (let i = 0; i < 4; i++) await book(r, { priceCents: 10000, driver: i % 3 });
    // Pickup 6 km away, then destination 6 km away: neither counts.
    await book({ from: north(r.from, 6), to: r.to }, { priceCents: 10000, driver: 3 });
    await book({ from: r.from, to: north(r.to, 6) }, { priceCents: 10000, driver: 3 });
    // 4 km north and 4 km east: inside the bounding box, but 5.7 km away.
    await book({ from: east(north(r.from, 4), 4), to: r.to }, { priceCents: 10000, driver: 3 });
    await book({ from: r.from, to: east(north(r.to, 4), 4) }, { priceCents: 10000, driver: 3 });
    expect((await guideFor(r)).guide).toBeNull();
    // Both ends 4.5 km away: counts.
    await book({ from: north(r.from, 4.5), to: north(r.to, 4.5) }, { priceCents: 10000, driver: 3 });
    expect((await guideFor(r)).guide?.bookings).toBe(5);
    // Asked from 4.5 km the other side (9 km from the first four trips): only the one trip is near.
    expect((await guideFor({ from: north(r.from, 9), to: north(r.to, 9) })).guide).toBeNull();
  });

  it('counts the last 180 days only', async () => {
    const r = route(5);
    for (let i = 0; i < 4; i++) await book(r, { priceCents: 10000, driver: i % 3, daysAgo: 170 });
    await book(r, { priceCents: 10000, driver: 3, daysAgo: 190 });
    expect((await guideFor(r)).guide).toBeNull();
    await book(r, { priceCents: 10000, driver: 3, daysAgo: 179 });
    expect((await guideFor(r)).guide?.bookings).toBe(5);
  });

  it('counts the passenger band of the request only', async () => {
    const r = route(6);
    for (let i = 0; i < 5; i++) await book(r, { priceCents: 30000 + i * 1000, driver: i % 3, passengers: 3 });
    await book(r, { priceCents: 99000, driver: 3, passengers: 8 });
    expect((await guideFor(r, 1)).guide).toBeNull();
    expect((await guideFor(r, 4)).guide).toMatchObject({
      bookings: 5,
      medianCents: 32000,
      band: { min: 3, max: 4 },
    });
    expect((await guideFor(r, 9)).guide).toBeNull();
  });

  it('does not count cancelled bookings; completed ones count', async () => {
    const r = route(7);
    for (let i = 0; i < 4; i++) await book(r, { priceCents: 10000, driver: i % 3, status: 'completed' });
    await book(r, { priceCents: 10000, driver: 3, status: 'cancelled' });
    expect((await guideFor(r)).guide).toBeNull();
    await book(r, { priceCents: 12000, driver: 3 });
    expect((await guideFor(r)).guide).toMatchObject({ bookings: 5, medianCents: 10000 });
  });

  it('firstQuoteMinutes: the median minutes from posting to the first quote on the route', async () => {
    const r = route(8);
    const waits = [10, 50, 20, 40, 30];
    for (const [i, minutes] of waits.entries()) {
      const ride = await insertRide(server.db, customerId, { from: r.from, to: r.to });
      await server.db.execute(
        sql`update rides set created_at = now() - interval '3 days' where id = ${ride.id}`,
      );
      for (const [later, driver] of [
        [minutes, i % 3],
        [minutes + 300, 3],
      ] as const) {
        const q = await insertQuote(server.db, { rideId: ride.id, driverId: drivers[driver]! });
        await server.db.execute(
          sql`update quotes set created_at = now() - interval '3 days' + make_interval(mins => ${later}::int) where id = ${q.id}`,
        );
      }
    }
    const answer = await guideFor(r);
    expect(answer.firstQuoteMinutes).toBe(30);
    expect(answer.firstQuoteScope).toBe('route');

    // A route without five measured trips falls back to all trips of the last 30 days, and says so.
    clearFirstQuoteCache(server.db);
    const empty = await guideFor(route(9));
    expect(empty.firstQuoteScope).toBe('all');
    expect(typeof empty.firstQuoteMinutes).toBe('number');
  });

  it('is rate-limited per address: 120 a minute, then 429 with Retry-After', async () => {
    const scraper = server.client({ ip: '10.31.31.31' });
    const path =
      '/api/fare-guide?pickupLat=-33&pickupLng=150&destinationLat=-33&destinationLng=151&passengers=2';
    for (let i = 0; i < 120; i++) expect((await scraper.get(path)).status).toBe(200);
    const refused = await scraper.get(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(refused)).message).toContain('Too many fare guide requests');
    // Someone else is not affected.
    expect((await guest.get(path)).status).toBe(200);
  });

  it('a bad query is a 400 with a message', async () => {
    for (const [query, words] of [
      ['', 'pickup'],
      ['pickupLat=abc&pickupLng=150&destinationLat=-33&destinationLng=151&passengers=2', 'pickup'],
      ['pickupLat=-33&pickupLng=150&destinationLat=-95&destinationLng=151&passengers=2', 'destination'],
      ['pickupLat=-33&pickupLng=150&destinationLat=-33&destinationLng=151&passengers=0', 'Passengers'],
      ['pickupLat=-33&pickupLng=150&destinationLat=-33&destinationLng=151&passengers=2.5', 'Passengers'],
      ['pickupLat=-33&pickupLng=150&destinationLat=-33&destinationLng=151', 'Passengers'],
    ] as const) {
      const res = await guest.get(`/api/fare-guide?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).message).toContain(words);
    }
  });
});
