/**
 * Live updates that never go silent (issue 11): a reloaded page's stream keeps receiving, every event has
 * an id and a reconnect with Last-Event-ID is replayed what it missed, a dropped LISTEN connection is made
 * again and the streams catch up, and a heartbeat shows the stream is alive.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../../src/server/db/listener.ts';
import { EventStream } from './event-stream.ts';
import {
  databaseKinds,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
  waitForListenConnection,
} from './helpers.ts';
import { insertRide, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
}

/** The stream's heartbeat in these tests (the default is 10 s). */
const HEARTBEAT_MS = 1_000;

describe.each(databaseKinds())('live updates (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let streamUrl: string;

  beforeAll(async () => {
    // A heartbeat a second (LIVE_HEARTBEAT_SECONDS), so the wait past two of them below is short.
    server = await startServer(kind, { env: { LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_MS / 1000) } });
    streamUrl = `${server.baseUrl}/api/notifications/stream`;
    [customer, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
    ]);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A driver quotes a new trip of the customer: one 'notification' event for the customer. */
  const quoteNewTrip = async (price = 95) => {
    const ride = await insertRide(server.db, customer.userId);
    const res = await driver.client.post('/api/quotes', { rideId: ride.id, price, message: 'Door to door' });
    expect(res.status).toBe(201);
    const [n] = await rows<{ id: string }>(
      server.db,
      sql`select id from notifications where related_id = ${ride.id} and user_id = ${customer.userId}`,
    );
    return n!.id;
  };

  const open = async (lastEventId?: string) => {
    const opened = await EventStream.open(customer.client, streamUrl, { lastEventId });
    expect(opened.status).toBe(200);
    return opened.stream!;
  };

  it('a reloaded page keeps receiving (the old stream closing does not unsubscribe the new one), with a heartbeat meanwhile', async () => {
    const first = await open();
    expect((await first.next()).event).toBe('ready');
    // The reload: the old page's stream goes away, the new page opens its own.
    first.close();
    const second = await open();
    try {
      expect((await second.next()).event).toBe('ready');
      // Before the fix, the old stream's handler woke from its keep-alive wait (the heartbeat), unsubscribed a
      // second time and removed the new stream's subscriptions with its own: wait past two heartbeats.
      // Meanwhile the stream is quiet but not silent: a heartbeat every HEARTBEAT_MS.
      const waitUntil = Date.now() + HEARTBEAT_MS * 2 + 1_000;
      const quiet: string[] = [];
      while (Date.now() < waitUntil) {
        try {
          quiet.push((await second.next(waitUntil - Date.now())).event);
        } catch (err) {
          if (!(err instanceof Error && err.message === 'no event in time')) throw err;
        }
      }
      expect(quiet.length).toBeGreaterThanOrEqual(2);
      expect(quiet.every((e) => e === 'ping')).toBe(true);
      const notificationId = await quoteNewTrip();
      const change = await second.nextOf(['change']);
      expect(JSON.parse(change.data)).toEqual({ kind: 'notification', id: notificationId });
    } finally {
      second.close();
    }
  }, 60_000);

  it('every change carries an id; a reconnect with Last-Event-ID is replayed what it missed, once', async () => {
    const stream = await open();
    let lastId: string;
    try {
      expect((await stream.next()).event).toBe('ready');
      await quoteNewTrip(81);
      const seen = await stream.nextOf(['change']);
      expect(seen.id).toMatch(/^\d+$/);
      lastId = seen.id!;
    } finally {
      stream.close();
    }
    // Two quotes arrive while the page is disconnected.
    const missed = [await quoteNewTrip(82), await quoteNewTrip(83)];
    const again = await open(lastId);
    try {
      const replayed = (await again.collectUntil(missed)).filter((e) => e.event === 'change');
      const ids = replayed.map((e) => (JSON.parse(e.data) as { id: string }).id);
      // In order, each once on this connection (older events may be repeated: delivery is at least once).
      expect(ids.filter((id) => missed.includes(id))).toEqual(missed);
      expect(new Set(replayed.map((e) => e.id)).size).toBe(replayed.length);
      // Then live as usual.
      const live = await quoteNewTrip(84);
      const next = await again.nextOf(['change', 'resync']);
      expect(next.event).toBe('change');
      expect(JSON.parse(next.data).id).toBe(live);
    } finally {
      again.close();
    }
  });

  it('a Last-Event-ID the server cannot replay from (unknown or not a number) asks the page to resync', async () => {
    for (const lastEventId of ['999999999999', 'yesterday']) {
      const stream = await open(lastEventId);
      try {
        const first = await stream.nextOf(['resync', 'change']);
        expect(first.event).toBe('resync');
      } finally {
        stream.close();
      }
    }
  });

  it('another user never receives the events of a user, even by naming their event ids', async () => {
    await quoteNewTrip(86);
    const [latest] = await rows<{ id: string }>(
      server.db,
      sql`select max(id)::text as id from live_events where user_id = ${customer.userId}`,
    );
    const opened = await EventStream.open(driver.client, streamUrl, {
      lastEventId: String(Number(latest!.id) - 1),
    });
    const stream = opened.stream!;
    try {
      // Not the driver's event: nothing to replay from, so a resync and no change.
      expect((await stream.nextOf(['resync', 'change'])).event).toBe('resync');
      await expect(stream.nextOf(['change'], 500)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
    }
  });

  if (kind === 'postgres') {
    it('the LISTEN connection cut: it comes back, the event sent meanwhile arrives, and the page is told to resync', async () => {
      const stream = await open();
      try {
        expect((await stream.next()).event).toBe('ready');
        await waitForListenConnection(server.db, LISTEN_APPLICATION_NAME);
        const [db] = await rows<{ name: string }>(server.db, sql`select current_database() as name`);
        const cut = await rows<{ pid: number }>(
          server.db,
          sql`select pg_terminate_backend(pid) as pid from pg_stat_activity
               where application_name = ${LISTEN_APPLICATION_NAME} and datname = ${db!.name}`,
        );
        expect(cut.length).toBe(1);
        // Sent while the listener is away: its NOTIFY is lost, the row is not.
        const notificationId = await quoteNewTrip(88);
        const events = await stream.collectUntil([notificationId], 15_000);
        // The page is told to refetch, since it cannot know what else it missed.
        if (!events.some((e) => e.event === 'resync')) events.push(await stream.nextOf(['resync'], 5_000));
        expect(events.some((e) => e.event === 'resync')).toBe(true);
        // And live events flow again over the new connection.
        const after = await quoteNewTrip(89);
        await stream.collectUntil([after], 10_000);
        const listening = await rows(
          server.db,
          sql`select 1 from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = ${db!.name}`,
        );
        expect(listening.length).toBe(1);
      } finally {
        stream.close();
      }
    }, 40_000);
  }
});
