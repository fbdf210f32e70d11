import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const CONSENT_REQUIRED = 'Analytics data is only accepted with analytics consent.';

function batch(opts: { sessionId?: string; events?: number; pageViews?: number; consent?: unknown } = {}) {
  const sessionId = opts.sessionId ?? randomUUID();
  const now = Date.now();
  const events = Array.from({ length: opts.events ?? 2 }, (_, i) => ({
    id: `ev-${i}`,
    name: 'click',
    properties: { text: 'Book now', tag: 'button' },
    timestamp: now - 1000 + i,
    sessionId,
    userId: null,
    url: '/rides',
    userAgent: 'test',
    referrer: '',
  }));
  const pageViews = Array.from({ length: opts.pageViews ?? 1 }, (_, i) => ({
    id: `pv-${i}`,
    url: i % 2 ? '/about' : '/',
    title: 'ShuttleQuote',
    timestamp: new Date(now - 2000 + i).toISOString(),
    sessionId,
    userId: null,
    referrer: null,
    timeOnPage: 1234,
  }));
  return {
    events,
    pageViews,
    session: {
      id: sessionId,
      startTime: now - 5000,
      lastActivity: now,
      pageViews: pageViews.length,
      events: events.length,
      isActive: true,
    },
    timestamp: now,
    ...(opts.consent === undefined ? { consent: { analytics: true } } : { consent: opts.consent }),
  };
}

describe.each(databaseKinds())('POST /api/analytics and summary (%s)', (kind) => {
  let server: TestServer;
  let guest: TestClient;
  let customer: TestClient;
  let customerId: string;
  let admin: TestClient;

  const countFor = async (sessionId: string) => {
    const [ev] = await rows<{ n: string }>(
      server.db,
      sql`select count(*)::text as n from analytics_events where session_id = ${sessionId}`,
    );
    const [se] = await rows<{ n: string }>(
      server.db,
      sql`select count(*)::text as n from analytics_sessions where id = ${sessionId}`,
    );
    return { events: Number(ev?.n), sessions: Number(se?.n) };
  };

  beforeAll(async () => {
    server = await startServer(kind);
    guest = server.client();
    const c = await signedInClient(server, { userType: 'customer' });
    customer = c.client;
    customerId = c.userId;
    const a = await signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = a.client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['missing', undefined],
    ['false', { analytics: false }],
    ['a string', { analytics: 'true' }],
  ])('refuses a batch whose consent flag is %s, storing nothing', async (_label, consent) => {
    const body = batch();
    if (consent === undefined) delete (body as { consent?: unknown }).consent;
    else (body as { consent?: unknown }).consent = consent;
    const res = await guest.post('/api/analytics', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation', message: CONSENT_REQUIRED });
    expect(await countFor(body.session.id)).toEqual({ events: 0, sessions: 0 });
  });

  it('accepts a batch with consent: 202, the session, events and page views stored', async () => {
    const body = batch({ events: 2, pageViews: 1 });
    const res = await guest.post('/api/analytics', body);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 3 });
    const stored = await rows<{ kind: string; name: string; url: string; user_id: string | null }>(
      server.db,
      sql`select kind, name, url, user_id from analytics_events where session_id = ${body.session.id} order by kind, client_id`,
    );
    expect(stored).toEqual([
      { kind: 'event', name: 'click', url: '/rides', user_id: null },
      { kind: 'event', name: 'click', url: '/rides', user_id: null },
      { kind: 'page_view', name: 'page_view', url: '/', user_id: null },
    ]);
    const [session] = await rows<{
      page_views: number;
      events: number;
      active: boolean;
      user_id: string | null;
    }>(
      server.db,
      sql`select page_views, events, active, user_id from analytics_sessions where id = ${body.session.id}`,
    );
    expect(session).toEqual({ page_views: 1, events: 2, active: true, user_id: null });
  });

  it('a resent batch is stored once; the session moves forward', async () => {
    const body = batch({ events: 3, pageViews: 2 });
    expect((await (await guest.post('/api/analytics', body)).json()) as unknown).toEqual({ stored: 5 });
    const again = await guest.post('/api/analytics', {
      ...body,
      session: { ...body.session, isActive: false, lastActivity: Date.now() + 10, events: 4 },
    });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ stored: 0 });
    expect(await countFor(body.session.id)).toEqual({ events: 5, sessions: 1 });
    const [session] = await rows<{ events: number; active: boolean }>(
      server.db,
      sql`select events, active from analytics_sessions where id = ${body.session.id}`,
    );
    expect(session).toEqual({ events: 4, active: false });
  });

  it('takes the user from the signed-in session, never from the body', async () => {
    const body = batch({ events: 1, pageViews: 1 });
    const forged = randomUUID();
    for (const e of body.events) e.userId = forged as unknown as null;
    const res = await customer.post('/api/analytics', {
      ...body,
      session: { ...body.session, userId: forged },
    });
    expect(res.status).toBe(202);
    const users = await rows<{ user_id: string }>(
      server.db,
      sql`select user_id from analytics_events where session_id = ${body.session.id}`,
    );
    expect(users).toEqual([{ user_id: customerId }, { user_id: customerId }]);
    const [session] = await rows<{ user_id: string }>(
      server.db,
      sql`select user_id from analytics_sessions where id = ${body.session.id}`,
    );
    expect(session?.user_id).toBe(customerId);
  });

  it('accepts a batch sent as text/plain (navigator.sendBeacon)', async () => {
    const body = batch({ events: 1, pageViews: 0 });
    const res = await guest.request('/api/analytics', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 1 });
  });

  it('refuses a batch of 201 items (and accepts 200)', async () => {
    const tooMany = batch({ events: 101, pageViews: 100 });
    const res = await guest.post('/api/analytics', tooMany);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
    expect(await countFor(tooMany.session.id)).toEqual({ events: 0, sessions: 0 });
    const onlyEvents = batch({ events: 201, pageViews: 0 });
    expect((await guest.post('/api/analytics', onlyEvents)).status).toBe(400);
    const full = batch({ events: 100, pageViews: 100 });
    const ok = await guest.post('/api/analytics', full);
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ stored: 200 });
  });

  it('cuts long strings instead of failing', async () => {
    const body = batch({ events: 0, pageViews: 1 });
    body.pageViews[0]!.title = 'x'.repeat(5000);
    body.pageViews[0]!.url = `/${'a'.repeat(5000)}`;
    const res = await guest.post('/api/analytics', body);
    expect(res.status).toBe(202);
    const [row] = await rows<{ t: number; u: number }>(
      server.db,
      sql`select length(title) as t, length(url) as u from analytics_events where session_id = ${body.session.id}`,
    );
    expect(row).toEqual({ t: 300, u: 2000 });
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['no session', JSON.stringify({ ...batch(), session: undefined })],
    ['events not a list', JSON.stringify({ ...batch(), events: 'x' })],
    ['an event without id', JSON.stringify({ ...batch(), events: [{ name: 'x' }] })],
    ['a bad timestamp', JSON.stringify({ ...batch(), timestamp: 'yesterday' })],
    [
      'properties not an object',
      JSON.stringify({ ...batch(), events: [{ ...batch().events[0], properties: 5 }] }),
    ],
    [
      'huge properties',
      JSON.stringify({ ...batch(), events: [{ ...batch().events[0], properties: { a: 'x'.repeat(5000) } }] }),
    ],
    ['a negative count', JSON.stringify({ ...batch(), session: { ...batch().session, events: -1 } })],
  ])('answers 400 (never 500) for %s', async (_label, raw) => {
    const res = await guest.request('/api/analytics', { method: 'POST', body: raw });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
  });

  it('refuses a body over the size limit with 413', async () => {
    // Its own connection: the server answers before reading the body and closes that socket, which
    // would break the next request of fetch's shared keep-alive pool.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server.baseUrl}/api/analytics`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', origin: server.baseUrl },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('x'.repeat(600 * 1024));
    });
    expect(status).toBe(413);
  });

  it('the summary is for admins only', async () => {
    expect((await guest.get('/api/analytics/summary')).status).toBe(401);
    const res = await customer.get('/api/analytics/summary');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
  });

  it('the summary counts sessions, page views and top pages of the last 7 days', async () => {
    const sessionId = randomUUID();
    const body = batch({ sessionId, events: 0, pageViews: 4 });
    // A page view from 8 days ago is left out.
    body.pageViews.push({
      ...body.pageViews[0]!,
      id: 'old',
      url: '/old',
      timestamp: new Date(Date.now() - 8 * 86_400_000).toISOString(),
    });
    await guest.post('/api/analytics', body);
    const res = await admin.get('/api/analytics/summary');
    expect(res.status).toBe(200);
    const summary = (await res.json()) as {
      sessions: number;
      pageViews: number;
      events: number;
      topPages: { url: string; views: number }[];
      since: string;
    };
    expect(summary.sessions).toBeGreaterThanOrEqual(1);
    expect(summary.pageViews).toBeGreaterThanOrEqual(4);
    expect(summary.topPages.map((p) => p.url)).toContain('/about');
    expect(summary.topPages.map((p) => p.url)).not.toContain('/old');
    expect(summary.topPages[0]!.views).toBeGreaterThanOrEqual(summary.topPages.at(-1)!.views);
  });

  it('the summary is one snapshot: read while batches commit, its page views add up to its top pages', async () => {
    // Every page view in this file is on '/', '/about' or '/old' (8 days old, outside the window), so the
    // top pages list every counted URL and their views must sum to the page-view count. Read in separate
    // snapshots, a batch committing between the two reads made the total and the list disagree.
    type Summary = { pageViews: number; topPages: { views: number }[] };
    const reads: Summary[] = [];
    let writing = true;
    const reader = async () => {
      while (writing) {
        const res = await admin.get('/api/analytics/summary?limit=50');
        expect(res.status).toBe(200);
        reads.push((await res.json()) as Summary);
      }
    };
    const writer = async () => {
      for (let i = 0; i < 20; i++) {
        expect((await guest.post('/api/analytics', batch({ events: 0, pageViews: 2 }))).status).toBe(202);
      }
      writing = false;
    };
    await Promise.all([writer(), reader(), reader()]);
    expect(reads.length).toBeGreaterThanOrEqual(10);
    const disagreeing = reads.filter((s) => s.topPages.reduce((n, p) => n + p.views, 0) !== s.pageViews);
    expect(disagreeing).toEqual([]);
  });
});
