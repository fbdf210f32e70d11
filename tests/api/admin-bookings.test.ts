/**
 * Issue 14, booking oversight: the admin list with filters, one booking's timeline, cancelling (both sides
 * told, the request reopens, the other bidders invited), marks (no-show, disputed) and notes, all audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetailDto, AdminBookingListDto } from '../../src/shared/admin/bookings.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { hoursFromNow, insertQuote, insertRide, type RideFields, statusOf } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

describe.each(databaseKinds())('admin booking oversight (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let driver2: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, driver2, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Carmen Bookwell' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dale Oversight',
        companyName: 'Oversight Shuttles',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Bidder', companyName: 'Bidder Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
  });
  afterAll(() => server?.close());

  async function bookedRide(fields: RideFields = {}) {
    const ride = await insertRide(server.db, customer.userId, fields);
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      validUntil: new Date(Math.min(hoursFromNow(24).getTime(), ride.pickupAt.getTime() - 60_000)),
    });
    const other = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver2.userId,
      priceCents: 9900,
    });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    if (res.status !== 201) throw new Error(`accept answered ${res.status}: ${await res.text()}`);
    return { ride, other, booking: ((await res.json()) as { booking: BookingDto }).booking };
  }
  const detailOf = async (id: string) => {
    const res = await admin.client.get(`/api/admin/bookings/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as AdminBookingDetailDto;
  };

  it('only admins: the list, one booking and every action', async () => {
    const { booking } = await bookedRide();
    for (const who of [customer, driver]) {
      expect((await who.client.get('/api/admin/bookings')).status).toBe(403);
      expect((await who.client.get(`/api/admin/bookings/${booking.id}`)).status).toBe(403);
      expect(
        (await who.client.post(`/api/admin/bookings/${booking.id}/cancel`, { reason: 'Not mine to do' }))
          .status,
      ).toBe(403);
    }
    expect((await admin.client.get('/api/admin/bookings/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await admin.client.get('/api/admin/bookings/nope')).status).toBe(404);
    expect(
      (
        await admin.client.post('/api/admin/bookings/00000000-0000-4000-8000-000000000000/cancel', {
          reason: 'Missing one',
        })
      ).status,
    ).toBe(404);
  });

  it('lists with filters: status, pickup dates, driver and customer; pages with a cursor', async () => {
    const a = await bookedRide({ pickupAt: hoursFromNow(48) });
    const b = await bookedRide({ pickupAt: hoursFromNow(96) });
    const list = async (q: string) => {
      const res = await admin.client.get(`/api/admin/bookings?${q}`);
      expect(res.status, q).toBe(200);
      return (await res.json()) as AdminBookingListDto;
    };
    const all = await list('driver=oversight%20shuttles&customer=bookwell');
    expect(all.bookings.map((x) => x.id)).toEqual(expect.arrayContaining([a.booking.id, b.booking.id]));
    // Newest pickup first.
    expect(all.bookings.findIndex((x) => x.id === b.booking.id)).toBeLessThan(
      all.bookings.findIndex((x) => x.id === a.booking.id),
    );
    expect(all.bookings[0]).toMatchObject({
      status: 'confirmed',
      customer: { name: 'Carmen Bookwell' },
      driver: { businessName: 'Oversight Shuttles' },
    });
    expect((await list('driver=nobody-like-this')).bookings).toEqual([]);
    const page1 = await list('driver=oversight&limit=1');
    expect(page1.bookings).toHaveLength(1);
    const page2 = await list(`driver=oversight&limit=1&cursor=${page1.nextCursor}`);
    expect(page2.bookings[0]!.id).not.toBe(page1.bookings[0]!.id);
    for (const q of ['status=lost', 'flag=late', 'from=2026-02-30x', 'cursor=%%%']) {
      expect((await admin.client.get(`/api/admin/bookings?${q}`)).status, q).toBe(400);
    }
  });

  it('cancelling: a reason, both sides told, the request reopens and the other bidder is invited; audited', async () => {
    const { ride, booking } = await bookedRide({ pickupAt: hoursFromNow(72) });
    const bare = await admin.client.post(`/api/admin/bookings/${booking.id}/cancel`, {});
    expect(bare.status).toBe(400);
    expect(await statusOf(server, 'bookings', booking.id)).toBe('confirmed');

    const res = await admin.client.post(`/api/admin/bookings/${booking.id}/cancel`, {
      reason: 'Driver vehicle off the road',
    });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminBookingDetailDto;
    expect(detail.booking.status).toBe('cancelled');
    expect(detail.booking.cancelReason).toBe('Driver vehicle off the road');
    expect(await statusOf(server, 'rides', ride.id)).toBe('open');

    const told = async (userId: string, type: string) =>
      rows<{ title: string; message: string }>(
        server.db,
        sql`select title, message from notifications where user_id = ${userId} and type = ${type} and related_id in (${booking.id}, ${ride.id})`,
      );
    expect((await told(customer.userId, 'booking_cancelled'))[0]!.title).toBe(
      'ShuttleQuote cancelled your booking',
    );
    expect((await told(driver.userId, 'booking_cancelled'))[0]!.message).toContain(
      'Driver vehicle off the road',
    );
    expect(await told(driver2.userId, 'quote_invited')).toHaveLength(1);

    // Both sides read it as cancelled by ShuttleQuote.
    const seen = await customer.client.get(`/api/bookings/${booking.id}`);
    expect(((await seen.json()) as { booking: BookingDto }).booking.cancelledBy).toBe('admin');

    // The timeline: booked, then cancelled with who and why, the notifications, the audit entry.
    const texts = detail.timeline.map((t) => t.text);
    expect(texts[0]).toBe('Booked: the customer accepted the quote');
    expect(detail.timeline.find((t) => t.text === 'Cancelled')).toMatchObject({
      by: admin.email,
      detail: 'Driver vehicle off the road',
    });
    expect(texts).toContain('Told Carmen Bookwell (customer): ShuttleQuote cancelled your booking');
    expect(texts).toContain('Cancelled a booking');
    const again = await admin.client.post(`/api/admin/bookings/${booking.id}/cancel`, {
      reason: 'Twice over',
    });
    expect(again.status).toBe(409);
  });

  it('marks a no-show only after pickup, a dispute any time, clears a mark; notes stay internal', async () => {
    const future = await bookedRide({ pickupAt: hoursFromNow(30) });
    const early = await admin.client.post(`/api/admin/bookings/${future.booking.id}/flag`, {
      flag: 'customer_no_show',
      reason: 'Driver says nobody came',
    });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(
      'A no-show can only be marked once the pickup time has passed.',
    );
    const disputed = await admin.client.post(`/api/admin/bookings/${future.booking.id}/flag`, {
      flag: 'disputed',
      reason: 'Customer disputes the fare',
    });
    expect(disputed.status).toBe(200);
    expect(((await disputed.json()) as AdminBookingDetailDto).booking).toMatchObject({
      flag: 'disputed',
      flagReason: 'Customer disputes the fare',
    });
    expect(
      (
        await admin.client.post(`/api/admin/bookings/${future.booking.id}/flag`, {
          flag: 'disputed',
          reason: 'Again the same',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await admin.client.post(`/api/admin/bookings/${future.booking.id}/flag`, {
          flag: 'lost',
          reason: 'Unknown mark',
        })
      ).status,
    ).toBe(400);
    const list = (await (
      await admin.client.get('/api/admin/bookings?flag=disputed')
    ).json()) as AdminBookingListDto;
    expect(list.bookings.map((b) => b.id)).toContain(future.booking.id);

    const cleared = await admin.client.post(`/api/admin/bookings/${future.booking.id}/flag`, {
      flag: null,
      reason: 'Settled between them',
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as AdminBookingDetailDto).booking.flag).toBeNull();

    const note = await admin.client.post(`/api/admin/bookings/${future.booking.id}/notes`, {
      body: 'Rang the customer.',
    });
    expect(note.status).toBe(201);
    const detail = await detailOf(future.booking.id);
    expect(detail.timeline.find((t) => t.kind === 'note')).toMatchObject({
      detail: 'Rang the customer.',
      by: admin.email,
    });
    expect(detail.timeline.map((t) => t.text)).toEqual(
      expect.arrayContaining(['Marked a booking: Disputed', 'Cleared a booking mark: Disputed']),
    );
    // The parties never see internal notes or marks.
    const mine = await (await customer.client.get(`/api/bookings/${future.booking.id}`)).text();
    expect(mine).not.toContain('Rang the customer.');
    expect(mine).not.toContain('Customer disputes the fare');

    // A no-show after pickup.
    const { booking } = await bookedRide({ pickupAt: hoursFromNow(2) });
    await server.db.execute(
      sql`update rides set pickup_at = now() - interval '1 hour' where id = (select ride_id from bookings where id = ${booking.id})`,
    );
    const noShow = await admin.client.post(`/api/admin/bookings/${booking.id}/flag`, {
      flag: 'driver_no_show',
      reason: 'Customer waited an hour',
    });
    expect(noShow.status).toBe(200);
  });
});
