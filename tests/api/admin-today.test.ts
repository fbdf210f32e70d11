/**
 * Issue 30, "Today, for admins": GET /api/admin/today lists the bookings of the current Sydney day (and
 * only those) in pickup order with both phones and the late marker; the dashboard counts the late ones;
 * the sweep tells every admin once per late booking, however often or concurrently it runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { alertLateBookings } from '../../src/server/jobs/late-bookings.ts';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { DashboardDto } from '../../src/shared/admin/dashboard.ts';
import type { AdminTodayDto, AdminTodayRowDto } from '../../src/shared/marketplace/admin-today.ts';
import { notificationPath } from '../../src/shared/marketplace/notification-types.ts';
import { sydneyDayEnd, sydneyDayStart, sydneyToday, utcToSydney } from '../../src/shared/marketplace/time.ts';
import {
  databaseKinds,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertDriver, insertRide, notificationsOf } from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

const MINUTE = 60_000;
const minutesFromNow = (m: number) => new Date(Date.now() + m * MINUTE);
const isToday = (d: Date) => utcToSydney(d).date === sydneyToday();

describe.each(databaseKinds())('admin today (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let admin: Person;
  let admin2: Person;
  /** A driver with no business phone: their own phone is given instead. */
  let plainDriverId: string;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, admin, admin2] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0400 111 222' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
      signedInClient(server, { userType: 'customer', fullName: 'Abe Admin' }),
    ]);
    await makeAdmin(server, admin);
    await makeAdmin(server, admin2);
    await server.db.execute(
      sql`update drivers set business_phone = '+61412000111' where user_id = ${driver.userId}`,
    );
    plainDriverId = await insertDriver(server.db, { fullName: 'Perry Plain', companyName: '' });
    await server.db.execute(sql`update users set phone = '+61400999888' where id = ${plainDriverId}`);
    await server.db.execute(sql`update drivers set business_phone = null where user_id = ${plainDriverId}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A booking of the customer picked up at `pickupAt`, in the given states. */
  async function booking(
    pickupAt: Date,
    f: { status?: string; tripStatus?: string | null; driverId?: string } = {},
  ): Promise<string> {
    const ride = await insertRide(server.db, customer.userId, { pickupAt, status: 'booked' });
    const { bookingId } = await insertBooking(
      server.db,
      ride.id,
      customer.userId,
      f.driverId ?? driver.userId,
    );
    if (f.status && f.status !== 'confirmed') {
      await server.db.execute(
        sql`update bookings set status = ${f.status},
              completed_at = ${f.status === 'completed' ? sql`now()` : null},
              cancelled_at = ${f.status === 'cancelled' ? sql`now()` : null}
            where id = ${bookingId}`,
      );
    }
    if (f.tripStatus) {
      await server.db.execute(
        sql`update bookings set trip_status = ${f.tripStatus}, trip_status_at = now() where id = ${bookingId}`,
      );
    }
    return bookingId;
  }

  async function today(): Promise<AdminTodayDto> {
    const res = await admin.client.get('/api/admin/today');
    expect(res.status).toBe(200);
    return (await res.json()) as AdminTodayDto;
  }

  const lateAlerts = (userId: string, bookingId: string) =>
    notificationsOf(server, userId, 'booking_late').then((n) => n.filter((x) => x.related_id === bookingId));

  it('answers 401 to a guest and 403 to a customer or a driver', async () => {
    expect((await server.client().get('/api/admin/today')).status).toBe(401);
    expect((await customer.client.get('/api/admin/today')).status).toBe(403);
    expect((await driver.client.get('/api/admin/today')).status).toBe(403);
  });

  it("lists only the bookings whose pickup falls in today's Sydney day, in pickup order, with both phones", async () => {
    const date = sydneyToday();
    const start = sydneyDayStart(date)!;
    const end = sydneyDayEnd(date)!;
    const first = await booking(start, { status: 'completed' });
    const last = await booking(new Date(end.getTime() - MINUTE), { driverId: plainDriverId });
    const cancelled = await booking(new Date(start.getTime() + 6 * 60 * MINUTE), { status: 'cancelled' });
    const yesterday = await booking(new Date(start.getTime() - MINUTE));
    const tomorrow = await booking(end);

    const list = await today();
    expect(list.date).toBe(date);
    const ids = list.bookings.map((b) => b.id);
    expect(ids).toContain(first);
    expect(ids).toContain(last);
    expect(ids).toContain(cancelled);
    expect(ids).not.toContain(yesterday);
    expect(ids).not.toContain(tomorrow);
    const times = list.bookings.map((b) => b.pickupAt);
    expect(times).toEqual([...times].sort());
    expect(ids[0]).toBe(first);
    expect(ids.at(-1)).toBe(last);
    for (const b of list.bookings) {
      expect(b.pickupAt >= start.toISOString() && b.pickupAt < end.toISOString()).toBe(true);
    }

    const row = list.bookings.find((b) => b.id === first)!;
    expect(row).toMatchObject({
      status: 'completed',
      tripStatus: null,
      late: null,
      from: { locality: 'Nelson Bay', place: '35 Stockton St' },
      to: { locality: 'Williamtown', place: 'Newcastle Airport, 1 Williamtown Dr' },
      driver: {
        name: 'Dana Driverson',
        businessName: 'Port Stephens Shuttles',
        phone: { display: '0412 000 111', href: 'tel:+61412000111' },
      },
      customer: { name: 'Cara Whitfield', phone: { display: '0400 111 222', href: 'tel:+61400111222' } },
    });
    // No business phone: the driver's own mobile, as the customer is given.
    const plain = list.bookings.find((b) => b.id === last)!;
    expect(plain.driver).toMatchObject({
      name: 'Perry Plain',
      businessName: null,
      phone: { display: '0400 999 888', href: 'tel:+61400999888' },
    });
    expect(list.bookings.find((b) => b.id === cancelled)).toMatchObject({ status: 'cancelled', late: null });
  });

  it('marks late: no on_the_way 30 minutes before pickup, not arrived 10 minutes after; and the dashboard counts them', async () => {
    const cases: { at: Date; status?: string; tripStatus?: string; late: AdminTodayRowDto['late'] }[] = [
      { at: minutesFromNow(20), late: 'not_on_the_way' },
      { at: minutesFromNow(20), tripStatus: 'on_the_way', late: null },
      { at: minutesFromNow(45), late: null },
      { at: minutesFromNow(-15), late: 'not_on_the_way' },
      { at: minutesFromNow(-15), tripStatus: 'on_the_way', late: 'not_arrived' },
      { at: minutesFromNow(-15), tripStatus: 'arrived', late: null },
      { at: minutesFromNow(-15), tripStatus: 'on_board', late: null },
      { at: minutesFromNow(-5), tripStatus: 'on_the_way', late: null },
      { at: minutesFromNow(-15), status: 'completed', late: null },
      { at: minutesFromNow(-15), status: 'cancelled', late: null },
    ];
    const made = [];
    for (const c of cases) made.push({ ...c, id: await booking(c.at, c) });
    const list = await today();
    // Near midnight some of these fall on another Sydney day: those must not be listed at all.
    for (const m of made) {
      const row = list.bookings.find((b) => b.id === m.id);
      if (!isToday(m.at)) {
        expect(row).toBeUndefined();
        continue;
      }
      expect(
        row?.late,
        `${m.tripStatus ?? 'no status'} ${m.status ?? 'confirmed'} at ${m.at.toISOString()}`,
      ).toBe(m.late);
      if (m.tripStatus) expect(row?.tripStatus).toBe(m.tripStatus);
    }
    const dash = await admin.client.get('/api/admin/dashboard');
    expect(dash.status).toBe(200);
    const attention = ((await dash.json()) as DashboardDto).attention;
    expect(attention.lateToday).toBe(list.bookings.filter((b) => b.late).length);
    expect(attention.lateToday).toBeGreaterThan(0);
  });

  it('tells every admin once per late booking, however often the sweep runs', async () => {
    const late = await booking(minutesFromNow(20));
    const notArrived = await booking(minutesFromNow(-15), { tripStatus: 'on_the_way' });
    const onTime = await booking(minutesFromNow(20), { tripStatus: 'on_the_way' });
    const arrived = await booking(minutesFromNow(-15), { tripStatus: 'arrived' });
    const cancelled = await booking(minutesFromNow(-15), { status: 'cancelled' });
    const longAgo = await booking(minutesFromNow(-13 * 60));

    expect((await sweepExpired(server.db)).swept).toBe(true);
    expect((await sweepExpired(server.db)).swept).toBe(true);

    for (const a of [admin, admin2]) {
      const [alert, ...more] = await lateAlerts(a.userId, late);
      expect(more).toEqual([]);
      expect(alert?.title).toBe('Late: not on the way (Nelson Bay to Newcastle Airport)');
      expect(alert?.message).toContain('Port Stephens Shuttles');
      expect(notificationPath('booking_late', alert!.related_id)).toBe(`/admin/bookings/${late}`);
      const arrivedAlerts = await lateAlerts(a.userId, notArrived);
      expect(arrivedAlerts.map((n) => n.title)).toEqual([
        'Late: not arrived (Nelson Bay to Newcastle Airport)',
      ]);
      for (const quiet of [onTime, arrived, cancelled, longAgo])
        expect(await lateAlerts(a.userId, quiet)).toEqual([]);
    }
    // Customers and drivers are not told: this is for admins.
    expect(await lateAlerts(customer.userId, late)).toEqual([]);
    expect(await lateAlerts(driver.userId, late)).toEqual([]);
    const marked = await rows<{ id: string; alerted: boolean }>(
      server.db,
      sql`select id, late_alerted_at is not null as alerted from bookings
           where id in (${late}, ${notArrived}, ${onTime}, ${arrived}, ${cancelled}, ${longAgo})`,
    );
    expect(Object.fromEntries(marked.map((m) => [m.id, m.alerted]))).toEqual({
      [late]: true,
      [notArrived]: true,
      [onTime]: false,
      [arrived]: false,
      [cancelled]: false,
      [longAgo]: false,
    });
  });

  it('tells each admin once when the job runs in several transactions at the same time', async () => {
    const late = await booking(minutesFromNow(10));
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => server.db.transaction((tx) => alertLateBookings(tx as unknown as Db))),
    );
    expect(runs.filter((ids) => ids.includes(late))).toHaveLength(1);
    // And the sweeps of two instances at once: one takes the lock, neither alerts again.
    await Promise.all([sweepExpired(server.db), sweepExpired(server.db)]);
    for (const a of [admin, admin2]) expect(await lateAlerts(a.userId, late)).toHaveLength(1);
  });

  it('a booking that was late and is then on its way is no longer marked, and is not alerted again', async () => {
    const id = await booking(minutesFromNow(15));
    await sweepExpired(server.db);
    await server.db.execute(
      sql`update bookings set trip_status = 'on_the_way', trip_status_at = now() where id = ${id}`,
    );
    await sweepExpired(server.db);
    if (isToday(minutesFromNow(15))) {
      const row = (await today()).bookings.find((b) => b.id === id);
      expect(row).toMatchObject({ late: null, tripStatus: 'on_the_way' });
      expect(row?.tripStatusAt).not.toBeNull();
    }
    for (const a of [admin, admin2]) expect(await lateAlerts(a.userId, id)).toHaveLength(1);
  });
});
