import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteDto, RideDto } from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../src/shared/marketplace/booking.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
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
import {
  expectNoContact,
  HIACE,
  HOUR,
  hoursFromNow,
  insertDriver,
  insertQuote,
  insertRide,
  notificationsOf,
  setVehicle,
  statusOf,
} from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

const FORBIDDEN = { code: 'forbidden', message: "You don't have permission to perform this action." };
const NOT_FOUND = { code: 'not_found', message: 'Not found' };

describe.each(databaseKinds())('quotes (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;
  let driver2: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, driver, driver2, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 345 678' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
        phone: '0498 765 432',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId, HIACE);
    await setVehicle(server.db, driver2.userId, {
      make: 'Mercedes-Benz',
      model: 'Sprinter',
      color: 'silver',
      registration: 'BAY22',
      capacity: 20,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const submit = (who: Person, body: Record<string, unknown>) => who.client.post('/api/quotes', body);
  const liveQuotes = (rideId: string, driverId: string) =>
    rows<{ id: string; price_cents: number }>(
      server.db,
      sql`select id, price_cents from quotes where ride_id = ${rideId} and driver_id = ${driverId}
          and status in ('pending', 'needs_confirmation')`,
    );

  describe('submitting a quote', () => {
    it('201 with the defaults: the vehicle from the profile, valid until 2 hours before pickup (issue 31), the current trip version; the customer is told', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(72), version: 3 });
      const res = await submit(driver, {
        rideId: ride.id,
        price: 85,
        message: 'Door to door, bags included.',
      });
      expect(res.status).toBe(201);
      const { quote } = (await res.json()) as { quote: QuoteDto };
      expect(quote).toMatchObject({
        rideId: ride.id,
        status: 'pending',
        priceCents: 8500,
        message: 'Door to door, bags included.',
        vehicle: 'Toyota HiAce, white, ABC123, 12 seats',
        rideVersion: 3,
        driver: {
          id: driver.userId,
          companyName: 'Port Stephens Shuttles',
          firstName: 'Dana',
          avatarUrl: null,
          rating: { average: null, count: 0 },
          completedTrips: 0,
        },
      });
      // Issue 31: no longer 24 hours by default, but until 2 hours before pickup.
      expect(new Date(quote.validUntil).getTime()).toBe(ride.pickupAt.getTime() - 2 * HOUR);
      const [note] = await notificationsOf(server, customer.userId, 'quote_received');
      expect(note).toMatchObject({
        title: 'New quote',
        message: 'Port Stephens Shuttles quoted $85.00 for your trip Nelson Bay to Newcastle Airport.',
        related_id: ride.id,
      });
    });

    it('quoting again changes the live quote: 200, the same quote, still one live quote; the customer is told', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const first = await submit(driver, { rideId: ride.id, price: 90, message: 'First offer' });
      expect(first.status).toBe(201);
      const { quote: q1 } = (await first.json()) as { quote: QuoteDto };
      const second = await submit(driver, {
        rideId: ride.id,
        price: '82.50',
        message: 'Better offer',
        // The quote describes the vehicle it names (issue 13), not free text.
        vehicle: 'Toyota HiAce, white, ABC123, 12 seats',
      });
      expect(second.status).toBe(200);
      const { quote: q2 } = (await second.json()) as { quote: QuoteDto };
      expect(q2).toMatchObject({
        id: q1.id,
        priceCents: 8250,
        message: 'Better offer',
        // The quote describes the vehicle it names (issue 13), not free text.
        vehicle: 'Toyota HiAce, white, ABC123, 12 seats',
      });
      expect(await liveQuotes(ride.id, driver.userId)).toEqual([{ id: q1.id, price_cents: 8250 }]);
      const updates = (await notificationsOf(server, customer.userId, 'quote_updated')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(updates.map((n) => n.message)).toEqual([
        'Port Stephens Shuttles changed their quote to $82.50 for your trip Nelson Bay to Newcastle Airport.',
      ]);
    });

    it('ten changes at once still leave exactly one live quote', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          submit(driver2, { rideId: ride.id, price: 70 + i, message: `Offer ${i}` }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      expect(await liveQuotes(ride.id, driver2.userId)).toHaveLength(1);
    });

    it('the validity defaults to 2 hours before pickup when that is sooner, and to the pickup when it is under 2 hours away', async () => {
      const soon = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(10) });
      const res = await submit(driver, { rideId: soon.id, price: 60, message: 'Tonight' });
      const { quote } = (await res.json()) as { quote: QuoteDto };
      expect(new Date(quote.validUntil).getTime()).toBe(soon.pickupAt.getTime() - 2 * HOUR);

      const verySoon = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(1) });
      const res2 = await submit(driver, { rideId: verySoon.id, price: 60, message: 'Within the hour' });
      expect(res2.status).toBe(201);
      const { quote: q2 } = (await res2.json()) as { quote: QuoteDto };
      expect(new Date(q2.validUntil).getTime()).toBe(verySoon.pickupAt.getTime());

      const chosen = new Date(Date.now() + 5 * HOUR);
      const res3 = await submit(driver2, {
        rideId: soon.id,
        price: 61,
        message: 'Valid for 5 hours',
        validUntil: chosen.toISOString(),
      });
      expect(res3.status).toBe(201);
      expect(((await res3.json()) as { quote: QuoteDto }).quote.validUntil).toBe(chosen.toISOString());
    });

    it.each([
      ['a zero price', { price: 0 }, MARKETPLACE_MESSAGES.price],
      ['a negative price', { price: -5 }, MARKETPLACE_MESSAGES.price],
      ['a price that is not a number', { price: 'eighty' }, MARKETPLACE_MESSAGES.price],
      ['a price with fractions of a cent', { price: 12.345 }, MARKETPLACE_MESSAGES.price],
      ['no message', { message: '' }, MARKETPLACE_MESSAGES.quoteMessage],
      ['a message over 500 characters', { message: 'x'.repeat(501) }, MARKETPLACE_MESSAGES.quoteMessage],
      ['a validity that is not a date', { validUntil: 'tomorrow' }, MARKETPLACE_MESSAGES.validUntil],
      [
        'a validity in the past',
        { validUntil: new Date(Date.now() - HOUR).toISOString() },
        MARKETPLACE_MESSAGES.validUntil,
      ],
      [
        'a validity later than 2 hours before pickup',
        { validUntil: new Date(Date.now() + 71 * HOUR).toISOString() },
        MARKETPLACE_MESSAGES.validUntil,
      ],
    ])('%s: 400 with the message, word for word, and nothing saved', async (_name, change, message) => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(72) });
      const res = await submit(driver, { rideId: ride.id, price: 80, message: 'Fine', ...change });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation');
      expect(error.message).toBe(message);
      expect(await liveQuotes(ride.id, driver.userId)).toEqual([]);
    });

    it.each([
      ['booked', MARKETPLACE_CONFLICTS.alreadyBooked],
      ['cancelled', MARKETPLACE_CONFLICTS.rideNotOpen],
      ['expired', MARKETPLACE_CONFLICTS.rideNotOpen],
      ['completed', MARKETPLACE_CONFLICTS.rideNotOpen],
    ])('a %s request takes no quotes: 409', async (status, message) => {
      const ride = await insertRide(server.db, customer.userId, { status });
      const res = await submit(driver, { rideId: ride.id, price: 80, message: 'Late' });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message });
      expect(await liveQuotes(ride.id, driver.userId)).toEqual([]);
    });

    it('an open request whose pickup has passed takes no quotes: 409', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(-1) });
      const res = await submit(driver, { rideId: ride.id, price: 80, message: 'Late' });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message: MARKETPLACE_CONFLICTS.pickupPassed });
    });

    it('a customer cannot quote (403), a guest must sign in (401), an unknown request is 404', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const asCustomer = await submit(otherCustomer, { rideId: ride.id, price: 80, message: 'Me too' });
      expect(asCustomer.status).toBe(403);
      expect(await errorOf(asCustomer)).toEqual(FORBIDDEN);
      const asGuest = await server
        .client()
        .post('/api/quotes', { rideId: ride.id, price: 80, message: 'Hi' });
      expect(asGuest.status).toBe(401);
      for (const rideId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await submit(driver, { rideId, price: 80, message: 'Hi' });
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual(NOT_FOUND);
      }
      const [{ n }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from quotes where ride_id = ${ride.id}`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });
  });

  describe('reading quotes', () => {
    it('the customer sees the quotes side by side: live ones first by price, with company, first name, rating and completed trips, and no contact detail', async () => {
      const ride = await insertRide(server.db, customer.userId);
      // driver2's record: one completed trip, rated 4 stars by its customer (both sides rated: visible).
      const past = await insertRide(server.db, otherCustomer.userId, { status: 'completed' });
      const pastQuote = await insertQuote(server.db, {
        rideId: past.id,
        driverId: driver2.userId,
        status: 'accepted',
      });
      await server.db.execute(sql`
        with b as (
          insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement, accepted_at, completed_at)
          values (${past.id}, ${pastQuote.id}, ${otherCustomer.userId}, ${driver2.userId}, 'completed', 8500, 'Agreed fare', now(), now())
          returning id
        )
        insert into ratings (booking_id, rater_id, ratee_id, stars)
        select id, ${otherCustomer.userId}::uuid, ${driver2.userId}::uuid, 4 from b
        union all select id, ${driver2.userId}::uuid, ${otherCustomer.userId}::uuid, 5 from b`);
      const withdrawnDriver = await insertDriver(server.db, { fullName: 'Wendy Withdrawn' });
      await insertQuote(server.db, {
        rideId: ride.id,
        driverId: withdrawnDriver,
        priceCents: 5000,
        status: 'withdrawn',
      });
      expect((await submit(driver, { rideId: ride.id, price: 95, message: 'Premium' })).status).toBe(201);
      expect((await submit(driver2, { rideId: ride.id, price: 80, message: 'Value' })).status).toBe(201);

      const res = await customer.client.get(`/api/quotes?rideId=${ride.id}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const { items } = JSON.parse(text) as { items: QuoteDto[] };
      expect(items.map((q) => [q.driver.firstName, q.status, q.priceCents])).toEqual([
        ['Ned', 'pending', 8000],
        ['Dana', 'pending', 9500],
        ['Wendy', 'withdrawn', 5000],
      ]);
      expect(items[0]!.driver).toEqual({
        id: driver2.userId,
        businessName: 'Bay Coaches',
        companyName: 'Bay Coaches',
        firstName: 'Ned',
        avatarUrl: null,
        verifiedAt: expect.any(String),
        rating: { average: 4, count: 1 },
        completedTrips: 1,
        memberSince: expect.any(String),
        medianQuoteMinutes: expect.any(Number),
      });
      expect(items[0]!.vehicle).toBe('Mercedes-Benz Sprinter, silver, BAY22, 20 seats');
      expectNoContact(text, { email: driver.email, phone: '0498 765 432', surname: 'Driverson' });
      expectNoContact(text, { email: driver2.email, surname: 'Kellyson' });
    });

    it("the driver's own quotes come with their request: the customer's first name, no contact detail, no street address", async () => {
      const ride = await insertRide(server.db, customer.userId);
      const created = await submit(driver, { rideId: ride.id, price: 77, message: 'Mine' });
      const { quote } = (await created.json()) as { quote: QuoteDto };
      const res = await driver.client.get('/api/quotes/mine');
      expect(res.status).toBe(200);
      const text = await res.text();
      const { items } = JSON.parse(text) as { items: (QuoteDto & { ride: RideDto })[] };
      expect(items[0]).toMatchObject({ id: quote.id, priceCents: 7700 });
      expect(items[0]!.ride).toMatchObject({
        id: ride.id,
        status: 'open',
        // Street addresses come with the booking; before it, the localities only.
        pickup: { locality: 'NELSON BAY', postcode: '2315', address: '' },
        destination: { locality: 'WILLIAMTOWN', postcode: '2318', address: '' },
        customer: { firstName: 'Cara' },
        liveQuoteCount: 1,
        bookingId: null,
      });
      expect(items.every((q) => q.driver.id === driver.userId)).toBe(true);
      expectNoContact(text, { email: customer.email, phone: '0412 345 678', surname: 'Whitfield' });
      expect((await customer.client.get('/api/quotes/mine')).status).toBe(403);
    });

    it("another customer and a driver cannot read a request's quotes (404), a guest must sign in, an admin can", async () => {
      const ride = await insertRide(server.db, customer.userId);
      await submit(driver, { rideId: ride.id, price: 80, message: 'Hi' });
      for (const who of [otherCustomer, driver, driver2]) {
        const res = await who.client.get(`/api/quotes?rideId=${ride.id}`);
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual(NOT_FOUND);
      }
      expect((await server.client().get(`/api/quotes?rideId=${ride.id}`)).status).toBe(401);
      const asAdmin = await admin.client.get(`/api/quotes?rideId=${ride.id}`);
      expect(asAdmin.status).toBe(200);
      expect(((await asAdmin.json()) as { items: QuoteDto[] }).items).toHaveLength(1);
      expect((await customer.client.get('/api/quotes')).status).toBe(404);
      expect((await customer.client.get('/api/quotes?rideId=nope')).status).toBe(404);
    });
  });

  describe('withdrawing and confirming', () => {
    it('the driver withdraws a live quote (the customer is told), can quote again, and nobody else can withdraw it', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const { quote } = (await (
        await submit(driver, { rideId: ride.id, price: 80, message: 'Hi' })
      ).json()) as {
        quote: QuoteDto;
      };
      const byOther = await driver2.client.post(`/api/quotes/${quote.id}/withdraw`);
      expect(byOther.status).toBe(404);
      const byCustomer = await customer.client.post(`/api/quotes/${quote.id}/withdraw`);
      expect(byCustomer.status).toBe(403);

      const res = await driver.client.post(`/api/quotes/${quote.id}/withdraw`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { quote: QuoteDto }).quote.status).toBe('withdrawn');
      const told = (await notificationsOf(server, customer.userId, 'quote_updated')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(told.map((n) => n.title)).toEqual(['Quote withdrawn']);

      const again = await driver.client.post(`/api/quotes/${quote.id}/withdraw`);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({ code: 'conflict', message: MARKETPLACE_CONFLICTS.quoteNotLive });

      const renewed = await submit(driver, { rideId: ride.id, price: 78, message: 'Back again' });
      expect(renewed.status).toBe(201);
      expect(((await renewed.json()) as { quote: QuoteDto }).quote.id).not.toBe(quote.id);
    });

    it('after the customer changed the trip, the quote cannot be accepted until the driver confirms it for the new version', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const { quote } = (await (
        await submit(driver, { rideId: ride.id, price: 80, message: 'Hi' })
      ).json()) as {
        quote: QuoteDto;
      };
      // What an edit of route, time or passengers does (the rides module's job).
      await server.db.execute(sql`update rides set version = version + 1 where id = ${ride.id}`);
      await server.db.execute(sql`update quotes set status = 'needs_confirmation' where id = ${quote.id}`);

      const early = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
      expect(early.status).toBe(409);
      expect(await errorOf(early)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.needsConfirmation,
      });

      expect((await driver2.client.post(`/api/quotes/${quote.id}/confirm`, {})).status).toBe(404);
      const bad = await driver.client.post(`/api/quotes/${quote.id}/confirm`, { price: 0 });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe(MARKETPLACE_MESSAGES.price);

      const confirmed = await driver.client.post(`/api/quotes/${quote.id}/confirm`, { price: 88 });
      expect(confirmed.status).toBe(200);
      expect(((await confirmed.json()) as { quote: QuoteDto }).quote).toMatchObject({
        id: quote.id,
        status: 'pending',
        rideVersion: 2,
        priceCents: 8800,
        message: 'Hi',
      });
      const told = (await notificationsOf(server, customer.userId, 'quote_updated')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(told.map((n) => n.message)).toEqual([
        'Port Stephens Shuttles confirmed their quote of $88.00 for your trip Nelson Bay to Newcastle Airport.',
      ]);

      const accepted = await customer.client.post(`/api/quotes/${quote.id}/accept`, {
        acceptFare: true,
        priceCents: 8800,
      });
      expect(accepted.status).toBe(201);
      expect(await statusOf(server, 'quotes', quote.id)).toBe('accepted');
    });

    it('a pending quote that priced an older version of the trip cannot be accepted either', async () => {
      const ride = await insertRide(server.db, customer.userId, { version: 2 });
      const q = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId, rideVersion: 1 });
      const res = await customer.client.post(`/api/quotes/${q.id}/accept`, { acceptFare: true });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.needsConfirmation,
      });
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    });
  });
});
