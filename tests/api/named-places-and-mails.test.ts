/**
 * Issue 32 items 3 and 4 against the real server and database: a trip to Newcastle Airport is named by it
 * on the board (a driver sees the named place, never the customer's street address) and in the e-mails the
 * delivery worker sends; a both-legs quote e-mail says the price for both legs; the "New trip request"
 * e-mail gives the driver the needs, flight, budget and note.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/server/modules/notifications/service.ts';
import type { RideDto } from '../../src/shared/marketplace/api.ts';
import {
  databaseKinds,
  deliverNotifications,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { HIACE, setVehicle } from './marketplace-fixtures.ts';
import { postRide, sydneyDateIn } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

describe.each(databaseKinds())('trips named by their named places, in pages and e-mails (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let legDriver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, legDriver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Pairs' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Ned Kellyson',
        companyName: 'One Leg Coaches',
      }),
    ]);
    await setVehicle(server.db, driver.userId, HIACE);
    await setVehicle(server.db, legDriver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailsTo = (email: string, type: string) =>
    rows<{ subject: string; text: string; html: string }>(
      server.db,
      sql`select subject, text, html from mail_outbox where "to" = ${email} and kind = 'notification'
          and meta->>'notificationType' = ${type} order by created_at`,
    );
  const deliver = () => deliverNotifications(server);

  it('a return trip to the airport: the board names the airport and hides the street; the e-mails say it right', async () => {
    // Chosen from the list, the airport fills the address with its name and suburb.
    const { ride: outbound, returnRide } = await postRide(customer.client, {
      pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
      destination: {
        locality: 'Williamtown',
        postcode: '2318',
        address: 'Newcastle Airport (NTL), Williamtown',
      },
      notes: 'Two small children and a folding wheelchair.',
      budget: 320,
      flightNumber: 'QF1504',
      needs: { childSeats: 1, boosterSeats: 1, wheelchair: 'folding' },
      returnTrip: { date: sydneyDateIn(10), time: '17:15', flightNumber: 'JQ451' },
    } as never);

    // The customer: the address with its suburb once.
    expect(outbound.destination).toMatchObject({
      name: 'Newcastle Airport (NTL)',
      label: 'Newcastle Airport (NTL), Williamtown NSW 2318',
    });
    expect(outbound.pickup.label).toBe('12 Stockton Street, Nelson Bay NSW 2315');

    // A driver before the booking: the named place, not the customer's street (ADR 005).
    const seen = await driver.client.get(`/api/rides/${outbound.id}`);
    expect(seen.status).toBe(200);
    const asDriver = (await seen.json()) as { ride?: RideDto } & RideDto;
    const ride = asDriver.ride ?? asDriver;
    expect(ride.pickup).toMatchObject({ address: '', name: null, label: 'Nelson Bay NSW 2315' });
    expect(ride.destination).toMatchObject({
      address: '',
      name: 'Newcastle Airport (NTL)',
      label: 'Newcastle Airport (NTL), Williamtown NSW 2318',
    });
    expect(JSON.stringify(ride)).not.toContain('Stockton');

    // "New trip request" to the driver: the needs, flight, budget and note; the trip by its named place.
    await server.db.transaction(async (tx) => {
      await notify(tx as never, {
        userId: driver.userId,
        type: 'ride_matched',
        title: 'New trip request',
        message: 'It matches your availability and vehicle.',
        relatedId: outbound.id,
      });
    });
    await deliver();
    const [matched] = await mailsTo(driver.email, 'ride_matched');
    expect(matched!.subject).toMatch(/^New trip request: Nelson Bay → Newcastle Airport, /);
    for (const words of [
      '1 child seat',
      '1 booster seat',
      'Folding wheelchair',
      'Flight: QF1504',
      "Budget: $320.00 (the customer's budget)",
      'Note from the customer: Two small children and a folding wheelchair.',
      'To: Newcastle Airport (NTL), Williamtown NSW 2318',
      'Return leg: ',
      `${server.deps.env.APP_URL.replace(/\/$/, '')}/available-rides`,
    ]) {
      expect(matched!.text).toContain(words);
    }
    expect(matched!.text).not.toContain('Stockton');
    expect(matched!.text).not.toMatch(/attach/i);

    // A quote for both legs: $310 in the subject and the body, never one leg's share alone.
    const quoted = await driver.client.post('/api/quotes', {
      rideId: outbound.id,
      price: 310,
      message: 'Both ways, door to door.',
      pair: true,
    });
    expect(quoted.status).toBe(201);
    await deliver();
    const [quote] = await mailsTo(customer.email, 'quote_received');
    expect(quote!.subject).toMatch(
      /^New quote \$310 for both legs, Nelson Bay → Newcastle Airport and back, \w{3} \d{1,2} \w{3}, 9:30 am$/,
    );
    expect(quote!.text).toContain('Quote: $310.00 for both legs from Bay Pairs');
    expect(quote!.text).not.toContain('$155');
    expect(quote!.text).toContain(`/driver-matching/${outbound.id}`);

    // A quote for the return leg alone says so, in the app and the e-mail.
    const leg = await legDriver.client.post('/api/quotes', {
      rideId: returnRide!.id,
      price: 139,
      message: 'This leg only.',
    });
    expect(leg.status).toBe(201);
    const [told] = await rows<{ message: string }>(
      server.db,
      sql`select message from notifications where user_id = ${customer.userId} and related_id = ${returnRide!.id}
          and type = 'quote_received'`,
    );
    expect(told!.message).toBe(
      'One Leg Coaches quoted $139.00 for the return leg only of your trip Newcastle Airport to Nelson Bay.',
    );
    await deliver();
    const legMails = await mailsTo(customer.email, 'quote_received');
    expect(legMails.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^New quote \$139 for the return leg only, Newcastle Airport → Nelson Bay, /),
    );
  });
});
