import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../src/shared/marketplace/api.ts';
import { EventStream } from './event-stream.ts';
import {
  databaseKinds,
  errorOf,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertRide, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
}
interface NotificationList {
  items: NotificationDto[];
  unread: number;
}

describe.each(databaseKinds())('notifications (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let other: Person;
  let driver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, other, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
    ]);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (who: Person) => {
    const res = await who.client.get('/api/notifications');
    expect(res.status).toBe(200);
    return (await res.json()) as NotificationList;
  };
  const quoteFor = async (rideId: string, price: number) => {
    const res = await driver.client.post('/api/quotes', { rideId, price, message: 'Door to door' });
    expect(res.status).toBe(201);
  };

  it("lists the user's notifications, newest first, with the unread count; nobody else sees them", async () => {
    const first = await insertRide(server.db, customer.userId);
    const second = await insertRide(server.db, customer.userId);
    await quoteFor(first.id, 80);
    await quoteFor(second.id, 90);
    const { items, unread } = await list(customer);
    expect(unread).toBe(2);
    expect(items.map((n) => [n.type, n.relatedId, n.isRead])).toEqual([
      ['quote_received', second.id, false],
      ['quote_received', first.id, false],
    ]);
    expect(items[0]).toMatchObject({
      title: 'New quote',
      message: 'Port Stephens Shuttles quoted $90.00 for your trip Nelson Bay to Newcastle Airport.',
    });
    expect(await list(other)).toEqual({ items: [], unread: 0 });
    expect((await server.client().get('/api/notifications')).status).toBe(401);
  });

  it("marks one read; another user's notification reads as 404 and stays unread; read-all marks the rest", async () => {
    const ride = await insertRide(server.db, customer.userId);
    await quoteFor(ride.id, 70);
    const before = await list(customer);
    const [target, ...rest] = before.items.filter((n) => !n.isRead);
    expect(rest.length).toBeGreaterThan(0);

    const stolen = await other.client.post(`/api/notifications/${target!.id}/read`);
    expect(stolen.status).toBe(404);
    expect(await errorOf(stolen)).toEqual({ code: 'not_found', message: 'Not found' });
    expect((await other.client.post('/api/notifications/not-a-uuid/read')).status).toBe(404);
    const [row] = await rows<{ is_read: boolean }>(
      server.db,
      sql`select is_read from notifications where id = ${target!.id}`,
    );
    expect(row!.is_read).toBe(false);

    expect((await customer.client.post(`/api/notifications/${target!.id}/read`)).status).toBe(200);
    const after = await list(customer);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((n) => n.id === target!.id)!.isRead).toBe(true);

    expect((await customer.client.post('/api/notifications/read-all')).status).toBe(200);
    const all = await list(customer);
    expect(all.unread).toBe(0);
    expect(all.items.every((n) => n.isRead)).toBe(true);
  });

  it('counts unread up to 100, what the bell needs for "99+" (issue 34); exact below that', async () => {
    const reader = await signedInClient(server, { userType: 'customer', fullName: 'Una Unread' });
    await server.db.execute(sql`
      insert into notifications (user_id, type, title, message)
      select ${reader.userId}, 'trip_completed', 'Trip completed', 'Trip ' || g
        from generate_series(1, 105) g`);
    expect((await list(reader)).unread).toBe(100);
    await server.db.execute(sql`
      update notifications set is_read = true
       where id in (select id from notifications where user_id = ${reader.userId} limit 10)`);
    expect((await list(reader)).unread).toBe(95);
    expect((await reader.client.post('/api/notifications/read-all')).status).toBe(200);
    expect((await list(reader)).unread).toBe(0);
  });

  it("the live stream says 'ready', then 'change' with kind 'notification' when a quote arrives", async () => {
    const guest = await EventStream.open(server.client(), `${server.baseUrl}/api/notifications/stream`);
    expect(guest.status).toBe(401);

    const opened = await EventStream.open(customer.client, `${server.baseUrl}/api/notifications/stream`);
    expect(opened.status).toBe(200);
    // Written straight to Node's response (ADR 036), its head still carries what every answer carries.
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(opened.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(opened.headers.get('x-request-id')).toBeTruthy();
    expect(opened.headers.get('content-length')).toBeNull();
    const stream = opened.stream!;
    const onlyOther = (await EventStream.open(other.client, `${server.baseUrl}/api/notifications/stream`))
      .stream!;
    try {
      expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
      expect((await onlyOther.next()).event).toBe('ready');

      const ride = await insertRide(server.db, customer.userId);
      await quoteFor(ride.id, 85);
      const change = await stream.next();
      expect(change.event).toBe('change');
      const payload = JSON.parse(change.data) as { kind: string; id: string };
      expect(payload.kind).toBe('notification');
      const [latest] = (await list(customer)).items;
      expect(payload.id).toBe(latest!.id);
      expect(latest).toMatchObject({ type: 'quote_received', relatedId: ride.id });

      // Another user's stream hears nothing of it.
      await expect(onlyOther.next(300)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
      onlyOther.close();
    }
  });
});
