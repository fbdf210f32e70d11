import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RideDto } from '../../src/shared/marketplace/api.ts';
import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  resetFloodLimits,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import {
  changeoverSundays,
  insertBooking,
  insertQuote,
  NELSON_BAY,
  notificationsAbout,
  postRide,
  rideBody,
  setAvailability,
  sydneyDateIn,
  WILLIAMTOWN,
} from './ride-fixtures.ts';

const NOT_FOUND = { code: 'not_found', message: 'Not found' };
const FORBIDDEN = { code: 'forbidden', message: "You don't have permission to perform this action." };

describe.each(databaseKinds())('trip requests (%s)', (kind) => {
  let server: TestServer;
  let customer: TestClient;
  let customerId: string;
  let customerEmail: string;
  let other: TestClient;
  let driver: TestClient;
  let driverId: string;
  let admin: TestClient;

  const countRides = async () =>
    Number(
      (
        await rows<{ n: number }>(
          server.db,
          sql`select count(*)::int as n from rides where customer_id = ${customerId}`,
        )
      )[0]!.n,
    );

  // The tests post far more trips than one customer would in an hour (the limit: floods.test.ts).
  beforeEach(() => resetFloodLimits(server.db));
  beforeAll(async () => {
    server = await startServer(kind);
    const c = await signedInClient(server, {
      userType: 'customer',
      fullName: 'Cara Quintessa-Longbottom',
      phone: '0412 345 678',
    });
    customer = c.client;
    customerId = c.userId;
    customerEmail = c.email;
    other = (await signedInClient(server, { userType: 'customer', fullName: 'Otto Other' })).client;
    const d = await signedInClient(server, { userType: 'driver', fullName: 'Dana Driver' });
    driver = d.client;
    driverId = d.userId;
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('POST /api/rides', () => {
    it('stores the request: places from the gazetteer, UTC pickup, distance, budget in cents', async () => {
      const date = sydneyDateIn(9);
      const { ride, returnRide } = await postRide(customer, {
        pickup: { locality: 'NELSON BAY', postcode: '2315', address: ' 12 Stockton Street ' },
        date,
        time: '14:45',
        budget: '82.50' as unknown as number,
      });
      expect(returnRide).toBeNull();
      expect(ride).toMatchObject({
        status: 'open',
        pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
        destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
        pickupLocal: { date, time: '14:45' },
        passengers: 2,
        luggageBags: 2,
        largeItems: ['surfboard'],
        budgetCents: 8250,
        notes: 'Two surfboards in bags.',
        flightNumber: 'QF1504',
        version: 1,
        outboundRideId: null,
        returnRideId: null,
        liveQuoteCount: 0,
        bookingId: null,
        customer: { firstName: 'Cara', rating: { average: null, count: 0 } },
      });
      // Nelson Bay to Williamtown: about 30 km in a straight line, 1.3 times that by road.
      expect(ride.distanceKm).toBeGreaterThan(35);
      expect(ride.distanceKm).toBeLessThan(45);
      expect(ride.indicativePriceCents).toBe(Math.round(ride.distanceKm * 150));
      const [row] = await rows<{ pickup_at: Date; budget_cents: number; pickup_lat: number }>(
        server.db,
        sql`select pickup_at, budget_cents, pickup_lat from rides where id = ${ride.id}`,
      );
      expect(new Date(row!.pickup_at).toISOString()).toBe(ride.pickupAt);
      expect(utcToSydney(ride.pickupAt)).toMatchObject({ date, time: '14:45' });
      expect(row!.budget_cents).toBe(8250);
      expect(row!.pickup_lat).toBeCloseTo(-32.715, 3);
    });

    it('a return trip creates a second, linked request with the places swapped, in one go', async () => {
      const before = await countRides();
      const { ride, returnRide } = await postRide(customer, {
        date: sydneyDateIn(10),
        time: '08:00',
        passengers: 4,
        returnTrip: { date: sydneyDateIn(14), time: '17:15' },
      });
      expect(returnRide).not.toBeNull();
      expect(ride.returnRideId).toBe(returnRide!.id);
      expect(ride.outboundRideId).toBeNull();
      expect(returnRide).toMatchObject({
        outboundRideId: ride.id,
        returnRideId: null,
        pickup: { ...WILLIAMTOWN, address: 'Newcastle Airport' },
        destination: { ...NELSON_BAY, address: '12 Stockton Street' },
        pickupLocal: { date: sydneyDateIn(14), time: '17:15' },
        passengers: 4,
        luggageBags: 2,
        largeItems: ['surfboard'],
        budgetCents: 8000,
        notes: 'Two surfboards in bags.',
        distanceKm: ride.distanceKm,
      });
      expect(await countRides()).toBe(before + 2);
      const [db] = await rows<{ outbound_ride_id: string }>(
        server.db,
        sql`select outbound_ride_id from rides where id = ${returnRide!.id}`,
      );
      expect(db!.outbound_ride_id).toBe(ride.id);
      // Reading the outbound leg later still links the return leg.
      const res = await customer.get(`/api/rides/${ride.id}`);
      expect(((await res.json()) as { ride: RideDto }).ride.returnRideId).toBe(returnRide!.id);
    });

    describe('validation: 400 with the message word for word, nothing stored', () => {
      const soon = () => utcToSydney(new Date(Date.now() + 60 * 60_000));
      const cases: [string, () => Record<string, unknown>, string, string][] = [
        [
          'same pickup and destination',
          () => ({ destination: { ...NELSON_BAY, address: '12 Stockton Street' } }),
          'destination',
          MARKETPLACE_MESSAGES.samePlace,
        ],
        [
          'a pickup one hour from now',
          () => ({ date: soon().date, time: soon().time }),
          'time',
          MARKETPLACE_MESSAGES.tooSoon,
        ],
        ['a pickup in the past', () => ({ date: '2020-01-01' }), 'time', MARKETPLACE_MESSAGES.tooSoon],
        ['0 passengers', () => ({ passengers: 0 }), 'passengers', MARKETPLACE_MESSAGES.passengers],
        ['51 passengers', () => ({ passengers: 51 }), 'passengers', MARKETPLACE_MESSAGES.passengers],
        ['2.5 passengers', () => ({ passengers: 2.5 }), 'passengers', MARKETPLACE_MESSAGES.passengers],
        ['a budget of 0', () => ({ budget: 0 }), 'budget', MARKETPLACE_MESSAGES.budget],
        ['a budget of -5', () => ({ budget: -5 }), 'budget', MARKETPLACE_MESSAGES.budget],
        ['a budget of 1.234', () => ({ budget: 1.234 }), 'budget', MARKETPLACE_MESSAGES.budget],
        ['a budget of "abc"', () => ({ budget: 'abc' }), 'budget', MARKETPLACE_MESSAGES.budget],
        ['no date', () => ({ date: undefined }), 'date', MARKETPLACE_MESSAGES.dateRequired],
        ['a time of 9:30', () => ({ time: '9:30' }), 'time', MARKETPLACE_MESSAGES.timeRequired],
        ['31 April', () => ({ date: '2027-04-31' }), 'time', MARKETPLACE_MESSAGES.invalidDateTime],
        [
          '02:30 on the October changeover (the skipped hour)',
          () => ({ date: '2027-10-03', time: '02:30' }),
          'time',
          MARKETPLACE_MESSAGES.invalidDateTime,
        ],
        [
          'a return before the outbound',
          () => ({
            date: sydneyDateIn(10),
            time: '10:00',
            returnTrip: { date: sydneyDateIn(10), time: '09:00' },
          }),
          'returnTrip.time',
          MARKETPLACE_MESSAGES.returnAfterOutbound,
        ],
        ['no pickup', () => ({ pickup: undefined }), 'pickup', MARKETPLACE_MESSAGES.pickupRequired],
        [
          'a bad flight number',
          () => ({ flightNumber: 'flight 1' }),
          'flightNumber',
          MARKETPLACE_MESSAGES.flightNumber,
        ],
      ];
      it.each(cases)('%s', async (_name, overrides, path, message) => {
        const before = await countRides();
        const res = await customer.post('/api/rides', { ...rideBody(), ...overrides() });
        expect(res.status).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe('validation');
        expect(error.message).toBe(message);
        expect(error.issues?.[0]).toEqual({ path, message });
        expect(await countRides()).toBe(before);
      });

      it('a suburb not in the gazetteer: the pickup and destination messages', async () => {
        const before = await countRides();
        let res = await customer.post(
          '/api/rides',
          rideBody({ pickup: { locality: 'Atlantis', postcode: '2315' } }),
        );
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toEqual({
          code: 'validation',
          message: MARKETPLACE_MESSAGES.pickupRequired,
          issues: [{ path: 'pickup', message: MARKETPLACE_MESSAGES.pickupRequired }],
        });
        // A real locality with the wrong postcode is not a place either.
        res = await customer.post(
          '/api/rides',
          rideBody({ destination: { locality: 'Williamtown', postcode: '2000' } }),
        );
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(MARKETPLACE_MESSAGES.destinationRequired);
        expect(await countRides()).toBe(before);
      });

      it('a body that is not JSON, or not an object: 400, never 500', async () => {
        for (const body of ['{not json', '[]', 'null', '"text"']) {
          const res = await customer.request('/api/rides', {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.status, body).toBe(400);
          expect((await errorOf(res)).code).toBe('validation');
        }
      });
    });

    it('keeps the Sydney wall-clock time across the daylight-saving changes', async () => {
      const sundays = changeoverSundays();
      // In 2027: first Sunday of April, clocks go back (AEDT +11 -> AEST +10) at 03:00.
      const april = await postRide(customer, { date: sundays.april.date, time: '09:30' });
      expect(april.ride.pickupAt).toBe(sundays.april.utc0930);
      expect(april.ride.pickupLocal).toEqual({ date: sundays.april.date, time: '09:30' });
      // First Sunday of October, clocks go forward (AEST +10 -> AEDT +11) at 02:00.
      const october = await postRide(customer, { date: sundays.october.date, time: '09:30' });
      expect(october.ride.pickupAt).toBe(sundays.october.utc0930);
      expect(october.ride.pickupLocal).toEqual({ date: sundays.october.date, time: '09:30' });
      // The stored instants, and reading them back.
      const stored = await rows<{ id: string; utc: string }>(
        server.db,
        sql`select id, to_char(pickup_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc from rides
            where id in (${april.ride.id}, ${october.ride.id})`,
      );
      expect(Object.fromEntries(stored.map((r) => [r.id, r.utc]))).toEqual({
        [april.ride.id]: sundays.april.utc0930.slice(0, 16),
        [october.ride.id]: sundays.october.utc0930.slice(0, 16),
      });
      for (const { ride } of [april, october]) {
        const res = await customer.get(`/api/rides/${ride.id}`);
        expect(((await res.json()) as { ride: RideDto }).ride.pickupLocal.time).toBe('09:30');
      }
    });

    it('the changeover Sundays are the dates of the spec while they are ahead', () => {
      if (Date.now() < Date.parse('2027-04-01')) {
        expect(changeoverSundays()).toEqual({
          april: { date: '2027-04-04', utc0930: '2027-04-03T23:30:00.000Z' },
          october: { date: '2027-10-03', utc0930: '2027-10-02T22:30:00.000Z' },
        });
      }
    });

    it('a driver cannot post a request (403), a guest must sign in (401)', async () => {
      let res = await driver.post('/api/rides', rideBody());
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual(FORBIDDEN);
      res = await server.client().post('/api/rides', rideBody());
      expect(res.status).toBe(401);
      expect((await rows(server.db, sql`select 1 from rides where customer_id = ${driverId}`)).length).toBe(
        0,
      );
    });
  });

  describe('reading', () => {
    let ride: RideDto;
    beforeAll(async () => {
      ({ ride } = await postRide(customer, { date: sydneyDateIn(20), time: '11:00' }));
    });

    it('GET /api/rides lists only my requests, newest pickup first, with quote counts and bookings', async () => {
      const quoted = (await postRide(customer, { date: sydneyDateIn(21), time: '07:00' })).ride;
      await insertQuote(server.db, quoted.id, driverId);
      const booked = (await postRide(customer, { date: sydneyDateIn(22), time: '07:00' })).ride;
      const { bookingId } = await insertBooking(server.db, booked.id, customerId, driverId);
      await postRide(other, { date: sydneyDateIn(23), time: '07:00' });

      const res = await customer.get('/api/rides');
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: RideDto[] };
      expect(items).toHaveLength(await countRides());
      const times = items.map((r) => r.pickupAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(items.find((r) => r.id === quoted.id)).toMatchObject({ liveQuoteCount: 1, bookingId: null });
      expect(items.find((r) => r.id === booked.id)).toMatchObject({ status: 'booked', bookingId });
      expect(items.find((r) => r.id === ride.id)).toMatchObject({ liveQuoteCount: 0, bookingId: null });
      // Addresses are the customer's own: shown to them.
      expect(items[0]!.pickup.address).not.toBe('');
    });

    it("another customer's request reads as 404, everywhere", async () => {
      for (const res of [
        await other.get(`/api/rides/${ride.id}`),
        await other.get(`/api/rides/${ride.id}/matches`),
        await other.request(`/api/rides/${ride.id}`, { method: 'PATCH', body: rideBody() }),
        await other.post(`/api/rides/${ride.id}/cancel`, { reason: 'Not mine' }),
      ]) {
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual(NOT_FOUND);
      }
      const [row] = await rows<{ status: string }>(
        server.db,
        sql`select status from rides where id = ${ride.id}`,
      );
      expect(row!.status).toBe('open');
    });

    it('ids that are not uuids, or unknown: 404, never 500', async () => {
      for (const id of ['nope', '1', "1' or 1=1", '00000000-0000-0000-0000-000000000000', `${ride.id}x`]) {
        const res = await admin.get(`/api/rides/${encodeURIComponent(id)}`);
        expect(res.status, id).toBe(404);
        expect((await customer.get(`/api/rides/${encodeURIComponent(id)}/matches`)).status, id).toBe(404);
        expect(
          (await customer.post(`/api/rides/${encodeURIComponent(id)}/cancel`, { reason: 'why not' })).status,
        ).toBe(404);
      }
    });

    it('an admin reads any request', async () => {
      const res = await admin.get(`/api/rides/${ride.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ride: RideDto }).ride.id).toBe(ride.id);
    });

    it('a driver reads an open request: first name and rating, no contact details, no street address', async () => {
      const res = await driver.get(`/api/rides/${ride.id}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const body = JSON.parse(text) as { ride: RideDto };
      expect(body.ride.customer).toEqual({ firstName: 'Cara', rating: { average: null, count: 0 } });
      expect(body.ride.myQuote).toBeNull();
      expect(body.ride.pickup.address).toBe('');
      expect(body.ride.destination.address).toBe('');
      expect(text).not.toContain('@');
      expect(text).not.toContain(customerEmail);
      expect(text).not.toContain('Quintessa');
      expect(text).not.toContain('Longbottom');
      expect(text).not.toMatch(/0412|345 678/);
      expect(text).not.toContain('Stockton Street');
      expect(text).not.toContain(customerId);
    });

    it('a driver reads a closed request only when they quoted on it', async () => {
      const { ride: closed } = await postRide(customer, { date: sydneyDateIn(24) });
      await server.db.execute(sql`update rides set status = 'cancelled' where id = ${closed.id}`);
      expect((await driver.get(`/api/rides/${closed.id}`)).status).toBe(404);
      await insertQuote(server.db, closed.id, driverId, { status: 'declined' });
      const res = await driver.get(`/api/rides/${closed.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ride: RideDto }).ride.status).toBe('cancelled');
    });

    it('the driver of the booking sees the street addresses', async () => {
      const { ride: r } = await postRide(customer, { date: sydneyDateIn(25) });
      await insertBooking(server.db, r.id, customerId, driverId);
      const res = await driver.get(`/api/rides/${r.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { ride: RideDto };
      expect(body.ride.pickup.address).toBe('12 Stockton Street');
      expect(JSON.stringify(body)).not.toContain('@');
    });
  });

  describe('matching drivers', () => {
    it('counts and notifies exactly the drivers whose day, hours and seats cover the trip', async () => {
      // A Sunday at 09:30 in Sydney that is still Saturday (23:30) in UTC: 4 April 2027.
      const sunday = changeoverSundays().april.date;
      const specs = {
        sundayAllDay: { days: ['sun'], hours: { start: '09:00', end: '17:00' }, capacity: 4, match: true },
        startsAtPickup: {
          days: ['sat', 'sun'],
          hours: { start: '09:30', end: '10:00' },
          capacity: 3,
          match: true,
        },
        saturdayOnly: { days: ['sat'], hours: { start: '00:00', end: '23:59' }, capacity: 4, match: false },
        startsLater: { days: ['sun'], hours: { start: '10:00', end: '17:00' }, capacity: 4, match: false },
        endsAtPickup: { days: ['sun'], hours: { start: '08:00', end: '09:30' }, capacity: 4, match: false },
        tooSmall: { days: ['sun'], hours: { start: '09:00', end: '17:00' }, capacity: 2, match: false },
      };
      const ids: Record<string, string> = {};
      for (const [name, spec] of Object.entries(specs)) {
        const d = await signedInClient(server, {
          userType: 'driver',
          fullName: `Driver ${name.replace(/[A-Z]/g, '')}`,
        });
        await setAvailability(d.client, spec.days, spec.hours, spec.capacity);
        ids[name] = d.userId;
      }
      const { ride } = await postRide(customer, { date: sunday, time: '09:30', passengers: 3 });
      const expected = Object.entries(specs)
        .filter(([, s]) => s.match)
        .map(([name]) => ids[name]!)
        .sort();

      const notes = await notificationsAbout(server.db, ride.id);
      expect(notes.map((n) => n.user_id).sort()).toEqual(expected);
      for (const n of notes) {
        expect(n.type).toBe('ride_matched');
        expect(n.title).toBe('New trip request');
        expect(n.message).toContain('Nelson Bay to Newcastle Airport');
        expect(n.message).toContain('3 passengers');
      }
      const res = await customer.get(`/api/rides/${ride.id}/matches`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ count: 2 });
      expect(await (await admin.get(`/api/rides/${ride.id}/matches`)).json()).toEqual({ count: 2 });
      // A driver may not ask.
      expect((await driver.get(`/api/rides/${ride.id}/matches`)).status).toBe(404);

      // Four passengers: only the 4-seater is left.
      const { ride: bigger } = await postRide(customer, { date: sunday, time: '09:45', passengers: 4 });
      expect(await (await customer.get(`/api/rides/${bigger.id}/matches`)).json()).toEqual({ count: 1 });
      expect((await notificationsAbout(server.db, bigger.id)).map((n) => n.user_id)).toEqual([
        ids.sundayAllDay,
      ]);
    });
  });

  describe('PATCH /api/rides/:id', () => {
    const edit = (ride: RideDto, changes: Record<string, unknown> = {}) => ({
      pickup: ride.pickup,
      destination: ride.destination,
      date: ride.pickupLocal.date,
      time: ride.pickupLocal.time,
      passengers: ride.passengers,
      luggageBags: ride.luggageBags,
      largeItems: ride.largeItems,
      budget: ride.budgetCents! / 100,
      notes: ride.notes,
      flightNumber: ride.flightNumber,
      ...changes,
    });
    const quoteStatus = async (id: string) =>
      (await rows<{ status: string }>(server.db, sql`select status from quotes where id = ${id}`))[0]!.status;

    it('a change of time bumps the version and sends every live quote back to its driver', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(30) });
      const quoteId = await insertQuote(server.db, ride.id, driverId);
      const res = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, { time: '10:15' }),
      });
      expect(res.status).toBe(200);
      const updated = ((await res.json()) as { ride: RideDto }).ride;
      expect(updated).toMatchObject({ version: 2, pickupLocal: { time: '10:15' }, liveQuoteCount: 1 });
      expect(await quoteStatus(quoteId)).toBe('needs_confirmation');
      const notes = (await notificationsAbout(server.db, ride.id)).filter((n) => n.user_id === driverId);
      expect(notes.map((n) => n.type)).toEqual(['quote_needs_confirmation']);
    });

    it.each([
      ['the pickup', { pickup: { locality: 'Shoal Bay', postcode: '2315', address: '' } }],
      ['the destination', { destination: { locality: 'Newcastle', postcode: '2300', address: '' } }],
      ['the passengers', { passengers: 5 }],
      ['the date', { date: sydneyDateIn(31) }],
    ])('changing %s is a new version', async (_what, changes) => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(30) });
      const quoteId = await insertQuote(server.db, ride.id, driverId);
      const res = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, changes),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ride: RideDto }).ride.version).toBe(2);
      expect(await quoteStatus(quoteId)).toBe('needs_confirmation');
    });

    it('budget, notes, luggage, flight and street address changes keep the version and the quotes', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(32) });
      const quoteId = await insertQuote(server.db, ride.id, driverId);
      const res = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, {
          budget: 120.5,
          notes: 'Also a pram.',
          luggageBags: 5,
          largeItems: ['pram'],
          flightNumber: 'JQ 451',
          pickup: { ...ride.pickup, address: '1 Victoria Parade' },
        }),
      });
      expect(res.status).toBe(200);
      const updated = ((await res.json()) as { ride: RideDto }).ride;
      expect(updated).toMatchObject({
        version: 1,
        budgetCents: 12050,
        notes: 'Also a pram.',
        luggageBags: 5,
        largeItems: ['pram'],
        flightNumber: 'JQ 451',
        pickup: { address: '1 Victoria Parade' },
      });
      expect(await quoteStatus(quoteId)).toBe('pending');
      // (ride_matched notes come from posting it, depending on the weekday: not from the edit.)
      const notes = await notificationsAbout(server.db, ride.id);
      expect(notes.filter((n) => n.type !== 'ride_matched')).toEqual([]);
    });

    it('bad input: 400 with the message, nothing changes', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(33) });
      const res = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, { passengers: 51, time: '10:00' }),
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(MARKETPLACE_MESSAGES.passengers);
      const unknown = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, { pickup: { locality: 'Atlantis', postcode: '2315' } }),
      });
      expect(unknown.status).toBe(400);
      expect((await errorOf(unknown)).message).toBe(MARKETPLACE_MESSAGES.pickupRequired);
      const [row] = await rows<{ passengers: number; version: number }>(
        server.db,
        sql`select passengers, version from rides where id = ${ride.id}`,
      );
      expect(row).toEqual({ passengers: 2, version: 1 });
    });

    it('a booked request cannot be changed: 409 conflict', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(34) });
      await server.db.execute(sql`update rides set status = 'booked' where id = ${ride.id}`);
      const res = await customer.request(`/api/rides/${ride.id}`, {
        method: 'PATCH',
        body: edit(ride, { budget: 999 }),
      });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message: MARKETPLACE_MESSAGES.rideBooked });
      const [row] = await rows<{ budget_cents: number }>(
        server.db,
        sql`select budget_cents from rides where id = ${ride.id}`,
      );
      expect(row!.budget_cents).toBe(8000);
    });

    it('a driver cannot edit (403)', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(35) });
      const res = await driver.request(`/api/rides/${ride.id}`, { method: 'PATCH', body: edit(ride) });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/rides/:id/cancel', () => {
    it('cancels an open request, declines its live quotes and tells their drivers', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(40) });
      const live = await insertQuote(server.db, ride.id, driverId);
      const d2 = await signedInClient(server, { userType: 'driver' });
      const withdrawn = await insertQuote(server.db, ride.id, d2.userId, { status: 'withdrawn' });

      const res = await customer.post(`/api/rides/${ride.id}/cancel`, { reason: '  Plans changed  ' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ride: RideDto }).ride).toMatchObject({
        status: 'cancelled',
        liveQuoteCount: 0,
      });
      const [row] = await rows<{ status: string; cancel_reason: string }>(
        server.db,
        sql`select status, cancel_reason from rides where id = ${ride.id}`,
      );
      expect(row).toEqual({ status: 'cancelled', cancel_reason: 'Plans changed' });
      const quotes = await rows<{ id: string; status: string }>(
        server.db,
        sql`select id, status from quotes where ride_id = ${ride.id}`,
      );
      expect(Object.fromEntries(quotes.map((q) => [q.id, q.status]))).toEqual({
        [live]: 'declined',
        [withdrawn]: 'withdrawn',
      });
      const declinedNotes = async () =>
        (await notificationsAbout(server.db, ride.id)).filter((n) => n.type !== 'ride_matched');
      expect((await declinedNotes()).map((n) => [n.user_id, n.type])).toEqual([[driverId, 'quote_declined']]);

      // Twice: 409, and the drivers are not told again.
      const again = await customer.post(`/api/rides/${ride.id}/cancel`, { reason: 'Plans changed' });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({ code: 'conflict', message: MARKETPLACE_MESSAGES.rideCancelled });
      expect(await declinedNotes()).toHaveLength(1);
    });

    it('needs a reason of at least 3 characters', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(41) });
      for (const body of [{}, { reason: '  ab ' }, { reason: 'x'.repeat(501) }]) {
        const res = await customer.post(`/api/rides/${ride.id}/cancel`, body);
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(MARKETPLACE_MESSAGES.cancelReason);
      }
      const [row] = await rows<{ status: string }>(
        server.db,
        sql`select status from rides where id = ${ride.id}`,
      );
      expect(row!.status).toBe('open');
    });

    it('a booked request is cancelled through its booking: 409 here', async () => {
      const { ride } = await postRide(customer, { date: sydneyDateIn(42) });
      await insertBooking(server.db, ride.id, customerId, driverId);
      const res = await customer.post(`/api/rides/${ride.id}/cancel`, { reason: 'Plans changed' });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message: MARKETPLACE_MESSAGES.rideBooked });
    });
  });
});
