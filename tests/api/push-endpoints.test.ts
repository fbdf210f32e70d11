/**
 * Issue 28 finding 5, "push endpoints can point inside": a push subscription whose endpoint is
 * https://127.0.0.1:PORT/... made the server open a connection there when it sent a notification (SSRF).
 *
 * Saving such a subscription is refused (400 validation). A row already stored (written before the check
 * existed, or straight into the database) is refused by the sender without any connection being opened and
 * is deleted like a subscription the push service reports gone. Underneath, the agent every push goes
 * through refuses IP-literal hosts and names that resolve to internal addresses (DNS rebinding).
 *
 * Only 127.0.0.1 and ::1 are ever connected to here: a listener on them counts the connections it gets.
 */
import https from 'node:https';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptions } from '../../src/server/db/schema/index.ts';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import { notify } from '../../src/server/modules/notifications/service.ts';
import { isGoneError, webPushSender } from '../../src/server/services/push.ts';
import {
  guardedLookup,
  PUSH_ENDPOINT_MESSAGE,
  PushAddressRefusedError,
  PushEndpointRefusedError,
  PushServiceAgent,
} from '../../src/server/services/push-endpoints.ts';
import { errorOf, oneDatabaseKind, rows, signedInClient, startServer, type TestServer } from './helpers.ts';

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@example.com' };

/** A TCP listener on a loopback address that records every connection it gets (and drops it at once). */
interface Listener {
  host: string;
  port: number;
  connections: string[];
  close(): Promise<void>;
}

async function listen(host: string): Promise<Listener> {
  const connections: string[] = [];
  const server = net.createServer((socket) => {
    connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    host,
    port,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An https request through `agent`; resolves with the error it fails with (it never gets an answer here). */
function requestError(url: string, agent: https.Agent): Promise<Error> {
  return new Promise((resolve) => {
    const req = https.request(url, { method: 'POST', agent, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(new Error(`unexpected answer ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', resolve);
    req.end();
  });
}

let v4: Listener;
/** A listener on ::1 as well, when this machine has IPv6 loopback. */
let v6: Listener | null = null;

beforeAll(async () => {
  v4 = await listen('127.0.0.1');
  try {
    v6 = await listen('::1');
  } catch {
    v6 = null;
  }
});
afterAll(async () => {
  await v4?.close();
  await v6?.close();
});
const connectionCount = () => v4.connections.length + (v6?.connections.length ?? 0);

/** Endpoints an attacker could store, every one of them aimed at this machine's loopback listeners. */
function insideEndpoints(): string[] {
  const p = v4.port;
  return [
    `https://127.0.0.1:${p}/x`,
    `https://localhost:${p}/x`,
    `https://2130706433:${p}/x`, // 127.0.0.1 in decimal
    `https://0x7f000001:${p}/x`, // and in hex
    `https://127.1:${p}/x`,
    `https://[::ffff:127.0.0.1]:${p}/x`,
    `https://fcm.googleapis.com@127.0.0.1:${p}/x`,
    `https://127.0.0.1:${p}\\@fcm.googleapis.com/x`,
    `https://127.0.0.1:${p}/fcm.googleapis.com/fcm/send/x`,
    ...(v6 ? [`https://[::1]:${v6.port}/x`] : []),
  ];
}

describe('the push agent and its lookup guard (no allow-list involved)', () => {
  afterEach(() => {
    v4.connections.length = 0;
    if (v6) v6.connections.length = 0;
  });

  it('the listener does count connections: web-push without the guard connects to 127.0.0.1 (the finding)', async () => {
    await expect(
      webpush.sendNotification({ endpoint: `https://127.0.0.1:${v4.port}/x`, keys: KEYS }, 'hello', {
        vapidDetails: VAPID,
        timeout: 5_000,
      }),
    ).rejects.toThrow();
    expect(v4.connections.length).toBeGreaterThanOrEqual(1);
  });

  it('guardedLookup refuses a name that resolves to loopback, in both answer forms', async () => {
    const one = await new Promise<unknown>((resolve) =>
      guardedLookup('localhost', {}, (err, address) => resolve(err ?? address)),
    );
    expect(one).toBeInstanceOf(PushAddressRefusedError);
    expect((one as PushAddressRefusedError).addressClass).toBe('loopback');
    const all = await new Promise<unknown>((resolve) =>
      guardedLookup('localhost', { all: true }, (err, addresses) => resolve(err ?? addresses)),
    );
    expect(all).toBeInstanceOf(PushAddressRefusedError);
    for (const literal of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1', '169.254.169.254']) {
      // An IP literal is answered without asking any DNS server: no traffic.
      const err = await new Promise<unknown>((resolve) =>
        guardedLookup(literal, {}, (e, address) => resolve(e ?? address)),
      );
      expect(err, literal).toBeInstanceOf(PushAddressRefusedError);
    }
  });

  it('guardedLookup passes a public address through unchanged', async () => {
    // 8.8.8.8 as a literal: dns.lookup answers it locally, nothing is sent anywhere.
    const one = await new Promise<unknown[]>((resolve) =>
      guardedLookup('8.8.8.8', {}, (err, address, family) => resolve([err, address, family])),
    );
    expect(one).toEqual([null, '8.8.8.8', 4]);
    const all = await new Promise<unknown[]>((resolve) =>
      guardedLookup('8.8.8.8', { all: true }, (err, addresses) => resolve([err, addresses])),
    );
    expect(all).toEqual([null, [{ address: '8.8.8.8', family: 4 }]]);
  });

  it('an agent allowing every host still never connects to a name resolving to 127.0.0.1 (DNS rebinding)', async () => {
    const agent = new PushServiceAgent({ allow: () => true });
    try {
      const err = await requestError(`https://localhost:${v4.port}/x`, agent);
      expect(err).toBeInstanceOf(PushAddressRefusedError);
      // An IP literal is connected to without a lookup, so the agent refuses it outright.
      const literal = await requestError(`https://127.0.0.1:${v4.port}/x`, agent);
      expect(literal).toBeInstanceOf(PushEndpointRefusedError);
      if (v6) {
        expect(await requestError(`https://[::1]:${v6.port}/x`, agent)).toBeInstanceOf(
          PushEndpointRefusedError,
        );
      }
      expect(connectionCount()).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  it('the default agent connects only to port 443 of a listed push service', async () => {
    const agent = new PushServiceAgent();
    try {
      for (const url of [`https://localhost:${v4.port}/x`, 'https://localhost/x', `https://127.0.0.1/x`]) {
        const err = await requestError(url, agent);
        expect(err, url).toBeInstanceOf(PushEndpointRefusedError);
      }
      expect(connectionCount()).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  it('webPushSender refuses every inside endpoint before connecting, as a gone subscription', async () => {
    for (const endpoint of insideEndpoints()) {
      const err = await webPushSender({ endpoint, keys: KEYS }, 'hello', VAPID).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, endpoint).toBeInstanceOf(PushEndpointRefusedError);
      expect(isGoneError(err), endpoint).toBe(true);
    }
    expect(connectionCount()).toBe(0);
  });
});

describe.each(oneDatabaseKind())('push endpoints (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    v4.connections.length = 0;
    if (v6) v6.connections.length = 0;
  });

  it('probe: a push endpoint cannot point inside (issue 28 finding 5): refused on save', async () => {
    const alice = await signedInClient(server);
    const refused = [
      ...insideEndpoints(),
      'https://push.example.com/send/abc',
      'https://evil-fcm.googleapis.com.attacker.com/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/x',
    ];
    for (const endpoint of refused) {
      for (const body of [{ endpoint, keys: KEYS }, { subscription: { endpoint, keys: KEYS } }]) {
        const res = await alice.client.post('/api/push/subscriptions', body);
        expect(res.status, endpoint).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe('validation');
        expect(error.message).toBe(PUSH_ENDPOINT_MESSAGE);
      }
    }
    const stored = await rows(
      server.db,
      sql`select endpoint from push_subscriptions where user_id = ${alice.userId}`,
    );
    expect(stored).toEqual([]);

    // The browsers' own push services are accepted.
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${kind}-abc`,
      `https://updates.push.services.mozilla.com/wpush/v2/${kind}-abc`,
      `https://web.push.apple.com/${kind}-abc`,
      `https://wns2-par02p.notify.windows.com/w/?token=${kind}-abc`,
    ]) {
      const res = await alice.client.post('/api/push/subscriptions', { endpoint, keys: KEYS });
      expect(res.status, endpoint).toBe(201);
    }
    expect(connectionCount()).toBe(0);
  });

  it('probe: a push endpoint cannot point inside (issue 28 finding 5): a stored one is never connected to, and is forgotten', async () => {
    const bob = await signedInClient(server);
    const endpoints = insideEndpoints();
    // Rows as an old release (or anything writing to the database directly) could have left them.
    await server.db.insert(pushSubscriptions).values(
      endpoints.map((endpoint) => ({
        userId: bob.userId,
        endpoint,
        subscription: JSON.stringify({ endpoint, expirationTime: null, keys: KEYS }),
      })),
    );
    await server.db.transaction(async (tx) => {
      await notify(tx, {
        userId: bob.userId,
        type: 'quote_received',
        title: 'New quote',
        message: 'A driver sent you a quote of $85.00.',
      });
    });
    const [notification] = await rows<{ id: string }>(
      server.db,
      sql`select id from notifications where user_id = ${bob.userId} order by created_at desc limit 1`,
    );

    // The server's own delivery round with its real sender (web-push), as the background worker runs it.
    await runDeliveryRound({ db: server.db, env: server.deps.env });

    expect(connectionCount()).toBe(0);
    const [push] = await rows<{ status: string; attempts: number; last_error: string | null }>(
      server.db,
      sql`select status, attempts, last_error from notification_deliveries
          where notification_id = ${notification!.id} and channel = 'push'`,
    );
    // Every subscription was refused as gone for good: nothing usable is left, so the push is skipped.
    expect(push).toMatchObject({ status: 'skipped', attempts: 1, last_error: 'no usable push subscription' });
    const left = await rows(server.db, sql`select 1 from push_subscriptions where user_id = ${bob.userId}`);
    expect(left).toHaveLength(0);
  });
});
