/**
 * Issue 32 item 6: the customer cancels an open request. Every driver with a live quote on it is told "The
 * customer cancelled this request" (in-app and in the e-mail's subject, not "Quote not chosen"), once per
 * offer; a return trip's other leg goes too when asked (bothLegs), not when it is already booked; bad input
 * is a 400 that changes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import type { QuoteDto } from '../../src/shared/marketplace/api.ts';
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
import { insertBooking, postRide, sydneyDateIn } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

const TITLE = 'The customer cancelled this request';

describe.each(databaseKinds())('cancelling a request (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let pairDriver: Person;
  let legDriver: Person;
  let thirdDriver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, pairDriver, legDriver, thirdDriver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Pairs' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Ned Kellyson',
        companyName: 'One Leg Coaches',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Tia Third', companyName: 'Third Shuttles' }),
    ]);
    for (const d of [pairDriver, legDriver, thirdDriver]) await setVehicle(server.db, d.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const postPair = (days: number) =>
    postRide(customer.client, {
      date: sydneyDateIn(days),
      flightNumber: 'QF1504',
      returnTrip: { date: sydneyDateIn(days + 3), time: '17:15', flightNumber: 'JQ451' },
    });
  const quotePair = async (who: Person, rideId: string, price: number) => {
    const res = await who.client.post('/api/quotes', {
      rideId,
      price,
      message: 'Both ways, door to door.',
      pair: true,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { quote: QuoteDto; otherLegQuote?: QuoteDto };
  };
  const quoteLeg = async (who: Person, rideId: string, price: number) => {
    const res = await who.client.post('/api/quotes', { rideId, price, message: 'This leg only.' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { quote: QuoteDto }).quote;
  };
  const cancel = (rideId: string, body: unknown) => customer.client.post(`/api/rides/${rideId}/cancel`, body);
  const toldAbout = async (who: Person, rideIds: string[]) =>
    (await notificationsOf(server, who.userId, 'quote_declined')).filter((n) =>
      rideIds.includes(n.related_id ?? ''),
    );

  it('every driver who quoted is told "The customer cancelled this request", in-app and in the e-mail subject', async () => {
    const { ride } = await postRide(customer.client, { date: sydneyDateIn(20) });
    const quotes = await Promise.all([quoteLeg(legDriver, ride.id, 90), quoteLeg(thirdDriver, ride.id, 95)]);
    const res = await cancel(ride.id, { reason: 'Plans changed' });
    expect(res.status).toBe(200);
    for (const q of quotes) expect(await statusOf(server, 'quotes', q.id)).toBe('declined');
    for (const who of [legDriver, thirdDriver]) {
      const told = await toldAbout(who, [ride.id]);
      expect(told.map((n) => n.title)).toEqual([TITLE]);
      expect(told[0]!.message).toMatch(
        /^The customer cancelled this request \(Nelson Bay to Newcastle Airport, /,
      );
      expect(told[0]!.message).not.toMatch(/not chosen|another driver/i);
    }

    await runDeliveryRound({ db: server.db, env: server.deps.env });
    const mails = await rows<{ subject: string }>(
      server.db,
      sql`select subject from mail_outbox where "to" = ${legDriver.email}
          and meta->>'notificationType' = 'quote_declined'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^${TITLE}: Nelson Bay`));
    expect(mails[0]!.subject).not.toContain('Quote not chosen');
  });

  it('bothLegs cancels the return leg too; a price for both legs is one offer, told once', async () => {
    const { ride, returnRide } = await postPair(22);
    const pair = await quotePair(pairDriver, ride.id, 150);
    const outLeg = await quoteLeg(legDriver, ride.id, 70);
    const backLeg = await quoteLeg(thirdDriver, returnRide!.id, 75);
    const res = await cancel(ride.id, { reason: 'Trip called off', bothLegs: true });
    expect(res.status).toBe(200);
    expect(await statusOf(server, 'rides', ride.id)).toBe('cancelled');
    expect(await statusOf(server, 'rides', returnRide!.id)).toBe('cancelled');
    for (const id of [pair.quote.id, pair.otherLegQuote!.id, outLeg.id, backLeg.id])
      expect(await statusOf(server, 'quotes', id)).toBe('declined');
    const legs = [ride.id, returnRide!.id];
    expect((await toldAbout(pairDriver, legs)).map((n) => n.title)).toEqual([TITLE]);
    expect((await toldAbout(legDriver, legs)).map((n) => n.title)).toEqual([TITLE]);
    expect((await toldAbout(thirdDriver, legs)).map((n) => n.title)).toEqual([TITLE]);
  });

  it('without bothLegs only that leg goes; a pair price on the other leg goes with it, its driver told why', async () => {
    const { ride, returnRide } = await postPair(24);
    const pair = await quotePair(pairDriver, ride.id, 150);
    const backLeg = await quoteLeg(thirdDriver, returnRide!.id, 75);
    expect((await cancel(ride.id, { reason: 'Getting a lift there' })).status).toBe(200);
    expect(await statusOf(server, 'rides', ride.id)).toBe('cancelled');
    expect(await statusOf(server, 'rides', returnRide!.id)).toBe('open');
    expect(await statusOf(server, 'quotes', pair.otherLegQuote!.id)).toBe('declined');
    expect(await statusOf(server, 'quotes', backLeg.id)).toBe('pending');
    const told = await toldAbout(pairDriver, [ride.id, returnRide!.id]);
    expect(told.map((n) => n.title)).toContain(TITLE);
    expect(told.map((n) => n.message)).toContain(
      'The customer cancelled one leg of this return trip, so your price for both legs no longer stands. You can quote the other leg on its own.',
    );
  });

  it('bothLegs leaves a booked other leg booked and cancels this one', async () => {
    const { ride, returnRide } = await postPair(26);
    await insertBooking(server.db, returnRide!.id, customer.userId, legDriver.userId);
    await server.db.execute(sql`update rides set status = 'booked' where id = ${returnRide!.id}`);
    expect((await cancel(ride.id, { reason: 'Getting a lift there', bothLegs: true })).status).toBe(200);
    expect(await statusOf(server, 'rides', ride.id)).toBe('cancelled');
    expect(await statusOf(server, 'rides', returnRide!.id)).toBe('booked');
  });

  it('a bad bothLegs is a 400 that changes nothing; another customer reads 404', async () => {
    const { ride } = await postPair(28);
    const bad = await cancel(ride.id, { reason: 'Plans changed', bothLegs: 'yes' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(MARKETPLACE_MESSAGES.cancelBothLegs);
    const other = await signedInClient(server, { userType: 'customer' });
    const stranger = await other.client.post(`/api/rides/${ride.id}/cancel`, {
      reason: 'Not mine',
      bothLegs: true,
    });
    expect(stranger.status).toBe(404);
    expect(await statusOf(server, 'rides', ride.id)).toBe('open');
  });
});
