import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingDto,
  QuoteDto,
  RatingDto,
  RatingSummary,
  RideDto,
} from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../src/shared/marketplace/booking.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertQuote, insertRide, notificationsOf, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}
interface MyRatings {
  received: RatingDto[];
  given: RatingDto[];
  pending: { bookingId: string; ride: RideDto; otherName: string }[];
  summary: RatingSummary;
}

describe.each(databaseKinds())('ratings (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let stranger: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, stranger] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
    ]);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A booking between customer and driver; completed (pickup moved into the past) unless told not to. */
  async function booking(complete = true): Promise<string> {
    const ride = await insertRide(server.db, customer.userId);
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    if (res.status !== 201) throw new Error(`accept answered ${res.status}`);
    const { booking: b } = (await res.json()) as { booking: BookingDto };
    if (complete) {
      await server.db.execute(
        sql`update rides set pickup_at = now() - interval '2 hours' where id = ${ride.id}`,
      );
      const done = await driver.client.post(`/api/bookings/${b.id}/complete`);
      if (done.status !== 200) throw new Error(`complete answered ${done.status}`);
    }
    return b.id;
  }

  const rate = (who: Person, body: Record<string, unknown>) => who.client.post('/api/ratings', body);
  const mine = async (who: Person) => {
    const res = await who.client.get('/api/ratings');
    expect(res.status).toBe(200);
    return (await res.json()) as MyRatings;
  };
  const bookingAs = async (who: Person, id: string) =>
    ((await (await who.client.get(`/api/bookings/${id}`)).json()) as { booking: BookingDto }).booking;

  it('a trip is rated only once completed, and only by its two sides', async () => {
    const open = await booking(false);
    const early = await rate(customer, { bookingId: open, stars: 5 });
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toEqual({
      code: 'conflict',
      message: MARKETPLACE_CONFLICTS.rateNotCompleted,
    });
    const done = await booking();
    for (const [who, id] of [
      [stranger, done],
      [customer, '00000000-0000-4000-8000-000000000000'],
      [customer, 'nope'],
    ] as const) {
      const res = await rate(who, { bookingId: id, stars: 5 });
      expect(res.status).toBe(404);
    }
    expect((await server.client().post('/api/ratings', { bookingId: done, stars: 5 })).status).toBe(401);
  });

  it.each([0, 6, 2.5, 'five', null])('stars %s: 400 with the message, word for word', async (stars) => {
    const id = await booking();
    const res = await rate(customer, { bookingId: id, stars });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation', message: MARKETPLACE_MESSAGES.stars });
  });

  it('each side rates once; a rating stays hidden from the rated person until both have rated', async () => {
    const id = await booking();
    expect((await mine(driver)).pending.map((p) => p.bookingId)).toContain(id);
    const pendingForCustomer = (await mine(customer)).pending.find((p) => p.bookingId === id);
    expect(pendingForCustomer).toMatchObject({ otherName: 'Dana Driverson', ride: { status: 'completed' } });

    const res = await rate(customer, { bookingId: id, stars: 5, comment: 'Spotless van, right on time.' });
    expect(res.status).toBe(201);
    const { rating } = (await res.json()) as { rating: RatingDto };
    expect(rating).toMatchObject({
      bookingId: id,
      stars: 5,
      comment: 'Spotless van, right on time.',
      fromName: 'Cara Whitfield',
      toName: 'Dana Driverson',
    });
    const twice = await rate(customer, { bookingId: id, stars: 1 });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toEqual({ code: 'conflict', message: 'You have already rated this trip.' });

    const told = (await notificationsOf(server, driver.userId, 'rating_received')).filter(
      (n) => n.related_id === id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('becomes visible once you rate them too');

    // Hidden from the driver (and from the averages) while only one side has rated.
    const driverView = await mine(driver);
    expect(driverView.received.find((r) => r.bookingId === id)).toBeUndefined();
    expect(driverView.pending.map((p) => p.bookingId)).toContain(id);
    expect((await bookingAs(driver, id)).theirRating).toBeNull();
    expect((await bookingAs(driver, id)).canRate).toBe(true);
    const customerView = await mine(customer);
    expect(customerView.given.map((r) => r.id)).toContain(rating.id);
    expect(customerView.pending.map((p) => p.bookingId)).not.toContain(id);
    expect((await bookingAs(customer, id)).myRating).toMatchObject({ id: rating.id, stars: 5 });
    expect((await bookingAs(customer, id)).canRate).toBe(false);
    const rideForQuotes = await insertRide(server.db, stranger.userId);
    const quoted = await driver.client.post('/api/quotes', {
      rideId: rideForQuotes.id,
      price: 80,
      message: 'Hi',
    });
    const before = ((await quoted.json()) as { quote: QuoteDto }).quote.driver.rating;
    expect(before.count).toBe(driverView.summary.count);

    const back = await rate(driver, { bookingId: id, stars: 4, comment: 'Ready at the kerb.' });
    expect(back.status).toBe(201);
    const afterDriver = await mine(driver);
    expect(afterDriver.received.find((r) => r.bookingId === id)).toMatchObject({
      stars: 5,
      fromName: 'Cara Whitfield',
    });
    expect(afterDriver.summary.count).toBe(before.count + 1);
    const afterCustomer = await mine(customer);
    expect(afterCustomer.received.find((r) => r.bookingId === id)).toMatchObject({
      stars: 4,
      comment: 'Ready at the kerb.',
      fromName: 'Dana Driverson',
      toName: 'Cara Whitfield',
    });
    expect((await bookingAs(driver, id)).theirRating).toMatchObject({ stars: 5 });
    expect((await bookingAs(customer, id)).theirRating).toMatchObject({ stars: 4 });
    expect((await bookingAs(customer, id)).history.map((e) => [e.type, e.by])).toEqual([
      ['booked', 'customer'],
      ['completed', 'driver'],
      ['rated', 'customer'],
      ['rated', 'driver'],
    ]);
    const bothTold = (await notificationsOf(server, customer.userId, 'rating_received')).filter(
      (n) => n.related_id === id,
    );
    expect(bothTold[0]!.message).toContain('the ratings are now visible');
  });

  it('a one-sided rating shows after 7 days', async () => {
    const id = await booking();
    const res = await rate(customer, { bookingId: id, stars: 2, comment: 'Late.' });
    const { rating } = (await res.json()) as { rating: RatingDto };
    expect((await mine(driver)).received.map((r) => r.id)).not.toContain(rating.id);
    await server.db.execute(
      sql`update ratings set created_at = now() - interval '8 days' where id = ${rating.id}`,
    );
    expect((await mine(driver)).received.map((r) => r.id)).toContain(rating.id);
    expect((await bookingAs(driver, id)).theirRating).toMatchObject({ id: rating.id, stars: 2 });
  });

  it('two ratings of one trip sent at once: one is saved, the other is 409', async () => {
    const id = await booking();
    const answers = await Promise.all([
      rate(driver, { bookingId: id, stars: 5 }),
      rate(driver, { bookingId: id, stars: 3 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
