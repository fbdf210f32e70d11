/**
 * Return trips as a pair (issue 12, point 5): the customer posts both legs at once with the return leg's own
 * flight; a driver quotes both legs for one price (two quote rows sharing a bundle id, the total split so
 * each leg has a fare) or one leg; accepting a pair quote books both legs in one transaction, or nothing;
 * races with a one-leg accept are decided by the database (409 for the loser, never 500).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, QuoteDto, RideDto } from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../src/shared/marketplace/booking.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { HIACE, notificationsOf, setVehicle, statusOf } from './marketplace-fixtures.ts';
import { postRide, sydneyDateIn } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

type PairAnswer = { quote: QuoteDto; otherLegQuote?: QuoteDto };
type AcceptAnswer = { booking: BookingDto; pairBooking: BookingDto | null };

describe.each(databaseKinds())('return trips as a pair (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let pairDriver: Person;
  let legDriver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, pairDriver, legDriver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Pairs' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Ned Kellyson',
        companyName: 'One Leg Coaches',
      }),
    ]);
    await setVehicle(server.db, pairDriver.userId, HIACE);
    await setVehicle(server.db, legDriver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A return trip: to the airport in 7 days on QF1504, back in 10 days on JQ451. */
  const postPair = () =>
    postRide(customer.client, {
      flightNumber: 'QF1504',
      returnTrip: { date: sydneyDateIn(10), time: '17:15', flightNumber: 'JQ451' },
    });

  const quotePair = (who: Person, rideId: string, price: number) =>
    who.client.post('/api/quotes', { rideId, price, message: 'Both ways, door to door.', pair: true });
  const quoteLeg = (who: Person, rideId: string, price: number) =>
    who.client.post('/api/quotes', { rideId, price, message: 'This leg only.' });
  const accept = (quoteId: string, priceCents?: number, headers: Record<string, string> = {}) =>
    customer.client.post(
      `/api/quotes/${quoteId}/accept`,
      { acceptFare: true, ...(priceCents !== undefined ? { priceCents } : {}) },
      { headers },
    );
  const live = (rideId: string) =>
    rows<{ id: string; driver_id: string; price_cents: number; bundle_id: string | null }>(
      server.db,
      sql`select id, driver_id, price_cents, bundle_id from quotes
          where ride_id = ${rideId} and status in ('pending', 'needs_confirmation') order by driver_id`,
    );
  const liveBookings = (rideId: string) =>
    rows<{
      id: string;
      driver_id: string;
      price_cents: number;
      bundle_id: string | null;
      fare_statement: string;
    }>(
      server.db,
      sql`select id, driver_id, price_cents, bundle_id, fare_statement from bookings
          where ride_id = ${rideId} and status in ('confirmed', 'completed')`,
    );

  it('the return leg has its own date, time and flight; places and addresses are swapped; both legs show the pair', async () => {
    const { ride, returnRide } = await postPair();
    expect(ride.flightNumber).toBe('QF1504');
    expect(returnRide).toMatchObject({
      flightNumber: 'JQ451',
      pickupLocal: { date: sydneyDateIn(10), time: '17:15' },
      pickup: { locality: 'Williamtown', address: 'Newcastle Airport' },
      destination: { locality: 'Nelson Bay', address: '12 Stockton Street' },
      pair: {
        leg: 'return',
        otherLegRideId: ride.id,
        otherLegPickupAt: ride.pickupAt,
        otherLegStatus: 'open',
      },
    });
    expect(ride.pair).toEqual({
      leg: 'outbound',
      otherLegRideId: returnRide!.id,
      otherLegPickupAt: returnRide!.pickupAt,
      otherLegStatus: 'open',
      otherLegFlightNumber: 'JQ451',
    });
    // A return leg without a flight of its own has none (the outbound flight is not copied).
    const noFlight = await postRide(customer.client, {
      returnTrip: { date: sydneyDateIn(9), time: '10:00' },
    });
    expect(noFlight.returnRide!.flightNumber).toBe('');
    // A driver browsing sees the pair on each leg, with the other leg's date.
    const res = await pairDriver.client.get(`/api/rides/${returnRide!.id}`);
    expect(((await res.json()) as { ride: RideDto }).ride.pair).toMatchObject({
      leg: 'return',
      otherLegPickupAt: ride.pickupAt,
    });
  });

  it('a pair quote is two quotes sharing a bundle id, the total split so each leg has a fare', async () => {
    const { ride, returnRide } = await postPair();
    const res = await quotePair(pairDriver, returnRide!.id, 170.01);
    expect(res.status).toBe(201);
    const body = (await res.json()) as PairAnswer;
    // The quote on the ride asked about first, then the other leg's half.
    expect(body.quote).toMatchObject({ rideId: returnRide!.id, priceCents: 8500 });
    expect(body.otherLegQuote).toMatchObject({ rideId: ride.id, priceCents: 8501 });
    expect(body.quote.bundle).toEqual({
      id: body.otherLegQuote!.bundle!.id,
      totalCents: 17001,
      leg: 'return',
      otherLegRideId: ride.id,
      otherLegQuoteId: body.otherLegQuote!.id,
      otherLegPriceCents: 8501,
    });
    expect(body.quote.validUntil).toBe(body.otherLegQuote!.validUntil);
    const [a] = await live(ride.id);
    const [b] = await live(returnRide!.id);
    expect(a!.bundle_id).toBe(b!.bundle_id);
    expect(a!.bundle_id).not.toBeNull();
    // The customer sees it on both legs' quote lists.
    const list = await customer.client.get(`/api/quotes?rideId=${ride.id}`);
    const [shown] = ((await list.json()) as { items: QuoteDto[] }).items;
    expect(shown!.bundle).toMatchObject({
      totalCents: 17001,
      leg: 'outbound',
      otherLegRideId: returnRide!.id,
    });
    // The driver's list of open trips shows their price for both legs.
    const available = await pairDriver.client.get('/api/rides/available');
    const items = ((await available.json()) as { items: RideDto[] }).items;
    expect(items.find((r) => r.id === ride.id)!.myQuote).toMatchObject({
      priceCents: 8501,
      pairTotalCents: 17001,
    });
    const told = await notificationsOf(server, customer.userId, 'quote_received');
    expect(told.at(-1)!.message).toBe(
      'Bay Pairs quoted $170.01 for both legs of your return trip Nelson Bay to Newcastle Airport and back.',
    );
  });

  it('bad pair quotes: 400 with a clear message and nothing stored', async () => {
    const oneWay = await postRide(customer.client);
    const res = await quotePair(pairDriver, oneWay.ride.id, 100);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(MARKETPLACE_CONFLICTS.noReturnLeg);
    const { ride } = await postPair();
    const tiny = await quotePair(pairDriver, ride.id, 0.01);
    expect(tiny.status).toBe(400);
    expect((await errorOf(tiny)).message).toBe(MARKETPLACE_MESSAGES.pairPrice);
    const notBool = await pairDriver.client.post('/api/quotes', {
      rideId: ride.id,
      price: 10,
      message: 'x',
      pair: 'yes',
    });
    expect(notBool.status).toBe(400);
    expect(await live(ride.id)).toEqual([]);
    expect(await live(oneWay.ride.id)).toEqual([]);
  });

  it('one live quote per driver per leg: a one-leg quote ends the pair, a pair quote replaces a one-leg quote', async () => {
    const { ride, returnRide } = await postPair();
    expect((await quoteLeg(pairDriver, ride.id, 90)).status).toBe(201);
    // 201: the return leg's half is new (the outbound half replaces the one-leg quote there).
    expect((await quotePair(pairDriver, ride.id, 160)).status).toBe(201);
    expect(await live(ride.id)).toMatchObject([{ price_cents: 8000 }]);
    expect(await live(returnRide!.id)).toMatchObject([{ price_cents: 8000 }]);
    // Quoting the return leg alone: the outbound half of the pair is withdrawn (the driver may quote it again).
    expect((await quoteLeg(pairDriver, returnRide!.id, 95)).status).toBe(200);
    expect(await live(returnRide!.id)).toMatchObject([{ price_cents: 9500, bundle_id: null }]);
    expect(await live(ride.id)).toEqual([]);
    // Withdrawing a pair quote withdraws both halves.
    const again = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
    expect((await pairDriver.client.post(`/api/quotes/${again.quote.id}/withdraw`, {})).status).toBe(200);
    expect(await live(ride.id)).toEqual([]);
    expect(await live(returnRide!.id)).toEqual([]);
  });

  it('accepting a pair quote books both legs at once with one bundle id; a retry gets the same bookings', async () => {
    const { ride, returnRide } = await postPair();
    const pair = (await (await quotePair(pairDriver, ride.id, 170.01)).json()) as PairAnswer;
    const other = (await (await quoteLeg(legDriver, ride.id, 70)).json()) as { quote: QuoteDto };
    // The price the customer saw is the total for both legs: a leg's share alone is refused.
    const wrong = await accept(pair.quote.id, 8501);
    expect(wrong.status).toBe(409);
    expect((await errorOf(wrong)).message).toBe(MARKETPLACE_CONFLICTS.pairPriceChanged);

    const res = await accept(pair.quote.id, 17001);
    expect(res.status).toBe(201);
    const { booking, pairBooking } = (await res.json()) as AcceptAnswer;
    expect(booking.ride.id).toBe(ride.id);
    expect(pairBooking!.ride.id).toBe(returnRide!.id);
    expect(booking.priceCents + pairBooking!.priceCents).toBe(17001);
    expect(booking.fareStatement).toContain(
      'Agreed fare: $85.01 AUD for this trip (Nelson Bay to Newcastle Airport',
    );
    expect(booking.fareStatement).toContain(
      'This is one leg of a return pair booked together at $170.01 AUD for both legs.',
    );
    expect(pairBooking!.fareStatement).toContain(
      'Agreed fare: $85.00 AUD for this trip (Newcastle Airport to Nelson Bay',
    );
    const [b1] = await liveBookings(ride.id);
    const [b2] = await liveBookings(returnRide!.id);
    expect(b1!.bundle_id).toBe(pair.quote.bundle!.id);
    expect(b2!.bundle_id).toBe(pair.quote.bundle!.id);
    expect(await statusOf(server, 'rides', ride.id)).toBe('booked');
    expect(await statusOf(server, 'rides', returnRide!.id)).toBe('booked');
    expect(await statusOf(server, 'quotes', other.quote.id)).toBe('declined');

    // Accepting again (a retry, a double click, or the other half's quote): the same bookings, 200.
    const retry = await accept(pair.quote.id, 17001);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as AcceptAnswer).booking.id).toBe(booking.id);
    const otherHalf = await accept(pair.otherLegQuote!.id);
    expect(otherHalf.status).toBe(200);
    expect(((await otherHalf.json()) as AcceptAnswer).pairBooking!.id).toBe(booking.id);
  });

  it('an Idempotency-Key replay of a pair accept answers both bookings again', async () => {
    const { ride } = await postPair();
    const pair = (await (await quotePair(pairDriver, ride.id, 120)).json()) as PairAnswer;
    const key = `pair-${Date.now()}`;
    const first = await accept(pair.quote.id, 12000, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const replay = await accept(pair.quote.id, 12000, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as AcceptAnswer;
    const b = (await replay.json()) as AcceptAnswer;
    expect(b.booking.id).toBe(a.booking.id);
    expect(b.pairBooking!.id).toBe(a.pairBooking!.id);
  });

  it('an Idempotency-Key replay of a pair quote answers both halves again; nothing is quoted twice', async () => {
    const { ride, returnRide } = await postPair();
    const key = `pair-quote-${Date.now()}`;
    const body = { rideId: ride.id, price: 99, message: 'Both ways.', pair: true };
    const first = await pairDriver.client.post('/api/quotes', body, { headers: { 'Idempotency-Key': key } });
    const replay = await pairDriver.client.post('/api/quotes', body, { headers: { 'Idempotency-Key': key } });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as PairAnswer;
    const b = (await replay.json()) as PairAnswer;
    expect(b.quote.id).toBe(a.quote.id);
    expect(b.otherLegQuote!.id).toBe(a.otherLegQuote!.id);
    expect(await live(ride.id)).toHaveLength(1);
    expect(await live(returnRide!.id)).toHaveLength(1);
  });

  it('the customer cancelling one leg of an open return trip declines pair quotes on both legs', async () => {
    const { ride, returnRide } = await postPair();
    const pair = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
    const leg = (await (await quoteLeg(legDriver, ride.id, 70)).json()) as { quote: QuoteDto };
    const res = await customer.client.post(`/api/rides/${returnRide!.id}/cancel`, { reason: 'Driving back' });
    expect(res.status).toBe(200);
    expect(await statusOf(server, 'quotes', pair.quote.id)).toBe('declined');
    expect(await statusOf(server, 'quotes', pair.otherLegQuote!.id)).toBe('declined');
    // A one-leg quote on the outbound leg is untouched, and can still be accepted.
    expect(await statusOf(server, 'quotes', leg.quote.id)).toBe('pending');
    expect((await accept(leg.quote.id, 7000)).status).toBe(201);
  });

  it('legs from two drivers: one-leg quotes are accepted separately, with no bundle', async () => {
    const { ride, returnRide } = await postPair();
    const out = (await (await quoteLeg(pairDriver, ride.id, 80)).json()) as { quote: QuoteDto };
    const back = (await (await quoteLeg(legDriver, returnRide!.id, 75)).json()) as { quote: QuoteDto };
    expect(out.quote.bundle).toBeNull();
    expect((await accept(out.quote.id, 8000)).status).toBe(201);
    expect((await accept(back.quote.id, 7500)).status).toBe(201);
    const [b1] = await liveBookings(ride.id);
    const [b2] = await liveBookings(returnRide!.id);
    expect([b1!.driver_id, b2!.driver_id]).toEqual([pairDriver.userId, legDriver.userId]);
    expect([b1!.bundle_id, b2!.bundle_id]).toEqual([null, null]);
    expect(b1!.fare_statement).not.toContain('return pair');
  });

  it('booking one leg with another driver declines a pair quote on both legs and leaves the other leg open', async () => {
    const { ride, returnRide } = await postPair();
    const pair = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
    const leg = (await (await quoteLeg(legDriver, returnRide!.id, 60)).json()) as { quote: QuoteDto };
    expect((await accept(leg.quote.id, 6000)).status).toBe(201);
    expect(await statusOf(server, 'quotes', pair.quote.id)).toBe('declined');
    expect(await statusOf(server, 'quotes', pair.otherLegQuote!.id)).toBe('declined');
    expect(await statusOf(server, 'rides', ride.id)).toBe('open');
    const res = await accept(pair.quote.id, 15000);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(MARKETPLACE_CONFLICTS.pairLegNotOpen);
    const told = await notificationsOf(server, pairDriver.userId, 'quote_declined');
    expect(told.map((n) => n.message)).toContain(
      'The customer booked one leg of this return trip with another driver, so your price for both legs was declined. You can quote the other leg on its own.',
    );
  });

  it('races: a pair accept against a one-leg accept of the return leg, at once: one wins whole, the other 409', async () => {
    for (let round = 0; round < 4; round++) {
      const { ride, returnRide } = await postPair();
      const pair = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
      const leg = (await (await quoteLeg(legDriver, returnRide!.id, 60)).json()) as { quote: QuoteDto };
      const [p, l] = await Promise.all([accept(pair.quote.id, 15000), accept(leg.quote.id, 6000)]);
      expect([p.status, l.status].sort()).toEqual([201, 409]);
      const loser = p.status === 409 ? p : l;
      expect((await errorOf(loser)).message).toMatch(/already been booked|return trip is already booked/);
      const out = await liveBookings(ride.id);
      const back = await liveBookings(returnRide!.id);
      expect(back).toHaveLength(1);
      if (p.status === 201) {
        expect(out).toHaveLength(1);
        expect(out[0]!.bundle_id).toBe(back[0]!.bundle_id);
        expect(back[0]!.driver_id).toBe(pairDriver.userId);
      } else {
        // The pair lost whole: nothing of it was booked, the outbound leg is still open.
        expect(out).toHaveLength(0);
        expect(back[0]!.driver_id).toBe(legDriver.userId);
        expect(await statusOf(server, 'rides', ride.id)).toBe('open');
      }
    }
  });

  it('races: two pair quotes of two drivers accepted at once: exactly one books both legs', async () => {
    const { ride, returnRide } = await postPair();
    const a = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
    const b = (await (await quotePair(legDriver, returnRide!.id, 140)).json()) as PairAnswer;
    const results = await Promise.all([accept(a.quote.id, 15000), accept(b.quote.id, 14000)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const out = await liveBookings(ride.id);
    const back = await liveBookings(returnRide!.id);
    expect(out).toHaveLength(1);
    expect(back).toHaveLength(1);
    expect(out[0]!.driver_id).toBe(back[0]!.driver_id);
  });

  it('cancelling one leg of a pair booking cancels that leg only; the other stays booked at its agreed fare', async () => {
    const { ride, returnRide } = await postPair();
    const pair = (await (await quotePair(pairDriver, ride.id, 150)).json()) as PairAnswer;
    const { booking, pairBooking } = (await (await accept(pair.quote.id, 15000)).json()) as AcceptAnswer;
    const res = await customer.client.post(`/api/bookings/${pairBooking!.id}/cancel`, {
      reason: 'Staying a few more days',
    });
    expect(res.status).toBe(200);
    expect(await statusOf(server, 'bookings', pairBooking!.id)).toBe('cancelled');
    expect(await statusOf(server, 'bookings', booking.id)).toBe('confirmed');
    expect(await statusOf(server, 'rides', returnRide!.id)).toBe('cancelled');
    const [kept] = await liveBookings(ride.id);
    expect(kept!.price_cents).toBe(7500);
  });
});
