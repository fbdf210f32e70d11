import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, rows, signedInClient, startServer, type TestServer } from './helpers.ts';

describe.each(databaseKinds())('sign-out (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const eventsFor = (userId: string) =>
    rows<{ event_type: string; details: Record<string, unknown> }>(
      server.db,
      sql`select event_type, details from security_events where user_id = ${userId} order by created_at`,
    );

  it('ends the session: cookie cleared, token revoked, a sign_out event', async () => {
    const { client, userId } = await signedInClient(server);
    const token = client.sessionToken();
    expect(token).toBeTruthy();
    expect((await client.session()).user?.id).toBe(userId);

    const res = await client.post('/api/account/sign-out', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(client.sessionToken()).toBeUndefined();
    expect(await client.session()).toEqual({ user: null });

    // The old cookie is dead on the server too, not only forgotten by the browser.
    const replay = server.client();
    replay.cookies.set('better-auth.session_token', token!);
    expect((await replay.session()).user).toBeNull();
    expect(await rows(server.db, sql`select 1 from sessions where user_id = ${userId}`)).toHaveLength(0);

    const events = await eventsFor(userId);
    expect(events.map((e) => e.event_type)).toEqual(['sign_in', 'sign_out']);
    expect(events[1]!.details).toEqual({ reason: 'user' });
  });

  it("reason 'session_timeout' is recorded as a session_timeout event", async () => {
    const { client, userId } = await signedInClient(server);
    const res = await client.post('/api/account/sign-out', { reason: 'session_timeout' });
    expect(res.status).toBe(200);
    expect((await client.session()).user).toBeNull();
    const events = await eventsFor(userId);
    expect(events.map((e) => e.event_type)).toEqual(['sign_in', 'session_timeout']);
    expect(events[1]!.details).toEqual({ reason: 'session_timeout' });
  });

  it('signing out one browser leaves another session of the same user alone', async () => {
    const first = await signedInClient(server);
    const second = server.client();
    expect((await second.signIn(first.email, first.password)).status).toBe(200);
    expect((await first.client.post('/api/account/sign-out', {})).status).toBe(200);
    expect((await first.client.session()).user).toBeNull();
    expect((await second.session()).user?.id).toBe(first.userId);
  });

  it('without a session: 200 and no event', async () => {
    const before = await rows(server.db, sql`select 1 from security_events where event_type = 'sign_out'`);
    const res = await server.client().post('/api/account/sign-out', {});
    expect(res.status).toBe(200);
    const after = await rows(server.db, sql`select 1 from security_events where event_type = 'sign_out'`);
    expect(after).toHaveLength(before.length);
  });

  it('a body that is not JSON (or none) still signs out as a plain sign-out', async () => {
    const a = await signedInClient(server);
    const res = await a.client.request('/api/account/sign-out', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await a.client.session()).user).toBeNull();

    const b = await signedInClient(server);
    const res2 = await b.client.post('/api/account/sign-out', 'not json');
    expect(res2.status).toBe(200);
    expect((await b.client.session()).user).toBeNull();
    expect((await eventsFor(b.userId)).map((e) => e.event_type)).toEqual(['sign_in', 'sign_out']);
  });
});
