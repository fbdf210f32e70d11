import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, QuoteDto } from '../../src/shared/marketplace/api.ts';
import {
  ACCEPT_MESSAGES,
  fareStatement,
  MARKETPLACE_CONFLICTS,
} from '../../src/shared/marketplace/booking.ts';
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
  hoursFromNow,
  insertDriver,
  insertQuote,
  insertRide,
  notificationsOf,
  type RideFields,
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
const ALREADY_BOOKED = { code: 'conflict', message: MARKETPLACE_CONFLICTS.alreadyBooked };
const CUSTOMER_PHONE = '0412 345 678';
/** As stored and returned (E.164). */
const CUSTOMER_E164 = '+61412345678';
const DRIVER_PHONE = '0498 765 432';
const DRIVER_E164 = '+61498765432';

describe.each(databaseKinds())('bookings (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;
  let driver2: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, driver, driver2, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: CUSTOMER_PHONE }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
        phone: DRIVER_PHONE,
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const accept = (who: Person, quoteId: string, body: Record<string, unknown> = { acceptFare: true }) =>
    who.client.post(`/api/quotes/${quoteId}/accept`, body);

  /** A request of the customer with a quote from `driver` (and one from driver2), booked with `driver`. */
  async function bookedRide(fields: RideFields = {}) {
    const ride = await insertRide(server.db, customer.userId, fields);
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 8500,
    });
    const other = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver2.userId,
      priceCents: 9900,
    });
    const res = await accept(customer, quote.id, { acceptFare: true, priceCents: 8500 });
    if (res.status !== 201) throw new Error(`accept answered ${res.status}: ${await res.text()}`);
    const { booking } = (await res.json()) as { booking: BookingDto };
    return { ride, quote, other, booking };
  }

  const getBooking = async (who: Person, id: string) => {
    const res = await who.client.get(`/api/bookings/${id}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { booking: BookingDto }).booking;
  };

  describe('accepting a quote', () => {
    it("only the request's customer accepts: a driver gets 403, another customer 404, an unticked fare 400", async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
      const byDriver = await accept(driver, quote.id);
      expect(byDriver.status).toBe(403);
      expect(await errorOf(byDriver)).toEqual(FORBIDDEN);
      const byOther = await accept(otherCustomer, quote.id);
      expect(byOther.status).toBe(404);
      expect(await errorOf(byOther)).toEqual(NOT_FOUND);
      const byAdmin = await accept(admin, quote.id);
      expect(byAdmin.status).toBe(404);
      for (const body of [{}, { acceptFare: false }, { acceptFare: 'yes' }]) {
        const res = await accept(customer, quote.id, body);
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(ACCEPT_MESSAGES.acceptFare);
      }
      expect(
        (await server.client().post(`/api/quotes/${quote.id}/accept`, { acceptFare: true })).status,
      ).toBe(401);
      expect((await accept(customer, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
      expect(await statusOf(server, 'quotes', quote.id)).toBe('pending');
    });

    it('creates the booking with the written fare statement, declines the other quotes and tells every driver', async () => {
      const pickupAt = new Date(Date.UTC(2027, 3, 3, 22, 30)); // Sunday 4 April 2027, 8:30 am in Sydney (clocks went back at 3 am)
      const ride = await insertRide(server.db, customer.userId, { pickupAt });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        priceCents: 8500,
      });
      const other = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver2.userId,
        priceCents: 9900,
      });
      const thirdDriver = await insertDriver(server.db);
      const third = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: thirdDriver,
        priceCents: 7000,
        status: 'needs_confirmation',
      });

      const res = await accept(customer, quote.id, { acceptFare: true, priceCents: 8500 });
      expect(res.status).toBe(201);
      const { booking } = (await res.json()) as { booking: BookingDto };
      const statement =
        'Agreed fare: $85.00 AUD for this trip (Nelson Bay to Newcastle Airport, Sun 4 Apr 2027 8:30 am). ' +
        'This is the most you can be asked to pay. You pay the driver directly; ShuttleQuote takes no payment.';
      expect(
        fareStatement({
          priceCents: 8500,
          pickupLocality: 'NELSON BAY',
          destinationLocality: 'WILLIAMTOWN',
          destinationName: 'Newcastle Airport (NTL)',
          pickupAt,
          brandName: 'ShuttleQuote',
        }),
      ).toBe(statement);
      expect(booking).toMatchObject({
        status: 'confirmed',
        quoteId: quote.id,
        priceCents: 8500,
        fareStatement: statement,
        viewerRole: 'customer',
        canCancel: true,
        canComplete: false,
        canRate: false,
        ride: {
          id: ride.id,
          status: 'booked',
          pickupAt: pickupAt.toISOString(),
          pickupLocal: { date: '2027-04-04', time: '08:30' },
        },
        driver: {
          id: driver.userId,
          companyName: 'Port Stephens Shuttles',
          bspNumber: 'BSP-12345',
          vehicle: {
            make: 'Toyota',
            model: 'HiAce',
            year: 2022,
            color: 'white',
            registration: 'ABC123',
            capacity: 12,
          },
        },
      });
      expect(booking.ride.bookingId).toBe(booking.id);
      expect(Date.now() - new Date(booking.acceptedAt).getTime()).toBeLessThan(60_000);
      expect(booking.history).toEqual([
        { type: 'booked', at: expect.any(String), by: 'customer', note: statement },
      ]);

      expect(await statusOf(server, 'rides', ride.id)).toBe('booked');
      expect(await statusOf(server, 'quotes', quote.id)).toBe('accepted');
      expect(await statusOf(server, 'quotes', other.id)).toBe('declined');
      expect(await statusOf(server, 'quotes', third.id)).toBe('declined');
      const [won] = await notificationsOf(server, driver.userId, 'quote_accepted');
      expect(won).toMatchObject({ related_id: booking.id, title: 'Quote accepted: new booking' });
      for (const loser of [driver2.userId, thirdDriver]) {
        const declined = await notificationsOf(server, loser, 'quote_declined');
        expect(declined.filter((n) => n.related_id === ride.id)).toHaveLength(1);
      }

      // The request is taken: a declined quote is refused; the same quote again (a retry whose answer was
      // lost) answers 200 with the booking it made, and books nothing new.
      const declined = await accept(customer, other.id);
      expect(declined.status).toBe(409);
      expect(await errorOf(declined)).toEqual(ALREADY_BOOKED);
      const again = await accept(customer, quote.id);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { booking: BookingDto }).booking.id).toBe(booking.id);
    });

    it('contact details: nowhere before the booking, both sides afterwards, and only for the two sides (and an admin)', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quoted = await driver.client.post('/api/quotes', {
        rideId: ride.id,
        price: 85,
        message: 'Door to door',
      });
      const { quote } = (await quoted.json()) as { quote: QuoteDto };

      const customerView = await (await customer.client.get(`/api/quotes?rideId=${ride.id}`)).text();
      expectNoContact(customerView, { email: driver.email, phone: DRIVER_PHONE, surname: 'Driverson' });
      const driverView = await (await driver.client.get('/api/quotes/mine')).text();
      expectNoContact(driverView, { email: customer.email, phone: CUSTOMER_PHONE, surname: 'Whitfield' });

      const res = await accept(customer, quote.id);
      expect(res.status).toBe(201);
      const { booking: created } = (await res.json()) as { booking: BookingDto };
      const driverContact = {
        name: 'Dana Driverson',
        email: driver.email,
        phone: DRIVER_E164,
        avatarUrl: null,
      };
      const customerContact = {
        name: 'Cara Whitfield',
        email: customer.email,
        phone: CUSTOMER_E164,
        avatarUrl: null,
      };
      for (const [who, role] of [
        [customer, 'customer'],
        [driver, 'driver'],
        [admin, 'admin'],
      ] as const) {
        const booking = await getBooking(who, created.id);
        expect(booking.viewerRole).toBe(role);
        expect(booking.driver.contact).toEqual(driverContact);
        expect(booking.customer).toEqual({ id: customer.userId, contact: customerContact });
      }
      // The driver now also sees the street addresses of the trip beside the quote.
      const mineAfter = (await (await driver.client.get('/api/quotes/mine')).json()) as {
        items: (QuoteDto & { ride: BookingDto['ride'] })[];
      };
      expect(mineAfter.items.find((q) => q.id === quote.id)!.ride.pickup.address).toBe('35 Stockton St');
      expect(JSON.parse(driverView).items.find((q: QuoteDto) => q.id === quote.id).ride.pickup.address).toBe(
        '',
      );
      for (const who of [otherCustomer, driver2]) {
        const denied = await who.client.get(`/api/bookings/${created.id}`);
        expect(denied.status).toBe(404);
        expect(await errorOf(denied)).toEqual(NOT_FOUND);
      }
      for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
        expect((await customer.client.get(`/api/bookings/${id}`)).status).toBe(404);
      }
      expect((await server.client().get(`/api/bookings/${created.id}`)).status).toBe(401);
    });

    it('the price the customer saw is the price booked: a quote changed in the meantime is refused', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        priceCents: 8500,
      });
      await driver.client.post('/api/quotes', { rideId: ride.id, price: 120, message: 'Price went up' });
      const res = await accept(customer, quote.id, { acceptFare: true, priceCents: 8500 });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message: MARKETPLACE_CONFLICTS.priceChanged });
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    });

    it('50 accepts at once, for one quote and for the other quotes of the request: exactly one booking, never a 500', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quoteIds: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const driverId = await insertDriver(server.db, { companyName: `Racer ${i}` });
        quoteIds.push(
          (await insertQuote(server.db, { rideId: ride.id, driverId, priceCents: 8000 + i * 100 })).id,
        );
      }
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => accept(customer, quoteIds[i % 5 === 0 ? 0 : i % 5]!)),
      );
      const statuses = answers.map((r) => r.status);
      // One accept wins (201); the other 9 accepts of the winning quote are the same customer's retries and
      // get its booking (200); the 40 accepts of the other quotes lose (409).
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      for (const res of answers.filter((r) => r.status === 409)) {
        expect(await errorOf(res)).toEqual(ALREADY_BOOKED);
      }
      const winners = await Promise.all(
        answers
          .filter((r) => r.status === 200 || r.status === 201)
          .map(async (r) => ((await r.json()) as { booking: BookingDto }).booking.id),
      );
      expect(new Set(winners).size).toBe(1);
      const [{ n }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from bookings where ride_id = ${ride.id}`,
      )) as [{ n: number }];
      expect(n).toBe(1);
      const quoteStatuses = await rows<{ status: string }>(
        server.db,
        sql`select status from quotes where ride_id = ${ride.id} order by status`,
      );
      expect(quoteStatuses.map((q) => q.status)).toEqual([
        'accepted',
        'declined',
        'declined',
        'declined',
        'declined',
      ]);
      expect(await statusOf(server, 'rides', ride.id)).toBe('booked');
    });

    it("an expired quote cannot be accepted: 'This quote has expired.'", async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
      await server.db.execute(
        sql`update quotes set valid_until = now() - interval '1 minute' where id = ${quote.id}`,
      );
      const res = await accept(customer, quote.id);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message: 'This quote has expired.' });
      // And once the sweep has marked it expired.
      await server.db.execute(sql`update quotes set status = 'expired' where id = ${quote.id}`);
      const swept = await accept(customer, quote.id);
      expect(await errorOf(swept)).toEqual({ code: 'conflict', message: 'This quote has expired.' });
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    });

    it('a withdrawn quote, or one on a request whose pickup has passed, cannot be accepted', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const withdrawn = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        status: 'withdrawn',
      });
      const res = await accept(customer, withdrawn.id);
      expect(await errorOf(res)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.quoteNotAvailable,
      });
      const late = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(-1) });
      const lateQuote = await insertQuote(server.db, { rideId: late.id, driverId: driver.userId });
      const res2 = await accept(customer, lateQuote.id);
      expect(await errorOf(res2)).toEqual({ code: 'conflict', message: MARKETPLACE_CONFLICTS.pickupPassed });
    });
  });

  describe('the agreed fare is final', () => {
    it('SQL refuses to change a booking fare or an accepted quote; the API has no way to, and refuses to re-quote', async () => {
      const { ride, quote, booking } = await bookedRide();
      await expect(
        server.db.execute(sql`update bookings set price_cents = 9999 where id = ${booking.id}`),
      ).rejects.toThrow();
      await expect(
        server.db.execute(
          sql`update bookings set fare_statement = 'Agreed fare: $1.00' where id = ${booking.id}`,
        ),
      ).rejects.toThrow();
      await expect(
        server.db.execute(sql`update quotes set price_cents = 9999 where id = ${quote.id}`),
      ).rejects.toThrow();
      await expect(
        server.db.execute(sql`update quotes set status = 'pending' where id = ${quote.id}`),
      ).rejects.toThrow();

      const requote = await driver.client.post('/api/quotes', {
        rideId: ride.id,
        price: 150,
        message: 'More',
      });
      expect(requote.status).toBe(409);
      expect(await errorOf(requote)).toEqual(ALREADY_BOOKED);
      for (const action of ['confirm', 'withdraw']) {
        const res = await driver.client.post(`/api/quotes/${quote.id}/${action}`, { price: 150 });
        expect(res.status).toBe(409);
      }
      const after = await getBooking(customer, booking.id);
      expect(after.priceCents).toBe(8500);
      expect(after.fareStatement).toBe(booking.fareStatement);
      const [q] = await rows<{ price_cents: number; status: string }>(
        server.db,
        sql`select price_cents, status from quotes where id = ${quote.id}`,
      );
      expect(q).toEqual({ price_cents: 8500, status: 'accepted' });
    });
  });

  describe('cancelling', () => {
    it('the driver cancels: the request reopens, the other drivers who quoted are invited, and one can be booked', async () => {
      const { ride, booking } = await bookedRide();
      const res = await driver.client.post(`/api/bookings/${booking.id}/cancel`, {
        reason: 'Van broke down',
      });
      expect(res.status).toBe(200);
      const { booking: cancelled } = (await res.json()) as { booking: BookingDto };
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Van broke down',
        canCancel: false,
        canComplete: false,
        priceCents: 8500,
      });
      expect(cancelled.history.map((e) => [e.type, e.by, e.note])).toEqual([
        ['booked', 'customer', booking.fareStatement],
        ['cancelled', 'driver', 'Van broke down'],
      ]);
      expect(await statusOf(server, 'rides', ride.id)).toBe('open');
      const told = (await notificationsOf(server, customer.userId, 'booking_cancelled')).filter(
        (n) => n.related_id === booking.id,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain('Van broke down');
      const invited = (await notificationsOf(server, driver2.userId, 'quote_invited')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(invited).toHaveLength(1);
      expect(
        (await notificationsOf(server, driver.userId, 'quote_invited')).filter(
          (n) => n.related_id === ride.id,
        ),
      ).toEqual([]);

      // driver2 quotes again (its old quote was declined) and the customer books it.
      const renewed = await driver2.client.post('/api/quotes', {
        rideId: ride.id,
        price: 95,
        message: 'Still keen',
      });
      expect(renewed.status).toBe(201);
      const { quote } = (await renewed.json()) as { quote: QuoteDto };
      const rebooked = await accept(customer, quote.id, { acceptFare: true, priceCents: 9500 });
      expect(rebooked.status).toBe(201);
      const counts = await rows<{ status: string }>(
        server.db,
        sql`select status from bookings where ride_id = ${ride.id} order by created_at`,
      );
      expect(counts.map((b) => b.status)).toEqual(['cancelled', 'confirmed']);
    });

    it('the customer cancels: the request is cancelled and the driver told; twice is 409; a reason is required', async () => {
      const { ride, booking } = await bookedRide();
      const noReason = await customer.client.post(`/api/bookings/${booking.id}/cancel`, { reason: ' x ' });
      expect(noReason.status).toBe(400);
      expect((await errorOf(noReason)).message).toBe(MARKETPLACE_MESSAGES.cancelReason);
      const byOther = await otherCustomer.client.post(`/api/bookings/${booking.id}/cancel`, {
        reason: 'Not mine',
      });
      expect(byOther.status).toBe(404);
      const byAdmin = await admin.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Not theirs' });
      expect(byAdmin.status).toBe(404);

      const res = await customer.client.post(`/api/bookings/${booking.id}/cancel`, {
        reason: 'Flight cancelled',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { booking: BookingDto }).booking.status).toBe('cancelled');
      expect(await statusOf(server, 'rides', ride.id)).toBe('cancelled');
      const told = (await notificationsOf(server, driver.userId, 'booking_cancelled')).filter(
        (n) => n.related_id === booking.id,
      );
      expect(told.map((n) => n.title)).toEqual(['The customer cancelled the booking']);
      expect(
        (await notificationsOf(server, driver2.userId, 'quote_invited')).filter(
          (n) => n.related_id === ride.id,
        ),
      ).toEqual([]);

      const twice = await driver.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Me too' });
      expect(twice.status).toBe(409);
      expect(await errorOf(twice)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.bookingNotCancellable,
      });
    });
  });

  describe('completing', () => {
    it('only the driver, only after the pickup time; then both are asked to rate', async () => {
      const { ride, booking } = await bookedRide();
      const early = await driver.client.post(`/api/bookings/${booking.id}/complete`);
      expect(early.status).toBe(409);
      expect(await errorOf(early)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.completeBeforePickup,
      });
      expect((await getBooking(driver, booking.id)).canComplete).toBe(false);

      await server.db.execute(
        sql`update rides set pickup_at = now() - interval '1 hour' where id = ${ride.id}`,
      );
      const byCustomer = await customer.client.post(`/api/bookings/${booking.id}/complete`);
      expect(byCustomer.status).toBe(403);
      expect(await errorOf(byCustomer)).toEqual(FORBIDDEN);
      expect((await driver2.client.post(`/api/bookings/${booking.id}/complete`)).status).toBe(404);
      expect((await getBooking(driver, booking.id)).canComplete).toBe(true);
      expect((await getBooking(customer, booking.id)).canComplete).toBe(false);

      const res = await driver.client.post(`/api/bookings/${booking.id}/complete`);
      expect(res.status).toBe(200);
      const { booking: done } = (await res.json()) as { booking: BookingDto };
      expect(done).toMatchObject({
        status: 'completed',
        canComplete: false,
        canCancel: false,
        canRate: true,
      });
      expect(done.completedAt).not.toBeNull();
      expect(done.history.map((e) => [e.type, e.by])).toEqual([
        ['booked', 'customer'],
        ['completed', 'driver'],
      ]);
      expect(await statusOf(server, 'rides', ride.id)).toBe('completed');
      for (const [who, title] of [
        [customer, 'Trip completed: rate your driver'],
        [driver, 'Trip completed: rate your customer'],
      ] as const) {
        const notes = (await notificationsOf(server, who.userId, 'trip_completed')).filter(
          (n) => n.related_id === booking.id,
        );
        expect(notes.map((n) => n.title)).toEqual([title]);
      }
      expect((await getBooking(customer, booking.id)).canRate).toBe(true);

      const again = await driver.client.post(`/api/bookings/${booking.id}/complete`);
      expect(await errorOf(again)).toEqual({
        code: 'conflict',
        message: MARKETPLACE_CONFLICTS.bookingNotConfirmed,
      });
      const cancel = await customer.client.post(`/api/bookings/${booking.id}/cancel`, {
        reason: 'Too late now',
      });
      expect(cancel.status).toBe(409);
    });
  });

  describe('lists and calendar', () => {
    it("lists the user's own bookings, confirmed soonest pickup first, then the rest latest first; an admin sees them all", async () => {
      const a = await bookedRide({ pickupAt: hoursFromNow(30) });
      const b = await bookedRide({ pickupAt: hoursFromNow(300) });
      const c = await bookedRide({ pickupAt: hoursFromNow(100) });
      const mine = ((await (await customer.client.get('/api/bookings')).json()) as { items: BookingDto[] })
        .items;
      const ids = mine.map((x) => x.id);
      // Issue 32: what is coming up reads in the order it happens (30 h, 100 h, 300 h).
      expect(ids.indexOf(a.booking.id)).toBeLessThan(ids.indexOf(c.booking.id));
      expect(ids.indexOf(c.booking.id)).toBeLessThan(ids.indexOf(b.booking.id));
      const confirmed = mine.filter((x) => x.status === 'confirmed');
      expect(mine.slice(0, confirmed.length)).toEqual(confirmed);
      const upcoming = confirmed.map((x) => x.ride.pickupAt);
      expect([...upcoming].sort()).toEqual(upcoming);
      const past = mine.slice(confirmed.length).map((x) => x.ride.pickupAt);
      expect([...past].sort().reverse()).toEqual(past);
      expect(mine.every((x) => x.customer.id === customer.userId)).toBe(true);

      const drivers = ((await (await driver.client.get('/api/bookings')).json()) as { items: BookingDto[] })
        .items;
      expect(drivers.map((x) => x.id)).toEqual(
        expect.arrayContaining([a.booking.id, b.booking.id, c.booking.id]),
      );
      expect(drivers.every((x) => x.driver.id === driver.userId && x.viewerRole === 'driver')).toBe(true);

      const others = (
        (await (await otherCustomer.client.get('/api/bookings')).json()) as { items: BookingDto[] }
      ).items;
      expect(others).toEqual([]);
      const all = ((await (await admin.client.get('/api/bookings')).json()) as { items: BookingDto[] }).items;
      expect(all.map((x) => x.id)).toEqual(expect.arrayContaining(ids));
    });

    it('the .ics calendar file: the pickup instant in UTC, the fare, the driver and the registration', async () => {
      const pickupAt = new Date(Date.UTC(2027, 9, 2, 16, 30)); // Sunday 3 October 2027, 3:30 am AEDT (just after the change)
      const { booking } = await bookedRide({ pickupAt });
      const res = await customer.client.get(`/api/bookings/${booking.id}/calendar.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="booking-${booking.id}.ics"`);
      // Unfold the 75-octet lines of RFC 5545 and undo its escaping before reading.
      const ics = (await res.text()).replace(/\r?\n[ \t]/g, '').replace(/\\([,;\\])/g, '$1');
      expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('DTSTART:20271002T163000Z');
      expect(ics).toContain('SUMMARY:Shuttle: Nelson Bay → Newcastle Airport');
      expect(ics).toMatch(/DURATION:PT(\d+H)?\d+M/);
      expect(ics).toContain('LOCATION:35 Stockton St, Nelson Bay NSW 2315');
      expect(ics).toContain('Agreed fare: $85.00 AUD');
      expect(ics).toContain('Port Stephens Shuttles');
      expect(ics).toContain('Registration: ABC123');
      expect(ics).toContain(`Booking: ${booking.id}`);
      expect((await driver.client.get(`/api/bookings/${booking.id}/calendar.ics`)).status).toBe(200);
      expect((await otherCustomer.client.get(`/api/bookings/${booking.id}/calendar.ics`)).status).toBe(404);
    });
  });
});
