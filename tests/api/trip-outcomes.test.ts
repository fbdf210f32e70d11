/**
 * Issue 30, how a trip ends: the free waiting time and the driver's no-show (only after it ran out; the
 * billing effect of the admin mark), the customer's dispute (once, within 48 hours), "The trip didn't
 * happen" (either side, after pickup; the booking then waits for an admin), trips completing themselves 12
 * hours after pickup in the sweep, and the 2-hour reminder. Time moves with /api/dev/bookings/:id/shift.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
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
import { insertRide, setVehicle } from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';

type Person = Awaited<ReturnType<typeof signedInClient>>;
const MIN = 60_000;

describe.each(databaseKinds())('how a trip ends (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, otherDriver, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Other Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(() => server?.close());

  async function booked(minutes = 60, flightNumber = '') {
    const ride = await insertRide(server.db, customer.userId, {
      pickupAt: new Date(Date.now() + minutes * MIN),
      flightNumber,
    });
    const { bookingId } = await insertBooking(server.db, ride.id, customer.userId, driver.userId);
    return bookingId;
  }
  const bookingOf = async (res: Response) => ((await res.json()) as { booking: BookingDto }).booking;
  const view = async (who: Person, id: string) => {
    const res = await who.client.get(`/api/bookings/${id}`);
    expect(res.status).toBe(200);
    return bookingOf(res);
  };
  const setStatus = async (id: string, status: string) =>
    expect((await driver.client.post(`/api/bookings/${id}/trip-status`, { status })).status).toBe(200);
  const shift = async (id: string, minutes: number) =>
    expect((await customer.client.post(`/api/dev/bookings/${id}/shift`, { minutes })).status).toBe(200);
  const noShow = (who: Person, id: string, body?: object) =>
    who.client.request(`/api/bookings/${id}/no-show`, { method: 'POST', body });
  const dispute = (who: Person, id: string, reason: string) =>
    who.client.post(`/api/bookings/${id}/no-show-dispute`, { reason });
  const notes = (id: string, type: string) =>
    rows<{ user_id: string; title: string; message: string }>(
      server.db,
      sql`select user_id, title, message from notifications where related_id = ${id} and type = ${type}
          order by created_at, id`,
    );
  const feeLines = (id: string) =>
    rows<{ kind: string }>(
      server.db,
      sql`select kind from billing_lines where booking_id = ${id} order by occurred_at`,
    );
  const row = async (id: string) =>
    (
      await rows<{
        status: string;
        admin_flag: string | null;
        no_show_at: Date | null;
        completed_at: Date | null;
      }>(server.db, sql`select status, admin_flag, no_show_at, completed_at from bookings where id = ${id}`)
    )[0]!;

  /** A trip where the driver has arrived (no flight number: 10 minutes of free waiting). */
  async function arrived(minutes = 30, flightNumber = '') {
    const id = await booked(minutes, flightNumber);
    await setStatus(id, 'on_the_way');
    await setStatus(id, 'arrived');
    return id;
  }

  it('a no-show is refused until the free waiting time has run out, then marked with the billing effect of the admin mark', async () => {
    const id = await arrived();
    const early = await noShow(driver, id);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toMatch(
      /^The free waiting time runs until .+: wait until then\.$/,
    );
    expect((await view(driver, id)).canMarkNoShow).toBe(false);
    expect((await row(id)).no_show_at).toBeNull();

    // Nine minutes: still waiting; eleven: the driver may mark it.
    await shift(id, 9);
    expect((await noShow(driver, id)).status).toBe(409);
    await shift(id, 2);
    const shown = await view(driver, id);
    expect(shown.canMarkNoShow).toBe(true);
    expect(new Date(shown.waitingUntil!).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await noShow(customer, id)).status).toBe(403);
    expect((await noShow(otherDriver, id)).status).toBe(404);

    const marked = await noShow(driver, id, { note: 'Waited 12 minutes, called twice.' });
    expect(marked.status).toBe(200);
    const b = await bookingOf(marked);
    expect(b.noShowAt).not.toBeNull();
    expect(b.history.at(-1)).toMatchObject({
      type: 'no_show_marked',
      by: 'driver',
      note: 'Waited 12 minutes, called twice.',
    });
    // As the admin's 'customer_no_show' mark: the trip is over and owes no fee.
    expect(await row(id)).toMatchObject({ status: 'completed', admin_flag: 'customer_no_show' });
    expect(await feeLines(id)).toEqual([]);
    const [told] = await notes(id, 'no_show_marked');
    expect(told).toMatchObject({ user_id: customer.userId, title: 'Your driver marked you a no-show' });
    expect(told!.message).toContain('dispute it on the booking within 48 hours');
    // No "trip completed" rating prompt for a trip that did not take place.
    expect(await notes(id, 'trip_completed')).toEqual([]);

    // Nothing moves after it.
    const again = await noShow(driver, id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(TRIP_MESSAGES.noShowAlready);
    const board = await driver.client.post(`/api/bookings/${id}/trip-status`, { status: 'on_board' });
    expect(board.status).toBe(409);
    expect((await errorOf(board)).message).toBe(TRIP_MESSAGES.noShowMarked);
    expect((await view(customer, id)).canDisputeNoShow).toBe(true);
  });

  it('a no-show needs the driver to have arrived and the passenger not on board', async () => {
    const id = await booked(30);
    await setStatus(id, 'on_the_way');
    await shift(id, 60);
    const notArrived = await noShow(driver, id);
    expect(notArrived.status).toBe(409);
    expect((await errorOf(notArrived)).message).toBe(TRIP_MESSAGES.noShowNotArrived);
    await setStatus(id, 'arrived');
    await setStatus(id, 'on_board');
    await shift(id, 60);
    expect((await errorOf(await noShow(driver, id))).message).toBe(TRIP_MESSAGES.noShowNotArrived);
    expect((await noShow(driver, id, { note: 'x'.repeat(501) })).status).toBe(400);
  });

  it('with a flight number the free waiting time is 30 minutes from the later of arrival and pickup', async () => {
    const id = await arrived(60, 'QF1504');
    const shown = await view(customer, id);
    expect(new Date(shown.waitingUntil!).getTime()).toBe(new Date(shown.ride.pickupAt).getTime() + 30 * MIN);
    // 85 minutes on: pickup was 25 minutes ago, still free waiting.
    await shift(id, 85);
    expect((await noShow(driver, id)).status).toBe(409);
    await shift(id, 6);
    expect((await noShow(driver, id)).status).toBe(200);
  });

  it('the customer disputes a no-show once, with a reason; the driver and every admin are told', async () => {
    const id = await arrived();
    await shift(id, 11);
    expect((await noShow(driver, id)).status).toBe(200);

    expect((await dispute(customer, id, 'Too short')).status).toBe(400);
    expect((await dispute(customer, id, 'x'.repeat(1001))).status).toBe(400);
    expect((await dispute(driver, id, 'I was at the door the whole time.')).status).toBe(403);
    expect((await dispute(otherDriver, id, 'I was at the door the whole time.')).status).toBe(404);
    const ok = await dispute(customer, id, 'I was at the door the whole time.');
    expect(ok.status).toBe(200);
    const b = await bookingOf(ok);
    expect(b.noShowDisputedAt).not.toBeNull();
    expect(b.canDisputeNoShow).toBe(false);
    expect(b.history.at(-1)).toMatchObject({ type: 'no_show_disputed', by: 'customer' });
    const told = await notes(id, 'no_show_disputed');
    expect(told.map((n) => n.user_id).sort()).toEqual([driver.userId, admin.userId].sort());
    // The mark (and so the fee) stays as it is until an admin decides.
    expect((await row(id)).admin_flag).toBe('customer_no_show');
    expect(await feeLines(id)).toEqual([]);

    const twice = await dispute(customer, id, 'I was at the door the whole time.');
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(TRIP_MESSAGES.disputeAlready);

    // No no-show, nothing to dispute.
    const plain = await booked(30);
    expect((await errorOf(await dispute(customer, plain, 'I was at the door the whole time.'))).message).toBe(
      TRIP_MESSAGES.disputeNotMarked,
    );
  });

  it('a no-show can be disputed for 48 hours only', async () => {
    const id = await arrived();
    await shift(id, 11);
    expect((await noShow(driver, id)).status).toBe(200);
    await shift(id, 47 * 60);
    expect((await view(customer, id)).canDisputeNoShow).toBe(true);
    await shift(id, 61);
    expect((await view(customer, id)).canDisputeNoShow).toBe(false);
    const late = await dispute(customer, id, 'I was at the door the whole time.');
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(TRIP_MESSAGES.disputeClosed);
  });

  it('a confirmed trip completes itself 12 hours after pickup, by the system, once', async () => {
    const id = await booked(60);
    await shift(id, 60 + 11 * 60);
    await sweepExpired(server.db);
    expect((await row(id)).status).toBe('confirmed');
    await shift(id, 61);
    await sweepExpired(server.db);
    await sweepExpired(server.db);
    const b = await view(customer, id);
    expect(b.status).toBe('completed');
    expect(b.canRate).toBe(true);
    expect(b.history.filter((e) => e.type === 'completed')).toEqual([
      expect.objectContaining({ type: 'completed', by: 'system' }),
    ]);
    expect(await feeLines(id)).toEqual([{ kind: 'fee' }]);
    const prompts = await notes(id, 'trip_completed');
    expect(prompts.map((n) => n.user_id).sort()).toEqual([customer.userId, driver.userId].sort());
  });

  it('"The trip didn\'t happen": either side after pickup, once; admins are told, and the trip does not complete itself', async () => {
    const id = await booked(30);
    const path = `/api/bookings/${id}/not-happened`;
    const early = await customer.client.post(path, { reason: 'Nobody came.' });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(TRIP_MESSAGES.notHappenedBeforePickup);
    expect((await view(customer, id)).canReportNotHappened).toBe(false);
    await shift(id, 31);
    expect((await view(customer, id)).canReportNotHappened).toBe(true);
    expect((await view(driver, id)).canReportNotHappened).toBe(true);
    expect((await otherDriver.client.post(path, { reason: 'Nobody came.' })).status).toBe(404);
    expect((await customer.client.post(path, { reason: '' })).status).toBe(400);

    const ok = await customer.client.post(path, { reason: 'Nobody came.' });
    expect(ok.status).toBe(200);
    const b = await bookingOf(ok);
    expect(b.notHappenedAt).not.toBeNull();
    expect(b.history.at(-1)).toMatchObject({
      type: 'not_happened_reported',
      by: 'customer',
      note: 'Nobody came.',
    });
    const told = await notes(id, 'trip_update');
    expect(told.map((n) => n.user_id).sort()).toEqual([driver.userId, admin.userId].sort());
    const twice = await driver.client.post(path, { reason: 'I was there.' });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(TRIP_MESSAGES.notHappenedAlready);

    await shift(id, 13 * 60);
    await sweepExpired(server.db);
    expect((await row(id)).status).toBe('confirmed');
    expect(await feeLines(id)).toEqual([]);
  });

  it('both sides get one reminder 2 hours before pickup', async () => {
    const id = await booked(110);
    await sweepExpired(server.db);
    await sweepExpired(server.db);
    const reminders = await notes(id, 'trip_reminder_2h');
    expect(reminders.map((n) => n.user_id).sort()).toEqual([customer.userId, driver.userId].sort());
    const forDriver = reminders.find((n) => n.user_id === driver.userId)!;
    expect(forDriver.message).toContain('Tap "On the way" on the booking from');
    // Booked this late, the 2-hour reminder is the only one.
    expect(await notes(id, 'trip_reminder')).toEqual([]);

    const later = await booked(5 * 60);
    await sweepExpired(server.db);
    expect(await notes(later, 'trip_reminder_2h')).toEqual([]);
    expect(await notes(later, 'trip_reminder')).toHaveLength(2);
  });
});
