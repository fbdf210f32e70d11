/**
 * Needs as data (issue 12, point 6): a trip's child seats, wheelchair, pram, boards, bikes and pets are
 * stored in rides.needs through the shared schema; drivers state their offers on their profile; the
 * "Only trips I can serve" filter of /available-rides and the matching that decides who is notified apply
 * the same rule as shared/marketplace/can-serve.ts (checked here against the TypeScript rule).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverProfileDto, Page, RideDto } from '../../src/shared/marketplace/api.ts';
import { canServe } from '../../src/shared/marketplace/can-serve.ts';
import {
  type DriverOffersInput,
  NEEDS_MESSAGES,
  NO_NEEDS,
  type RideNeedsInput,
  readOffers,
} from '../../src/shared/marketplace/needs.ts';
import { databaseKinds, errorOf, rows, signedInClient, startServer, type TestServer } from './helpers.ts';
import { notificationsOf } from './marketplace-fixtures.ts';
import { postRide, profileBody, rideBody } from './ride-fixtures.ts';

const ALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describe.each(databaseKinds())('needs and offers (%s)', (kind) => {
  let server: TestServer;
  let customer: Awaited<ReturnType<typeof signedInClient>>;
  const drivers: { who: Awaited<ReturnType<typeof signedInClient>>; offers: DriverOffersInput }[] = [];

  const OFFERS: DriverOffersInput[] = [
    {},
    { childSeats: 2, boosterSeats: 1, pram: true },
    { wheelchair: 'seated', childSeats: 1 },
    { wheelchair: 'folding', surfboards: 2, bikes: 2, pets: true },
  ];
  const NEEDS: RideNeedsInput[] = [
    {},
    { infantSeats: 1, childSeats: 1 },
    { boosterSeats: 1, pram: true },
    { wheelchair: 'seated' },
    { wheelchair: 'folding', pets: true },
    { surfboards: 3 },
    { bikes: 2, surfboards: 1 },
  ];

  beforeAll(async () => {
    server = await startServer(kind);
    customer = await signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' });
    for (const [i, offers] of OFFERS.entries()) {
      const who = await signedInClient(server, {
        userType: 'driver',
        fullName: `Dana ${'BCDE'[i]}riverson`,
        companyName: `Co ${i}`,
      });
      const res = await who.client.request('/api/drivers/me', {
        method: 'PUT',
        body: profileBody({
          availability: { days: ALL_DAYS as never, hours: { start: '00:00', end: '23:59' } },
          offers,
        }),
      });
      if (res.status !== 200)
        throw new Error(`PUT /api/drivers/me answered ${res.status}: ${await res.text()}`);
      drivers.push({ who, offers });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a trip keeps its needs as data and shows them back, every field present', async () => {
    const { ride } = await postRide(customer.client, {
      passengers: 3,
      needs: { infantSeats: 1, boosterSeats: '1' as never, wheelchair: 'folding', pram: true },
    });
    expect(ride.needs).toEqual({
      ...NO_NEEDS,
      infantSeats: 1,
      boosterSeats: 1,
      wheelchair: 'folding',
      pram: true,
    });
    const [row] = await rows<{ needs: Record<string, unknown> }>(
      server.db,
      sql`select needs from rides where id = ${ride.id}`,
    );
    expect(row!.needs).toMatchObject({ infantSeats: 1, boosterSeats: 1, wheelchair: 'folding', pram: true });
    // A trip posted without needs (an older client) has none.
    const { ride: plain } = await postRide(customer.client);
    expect(plain.needs).toEqual(NO_NEEDS);
  });

  it('bad needs: 400 with the shared message, nothing stored', async () => {
    const [{ n: before }] = (await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from rides`,
    )) as [{ n: number }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ needs: { wheelchair: 'electric' } }, 'needs.wheelchair', NEEDS_MESSAGES.wheelchair],
      [{ needs: { bikes: 2.5 } }, 'needs.bikes', NEEDS_MESSAGES.count],
      [{ needs: { surfboards: 99 } }, 'needs.surfboards', NEEDS_MESSAGES.count],
      [{ needs: 'lots' }, 'needs', ''],
      [
        { passengers: 1, needs: { childSeats: 1, boosterSeats: 1 } },
        'needs.childSeats',
        NEEDS_MESSAGES.childrenMoreThanPassengers,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await customer.client.post('/api/rides', { ...rideBody(), ...overrides });
      expect(res.status).toBe(400);
      const err = await errorOf(res);
      expect(err.issues?.[0]?.path).toBe(path);
      if (message) expect(err.message).toBe(message);
    }
    const [{ n: after }] = (await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from rides`,
    )) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('drivers keep their offers on the profile; bad offers are refused', async () => {
    const { who } = drivers[1]!;
    const res = await who.client.get('/api/drivers/me');
    const { driver } = (await res.json()) as { driver: DriverProfileDto };
    expect(driver.offers).toEqual(readOffers(OFFERS[1]));
    const bad = await who.client.request('/api/drivers/me', {
      method: 'PUT',
      body: profileBody({ offers: { wheelchair: 'sometimes' } as never }),
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(NEEDS_MESSAGES.wheelchair);
    const again = (await (await who.client.get('/api/drivers/me')).json()) as { driver: DriverProfileDto };
    expect(again.driver.offers).toEqual(readOffers(OFFERS[1]));
  });

  it('"Only trips I can serve" and who is notified follow the same rule as canServe, for every driver and trip', async () => {
    const posted: RideDto[] = [];
    for (const needs of NEEDS) {
      const passengers = 3;
      posted.push(
        (await postRide(customer.client, { passengers, needs, notes: `needs ${JSON.stringify(needs)}` }))
          .ride,
      );
    }
    for (const { who, offers } of drivers) {
      const res = await who.client.get('/api/rides/available?serve=mine');
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page<RideDto>;
      const seen = new Set(page.items.map((r) => r.id));
      const all = (await (await who.client.get('/api/rides/available?serve=all')).json()) as Page<RideDto>;
      for (const ride of posted) {
        const expected = canServe(ride.needs, readOffers(offers));
        expect(seen.has(ride.id), `${JSON.stringify(offers)} vs ${JSON.stringify(ride.needs)}`).toBe(
          expected,
        );
        // Without the filter every trip shows, marked whether this driver can serve it.
        expect(all.items.find((r) => r.id === ride.id)?.canServe).toBe(expected);
        const told = (await notificationsOf(server, who.userId, 'ride_matched')).some(
          (n) => n.related_id === ride.id,
        );
        expect(told, `notified: ${JSON.stringify(offers)} vs ${JSON.stringify(ride.needs)}`).toBe(expected);
      }
    }
    const bad = await drivers[0]!.who.client.get('/api/rides/available?serve=some');
    expect(bad.status).toBe(400);
  });

  it('adding a wheelchair to an open trip is a change its quoting drivers must confirm', async () => {
    const { ride } = await postRide(customer.client);
    const { who } = drivers[2]!;
    expect(
      (await who.client.post('/api/quotes', { rideId: ride.id, price: 90, message: 'Ramp van.' })).status,
    ).toBe(201);
    const body = { ...rideBody(), needs: { wheelchair: 'seated' } };
    const res = await customer.client.request(`/api/rides/${ride.id}`, { method: 'PATCH', body });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ride: RideDto }).ride.version).toBe(2);
    const [q] = await rows<{ status: string }>(
      server.db,
      sql`select status from quotes where ride_id = ${ride.id}`,
    );
    expect(q!.status).toBe('needs_confirmation');
  });
});
