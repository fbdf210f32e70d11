/**
 * Issue 12, clear states: a cancelled booking's quote reads 'cancelled', the booking says which side
 * cancelled and when, and the cancellation policy (free until 24 hours before pickup) is recorded: a later
 * cancellation is marked late, for admins to see. A request's bookings can be listed on their own, so the
 * reopened request can explain what happened.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, QuoteDto } from '../../src/shared/marketplace/api.ts';
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
  insertQuote,
  insertRide,
  type RideFields,
  setVehicle,
} from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

describe.each(databaseKinds())('booking states (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let stranger: Person;
  let driver: Person;
  let driver2: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, stranger, driver, driver2, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function bookedRide(fields: RideFields = {}) {
    const ride = await insertRide(server.db, customer.userId, fields);
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 8500,
      validUntil: new Date(Math.min(hoursFromNow(24).getTime(), ride.pickupAt.getTime() - 60_000)),
    });
    await insertQuote(server.db, { rideId: ride.id, driverId: driver2.userId, priceCents: 9900 });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    if (res.status !== 201) throw new Error(`accept answered ${res.status}: ${await res.text()}`);
    return { ride, quote, booking: ((await res.json()) as { booking: BookingDto }).booking };
  }

  const cancel = async (who: Person, id: string, reason: string) => {
    const res = await who.client.post(`/api/bookings/${id}/cancel`, { reason });
    expect(res.status).toBe(200);
    return ((await res.json()) as { booking: BookingDto }).booking;
  };
  const quotesOf = async (rideId: string) => {
    const res = await customer.client.get(`/api/quotes?rideId=${rideId}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: QuoteDto[] }).items;
  };
  const bookingsOfRide = async (who: Person, rideId: string) => {
    const res = await who.client.get(`/api/bookings?rideId=${rideId}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: BookingDto[] }).items;
  };

  it("a confirmed booking is not cancelled: no one, no time, not late; its quote reads 'accepted'", async () => {
    const { ride, quote, booking } = await bookedRide();
    expect(booking).toMatchObject({ cancelledBy: null, cancelledAt: null, lateCancellation: false });
    expect((await quotesOf(ride.id)).find((q) => q.id === quote.id)?.status).toBe('accepted');
  });

  it("the driver cancels 3 days ahead: the quote reads 'cancelled', by the driver, on time; the reopened request lists it", async () => {
    const { ride, quote, booking } = await bookedRide();
    const before = Date.now();
    const cancelled = await cancel(driver, booking.id, 'Van broke down');
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'driver',
      cancelReason: 'Van broke down',
      lateCancellation: false,
    });
    expect(new Date(cancelled.cancelledAt!).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    // The request is open again, and the driver's quote no longer reads 'accepted'.
    const quotes = await quotesOf(ride.id);
    expect(quotes.find((q) => q.id === quote.id)?.status).toBe('cancelled');
    expect(quotes.some((q) => q.status === 'accepted')).toBe(false);

    // The request's own bookings, for the page that explains what happened; nobody else's.
    const forRide = await bookingsOfRide(customer, ride.id);
    expect(forRide.map((b) => [b.id, b.cancelledBy, b.driver.companyName])).toEqual([
      [booking.id, 'driver', 'Port Stephens Shuttles'],
    ]);
    expect(await bookingsOfRide(stranger, ride.id)).toEqual([]);
    expect(await bookingsOfRide(customer, 'not-a-uuid')).toEqual([]);
    const [row] = await rows<{ cancelled_at: Date | null; late_cancellation: boolean }>(
      server.db,
      sql`select cancelled_at, late_cancellation from bookings where id = ${booking.id}`,
    );
    expect(row?.cancelled_at).not.toBeNull();
    expect(row?.late_cancellation).toBe(false);

    // The fare stays final: SQL refuses to change the cancelled quote's price or bring it back.
    for (const change of [sql`price_cents = 1`, sql`status = 'pending'`, sql`status = 'accepted'`]) {
      await expect(
        server.db.execute(sql`update quotes set ${change} where id = ${quote.id}`),
      ).rejects.toThrow();
    }
  });

  it('the customer cancels 5 hours before pickup: late, recorded, and shown to an admin', async () => {
    const { ride, quote, booking } = await bookedRide({ pickupAt: hoursFromNow(5) });
    const cancelled = await cancel(customer, booking.id, 'Flight cancelled');
    expect(cancelled).toMatchObject({ cancelledBy: 'customer', lateCancellation: true });
    expect((await quotesOf(ride.id)).find((q) => q.id === quote.id)?.status).toBe('cancelled');

    const seenByDriver = await driver.client.get(`/api/bookings/${booking.id}`);
    expect(((await seenByDriver.json()) as { booking: BookingDto }).booking).toMatchObject({
      cancelledBy: 'customer',
      lateCancellation: true,
    });
    const seenByAdmin = await admin.client.get(`/api/bookings/${booking.id}`);
    expect(((await seenByAdmin.json()) as { booking: BookingDto }).booking).toMatchObject({
      viewerRole: 'admin',
      cancelledBy: 'customer',
      lateCancellation: true,
    });
  });

  it('exactly at the policy line: 25 hours ahead is free, 23 hours ahead is late (either side)', async () => {
    const early = await bookedRide({ pickupAt: hoursFromNow(25) });
    expect((await cancel(customer, early.booking.id, 'Plans changed')).lateCancellation).toBe(false);
    const late = await bookedRide({ pickupAt: hoursFromNow(23) });
    expect((await cancel(driver, late.booking.id, 'Sick today')).lateCancellation).toBe(true);
  });

  it("a refused cancel changes nothing: the completed booking's quote stays 'accepted'", async () => {
    const { ride, quote, booking } = await bookedRide();
    await server.db.execute(
      sql`update rides set pickup_at = now() - interval '1 hour' where id = ${ride.id}`,
    );
    expect((await driver.client.post(`/api/bookings/${booking.id}/complete`)).status).toBe(200);
    const res = await customer.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Too late now' });
    expect(res.status).toBe(409);
    expect((await quotesOf(ride.id)).find((q) => q.id === quote.id)?.status).toBe('accepted');
    const [row] = await rows<{ cancelled_at: Date | null }>(
      server.db,
      sql`select cancelled_at from bookings where id = ${booking.id}`,
    );
    expect(row?.cancelled_at).toBeNull();
  });
});
