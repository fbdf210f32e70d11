/**
 * Issue 30, the day of the trip: the driver's trip status (on_the_way from 90 minutes before pickup, then
 * arrived, on_board, dropped_off which completes the booking), its refusals (order, too early, repeated,
 * cancelled, the wrong person) and 100 identical requests at once; the customer's signals; and the
 * driver's shared position (only the customer sees it; outside Australia, too fast and too frequent are
 * refused or not stored; deleted at on_board and at cancellation).
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import { haversineKm } from '../../src/shared/marketplace/geo.ts';
import { TRIP_MESSAGES } from '../../src/shared/marketplace/trip-status.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestServer,
} from './helpers.ts';
import { insertRide, PLACES, setVehicle } from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';

type Person = Awaited<ReturnType<typeof signedInClient>>;
const MIN = 60_000;

describe.each(databaseKinds())('trip status on the day (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, driver, otherDriver, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Other Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    admin.client = server.client();
    expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(200);
    await setVehicle(server.db, driver.userId);
    await setVehicle(server.db, otherDriver.userId);
  });
  afterAll(() => server?.close());

  /** A confirmed booking between customer and driver, its pickup `minutes` from now (no flight number). */
  async function booked(minutes = 60, flightNumber = '') {
    const ride = await insertRide(server.db, customer.userId, {
      pickupAt: new Date(Date.now() + minutes * MIN),
      flightNumber,
    });
    const { bookingId } = await insertBooking(server.db, ride.id, customer.userId, driver.userId);
    return bookingId;
  }
  const setStatus = (who: Person, id: string, status: string) =>
    who.client.post(`/api/bookings/${id}/trip-status`, { status });
  const bookingOf = async (res: Response) => ((await res.json()) as { booking: BookingDto }).booking;
  const view = async (who: Person, id: string) => {
    const res = await who.client.get(`/api/bookings/${id}`);
    expect(res.status).toBe(200);
    return bookingOf(res);
  };
  const notes = (id: string, type: string) =>
    rows<{ user_id: string; title: string; message: string }>(
      server.db,
      sql`select user_id, title, message from notifications where related_id = ${id} and type = ${type}
          order by created_at, id`,
    );
  const eventsOf = (id: string) =>
    rows<{ type: string; actor_id: string | null; note: string }>(
      server.db,
      sql`select type, actor_id, note from booking_events where booking_id = ${id} order by created_at, id`,
    );
  const shift = async (id: string, minutes: number) =>
    expect((await customer.client.post(`/api/dev/bookings/${id}/shift`, { minutes })).status).toBe(200);

  it('the driver moves a trip through every status; each is recorded, timed and told to the customer, and dropped_off completes it', async () => {
    const id = await booked(60);
    const before = await view(driver, id);
    expect(before).toMatchObject({ tripStatus: null, nextTripStatus: 'on_the_way', tripStatusOpensAt: null });
    // The customer cannot set a status: nothing to offer them.
    expect((await view(customer, id)).nextTripStatus).toBeNull();

    const onTheWay = await setStatus(driver, id, 'on_the_way');
    expect(onTheWay.status).toBe(200);
    const b1 = await bookingOf(onTheWay);
    expect(b1).toMatchObject({ tripStatus: 'on_the_way', nextTripStatus: 'arrived', status: 'confirmed' });
    expect(Date.now() - new Date(b1.tripStatusAt!).getTime()).toBeLessThan(60_000);
    expect(b1.history.at(-1)).toMatchObject({ type: 'trip_on_the_way', by: 'driver' });
    const [told] = await notes(id, 'driver_on_the_way');
    expect(told).toMatchObject({ user_id: customer.userId, title: 'Your driver is on the way' });
    expect(told!.message).toContain(
      'Bay Shuttles is on the way to pick you up at 35 Stockton St, Nelson Bay',
    );

    const arrived = await bookingOf(await setStatus(driver, id, 'arrived'));
    expect(arrived.tripStatus).toBe('arrived');
    // No flight number: 10 minutes of free waiting from arrival.
    const [{ arrived_at }] = (await rows<{ arrived_at: Date }>(
      server.db,
      sql`select arrived_at from bookings where id = ${id}`,
    )) as [{ arrived_at: Date }];
    expect(new Date(arrived.waitingUntil!).getTime()).toBe(new Date(arrived_at).getTime() + 10 * MIN);
    expect((await view(customer, id)).waitingUntil).toBe(arrived.waitingUntil);
    expect((await notes(id, 'driver_arrived'))[0]).toMatchObject({
      user_id: customer.userId,
      title: 'Your driver is at the pickup',
    });

    const onBoard = await bookingOf(await setStatus(driver, id, 'on_board'));
    expect(onBoard).toMatchObject({
      tripStatus: 'on_board',
      waitingUntil: null,
      nextTripStatus: 'dropped_off',
    });
    expect((await notes(id, 'trip_update'))[0]).toMatchObject({
      user_id: customer.userId,
      title: 'On board',
    });

    const dropped = await setStatus(driver, id, 'dropped_off');
    expect(dropped.status).toBe(200);
    const done = await bookingOf(dropped);
    expect(done).toMatchObject({ status: 'completed', tripStatus: 'dropped_off', nextTripStatus: null });
    expect(done.completedAt).not.toBeNull();
    expect(done.canRate).toBe(true);
    // The completion of issue 15: one fee line, and one rating prompt to each side.
    const lines = await rows(server.db, sql`select kind from billing_lines where booking_id = ${id}`);
    expect(lines).toEqual([{ kind: 'fee' }]);
    const completed = await notes(id, 'trip_completed');
    expect(completed.map((n) => n.user_id).sort()).toEqual([customer.userId, driver.userId].sort());
    const [ride] = await rows<{ status: string }>(
      server.db,
      sql`select r.status from rides r join bookings b on b.ride_id = r.id where b.id = ${id}`,
    );
    expect(ride!.status).toBe('completed');

    // The timeline, as both sides and an admin see it.
    const types = (await view(admin, id)).history.map((e) => e.type);
    expect(types).toEqual([
      'trip_on_the_way',
      'trip_arrived',
      'trip_on_board',
      'trip_dropped_off',
      'completed',
    ]);
    expect((await eventsOf(id)).every((e) => e.actor_id === driver.userId)).toBe(true);
    expect((await view(customer, id)).history.map((e) => e.type)).toEqual(types);
  });

  it('refuses a change too early, out of order, repeated, after cancellation, and after completion, changing nothing', async () => {
    // Too early: "On the way" opens 90 minutes before pickup.
    const later = await booked(180);
    const early = await setStatus(driver, later, 'on_the_way');
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toMatch(
      /^You can say you are on the way from 90 minutes before pickup/,
    );
    const shown = await view(driver, later);
    expect(shown.nextTripStatus).toBeNull();
    expect(new Date(shown.tripStatusOpensAt!).getTime()).toBe(
      new Date(shown.ride.pickupAt).getTime() - 90 * MIN,
    );

    // Out of order.
    const id = await booked(60);
    const skip = await setStatus(driver, id, 'arrived');
    expect(skip.status).toBe(409);
    expect((await errorOf(skip)).message).toBe(TRIP_MESSAGES.outOfOrder('On the way'));
    expect((await setStatus(driver, id, 'dropped_off')).status).toBe(409);

    // Repeated.
    expect((await setStatus(driver, id, 'on_the_way')).status).toBe(200);
    const again = await setStatus(driver, id, 'on_the_way');
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('The trip is already marked "On the way".');
    // Backwards is out of order too.
    expect((await setStatus(driver, id, 'arrived')).status).toBe(200);
    expect((await errorOf(await setStatus(driver, id, 'on_the_way'))).message).toBe(
      TRIP_MESSAGES.outOfOrder('On board'),
    );

    // Cancelled: any change is 409.
    expect(
      (await customer.client.post(`/api/bookings/${id}/cancel`, { reason: 'Plans changed' })).status,
    ).toBe(200);
    const afterCancel = await setStatus(driver, id, 'on_board');
    expect(afterCancel.status).toBe(409);
    expect((await errorOf(afterCancel)).message).toBe(TRIP_MESSAGES.cancelled);
    expect((await view(driver, id)).nextTripStatus).toBeNull();

    // A trip marked completed the old way takes no status either.
    const passed = await booked(-60);
    expect((await driver.client.post(`/api/bookings/${passed}/complete`, {})).status).toBe(200);
    const afterDone = await setStatus(driver, passed, 'on_the_way');
    expect(afterDone.status).toBe(409);
    expect((await errorOf(afterDone)).message).toBe(TRIP_MESSAGES.notConfirmed);

    // Bad input: 400, nothing changes.
    const bad = await setStatus(driver, later, 'flying');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(TRIP_MESSAGES.chooseStatus);
    expect(await eventsOf(later)).toEqual([]);
  });

  it("only the booking's driver sets the status: its customer 403, anyone else 404", async () => {
    const id = await booked(30);
    expect((await setStatus(customer, id, 'on_the_way')).status).toBe(403);
    expect((await setStatus(otherDriver, id, 'on_the_way')).status).toBe(404);
    expect((await setStatus(otherCustomer, id, 'on_the_way')).status).toBe(404);
    expect((await setStatus(admin, id, 'on_the_way')).status).toBe(404);
    expect((await setStatus(driver, crypto.randomUUID(), 'on_the_way')).status).toBe(404);
    expect((await setStatus(driver, 'not-a-uuid', 'on_the_way')).status).toBe(404);
    expect(
      (await server.client().post(`/api/bookings/${id}/trip-status`, { status: 'on_the_way' })).status,
    ).toBe(401);
    expect(await eventsOf(id)).toEqual([]);
    expect((await view(customer, id)).tripStatus).toBeNull();
  });

  it('100 identical status requests at once make one change, one event and one notification', async () => {
    const id = await booked(45);
    const answers = await Promise.all(Array.from({ length: 100 }, () => setStatus(driver, id, 'on_the_way')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect((await eventsOf(id)).filter((e) => e.type === 'trip_on_the_way')).toHaveLength(1);
    expect(await notes(id, 'driver_on_the_way')).toHaveLength(1);
  });

  it('the customer says "Running late" and "I\'m at the pickup" on the day; the driver is told; one a minute of each', async () => {
    const id = await booked(30);
    const late = await customer.client.post(`/api/bookings/${id}/customer-signal`, {
      kind: 'running_late',
      minutes: 15,
    });
    expect(late.status).toBe(200);
    expect((await bookingOf(late)).history.at(-1)).toMatchObject({
      type: 'customer_running_late',
      by: 'customer',
      note: '15 minutes',
    });
    const [told] = await notes(id, 'trip_update');
    expect(told).toMatchObject({ user_id: driver.userId, title: 'Running late: 15 min' });

    // The same kind again within a minute: 429; the other kind is fine.
    const soon = await customer.client.post(`/api/bookings/${id}/customer-signal`, {
      kind: 'running_late',
      minutes: 20,
    });
    expect(soon.status).toBe(429);
    expect((await errorOf(soon)).message).toBe(TRIP_MESSAGES.signalTooSoon);
    expect(
      (await customer.client.post(`/api/bookings/${id}/customer-signal`, { kind: 'at_pickup' })).status,
    ).toBe(200);
    // A minute later it goes again.
    await shift(id, 2);
    expect(
      (
        await customer.client.post(`/api/bookings/${id}/customer-signal`, {
          kind: 'running_late',
          minutes: 5,
        })
      ).status,
    ).toBe(200);
    expect((await notes(id, 'trip_update')).map((n) => n.title)).toEqual([
      'Running late: 15 min',
      'Your customer is at the pickup',
      'Running late: 5 min',
    ]);

    // 100 at once: one.
    const burst = await booked(30);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        customer.client.post(`/api/bookings/${burst}/customer-signal`, { kind: 'at_pickup' }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(99);
    expect(await notes(burst, 'trip_update')).toHaveLength(1);
  });

  it('refuses signals from the wrong person, out of the day, on a cancelled booking, and bad minutes', async () => {
    const id = await booked(30);
    const path = `/api/bookings/${id}/customer-signal`;
    expect((await driver.client.post(path, { kind: 'at_pickup' })).status).toBe(403);
    expect((await otherCustomer.client.post(path, { kind: 'at_pickup' })).status).toBe(404);
    expect((await admin.client.post(path, { kind: 'at_pickup' })).status).toBe(404);
    for (const minutes of [0, 121, 2.5, '10']) {
      expect((await customer.client.post(path, { kind: 'running_late', minutes })).status).toBe(400);
    }
    expect((await customer.client.post(path, { kind: 'lost' })).status).toBe(400);
    expect((await customer.client.post(path, { kind: 'running_late' })).status).toBe(400);
    expect(await eventsOf(id)).toEqual([]);
    expect((await view(customer, id)).canSignal).toBe(true);

    const tomorrow = await booked(24 * 60);
    const early = await customer.client.post(`/api/bookings/${tomorrow}/customer-signal`, {
      kind: 'at_pickup',
    });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(TRIP_MESSAGES.signalNotNow);
    expect((await view(customer, tomorrow)).canSignal).toBe(false);

    const yesterday = await booked(-13 * 60);
    expect(
      (await customer.client.post(`/api/bookings/${yesterday}/customer-signal`, { kind: 'at_pickup' }))
        .status,
    ).toBe(409);

    expect(
      (await driver.client.post(`/api/bookings/${id}/cancel`, { reason: 'Van broke down' })).status,
    ).toBe(200);
    const cancelled = await customer.client.post(path, { kind: 'at_pickup' });
    expect(cancelled.status).toBe(409);
    expect((await errorOf(cancelled)).message).toBe(TRIP_MESSAGES.cancelled);
  });

  describe('the driver shares their position', () => {
    const near = { lat: -32.72, lng: 152.1 };
    const put = (who: Person, id: string, on: boolean) =>
      who.client.request(`/api/bookings/${id}/position-sharing`, { method: 'PUT', body: { on } });
    const send = (who: Person, id: string, p: object) => who.client.post(`/api/bookings/${id}/position`, p);
    const stored = (id: string) =>
      rows<{ lat: number; lng: number }>(
        server.db,
        sql`select lat, lng from booking_positions where booking_id = ${id}`,
      );

    it('only from "On the way"; only the customer sees it, with the distance and time to the pickup', async () => {
      const id = await booked(40);
      const tooSoon = await put(driver, id, true);
      expect(tooSoon.status).toBe(409);
      expect((await errorOf(tooSoon)).message).toBe(TRIP_MESSAGES.sharingNotNow);
      expect((await setStatus(driver, id, 'on_the_way')).status).toBe(200);
      // Not shared yet: refused.
      const unshared = await send(driver, id, near);
      expect(unshared.status).toBe(409);
      expect((await errorOf(unshared)).message).toBe(TRIP_MESSAGES.positionNotNow);

      expect((await put(customer, id, true)).status).toBe(403);
      expect((await put(otherDriver, id, true)).status).toBe(404);
      const on = await put(driver, id, true);
      expect(on.status).toBe(200);
      expect((await bookingOf(on)).sharingPosition).toBe(true);

      expect((await send(customer, id, near)).status).toBe(403);
      expect((await send(otherDriver, id, near)).status).toBe(404);
      const first = await send(driver, id, { ...near, accuracyM: 12 });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ stored: true });

      const seen = await view(customer, id);
      const km = Math.round(haversineKm(near, PLACES.nelsonBay) * 1.3 * 10) / 10;
      expect(seen.driverPosition).toMatchObject({ lat: near.lat, lng: near.lng, distanceKm: km });
      expect(seen.driverPosition!.etaMinutes).toBe(Math.max(1, Math.round((km / 40) * 60)));
      // Nobody else: not the driver, not an admin, not another customer.
      expect((await view(driver, id)).driverPosition).toBeNull();
      expect((await view(admin, id)).driverPosition).toBeNull();
      expect((await otherCustomer.client.get(`/api/bookings/${id}`)).status).toBe(404);
    });

    it('refuses positions outside Australia and too fast; stores at most one per 10 seconds', async () => {
      const id = await booked(40);
      expect((await setStatus(driver, id, 'on_the_way')).status).toBe(200);
      expect((await put(driver, id, true)).status).toBe(200);
      expect((await send(driver, id, near)).status).toBe(200);

      // Within 10 s: taken, not stored.
      const soon = await send(driver, id, { lat: -32.721, lng: 152.101 });
      expect(soon.status).toBe(202);
      expect(await soon.json()).toEqual({ stored: false });
      expect(await stored(id)).toEqual([near]);

      const london = await send(driver, id, { lat: 51.5, lng: -0.12 });
      expect(london.status).toBe(400);
      expect((await errorOf(london)).message).toBe(TRIP_MESSAGES.outsideAustralia);
      expect((await send(driver, id, { lat: 'x', lng: 152 })).status).toBe(400);

      // A minute later, Sydney (about 200 km away): faster than 200 km/h.
      await shift(id, 1);
      const sydney = await send(driver, id, { lat: -33.87, lng: 151.21 });
      expect(sydney.status).toBe(409);
      expect((await errorOf(sydney)).message).toBe(TRIP_MESSAGES.tooFast);
      expect(await stored(id)).toEqual([near]);
      // Half a kilometre in a minute is fine.
      const next = { lat: -32.716, lng: 152.104 };
      expect((await send(driver, id, next)).status).toBe(200);
      expect(await stored(id)).toEqual([next]);
    });

    it('deletes the position at "On board", and at cancellation', async () => {
      const id = await booked(40);
      expect((await setStatus(driver, id, 'on_the_way')).status).toBe(200);
      expect((await put(driver, id, true)).status).toBe(200);
      expect((await send(driver, id, near)).status).toBe(200);
      expect((await setStatus(driver, id, 'arrived')).status).toBe(200);
      expect((await view(customer, id)).driverPosition).not.toBeNull();
      expect((await setStatus(driver, id, 'on_board')).status).toBe(200);
      expect(await stored(id)).toEqual([]);
      const after = await view(customer, id);
      expect(after).toMatchObject({ driverPosition: null, sharingPosition: false });
      expect((await send(driver, id, near)).status).toBe(409);

      const other = await booked(40);
      expect((await setStatus(driver, other, 'on_the_way')).status).toBe(200);
      expect((await put(driver, other, true)).status).toBe(200);
      expect((await send(driver, other, near)).status).toBe(200);
      expect(await stored(other)).toHaveLength(1);
      expect(
        (await customer.client.post(`/api/bookings/${other}/cancel`, { reason: 'Plans changed' })).status,
      ).toBe(200);
      expect(await stored(other)).toEqual([]);
      expect((await view(customer, other)).driverPosition).toBeNull();
    });
  });
});
