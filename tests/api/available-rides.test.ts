import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../../src/server/db/schema/index.ts';
import { find } from '../../src/server/services/places.ts';
import type { Page, RideDto } from '../../src/shared/marketplace/api.ts';
import { AVAILABLE_RIDES_PAGE_SIZE } from '../../src/shared/marketplace/constants.ts';
import { haversineKm } from '../../src/shared/marketplace/geo.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  resetFloodLimits,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertBooking, insertQuote, postRide, sydneyDateIn } from './ride-fixtures.ts';

type Item = RideDto & { myQuote: { id: string; status: string; priceCents: number } | null };

const PLACES = [
  { locality: 'Nelson Bay', postcode: '2315' },
  { locality: 'Shoal Bay', postcode: '2315' },
  { locality: 'Salamander Bay', postcode: '2317' },
  { locality: 'Williamtown', postcode: '2318' },
  { locality: 'Newcastle', postcode: '2300' },
  { locality: 'Raymond Terrace', postcode: '2324' },
];
const TIMES = ['00:00', '06:15', '09:30', '09:30', '13:05', '18:40', '23:59'];

/** Orders like the API: pickup time, then id (uuids compare as their lower-case hex). */
const byPickupThenId = (a: RideDto, b: RideDto) =>
  a.pickupAt < b.pickupAt ? -1 : a.pickupAt > b.pickupAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

describe.each(databaseKinds())('GET /api/rides/available (%s)', (kind) => {
  let server: TestServer;
  let customer: TestClient;
  let customerId: string;
  let driver: TestClient;
  let driverId: string;
  let admin: TestClient;
  /** Every request that should be listed. */
  let open: RideDto[] = [];

  const get = async (query: Record<string, string | number> = {}, who?: TestClient) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return (who ?? driver).get(`/api/rides/available${qs ? `?${qs}` : ''}`);
  };
  /** Walks every page of a query; returns the pages. */
  const walk = async (query: Record<string, string | number> = {}) => {
    const pages: Page<Item>[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(cursor ? { ...query, cursor } : query);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page<Item>;
      pages.push(page);
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  };
  const ids = (list: RideDto[]) => list.map((r) => r.id);

  beforeAll(async () => {
    server = await startServer(kind);
    const c = await signedInClient(server, {
      userType: 'customer',
      fullName: 'Mia Zablotska-Perez',
      phone: '0499 111 222',
    });
    customer = c.client;
    customerId = c.userId;
    const d = await signedInClient(server, { userType: 'driver' });
    driver = d.client;
    driverId = d.userId;
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);

    // 28 open requests over a week, two at the same minute, from six places, 1 to 7 passengers.
    for (let i = 0; i < 28; i++) {
      const pickup = PLACES[i % PLACES.length]!;
      const destination = PLACES[(i + 3) % PLACES.length]!;
      const { ride } = await postRide(customer, {
        pickup: { ...pickup, address: `${i + 1} Secret Lane` },
        destination: { ...destination, address: '' },
        // Four a day: day 10 has two at 09:30 (the id decides their order), day 11 has 23:59 and 00:00.
        date: sydneyDateIn(10 + Math.floor(i / 4)),
        time: TIMES[i % TIMES.length]!,
        passengers: (i % 7) + 1,
      });
      open.push(ride);
      if (i % 10 === 9) await resetFloodLimits(server.db);
    }
    // Not listed: cancelled, booked, and open but with the pickup already past (the sweep has not run).
    const { ride: cancelled } = await postRide(customer, { date: sydneyDateIn(11) });
    await server.db.execute(sql`update rides set status = 'cancelled' where id = ${cancelled.id}`);
    const { ride: booked } = await postRide(customer, { date: sydneyDateIn(11) });
    await insertBooking(server.db, booked.id, customerId, driverId);
    await server.db.insert(rides).values({
      customerId,
      pickupLocality: 'Nelson Bay',
      pickupPostcode: '2315',
      pickupLat: -32.715,
      pickupLng: 152.151111,
      destinationLocality: 'Williamtown',
      destinationPostcode: '2318',
      destinationLat: -32.815,
      destinationLng: 151.842778,
      pickupAt: new Date(Date.now() - 3_600_000),
      passengers: 1,
      budgetCents: 5000,
      distanceKm: 39.6,
    });
    open = open.sort(byPickupThenId);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the open requests ahead in pickup order, 20 a page, every one exactly once', async () => {
    const pages = await walk();
    expect(pages).toHaveLength(2);
    expect(pages[0]!.items).toHaveLength(AVAILABLE_RIDES_PAGE_SIZE);
    expect(pages[0]!.nextCursor).toEqual(expect.any(String));
    expect(pages[1]!.nextCursor).toBeNull();
    const all = pages.flatMap((p) => p.items);
    expect(ids(all)).toEqual(ids(open));
    expect(new Set(ids(all)).size).toBe(all.length);
  });

  it('each item: the trip, distance and price, the customer’s first name and rating; no contact, no street', async () => {
    const res = await get();
    const text = await res.text();
    const page = JSON.parse(text) as Page<Item>;
    const first = page.items[0]!;
    expect(first).toMatchObject({
      status: 'open',
      customer: { firstName: 'Mia', rating: { average: null, count: 0 } },
      myQuote: null,
      pickup: { address: '' },
      destination: { address: '' },
    });
    expect(first.indicativePriceCents).toBe(Math.round(first.distanceKm * 150));
    expect(text).not.toContain('@');
    // The whole phone number: "0499" alone also turns up inside the items' UUIDs now and then.
    expect(text).not.toMatch(/Zablotska|Perez|0?499 ?111 ?222|Secret Lane/);
  });

  it('a page link stays right when a new request is posted before it (keyset, not offset)', async () => {
    const first = (await (await get()).json()) as Page<Item>;
    // A new request earlier than everything on page one.
    const { ride: early } = await postRide(customer, { date: sydneyDateIn(9), time: '08:00' });
    try {
      const second = (await (await get({ cursor: first.nextCursor! })).json()) as Page<Item>;
      expect(ids(second.items)).toEqual(ids(open.slice(AVAILABLE_RIDES_PAGE_SIZE)));
      expect((await walk()).flatMap((p) => ids(p.items))[0]).toBe(early.id);
    } finally {
      await server.db.execute(sql`update rides set status = 'cancelled' where id = ${early.id}`);
    }
  });

  it('from/to: Sydney dates, both days included whole', async () => {
    const from = sydneyDateIn(11);
    const to = sydneyDateIn(12);
    const all = (await walk({ from, to })).flatMap((p) => p.items);
    const expected = open.filter((r) => r.pickupLocal.date >= from && r.pickupLocal.date <= to);
    expect(ids(all)).toEqual(ids(expected));
    const times = all.map((r) => r.pickupLocal.time);
    // Midnight at the start and 23:59 at the end of the range are in it.
    expect(times).toContain('00:00');
    expect(times).toContain('23:59');
    // One day only.
    const one = (await walk({ from, to: from })).flatMap((p) => p.items);
    expect(ids(one)).toEqual(ids(open.filter((r) => r.pickupLocal.date === from)));
    // Only a start, only an end.
    expect(ids((await walk({ from: sydneyDateIn(15) })).flatMap((p) => p.items))).toEqual(
      ids(open.filter((r) => r.pickupLocal.date >= sydneyDateIn(15))),
    );
    expect(ids((await walk({ to: sydneyDateIn(10) })).flatMap((p) => p.items))).toEqual(
      ids(open.filter((r) => r.pickupLocal.date <= sydneyDateIn(10))),
    );
  });

  it('near a locality within a radius (straight line from the pickup)', async () => {
    const centre = find('Nelson Bay', '2315')!;
    for (const radiusKm of [3, 10, 40]) {
      const all = (await walk({ near: 'NELSON BAY|2315', radiusKm })).flatMap((p) => p.items);
      const expected = open.filter((r) => haversineKm(centre, r.pickup) <= radiusKm);
      expect(ids(all), `${radiusKm} km`).toEqual(ids(expected));
    }
    // 10 km: the Tomaree peninsula, not the airport or Newcastle.
    const near = (await walk({ near: 'Nelson Bay|2315', radiusKm: 10 })).flatMap((p) => p.items);
    expect(new Set(near.map((r) => r.pickup.locality))).toEqual(
      new Set(['Nelson Bay', 'Shoal Bay', 'Salamander Bay']),
    );
    // The default radius is 25 km.
    const byDefault = (await walk({ near: 'Nelson Bay|2315' })).flatMap((p) => p.items);
    expect(ids(byDefault)).toEqual(ids(open.filter((r) => haversineKm(centre, r.pickup) <= 25)));
  });

  it('passengers: the driver’s seats, so requests for at most that many', async () => {
    for (const seats of [1, 3, 7]) {
      const all = (await walk({ passengers: seats })).flatMap((p) => p.items);
      expect(ids(all), `${seats} seats`).toEqual(ids(open.filter((r) => r.passengers <= seats)));
    }
  });

  it('filters combine, and page together', async () => {
    const from = sydneyDateIn(10);
    const to = sydneyDateIn(14);
    const centre = find('Nelson Bay', '2315')!;
    const all = (await walk({ from, to, near: 'Nelson Bay|2315', radiusKm: 40, passengers: 5 })).flatMap(
      (p) => p.items,
    );
    const expected = open.filter(
      (r) =>
        r.pickupLocal.date >= from &&
        r.pickupLocal.date <= to &&
        haversineKm(centre, r.pickup) <= 40 &&
        r.passengers <= 5,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(all)).toEqual(ids(expected));
  });

  it('shows the driver’s own live quote, and the customer’s visible rating', async () => {
    const target = open[3]!;
    const quoteId = await insertQuote(server.db, target.id, driverId, { priceCents: 12345 });
    await insertQuote(server.db, open[4]!.id, driverId, { status: 'withdrawn' });
    // Someone else's quote is not "mine".
    const other = await signedInClient(server, { userType: 'driver' });
    await insertQuote(server.db, open[5]!.id, other.userId);
    // A completed trip rated 4 stars by its driver 8 days ago (visible after 7 days).
    const { ride: past } = await postRide(customer, { date: sydneyDateIn(30) });
    const { bookingId } = await insertBooking(server.db, past.id, customerId, other.userId);
    await server.db.execute(sql`update rides set status = 'completed' where id = ${past.id}`);
    await server.db.execute(sql`update bookings set status = 'completed' where id = ${bookingId}`);
    await server.db.execute(sql`insert into ratings (booking_id, rater_id, ratee_id, stars, created_at)
      values (${bookingId}, ${other.userId}, ${customerId}, 4, now() - interval '8 days')`);

    const items = (await walk()).flatMap((p) => p.items);
    const mine = items.filter((r) => r.myQuote !== null);
    expect(mine.map((r) => r.id)).toEqual([target.id]);
    expect(mine[0]!.myQuote).toEqual({
      id: quoteId,
      status: 'pending',
      priceCents: 12345,
      pairTotalCents: null,
    });
    expect(items.find((r) => r.id === open[5]!.id)).toMatchObject({ myQuote: null, liveQuoteCount: 1 });
    for (const r of items) expect(r.customer).toEqual({ firstName: 'Mia', rating: { average: 4, count: 1 } });
    // The request's own page says the same to the driver.
    const res = await driver.get(`/api/rides/${target.id}`);
    expect(((await res.json()) as { ride: Item }).ride.myQuote).toEqual({
      id: quoteId,
      status: 'pending',
      priceCents: 12345,
      pairTotalCents: null,
    });
  });

  it('an admin may look too; a customer may not (403), nor a guest (401)', async () => {
    expect((await get({}, admin)).status).toBe(200);
    const res = await get({}, customer);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect((await get({}, server.client())).status).toBe(401);
  });

  describe('bad filters: 400 with a message, never 500', () => {
    it.each([
      ['an unknown place', { near: 'Atlantis|2999' }, MARKETPLACE_MESSAGES.pickupRequired],
      ['a place without postcode', { near: 'Nelson Bay' }, MARKETPLACE_MESSAGES.pickupRequired],
      ['a radius of 0', { near: 'Nelson Bay|2315', radiusKm: 0 }, MARKETPLACE_MESSAGES.radius],
      ['a radius of "far"', { near: 'Nelson Bay|2315', radiusKm: 'far' }, MARKETPLACE_MESSAGES.radius],
      ['0 seats', { passengers: 0 }, MARKETPLACE_MESSAGES.passengersFilter],
      ['2.5 seats', { passengers: 2.5 }, MARKETPLACE_MESSAGES.passengersFilter],
      ['a date that is not one', { from: 'tomorrow' }, MARKETPLACE_MESSAGES.dateFilter],
      ['30 February', { from: '2027-02-30' }, MARKETPLACE_MESSAGES.dateFilter],
      ['an end before the start', { from: '2027-05-02', to: '2027-05-01' }, MARKETPLACE_MESSAGES.dateRange],
      ['a forged cursor', { cursor: 'bm90IGEgY3Vyc29y' }, MARKETPLACE_MESSAGES.cursor],
      ['a cursor that is not base64url', { cursor: '%%%' }, MARKETPLACE_MESSAGES.cursor],
      [
        'a cursor with a bad date',
        {
          cursor: Buffer.from('2027-13-45T00:00:00.000Z|00000000-0000-4000-8000-000000000000').toString(
            'base64url',
          ),
        },
        MARKETPLACE_MESSAGES.cursor,
      ],
    ])('%s', async (_name, query, message) => {
      const res = await get(query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'validation', message });
    });
  });
});
