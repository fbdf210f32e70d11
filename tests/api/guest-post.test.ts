/**
 * Issue 31, item 0: a guest posts a trip with their name, e-mail and mobile. The trip waits as a draft that
 * no driver sees; the e-mail's link confirms the address, signs the guest in, makes the trip live (matching
 * drivers are told then) and lands on the trip's page. An address that already has an account is answered
 * alike and gets nothing attached.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RideDto } from '../../src/shared/marketplace/api.ts';
import { GUEST_POST_MESSAGES } from '../../src/shared/marketplace/guest-post-messages.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  readMailbox,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import { notificationsAbout, postRide, rideBody, setAvailability, sydneyDateIn } from './ride-fixtures.ts';

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describe.each(databaseKinds())('posting a trip as a guest (%s)', (kind) => {
  let server: TestServer;
  let driver: TestClient;
  let driverId: string;

  beforeAll(async () => {
    server = await startServer(kind);
    const d = await signedInClient(server, { userType: 'driver' });
    driver = d.client;
    driverId = d.userId;
    await setAvailability(driver, EVERY_DAY, { start: '00:00', end: '23:59' }, 11);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const person = (email = uniqueEmail('guest')) => ({
    fullName: 'Gwen Guest',
    email,
    phone: '0412 555 123',
  });
  const trip = (overrides: Record<string, unknown> = {}) => {
    const { budget: _none, ...body } = rideBody({ date: sydneyDateIn(9), time: '05:30' });
    return { ...body, ...overrides };
  };

  async function accountOf(email: string) {
    return rows<{ id: string; email_verified: boolean; full_name: string; phone: string }>(
      server.db,
      sql`select id, email_verified, full_name, phone from users where lower(email) = ${email.toLowerCase()}`,
    );
  }
  async function ridesOf(userId: string) {
    return rows<{ id: string; status: string; budget_cents: number | null; outbound_ride_id: string | null }>(
      server.db,
      sql`select id, status, budget_cents, outbound_ride_id from rides where customer_id = ${userId}
          order by outbound_ride_id nulls first, id`,
    );
  }
  async function availableIds() {
    const res = await driver.get('/api/rides/available?serve=all');
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { id: string }[] }).items.map((r) => r.id);
  }

  it('makes an unconfirmed account and a draft no driver sees; the link makes it live and lands on it signed in', async () => {
    const guest = server.client();
    const who = person();
    const res = await guest.post('/api/rides/guest', {
      trip: trip({ returnTrip: { date: sydneyDateIn(12), time: '18:00', flightNumber: '' } }),
      person: who,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ confirmationRequired: true, message: GUEST_POST_MESSAGES.checkEmail });
    // Still a guest: no session yet.
    expect((await guest.session()).user).toBeNull();

    const [account] = await accountOf(who.email);
    expect(account).toMatchObject({ email_verified: false, full_name: 'Gwen Guest', phone: '+61412555123' });
    const legs = await ridesOf(account!.id);
    expect(legs).toHaveLength(2);
    expect(legs.map((r) => r.status)).toEqual(['draft', 'draft']);
    expect(legs[0]!.budget_cents).toBeNull();
    const rideId = legs[0]!.id;

    // Invisible to drivers: not in the list, not readable, nobody told.
    expect(await availableIds()).not.toContain(rideId);
    expect((await driver.get(`/api/rides/${rideId}`)).status).toBe(404);
    expect(await notificationsAbout(server.db, rideId)).toEqual([]);

    const mail = await latestMail(server.baseUrl, who.email, 'guest-trip');
    expect(mail.subject).toContain('Confirm your e-mail to post your');
    expect(mail.text).toContain('Nelson Bay to Newcastle Airport');
    const verify = await guest.get(extractLink(mail.text));
    expect(verify.status).toBe(302);
    const landing = await guest.get(verify.headers.get('location')!);
    expect(landing.status).toBe(302);
    expect(new URL(landing.headers.get('location')!, server.baseUrl).pathname).toBe(
      `/driver-matching/${rideId}`,
    );

    // Signed in, confirmed, and the trip is live as typed.
    const session = await guest.session();
    expect(session.user?.email).toBe(who.email);
    expect((await accountOf(who.email))[0]!.email_verified).toBe(true);
    expect((await ridesOf(account!.id)).map((r) => r.status)).toEqual(['open', 'open']);
    const read = await guest.get(`/api/rides/${rideId}`);
    expect(read.status).toBe(200);
    const { ride } = (await read.json()) as { ride: RideDto };
    expect(ride).toMatchObject({
      status: 'open',
      budgetCents: null,
      passengers: 2,
      flightNumber: 'QF1504',
      pickup: { locality: 'Nelson Bay', address: '12 Stockton Street' },
      destination: { locality: 'Williamtown', address: 'Newcastle Airport' },
    });
    // Drivers see it now, and the matching driver was told (once, at activation).
    expect(await availableIds()).toContain(rideId);
    const notes = await notificationsAbout(server.db, rideId);
    expect(notes.map((n) => [n.user_id, n.type])).toEqual([[driverId, 'ride_matched']]);

    // Opening the landing again changes nothing more.
    await guest.get(`/api/rides/guest/activate?ride=${rideId}`);
    expect(await notificationsAbout(server.db, rideId)).toHaveLength(1);
  });

  it('when the first link is never opened, signing in with a new link from /login makes the trip live', async () => {
    const who = person();
    expect((await server.client().post('/api/rides/guest', { trip: trip(), person: who })).status).toBe(202);
    const [account] = await accountOf(who.email);
    const [leg] = await ridesOf(account!.id);
    expect(leg!.status).toBe('draft');

    // The guest-trip link ran out (15 minutes); they ask for a sign-in link on /login instead.
    expect((await server.client().post('/api/account/magic-link', { email: who.email })).status).toBe(200);
    const mail = await latestMail(server.baseUrl, who.email, 'magic-link');
    const browser = server.client();
    const landing = await browser.get(extractLink(mail.text));
    expect(landing.status).toBe(302);
    expect((await browser.session()).user?.email).toBe(who.email);
    expect((await ridesOf(account!.id)).map((r) => r.status)).toEqual(['open']);
    expect(await availableIds()).toContain(leg!.id);
    expect((await notificationsAbout(server.db, leg!.id)).map((n) => n.type)).toEqual(['ride_matched']);
  });

  it('an address with an account: the same answer, nothing attached, the owner is told to sign in', async () => {
    const owner = await signUpAndConfirm(server);
    const guest = server.client();
    const res = await guest.post('/api/rides/guest', { trip: trip(), person: person(owner.email) });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ confirmationRequired: true, message: GUEST_POST_MESSAGES.checkEmail });
    expect(await accountOf(owner.email)).toHaveLength(1);
    expect(await ridesOf(owner.userId)).toEqual([]);
    const taken = await latestMail(server.baseUrl, owner.email, 'signup-taken');
    expect(taken.text).toContain('/login');
    expect((await readMailbox(server.baseUrl, owner.email)).some((m) => m.kind === 'guest-trip')).toBe(false);
    const [{ n }] = (await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from users where email like 'taken-%@invalid'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('bad input answers 400 with the field and creates nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no e-mail', { trip: trip(), person: { ...person(), email: '' } }, 'person.email', ''],
      ['a bad mobile', { trip: trip(), person: { ...person(), phone: '12' } }, 'person.phone', ''],
      [
        'a budget of 0',
        { trip: trip({ budget: 0 }), person: person() },
        'trip.budget',
        MARKETPLACE_MESSAGES.budget,
      ],
      [
        'an unknown suburb',
        { trip: trip({ pickup: { locality: 'Nowhere', postcode: '9999' } }), person: person() },
        'pickup',
        MARKETPLACE_MESSAGES.pickupRequired,
      ],
    ];
    for (const [name, body, path, message] of cases) {
      const email = (body.person as { email: string }).email;
      const res = await server.client().post('/api/rides/guest', body);
      expect(res.status, name).toBe(400);
      const error = await errorOf(res);
      const detail = error.issues?.find((d) => d.path === path);
      expect(detail, `${name}: ${JSON.stringify(error)}`).toBeTruthy();
      if (message) expect(detail!.message).toBe(message);
      if (email) expect(await accountOf(email), name).toEqual([]);
    }
  });

  it('a signed-in customer posts as before, and may leave the budget out', async () => {
    const { client } = await signedInClient(server);
    const { budget: _none, ...noBudget } = rideBody({ date: sydneyDateIn(10) });
    const res = await client.post('/api/rides', noBudget);
    expect(res.status).toBe(201);
    const { ride } = (await res.json()) as { ride: RideDto };
    expect(ride).toMatchObject({ status: 'open', budgetCents: null });
    const blank = await postRide(client, { date: sydneyDateIn(11), budget: '' as never });
    expect(blank.ride.budgetCents).toBeNull();
    const typed = await postRide(client, { date: sydneyDateIn(11), budget: 95.5 });
    expect(typed.ride.budgetCents).toBe(9550);
    // The guest route is for guests.
    const again = await client.post('/api/rides/guest', { trip: trip(), person: person() });
    expect(again.status).toBe(409);
  });
});
