/**
 * Issue 17: a signed-in request is answered from sessions kept in memory (src/server/auth/session-cache.ts),
 * and what ends or changes a session still takes effect at once: a database trigger tells every instance
 * (NOTIFY session_change), and this instance's own account changes end its copies before they answer.
 * The notification path is tested across two instances in scale-out.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, makeAdmin, signedInClient, startServer, type TestServer } from './helpers.ts';

describe.each(databaseKinds())('the session cache (%s)', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    server = await startServer(kind);
    admin = await signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' });
    await makeAdmin(server, admin);
    admin.client = server.client();
    expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(200);
  });
  afterAll(() => server?.close());

  const signedInUser = async (person: Awaited<ReturnType<typeof signedInClient>>) =>
    (await person.client.session()).user;

  /**
   * A signed-in person whose sessions are then deleted behind the cache with the trigger silenced, as if
   * the notification were lost: what `then` sees depends only on what this instance keeps in memory.
   */
  async function withSessionDeletedUnseen(
    then: (person: Awaited<ReturnType<typeof signedInClient>>) => Promise<void>,
  ) {
    const person = await signedInClient(server);
    expect((await signedInUser(person))?.id).toBe(person.userId);
    await server.db.execute(sql`alter table sessions disable trigger sessions_notify_change`);
    try {
      await server.db.execute(sql`delete from sessions where user_id = ${person.userId}`);
      await then(person);
    } finally {
      await server.db.execute(sql`alter table sessions enable trigger sessions_notify_change`);
    }
    return person;
  }

  it('a session is answered from memory: without the notification, its deletion would go unseen', async () => {
    const person = await withSessionDeletedUnseen(async (p) => {
      expect((await signedInUser(p))?.id).toBe(p.userId);
    });
    // Any change to the account row notifies again, and the deleted session is gone.
    await server.db.execute(sql`update users set full_name = 'Renamed Person' where id = ${person.userId}`);
    await expect.poll(() => signedInUser(person), { timeout: 2_000, interval: 10 }).toBeNull();
  });

  it('a change refused with 400 keeps the sessions in memory; one that is made ends them', async () => {
    await withSessionDeletedUnseen(async (person) => {
      const patchMe = (body: unknown) => person.client.request('/api/me', { method: 'PATCH', body });
      const refused = await patchMe({ fullName: 'Ada Lovelace', phone: 'not a phone' });
      expect(refused.status).toBe(400);
      // Nothing changed: still answered from memory (a full check would find the session gone).
      expect((await signedInUser(person))?.id).toBe(person.userId);
      const made = await patchMe({ fullName: 'Ada Lovelace' });
      expect(made.status).toBe(200);
      expect(await signedInUser(person)).toBeNull();
    });
  });

  it('a session deleted in the database by anything (another instance, a script) ends within moments', async () => {
    const person = await signedInClient(server);
    expect((await signedInUser(person))?.id).toBe(person.userId);
    const deleted = Date.now();
    await server.db.execute(sql`delete from sessions where user_id = ${person.userId}`);
    await expect.poll(() => signedInUser(person), { timeout: 2_000, interval: 10 }).toBeNull();
    expect(Date.now() - deleted).toBeLessThan(2_000);
  });

  it('a change to the account made in the database (a role) is what the next requests carry', async () => {
    const person = await signedInClient(server, { userType: 'customer' });
    expect((await signedInUser(person))?.userType).toBe('customer');
    expect((await person.client.get('/api/rides')).status).toBe(200);
    await server.db.execute(sql`update users set user_type = 'driver' where id = ${person.userId}`);
    await expect.poll(async () => (await signedInUser(person))?.userType, { timeout: 2_000 }).toBe('driver');
    expect((await person.client.get('/api/rides')).status).toBe(403);
  });

  it("an administrator's suspension ends the person's very next request", async () => {
    const person = await signedInClient(server);
    expect((await person.client.get('/api/notifications')).status).toBe(200);
    const res = await admin.client.post(`/api/admin/users/${person.userId}/suspend`, {
      reason: 'Repeated no-shows reported by drivers.',
    });
    expect(res.status).toBe(200);
    // No waiting: the instance that suspended ends its own copies before it answers.
    expect((await person.client.get('/api/notifications')).status).toBe(401);
  });

  it('a new password ends the other browsers at once; the one that changed it stays signed in', async () => {
    const person = await signedInClient(server);
    const other = server.client();
    expect((await other.signIn(person.email, person.password)).status).toBe(200);
    expect((await other.session()).user?.id).toBe(person.userId);
    const changed = await person.client.post('/api/me/password', {
      currentPassword: person.password,
      newPassword: 'Another-Horse-43',
    });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await other.session()).user, { timeout: 2_000, interval: 10 }).toBeNull();
    expect((await signedInUser(person))?.id).toBe(person.userId);
  });

  it('a cookie that was never issued finds nothing, cached or not', async () => {
    const person = await signedInClient(server);
    expect((await signedInUser(person))?.id).toBe(person.userId);
    const forged = server.client();
    for (const [k, v] of person.client.cookies) forged.cookies.set(k, `${v.slice(0, -3)}abc`);
    expect(await forged.session()).toEqual({ user: null });
  });
});
