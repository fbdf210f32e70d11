/**
 * Compliance documents over time and the gate's edges (issue 13), on both databases: reminders 30 and 7
 * days before expiry once each; at expiry the quotes that depended on the document are withdrawn once and
 * the customers told, booked trips stay and are listed for admins; the gate closes the moment a document's
 * last day has passed (before any sweep); unverified drivers are not matched or alerted; the public driver
 * card only for verified drivers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { DriverPublicDto, FollowUpBookingDto, QuoteDto } from '../../src/shared/marketplace/api.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertRide, notificationsOf } from './marketplace-fixtures.ts';
import { insertBooking, postRide } from './ride-fixtures.ts';

describe.each(databaseKinds())('documents over time and the gate (%s)', (kind) => {
  let server: TestServer;
  let customer: { client: TestClient; userId: string };
  let admin: TestClient;

  const inDays = (n: number) => sql`((now() at time zone 'Australia/Sydney')::date + ${n}::int)`;
  const setExpiry = (driverId: string, kindName: string, days: number) =>
    server.db.execute(
      sql`update driver_documents set expires_on = ${inDays(days)} where driver_id = ${driverId} and kind = ${kindName}`,
    );
  const vehicleOf = async (driverId: string) =>
    (await rows<{ id: string }>(server.db, sql`select id from vehicles where driver_id = ${driverId}`))[0]!
      .id;
  const liveQuotes = async (driverId: string) =>
    rows<{ id: string }>(
      server.db,
      sql`select id from quotes where driver_id = ${driverId} and status in ('pending', 'needs_confirmation')`,
    );

  beforeAll(async () => {
    server = await startServer(kind);
    customer = await signedInClient(server, { userType: 'customer' });
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reminds 30 and 7 days before expiry, once each', async () => {
    const d = await signedInClient(server, { userType: 'driver' });
    await setExpiry(d.userId, 'insurance', 25);
    await sweepExpired(server.db);
    await sweepExpired(server.db);
    let notes = await notificationsOf(server, d.userId, 'document_expiring');
    expect(notes.map((n) => n.title)).toEqual([
      'Your insurance certificate (CTP and public liability) expires within 30 days',
    ]);
    await setExpiry(d.userId, 'insurance', 6);
    await sweepExpired(server.db);
    await sweepExpired(server.db);
    notes = await notificationsOf(server, d.userId, 'document_expiring');
    expect(notes.map((n) => n.title)).toEqual([
      'Your insurance certificate (CTP and public liability) expires within 30 days',
      'Your insurance certificate (CTP and public liability) expires within a week',
    ]);
    // First seen already within a week: only the 7-day reminder.
    await setExpiry(d.userId, 'authorisation', 3);
    await sweepExpired(server.db);
    notes = await notificationsOf(server, d.userId, 'document_expiring');
    expect(notes.filter((n) => n.title.startsWith('Your authorisation'))).toHaveLength(1);
  });

  it('the gate closes the moment a document has expired, before any sweep', async () => {
    const d = await signedInClient(server, { userType: 'driver' });
    const { ride } = await postRide(customer.client);
    await setExpiry(d.userId, 'insurance', -1);
    const res = await d.client.post('/api/quotes', { rideId: ride.id, price: 90, message: 'Door to door.' });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe('driver_not_verified');
    expect(error.message).toContain('Insurance certificate (CTP and public liability)');
    expect(error.issues?.find((i) => i.path === 'insurance')?.message).toMatch(/Expired on/);
  });

  it('at expiry: live quotes withdrawn once, customers told once, the booked trip stays and is listed for admins', async () => {
    const d = await signedInClient(server, { userType: 'driver', companyName: 'Lapsed Coaches' });
    const { ride } = await postRide(customer.client);
    const quoted = await d.client.post('/api/quotes', {
      rideId: ride.id,
      price: 90,
      message: 'Door to door.',
    });
    expect(quoted.status).toBe(201);
    const booked = await insertRide(server.db, customer.userId);
    const { bookingId } = await insertBooking(server.db, booked.id, customer.userId, d.userId);
    await setExpiry(d.userId, 'insurance', -1);
    await sweepExpired(server.db);
    await sweepExpired(server.db);
    expect(await liveQuotes(d.userId)).toHaveLength(0);
    const told = (await notificationsOf(server, customer.userId, 'quote_withdrawn')).filter(
      (n) => n.related_id === ride.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(
      /^Lapsed Coaches can't take new trips at the moment \(their insurance certificate/,
    );
    expect(await notificationsOf(server, d.userId, 'document_expired')).toHaveLength(1);
    const seen = await customer.client.get(`/api/quotes?rideId=${ride.id}`);
    const { items } = (await seen.json()) as { items: QuoteDto[] };
    expect(items.find((q) => q.driver.id === d.userId)?.status).toBe('withdrawn');
    const booking = await rows<{ status: string }>(
      server.db,
      sql`select status from bookings where id = ${bookingId}`,
    );
    expect(booking[0]!.status).toBe('confirmed');
    const follow = await admin.get('/api/admin/follow-ups');
    expect(follow.status).toBe(200);
    const listed = ((await follow.json()) as { items: FollowUpBookingDto[] }).items.find(
      (i) => i.bookingId === bookingId,
    );
    expect(listed).toMatchObject({ businessName: 'Lapsed Coaches', trip: 'Nelson Bay to Newcastle Airport' });
    expect(listed!.problem).toMatch(/^Insurance certificate \(CTP and public liability\): Expired on/);
    expect((await customer.client.get('/api/admin/follow-ups')).status).toBe(403);
  });

  it('an expired safety inspection withdraws only the quotes naming that vehicle', async () => {
    const d = await signedInClient(server, { userType: 'driver' });
    const first = await vehicleOf(d.userId);
    const added = await d.client.post('/api/drivers/me/vehicles', {
      make: 'Kia',
      model: 'Carnival',
      year: 2021,
      plate: 'KIA777',
      seats: 7,
      luggageBags: 6,
    });
    expect(added.status).toBe(201);
    const second = ((await added.json()) as { vehicle: { id: string } }).vehicle.id;
    // The dev verifier approves an inspection for each vehicle: give the new one its own.
    const { verifyDriverForDevelopment } = await import(
      '../../src/server/modules/verification/dev-verify.ts'
    );
    const { storageFor } = await import('../../src/server/services/storage.ts');
    await verifyDriverForDevelopment(server.db, storageFor(server.deps.env), d.userId);
    const a = await postRide(customer.client);
    const b = await postRide(customer.client);
    expect(
      (
        await d.client.post('/api/quotes', {
          rideId: a.ride.id,
          price: 90,
          message: 'Van.',
          vehicleId: first,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await d.client.post('/api/quotes', {
          rideId: b.ride.id,
          price: 80,
          message: 'Kia.',
          vehicleId: second,
        })
      ).status,
    ).toBe(201);
    await server.db.execute(
      sql`update driver_documents set expires_on = ${inDays(-1)} where vehicle_id = ${first}`,
    );
    await sweepExpired(server.db);
    const live = await rows<{ ride_id: string }>(
      server.db,
      sql`select ride_id from quotes where driver_id = ${d.userId} and status = 'pending'`,
    );
    expect(live.map((q) => q.ride_id)).toEqual([b.ride.id]);
    // Still verified: quotes with the inspected vehicle only.
    const c = await postRide(customer.client);
    const refused = await d.client.post('/api/quotes', {
      rideId: c.ride.id,
      price: 90,
      message: 'Van.',
      vehicleId: first,
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).issues?.[0]?.path).toBe('vehicleId');
  });

  it('unverified drivers are not matched, alerted or listed; the confirm and pair routes refuse them too', async () => {
    const unverified = await signedInClient(server, { userType: 'driver', verified: false });
    const verified = await signedInClient(server, { userType: 'driver' });
    for (const who of [unverified, verified]) {
      const res = await who.client.request('/api/drivers/me', {
        method: 'PUT',
        body: {
          bspNumber: 'BSP-12345',
          abn: who === verified ? '51824753556' : '',
          businessPhone: '0412 345 678',
          base: { locality: 'Nelson Bay', postcode: '2315' },
          serviceRadiusKm: 100,
          availability: {
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            hours: { start: '00:00', end: '23:59' },
          },
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const { ride } = await postRide(customer.client);
    const matched = await customer.client.get(`/api/rides/${ride.id}/matches`);
    const count = ((await matched.json()) as { count: number }).count;
    expect(await notificationsOf(server, unverified.userId, 'ride_matched')).toHaveLength(0);
    expect(await notificationsOf(server, verified.userId, 'ride_matched')).toHaveLength(1);
    expect(count).toBeGreaterThanOrEqual(1);
    // A quote the unverified driver somehow holds cannot be confirmed.
    const [q] = await rows<{ id: string }>(
      server.db,
      sql`insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version)
          values (${ride.id}, ${unverified.userId}, 'needs_confirmation', 9000, 'Old quote', now() + interval '5 hours', 1)
          returning id`,
    );
    const confirm = await unverified.client.post(`/api/quotes/${q!.id}/confirm`, {});
    expect(confirm.status).toBe(403);
    expect((await errorOf(confirm)).code).toBe('driver_not_verified');
    const pair = await unverified.client.post('/api/quotes', {
      rideId: ride.id,
      price: 180,
      message: 'Both legs.',
      pair: true,
    });
    expect(pair.status).toBe(403);
  });

  it('serve=mine (the default) shows trips in the service area a vehicle can carry; serve=all shows every trip', async () => {
    const d = await signedInClient(server, { userType: 'driver', seats: 4 });
    const near = await postRide(customer.client, { passengers: 3 });
    const crowd = await postRide(customer.client, { passengers: 9 });
    const far = await insertRide(server.db, customer.userId, {
      from: { locality: 'BROKEN HILL', postcode: '2880', address: '', lat: -31.95, lng: 141.47 },
      passengers: 2,
    });
    const ids = async (query: string) =>
      (
        (await (await d.client.get(`/api/rides/available${query}`)).json()) as { items: { id: string }[] }
      ).items.map((r) => r.id);
    const mine = await ids('');
    expect(mine).toContain(near.ride.id);
    expect(mine).not.toContain(crowd.ride.id);
    expect(mine).not.toContain(far.id);
    const all = await ids('?serve=all');
    expect(all).toEqual(expect.arrayContaining([near.ride.id, crowd.ride.id, far.id]));
  });

  it('the public driver card: verified drivers only, no contact details', async () => {
    const d = await signedInClient(server, { userType: 'driver', companyName: 'Public Shuttles' });
    const guest = server.client();
    const res = await guest.get(`/api/driver-cards/${d.userId}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const { driver } = JSON.parse(text) as { driver: DriverPublicDto };
    expect(driver).toMatchObject({
      id: d.userId,
      businessName: 'Public Shuttles',
      rating: { average: null, count: 0 },
      completedTrips: 0,
      baseLabel: 'Nelson Bay NSW 2315',
    });
    expect(driver.verifiedAt).not.toBeNull();
    expect(driver.vehicles).toHaveLength(1);
    expect(text).not.toContain('@');
    expect(text).not.toContain('+61');
    await server.db.execute(
      sql`update drivers set verification_status = 'suspended' where user_id = ${d.userId}`,
    );
    expect((await guest.get(`/api/driver-cards/${d.userId}`)).status).toBe(404);
    const unverified = await signedInClient(server, { userType: 'driver', verified: false });
    for (const id of [unverified.userId, customer.userId, 'not-a-uuid']) {
      expect((await guest.get(`/api/driver-cards/${id}`)).status, id).toBe(404);
    }
  });
});
