/**
 * Issue 31 item 1: drivers' fare tables and instant booking. A verified driver keeps a table of fixed
 * prices (unverified drivers are refused, another driver's fare reads as 404, bad input is a 400 that
 * changes nothing); the price list finds every fare that prices a trip (places and areas, passengers, bags,
 * needs, days, hours, notice, the driver's availability and standing) with its parts (extra passengers,
 * child seats, after hours), cheapest first; the trip's customer books one at once: exactly one booking
 * however many try together, and a price changed in between answers 409 with the new price.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import { WEEKDAYS, type Weekday } from '../../src/shared/marketplace/constants.ts';
import { FARE_CONFLICTS, FARE_MESSAGES } from '../../src/shared/marketplace/fare-messages.ts';
import type { FareDto, InstantPriceDto } from '../../src/shared/marketplace/fares.ts';
import { nextDate, sydneyToday, sydneyToUtc, utcToSydney } from '../../src/shared/marketplace/time.ts';
import { NOT_VERIFIED_CODE } from '../../src/shared/marketplace/verification.ts';
import {
  databaseKinds,
  errorOf,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertQuote, insertRide, notificationsOf, type Place, statusOf } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
}

/** Newcastle Airport (a named place) and Nelson Bay (a locality), as the places search gives them. */
const AIRPORT = { name: 'Newcastle Airport (NTL)', lat: -32.795, lng: 151.834 };
const NELSON_BAY = { name: 'Nelson Bay', lat: -32.715, lng: 152.151 };
/** About 1 km of latitude. */
const KM = 1 / 111.32;

const place = (p: { name: string; lat: number; lng: number }, dLatKm = 0): Place => ({
  locality: p.name === NELSON_BAY.name ? 'NELSON BAY' : 'WILLIAMTOWN',
  postcode: p.name === NELSON_BAY.name ? '2315' : '2318',
  address: p.name,
  lat: p.lat + dLatKm * KM,
  lng: p.lng,
});

/** The instant `time` (Sydney) on the first `weekday` at least `daysAhead` days from today. */
function sydneyAt(weekday: Weekday, time: string, daysAhead = 3): Date {
  let date = sydneyToday();
  for (let i = 0; i < daysAhead; i += 1) date = nextDate(date);
  for (let i = 0; i < 7; i += 1) {
    const at = sydneyToUtc(date, time)!;
    if (WEEKDAYS[utcToSydney(at).weekday] === weekday) return at;
    date = nextDate(date);
  }
  throw new Error('unreachable');
}

describe.each(databaseKinds())('fare tables and instant booking (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;
  let driver2: Person;
  let unverified: Person;
  let vehicleId: string;
  let vehicle2Id: string;

  const vehicleOf = async (driverId: string) =>
    (await rows<{ id: string }>(server.db, sql`select id from vehicles where driver_id = ${driverId}`))[0]!
      .id;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, driver, driver2, unverified] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Coast Coaches' }),
      signedInClient(server, { userType: 'driver', fullName: 'Uma Unchecked', verified: false }),
    ]);
    // Available every day, all day (a new driver's availability is empty: never available).
    await server.db.execute(
      sql`update drivers set availability = '{"days":["mon","tue","wed","thu","fri","sat","sun"],"hours":{"start":"00:00","end":"23:59"}}'::jsonb`,
    );
    vehicleId = await vehicleOf(driver.userId);
    vehicle2Id = await vehicleOf(driver2.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const fareBody = (vehicle: string, over: Record<string, unknown> = {}) => ({
    vehicleId: vehicle,
    from: { ...AIRPORT, radiusKm: 2 },
    to: { ...NELSON_BAY, radiusKm: 5 },
    price: 139,
    maxPassengers: 6,
    maxBags: 6,
    days: [...WEEKDAYS],
    minNoticeMinutes: 120,
    ...over,
  });
  const createFare = async (who: Person, body: unknown): Promise<FareDto> => {
    const res = await who.client.post('/api/fares', body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { fare: FareDto }).fare;
  };
  const fareCount = async () =>
    (await rows<{ n: number }>(server.db, sql`select count(*)::int as n from fares`))[0]!.n;

  interface Trip {
    from?: { lat: number; lng: number };
    to?: { lat: number; lng: number };
    pickupAt?: Date;
    passengers?: number;
    bags?: number;
    extra?: Record<string, string>;
  }
  const pricesFor = async (t: Trip = {}): Promise<InstantPriceDto[]> => {
    const from = t.from ?? AIRPORT;
    const to = t.to ?? NELSON_BAY;
    const q = new URLSearchParams({
      pickupLat: String(from.lat),
      pickupLng: String(from.lng),
      destinationLat: String(to.lat),
      destinationLng: String(to.lng),
      pickupAt: (t.pickupAt ?? sydneyAt('tue', '09:00')).toISOString(),
      passengers: String(t.passengers ?? 2),
      bags: String(t.bags ?? 2),
      ...t.extra,
    });
    const res = await server.client().get(`/api/fares/prices?${q}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { items: InstantPriceDto[] }).items;
  };
  const ids = (items: InstantPriceDto[]) => items.map((i) => i.fareId);

  describe('the fare table', () => {
    it('an unverified driver and a customer are refused, and nothing is stored', async () => {
      const before = await fareCount();
      // The verification gate comes before any look at the vehicle.
      const res = await unverified.client.post('/api/fares', fareBody(vehicleId));
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe(NOT_VERIFIED_CODE);
      const res2 = await customer.client.post('/api/fares', fareBody(vehicleId));
      expect(res2.status).toBe(403);
      const guest = await server.client().post('/api/fares', fareBody(vehicleId));
      expect(guest.status).toBe(401);
      expect(await fareCount()).toBe(before);
    });

    it('bad input is a 400 naming the field, and changes nothing', async () => {
      const before = await fareCount();
      const cases: [unknown, string][] = [
        [fareBody(vehicleId, { days: [] }), FARE_MESSAGES.days],
        [fareBody(vehicleId, { price: 0 }), FARE_MESSAGES.price],
        [fareBody(vehicleId, { price: '139' }), FARE_MESSAGES.price],
        [fareBody(vehicleId, { from: { ...AIRPORT, radiusKm: 500 } }), FARE_MESSAGES.radius],
        [fareBody(vehicleId, { hoursStart: '25:00' }), FARE_MESSAGES.hours],
        [fareBody(vehicleId, { includedPassengers: 9 }), FARE_MESSAGES.includedPassengers],
        [
          fareBody(vehicleId, { afterHours: { start: '22:00', end: '22:00', price: 20 } }),
          FARE_MESSAGES.afterHours,
        ],
        // More passengers or bags than the vehicle carries (11 seats, 12 bags).
        [fareBody(vehicleId, { maxPassengers: 12 }), FARE_CONFLICTS.vehicleSeats(11)],
        [fareBody(vehicleId, { maxBags: 13 }), FARE_CONFLICTS.vehicleBags(12)],
        // Another driver's vehicle.
        [fareBody(vehicle2Id), FARE_CONFLICTS.vehicleNotYours],
        ['not json', ''],
      ];
      for (const [body, message] of cases) {
        const res = await driver.client.post('/api/fares', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        if (message) expect((await errorOf(res)).message).toBe(message);
      }
      expect(await fareCount()).toBe(before);
    });

    it('create, list, edit (the version goes up), retire; another driver reads 404', async () => {
      const fare = await createFare(
        driver,
        fareBody(vehicleId, { from: { ...AIRPORT, radiusKm: 3 }, childSeatPrice: 10 }),
      );
      expect(fare).toMatchObject({ version: 1, priceCents: 13900, childSeatCents: 1000, retiredAt: null });
      expect(fare.from).toEqual({ ...AIRPORT, radiusKm: 3 });

      const mine = (await (await driver.client.get('/api/fares/mine')).json()) as { items: FareDto[] };
      expect(mine.items.map((f) => f.id)).toContain(fare.id);
      const theirs = (await (await driver2.client.get('/api/fares/mine')).json()) as { items: FareDto[] };
      expect(theirs.items.map((f) => f.id)).not.toContain(fare.id);

      expect(
        (await driver2.client.request(`/api/fares/${fare.id}`, { method: 'PUT', body: fareBody(vehicle2Id) }))
          .status,
      ).toBe(404);
      expect((await driver2.client.post(`/api/fares/${fare.id}/retire`)).status).toBe(404);
      expect((await driver.client.post('/api/fares/not-a-uuid/retire')).status).toBe(404);

      const edited = await driver.client.request(`/api/fares/${fare.id}`, {
        method: 'PUT',
        body: fareBody(vehicleId, { price: 149 }),
      });
      expect(edited.status).toBe(200);
      expect(((await edited.json()) as { fare: FareDto }).fare).toMatchObject({
        version: 2,
        priceCents: 14900,
      });

      const retired = await driver.client.post(`/api/fares/${fare.id}/retire`);
      expect(retired.status).toBe(200);
      expect(((await retired.json()) as { fare: FareDto }).fare.retiredAt).not.toBeNull();
      const after = (await (await driver.client.get('/api/fares/mine')).json()) as { items: FareDto[] };
      expect(after.items.map((f) => f.id)).not.toContain(fare.id);
      const late = await driver.client.request(`/api/fares/${fare.id}`, {
        method: 'PUT',
        body: fareBody(vehicleId),
      });
      expect(late.status).toBe(409);
      expect((await errorOf(late)).message).toBe(FARE_CONFLICTS.retired);
    });
  });

  describe('the price list', () => {
    it('a named place and a locality, each within its radius', async () => {
      const fare = await createFare(driver, fareBody(vehicleId));
      expect(ids(await pricesFor())).toContain(fare.id);
      // 1.5 km from the airport point (radius 2) and 4 km from Nelson Bay's centre (radius 5): still in.
      expect(ids(await pricesFor({ from: place(AIRPORT, 1.5), to: place(NELSON_BAY, -4) }))).toContain(
        fare.id,
      );
      // 3 km from the airport, or 6 km from Nelson Bay: out.
      expect(ids(await pricesFor({ from: place(AIRPORT, 3) }))).not.toContain(fare.id);
      expect(ids(await pricesFor({ to: place(NELSON_BAY, -6) }))).not.toContain(fare.id);
      // The other way round is another fare.
      expect(ids(await pricesFor({ from: NELSON_BAY, to: AIRPORT }))).not.toContain(fare.id);
    });

    it('an area: within 20 km of a place', async () => {
      const fare = await createFare(
        driver,
        fareBody(vehicleId, { from: { name: 'Raymond Terrace', lat: -32.761, lng: 151.744, radiusKm: 20 } }),
      );
      // The airport is about 9 km from Raymond Terrace.
      expect(ids(await pricesFor())).toContain(fare.id);
      expect(ids(await pricesFor({ from: { lat: -32.761 + 25 * KM, lng: 151.744 } }))).not.toContain(fare.id);
    });

    it('a 100 km area holds a pickup 99 km away in every direction, and not one 101 km away', async () => {
      // The point `km` kilometres from (lat, lng) on `bearing` degrees, on the sphere the statement uses.
      const away = (lat: number, lng: number, km: number, bearing: number) => {
        const d = km / 6371;
        const [p1, l1, b] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180, (bearing * Math.PI) / 180];
        const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
        const l2 =
          l1 +
          Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
        return { lat: (p2 * 180) / Math.PI, lng: (l2 * 180) / Math.PI };
      };
      const centre = { lat: -32.761, lng: 151.744 };
      const fare = await createFare(
        driver,
        fareBody(vehicleId, { from: { name: 'Raymond Terrace', ...centre, radiusKm: 100 } }),
      );
      for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
        const near = away(centre.lat, centre.lng, 99, bearing);
        const far = away(centre.lat, centre.lng, 101, bearing);
        expect(ids(await pricesFor({ from: near })), `99 km at ${bearing} degrees`).toContain(fare.id);
        expect(ids(await pricesFor({ from: far })), `101 km at ${bearing} degrees`).not.toContain(fare.id);
      }
      expect((await driver.client.post(`/api/fares/${fare.id}/retire`)).status).toBe(200);
    });

    it('passengers and bags must fit the fare', async () => {
      const fare = await createFare(driver, fareBody(vehicleId, { maxPassengers: 4, maxBags: 3 }));
      expect(ids(await pricesFor({ passengers: 4, bags: 3 }))).toContain(fare.id);
      expect(ids(await pricesFor({ passengers: 5, bags: 3 }))).not.toContain(fare.id);
      expect(ids(await pricesFor({ passengers: 4, bags: 4 }))).not.toContain(fare.id);
    });

    it('needs: child seats need a child-seat price and seats in the vehicle; a wheelchair an accessible vehicle', async () => {
      const noSeats = await createFare(driver2, fareBody(vehicle2Id));
      const withSeats = await createFare(driver2, fareBody(vehicle2Id, { childSeatPrice: 15 }));
      const child = { extra: { childSeats: '1' } };
      // The vehicle carries no child seats yet.
      expect(ids(await pricesFor(child))).not.toContain(withSeats.id);
      await server.db.execute(sql`update vehicles set child_seats = 2 where id = ${vehicle2Id}`);
      await server.db.execute(
        sql`update drivers set offers = '{"childSeats":2,"boosterSeats":2}'::jsonb where user_id = ${driver2.userId}`,
      );
      const found = await pricesFor(child);
      expect(ids(found)).toContain(withSeats.id);
      expect(ids(found)).not.toContain(noSeats.id);
      const item = found.find((i) => i.fareId === withSeats.id)!;
      expect(item.priceCents).toBe(13900 + 1500);
      expect(item.parts.map((p) => p.kind)).toEqual(['base', 'child_seats']);

      const wheelchair = { extra: { wheelchair: 'seated' } };
      expect(ids(await pricesFor(wheelchair))).not.toContain(noSeats.id);
      await server.db.execute(sql`update vehicles set wheelchair_accessible = true where id = ${vehicle2Id}`);
      await server.db.execute(
        sql`update drivers set offers = offers || '{"wheelchair":"seated"}'::jsonb where user_id = ${driver2.userId}`,
      );
      expect(ids(await pricesFor(wheelchair))).toContain(noSeats.id);
      await server.db.execute(sql`update fares set retired_at = now() where driver_id = ${driver2.userId}`);
    });

    it('days, hours and minimum notice', async () => {
      const fare = await createFare(
        driver,
        fareBody(vehicleId, {
          days: ['mon', 'tue'],
          hoursStart: '06:00',
          hoursEnd: '10:00',
          minNoticeMinutes: 2880,
        }),
      );
      expect(ids(await pricesFor({ pickupAt: sydneyAt('tue', '07:30') }))).toContain(fare.id);
      expect(ids(await pricesFor({ pickupAt: sydneyAt('tue', '10:00') }))).toContain(fare.id);
      expect(ids(await pricesFor({ pickupAt: sydneyAt('wed', '07:30') }))).not.toContain(fare.id);
      expect(ids(await pricesFor({ pickupAt: sydneyAt('tue', '10:01') }))).not.toContain(fare.id);
      expect(ids(await pricesFor({ pickupAt: sydneyAt('mon', '05:59') }))).not.toContain(fare.id);
      // 2 days' notice: a pickup tomorrow is too soon.
      const tomorrow = new Date(Date.now() + 24 * 3_600_000);
      const night = await createFare(driver, fareBody(vehicleId, { minNoticeMinutes: 2880 }));
      expect(ids(await pricesFor({ pickupAt: tomorrow }))).not.toContain(night.id);
      expect(ids(await pricesFor({ pickupAt: new Date(Date.now() + 49 * 3_600_000) }))).toContain(night.id);
    });

    it("the driver's availability and standing", async () => {
      const fare = await createFare(driver2, fareBody(vehicle2Id));
      expect(ids(await pricesFor())).toContain(fare.id);
      await server.db.execute(
        sql`update drivers set availability = '{"days":["sat","sun"],"hours":{"start":"08:00","end":"18:00"}}'::jsonb where user_id = ${driver2.userId}`,
      );
      expect(ids(await pricesFor())).not.toContain(fare.id);
      expect(ids(await pricesFor({ pickupAt: sydneyAt('sat', '09:00') }))).toContain(fare.id);
      await server.db.execute(
        sql`update drivers set verification_status = 'suspended' where user_id = ${driver2.userId}`,
      );
      expect(ids(await pricesFor({ pickupAt: sydneyAt('sat', '09:00') }))).not.toContain(fare.id);
      await server.db.execute(
        sql`update drivers set verification_status = 'verified', availability = '{"days":["mon","tue","wed","thu","fri","sat","sun"],"hours":{"start":"00:00","end":"23:59"}}'::jsonb where user_id = ${driver2.userId}`,
      );
      await server.db.execute(sql`update fares set retired_at = now() where id = ${fare.id}`);
    });

    it('extras make up the price, line by line, cheapest first', async () => {
      // A route of its own (Anna Bay to Shoal Bay), so only these fares price it.
      const ANNA = { name: 'Anna Bay', lat: -32.78, lng: 152.085 };
      const SHOAL = { name: 'Shoal Bay', lat: -32.721, lng: 152.175 };
      const route = { from: { ...ANNA, radiusKm: 5 }, to: { ...SHOAL, radiusKm: 5 } };
      const extras = await createFare(
        driver,
        fareBody(vehicleId, {
          ...route,
          price: 100,
          includedPassengers: 2,
          extraPassengerPrice: 10,
          childSeatPrice: 12.5,
          afterHours: { start: '22:00', end: '05:00', price: 25 },
        }),
      );
      const cheap = await createFare(driver2, fareBody(vehicle2Id, { ...route, price: 120 }));
      await server.db.execute(
        sql`update drivers set offers = '{"childSeats":2,"boosterSeats":2}'::jsonb where user_id = ${driver.userId}`,
      );
      await server.db.execute(sql`update vehicles set child_seats = 2 where id = ${vehicleId}`);

      const day = await pricesFor({
        from: ANNA,
        to: SHOAL,
        passengers: 2,
        pickupAt: sydneyAt('thu', '12:00'),
      });
      expect(ids(day)).toEqual([extras.id, cheap.id]);
      expect(day[0]!.parts).toEqual([
        { kind: 'base', label: 'Fixed price for up to 2 passengers', cents: 10000 },
      ]);

      const night = await pricesFor({
        from: ANNA,
        to: SHOAL,
        passengers: 4,
        pickupAt: sydneyAt('thu', '04:30'),
        extra: { boosterSeats: '1' },
      });
      // 100 + 2 x 10 + 12.50 + 25 = 157.50; the other fare offers no child seats.
      expect(ids(night)).toEqual([extras.id]);
      expect(night[0]!.priceCents).toBe(15750);
      expect(night[0]!.parts.map((p) => [p.kind, p.cents])).toEqual([
        ['base', 10000],
        ['extra_passengers', 2000],
        ['child_seats', 1250],
        ['after_hours', 2500],
      ]);
      expect(night[0]!.driver.businessName).toBe('Bay Shuttles');
      expect(night[0]!.vehicleCard.seats).toBe(11);

      const evening = await pricesFor({
        from: ANNA,
        to: SHOAL,
        passengers: 4,
        pickupAt: sydneyAt('thu', '18:00'),
      });
      // 100 + 20 = 120 ties with the other fare's 120: both, each with its parts.
      expect(evening.map((i) => i.priceCents)).toEqual([12000, 12000]);
    });

    it('the statement sorts by the whole price: extras that reverse the base prices reverse the list', async () => {
      // The price list reads a page of the cheapest fares sorted in SQL (price-list.ts): its copy of the price
      // rule must agree with the TypeScript one, or the cheapest would be left off. Its own route.
      const FINGAL = { name: 'Fingal Bay', lat: -32.745, lng: 152.17 };
      const SALAMANDER = { name: 'Salamander Bay', lat: -32.72, lng: 152.08 };
      const route = { from: { ...FINGAL, radiusKm: 4 }, to: { ...SALAMANDER, radiusKm: 4 } };
      // Base prices 100 < 120 < 150.
      const perHead = await createFare(
        driver,
        fareBody(vehicleId, { ...route, price: 100, includedPassengers: 2, extraPassengerPrice: 30 }),
      );
      const late = await createFare(
        driver,
        fareBody(vehicleId, {
          ...route,
          price: 120,
          afterHours: { start: '22:00', end: '05:00', price: 50 },
        }),
      );
      const flat = await createFare(driver2, fareBody(vehicle2Id, { ...route, price: 150 }));
      const trip = { from: FINGAL, to: SALAMANDER, passengers: 4 };
      // Noon, 4 passengers: 120 (late), 150 (flat), 100 + 2 x 30 = 160 (per head).
      const noon = await pricesFor({ ...trip, pickupAt: sydneyAt('thu', '12:00') });
      expect(ids(noon)).toEqual([late.id, flat.id, perHead.id]);
      expect(noon.map((i) => i.priceCents)).toEqual([12000, 15000, 16000]);
      // 4:30 am: 150 (flat), 160 (per head), 120 + 50 = 170 (late).
      const night = await pricesFor({ ...trip, pickupAt: sydneyAt('thu', '04:30') });
      expect(ids(night)).toEqual([flat.id, perHead.id, late.id]);
      expect(night.map((i) => i.priceCents)).toEqual([15000, 16000, 17000]);
    });

    it('a malformed query is a 400, never a 500', async () => {
      for (const q of [
        'pickupLat=abc&pickupLng=151&destinationLat=-32&destinationLng=152&pickupAt=2030-01-01T00:00:00Z&passengers=2',
        'pickupLat=-32&pickupLng=151&destinationLat=-32&destinationLng=152&pickupAt=tomorrow&passengers=2',
        'pickupLat=-32&pickupLng=151&destinationLat=-32&destinationLng=152&pickupAt=2030-01-01T00:00:00Z&passengers=0',
        'pickupLat=-32&pickupLng=151&destinationLat=-32&destinationLng=152&pickupAt=2030-01-01T00:00:00Z&passengers=2&wheelchair=rocket',
        '',
      ]) {
        const res = await server.client().get(`/api/fares/prices?${q}`);
        expect(res.status, q).toBe(400);
      }
    });
  });

  describe('instant booking', () => {
    /** A fare on a route of its own, and an open trip of the customer's on it. */
    const setUp = async (dLat: number, price = 139) => {
      const from = { name: `Test ${dLat}`, lat: -33.5 + dLat, lng: 151.3 };
      const to = { name: `Dest ${dLat}`, lat: -33.9 + dLat, lng: 151.2 };
      const fare = await createFare(
        driver,
        fareBody(vehicleId, { from: { ...from, radiusKm: 3 }, to: { ...to, radiusKm: 3 }, price }),
      );
      const ride = await insertRide(server.db, customer.userId, {
        from: { locality: 'GOSFORD', postcode: '2250', address: '1 Main St', lat: from.lat, lng: from.lng },
        to: { locality: 'SYDNEY', postcode: '2000', address: '1 George St', lat: to.lat, lng: to.lng },
        pickupAt: sydneyAt('wed', '11:00'),
        passengers: 3,
      });
      return { fare, ride };
    };
    const book = (who: Person, rideId: string, body: unknown) =>
      who.client.post(`/api/rides/${rideId}/book-instant`, body);

    it("the trip's customer sees its prices and books one: the booking says 'instant', the driver is told", async () => {
      const { fare, ride } = await setUp(0.01);
      const other = await insertQuote(server.db, { rideId: ride.id, driverId: driver2.userId });
      const res = await customer.client.get(`/api/rides/${ride.id}/instant-prices`);
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: InstantPriceDto[] };
      expect(ids(items)).toEqual([fare.id]);
      expect((await otherCustomer.client.get(`/api/rides/${ride.id}/instant-prices`)).status).toBe(404);
      expect((await book(otherCustomer, ride.id, { fareId: fare.id, priceCents: 13900 })).status).toBe(404);

      const booked = await book(customer, ride.id, { fareId: fare.id, priceCents: items[0]!.priceCents });
      expect(booked.status, await booked.clone().text()).toBe(201);
      const { booking } = (await booked.json()) as { booking: BookingDto };
      expect(booking).toMatchObject({ origin: 'instant', priceCents: 13900, status: 'confirmed' });
      expect(booking.driver.id).toBe(driver.userId);
      const [quote] = await rows<{ status: string; fare_id: string; fare_version: number; message: string }>(
        server.db,
        sql`select status, fare_id, fare_version, message from quotes where id = ${booking.quoteId}`,
      );
      expect(quote).toMatchObject({ status: 'accepted', fare_id: fare.id, fare_version: 1 });
      expect(quote!.message).toBe("Instant price from Bay Shuttles's fares");
      expect(await statusOf(server, 'rides', ride.id)).toBe('booked');
      expect(await statusOf(server, 'quotes', other.id)).toBe('declined');
      const told = await notificationsOf(server, driver.userId, 'quote_accepted');
      expect(told.some((n) => n.related_id === booking.id)).toBe(true);

      // The same booking again (a double click): the same booking, 200, nothing new.
      const again = await book(customer, ride.id, { fareId: fare.id, priceCents: 13900 });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { booking: BookingDto }).booking.id).toBe(booking.id);
      // The trip is booked: no prices are offered any more.
      const none = (await (await customer.client.get(`/api/rides/${ride.id}/instant-prices`)).json()) as {
        items: InstantPriceDto[];
      };
      expect(none.items).toEqual([]);
    });

    it('a price changed in between answers 409 with the new price; booking at it then works', async () => {
      const { fare, ride } = await setUp(0.02);
      const edit = await driver.client.request(`/api/fares/${fare.id}`, {
        method: 'PUT',
        body: fareBody(vehicleId, { from: fare.from, to: fare.to, price: 149 }),
      });
      expect(edit.status).toBe(200);
      const stale = await book(customer, ride.id, { fareId: fare.id, priceCents: 13900 });
      expect(stale.status).toBe(409);
      const error = await errorOf(stale);
      expect(error.message).toBe(FARE_CONFLICTS.priceChanged('Bay Shuttles', 14900));
      expect(error.message).toContain('$149');
      expect(error.issues).toEqual([{ path: 'priceCents', message: '14900' }]);
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
      const fresh = await book(customer, ride.id, { fareId: fare.id, priceCents: 14900 });
      expect(fresh.status).toBe(201);
      const [q] = await rows<{ fare_version: number }>(
        server.db,
        sql`select fare_version from quotes where ride_id = ${ride.id} and status = 'accepted'`,
      );
      expect(q!.fare_version).toBe(2);
    });

    it('a retired fare, or bad input, books nothing', async () => {
      const { fare, ride } = await setUp(0.03);
      expect((await book(customer, ride.id, { fareId: 'nope', priceCents: 13900 })).status).toBe(400);
      expect((await book(customer, ride.id, { fareId: fare.id })).status).toBe(400);
      await driver.client.post(`/api/fares/${fare.id}/retire`);
      const res = await book(customer, ride.id, { fareId: fare.id, priceCents: 13900 });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(FARE_CONFLICTS.unavailable);
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    });

    it('an Idempotency-Key retry gets the same answer, replayed', async () => {
      const { fare, ride } = await setUp(0.05);
      const headers = { 'idempotency-key': `instant-${ride.id}` };
      const body = { fareId: fare.id, priceCents: 13900 };
      const first = await customer.client.post(`/api/rides/${ride.id}/book-instant`, body, { headers });
      expect(first.status).toBe(201);
      const again = await customer.client.post(`/api/rides/${ride.id}/book-instant`, body, { headers });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const a = ((await first.json()) as { booking: BookingDto }).booking;
      const b = ((await again.json()) as { booking: BookingDto }).booking;
      expect(b.id).toBe(a.id);
    });

    it('100 concurrent instant bookings of one trip make exactly one booking; the rest 409', async () => {
      const { fare, ride } = await setUp(0.04);
      const fare2 = await createFare(
        driver2,
        fareBody(vehicle2Id, { from: fare.from, to: fare.to, price: 150 }),
      );
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          book(
            customer,
            ride.id,
            i % 2 ? { fareId: fare.id, priceCents: 13900 } : { fareId: fare2.id, priceCents: 15000 },
          ),
        ),
      );
      const statuses = results.map((r) => r.status);
      const created = statuses.filter((s) => s === 201).length;
      const retried = statuses.filter((s) => s === 200).length;
      // One booking; a request for the winning fare that arrives after it reads as the same booking (200).
      expect(created).toBe(1);
      expect(statuses.filter((s) => s !== 201 && s !== 200 && s !== 409)).toEqual([]);
      expect(statuses.filter((s) => s === 409).length + retried).toBe(99);
      const [{ n }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from bookings where ride_id = ${ride.id}`,
      )) as [{ n: number }];
      expect(n).toBe(1);
      const [{ q }] = (await rows<{ q: number }>(
        server.db,
        sql`select count(*)::int as q from quotes where ride_id = ${ride.id} and status = 'accepted'`,
      )) as [{ q: number }];
      expect(q).toBe(1);
    });
  });
});
