/**
 * Every core (issue 17, src/server/cluster.ts): the real entry point with WEB_CONCURRENCY=2 is a supervisor
 * and two servers sharing one port. Every request here opens its own connection, so the supervisor hands
 * them to the two servers in turn (X-Worker says which answered), and the test checks that what one server
 * did holds on the other: a session, its sign-out, a live event, the rate limits. The background work runs
 * in server 1 only.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RATE_LIMIT } from '../../src/shared/constants.ts';
import { PASSWORD, randomIp, signupBody, uniqueEmail } from './helpers.ts';
import { rideBody } from './ride-fixtures.ts';
import { type Running, startServerProcess } from './server-process.ts';

interface Answer {
  status: number;
  worker: string;
  cookies: string[];
  json: () => unknown;
  text: string;
}

/** One request on a connection of its own (no keep-alive): the supervisor picks the next server. */
function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          origin: baseUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: String(res.headers['x-worker'] ?? ''),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            json: () => JSON.parse(text),
            text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!process.env.DATABASE_URL)('a cluster of two servers (WEB_CONCURRENCY=2)', () => {
  let running: Running;
  let base: string;

  /** Signs up, confirms from the development mailbox and signs in: the session cookie and user id. */
  async function account(userType: 'customer' | 'driver') {
    const body = signupBody({ userType });
    expect((await call(base, 'POST', '/api/account/signup', { body, ip: randomIp() })).status).toBe(201);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const box = (
          await call(base, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(body.email)}`)
        ).json() as {
          messages: { text: string }[];
        };
        link = box.messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      })
      .toBeTruthy();
    await call(base, 'GET', link!);
    const signIn = await call(base, 'POST', '/api/account/sign-in', {
      body: { email: body.email, password: PASSWORD },
      ip: randomIp(),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.cookies.join('; ');
    const session = (await call(base, 'GET', '/api/session', { cookie })).json() as { user: { id: string } };
    return { cookie, id: session.user.id };
  }

  beforeAll(async () => {
    running = await startServerProcess('postgres', { env: { WEB_CONCURRENCY: '2' } });
    base = running.baseUrl;
    // startServerProcess saw one server ready; the other may still be opening its database (answering as
    // a starting server, without X-Worker). Connections alternate between them: wait until both are ready.
    const ready = new Set<string>();
    const until = Date.now() + 30_000;
    while (ready.size < 2) {
      if (Date.now() > until) throw new Error(`only server(s) ${[...ready]} became ready within 30 s`);
      const res = await call(base, 'GET', '/api/ready');
      if (res.status === 200) ready.add(res.worker);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);
  afterAll(async () => {
    await running?.cleanup();
  });

  it('one port, two servers answering in turn; only server 1 runs the background work', async () => {
    const workers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await call(base, 'GET', '/api/health');
      expect(res.status).toBe(200);
      workers.add(res.worker);
    }
    expect([...workers].sort()).toEqual(['1', '2']);
    expect(running.output()).toMatch(/server 1 of 2, with the background work/);
    expect(running.output()).toMatch(/server 2 of 2\)/);
    expect(running.output()).not.toMatch(/server 2 of 2, with the background work/);
  });

  it('a session made on one server is good on the other, and a sign-out on one ends it on both', async () => {
    const { cookie, id } = await account('customer');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await call(base, 'GET', '/api/session', { cookie });
      expect((res.json() as { user: { id: string } | null }).user?.id).toBe(id);
      seen.add(res.worker);
    }
    // Both servers have now verified (and cached) the session.
    expect([...seen].sort()).toEqual(['1', '2']);
    const out = await call(base, 'POST', '/api/account/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    // The old cookie is refused by both servers within moments (their caches hear the database's NOTIFY).
    await expect
      .poll(
        async () => {
          const answers = await Promise.all(
            [0, 1, 2, 3].map(() => call(base, 'GET', '/api/session', { cookie })),
          );
          const stillIn = answers.filter((a) => (a.json() as { user: unknown }).user !== null);
          return { servers: new Set(answers.map((a) => a.worker)).size, stillIn: stillIn.length };
        },
        { timeout: 3_000, interval: 50 },
      )
      .toEqual({ servers: 2, stillIn: 0 });
  });

  it('a live event made by a request on one server reaches an event stream held by the other', async () => {
    const customer = await account('customer');
    const driver = await account('driver');
    expect((await call(base, 'POST', `/api/dev/drivers/${driver.id}/verify`, { body: {} })).status).toBe(200);

    // The customer's page holds a stream on one server.
    const events: { event: string; data: string }[] = [];
    let streamWorker = '';
    const stream = http.request(new URL('/api/notifications/stream', base), {
      agent: false,
      headers: { cookie: customer.cookie, accept: 'text/event-stream' },
    });
    const opened = new Promise<void>((resolve) => {
      stream.on('response', (res) => {
        streamWorker = String(res.headers['x-worker']);
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((l) => l.startsWith(`${name}:`))
                ?.slice(name.length + 1)
                .trim() ?? '';
            events.push({ event: field('event') || 'message', data: field('data') });
          }
        });
        resolve();
      });
    });
    stream.on('error', () => {});
    stream.end();
    try {
      await opened;
      await expect.poll(() => events.some((e) => e.event === 'ready')).toBe(true);

      // Trips posted and quoted, one request each, until a quote was answered by the other server.
      const quotedOn: string[] = [];
      for (let i = 0; i < 6 && !quotedOn.some((w) => w !== streamWorker); i++) {
        const trip = await call(base, 'POST', '/api/rides', {
          cookie: customer.cookie,
          body: rideBody({ notes: `Cluster test ${i}` }),
        });
        expect(trip.status, trip.text).toBe(201);
        const rideId = (trip.json() as { ride: { id: string } }).ride.id;
        // Two requests a round would keep every quote on the same server: shift the turn every other round.
        if (i % 2 === 1) await call(base, 'GET', '/api/health');
        const quote = await call(base, 'POST', '/api/quotes', {
          cookie: driver.cookie,
          body: { rideId, price: 90 + i, message: 'Door to door' },
        });
        expect(quote.status, quote.text).toBe(201);
        quotedOn.push(quote.worker);
      }
      expect(quotedOn.some((w) => w !== streamWorker)).toBe(true);
      // Every quote's notification arrived on the stream, those made on the other server included.
      await expect
        .poll(() => events.filter((e) => e.event === 'change' && e.data.includes('"notification"')).length, {
          timeout: 5_000,
        })
        .toBe(quotedOn.length);
    } finally {
      stream.destroy();
    }
  });

  it(`the sign-in limit per address (${LOGIN_RATE_LIMIT.max}) counts attempts on both servers together`, async () => {
    const ip = randomIp();
    const served = new Set<string>();
    for (let i = 1; i <= LOGIN_RATE_LIMIT.max; i++) {
      const res = await call(base, 'POST', '/api/account/sign-in', {
        body: { email: uniqueEmail('guess'), password: `Wrong-Password-${i}` },
        ip,
      });
      expect(res.status, `attempt ${i}`).toBe(401);
      served.add(res.worker);
    }
    expect([...served].sort()).toEqual(['1', '2']);
    // Neither server alone has seen the limit, yet the next attempt is over it, on either server.
    for (let i = 0; i < 2; i++) {
      const res = await call(base, 'POST', '/api/account/sign-in', {
        body: { email: uniqueEmail('guess'), password: 'Wrong-Password-x' },
        ip,
      });
      expect(res.status).toBe(429);
    }
  });
});
