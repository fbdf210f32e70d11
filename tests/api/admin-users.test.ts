/**
 * Issue 14: user management under /api/admin/users, the audit log (append-only in the database), and what
 * suspending does (no sign-in, sessions end, open streams are told, trips closed, quotes withdrawn).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStream } from './event-stream.ts';
import {
  databaseKinds,
  enableTwoFactor,
  errorOf,
  latestMail,
  makeAdmin,
  PASSWORD,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import {
  hoursFromNow,
  insertCustomer,
  insertDriver,
  insertQuote,
  insertRide,
  statusOf,
} from './marketplace-fixtures.ts';

interface UserRow {
  id: string;
  fullName: string;
  email: string;
  userType: string;
  status: string;
  businessName: string | null;
  verificationStatus: string | null;
}
interface ListBody {
  users: UserRow[];
  nextCursor: string | null;
}

describe.each(databaseKinds())('admin user management (%s)', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  let adminEmail: string;

  async function auditRows(action: string, targetId?: string) {
    return rows<{ actor_id: string | null; reason: string | null; details: Record<string, unknown> }>(
      server.db,
      targetId
        ? sql`select * from audit_log where action = ${action} and target_id = ${targetId} order by id`
        : sql`select * from audit_log where action = ${action} order by id`,
    );
  }

  beforeAll(async () => {
    server = await startServer(kind);
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);
    adminId = a.userId;
    adminEmail = a.email;
  });
  afterAll(() => server?.close());

  it('refuses everyone but admins: 401 for a guest, 403 for a customer and a driver', async () => {
    const customer = (await signedInClient(server)).client;
    const driver = (await signedInClient(server, { userType: 'driver' })).client;
    expect((await server.client().get('/api/admin/users')).status).toBe(401);
    for (const c of [customer, driver]) {
      expect((await c.get('/api/admin/users')).status).toBe(403);
      expect((await c.get(`/api/admin/users/${adminId}`)).status).toBe(403);
      expect((await c.post(`/api/admin/users/${adminId}/suspend`, { reason: 'no reason here' })).status).toBe(
        403,
      );
      expect((await c.get('/api/admin/audit')).status).toBe(403);
    }
  });

  it('searches name, e-mail, phone and business name; filters role, status and verification', async () => {
    // Letters only: names refuse digits.
    const tag = `zq${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const customer = await signUpAndConfirm(server, {
      fullName: `Wilhelmina ${tag}`,
      phone: '0498 765 432',
    });
    const driver = await signUpAndConfirm(server, {
      userType: 'driver',
      fullName: 'Dimitri Driver',
      companyName: `Bay ${tag} Shuttles`,
      email: uniqueEmail(`biz${tag}`),
    });
    const search = async (q: string, extra = '') => {
      const res = await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}${extra}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as ListBody).users.map((u) => u.id);
    };
    expect(await search(`wilhelmina ${tag}`)).toEqual([customer.userId]);
    expect(await search(customer.email.toUpperCase())).toEqual([customer.userId]);
    expect(await search('0498 765 432')).toEqual([customer.userId]);
    expect(await search('+61 498 765')).toEqual([customer.userId]);
    expect(await search(`bay ${tag}`)).toEqual([driver.userId]);
    // Both share the tag (one in the name, one in the business and e-mail); filters narrow it.
    expect((await search(tag)).sort()).toEqual([customer.userId, driver.userId].sort());
    expect(await search(tag, '&role=driver')).toEqual([driver.userId]);
    expect(await search(tag, '&verification=verified')).toEqual([driver.userId]);
    expect(await search(tag, '&status=suspended')).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await search('%')).toEqual([]);
    const res = await admin.get(`/api/admin/users?q=${tag}&role=driver`);
    const row = ((await res.json()) as ListBody).users[0]!;
    expect(row).toMatchObject({
      businessName: `Bay ${tag} Shuttles`,
      verificationStatus: 'verified',
      status: 'active',
    });
    // A renamed business is found under its new name at once (the copy follows drivers.company_name).
    await server.db.execute(
      sql`update drivers set company_name = ${`Renamed ${tag} Coaches`} where user_id = ${driver.userId}`,
    );
    expect(await search(`renamed ${tag} coaches`)).toEqual([driver.userId]);
    expect(await search(`bay ${tag}`)).toEqual([]);
  });

  it('pages with a cursor: every account once, in order, whatever the sort', async () => {
    for (let i = 0; i < 7; i++)
      await insertCustomer(server.db, `Pager ${String.fromCharCode(97 + i)} Person`);
    for (const sort of ['newest', 'oldest', 'name', 'name_desc']) {
      const seen: UserRow[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await admin.get(
          `/api/admin/users?q=pager&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        const body = (await res.json()) as ListBody;
        seen.push(...body.users);
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen).toHaveLength(7);
      expect(new Set(seen.map((u) => u.id)).size).toBe(7);
      if (sort === 'name') expect(seen[0]!.fullName).toBe('Pager a Person');
      if (sort === 'name_desc') expect(seen[0]!.fullName).toBe('Pager g Person');
    }
  });

  it('bad filters are a 400 that says why, never a 500', async () => {
    for (const q of [
      'role=guest',
      'status=gone',
      'from=2026-13-40',
      'from=2026-11-20&to=2026-11-01',
      'limit=0',
      'sort=age',
    ]) {
      const res = await admin.get(`/api/admin/users?${q}`);
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).code).toBe('validation');
    }
    const bad = await admin.get('/api/admin/users?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('That page link is out of date: go back to the first page.');
    expect((await admin.get('/api/admin/users/not-a-uuid')).status).toBe(404);
    expect((await admin.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (
        await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', {
          reason: 'Spam account',
        })
      ).status,
    ).toBe(404);
  });

  it('suspending: no sign-in, sessions and open streams end, trips closed, quotes withdrawn, both sides told', async () => {
    const person = await signedInClient(server, { userType: 'customer', fullName: 'Sam Suspect' });
    const otherTab = server.client();
    expect((await otherTab.signIn(person.email, person.password)).status).toBe(200);
    const opened = await EventStream.open(otherTab, `${server.baseUrl}/api/notifications/stream`);
    expect(opened.status).toBe(200);
    const stream = opened.stream!;
    await stream.nextOf(['ready']);

    // The customer has an open trip with a quote from a driver: the driver is told when it closes.
    const driverId = await insertDriver(server.db);
    const ride = await insertRide(server.db, person.userId, { pickupAt: hoursFromNow(72) });
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId });

    const missing = await admin.post(`/api/admin/users/${person.userId}/suspend`, { reason: 'no' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe(
      'Please give a reason of at least 5 characters: it is kept in the audit log.',
    );
    const res = await admin.post(`/api/admin/users/${person.userId}/suspend`, {
      reason: 'Abusive messages to drivers',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, sessionsEnded: 2, tripsClosed: 1 });

    // The open tab is told and its stream ends; the next request is signed out.
    const signedOut = await stream.nextOf(['signed_out'], 5_000);
    expect(JSON.parse(signedOut.data)).toEqual({ reason: 'session_revoked' });
    await stream.ended();
    expect((await person.client.session()).user).toBeNull();
    expect((await otherTab.get('/api/notifications')).status).toBe(401);

    // Signing in again: the right password gets the suspension message; a wrong one stays generic.
    const again = await server.client().signIn(person.email, person.password);
    expect(again.status).toBe(403);
    const err = await errorOf(again);
    expect(err.code).toBe('auth/account-suspended');
    expect(err.message).toBe(
      'This account is suspended. If you think this is a mistake, contact support at support@shuttlequote.example.',
    );
    const wrong = await server.client().signIn(person.email, 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    // A magic link makes no session either.
    const linked = await server.client().post('/api/account/magic-link', { email: person.email });
    expect(linked.status).toBeLessThan(500);

    expect(await statusOf(server, 'rides', ride.id)).toBe('cancelled');
    expect(await statusOf(server, 'quotes', quote.id)).toBe('declined');
    const told = await rows<{ title: string }>(
      server.db,
      sql`select title from notifications where user_id = ${driverId} and type = 'quote_declined'`,
    );
    expect(told.map((n) => n.title)).toContain('Trip request closed');
    const mail = await latestMail(server.baseUrl, person.email, 'account-suspended');
    expect(mail.subject).toBe('Your ShuttleQuote account is suspended');
    expect(mail.text).toContain('Abusive messages to drivers');

    const [entry] = await auditRows('user.suspended', person.userId);
    expect(entry).toMatchObject({ actor_id: adminId, reason: 'Abusive messages to drivers' });
    expect((await auditRows('account.sign_in_refused_suspended', person.userId)).length).toBe(1);

    const list = (await (
      await admin.get(`/api/admin/users?q=${encodeURIComponent(person.email)}`)
    ).json()) as ListBody;
    expect(list.users[0]!.status).toBe('suspended');

    // Twice is refused; reinstating lets them sign in again.
    expect(
      (await admin.post(`/api/admin/users/${person.userId}/suspend`, { reason: 'Still abusive' })).status,
    ).toBe(409);
    expect((await admin.post(`/api/admin/users/${person.userId}/reinstate`, {})).status).toBe(200);
    expect((await server.client().signIn(person.email, person.password)).status).toBe(200);
    expect((await latestMail(server.baseUrl, person.email, 'account-reinstated')).subject).toBe(
      'Your ShuttleQuote account is active again',
    );
    expect((await admin.post(`/api/admin/users/${person.userId}/reinstate`, {})).status).toBe(409);
  });

  it('suspending a driver withdraws their live quotes and tells the customers', async () => {
    const driver = await signedInClient(server, { userType: 'driver' });
    const customerId = await insertCustomer(server.db);
    const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(72) });
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    expect(
      (await admin.post(`/api/admin/users/${driver.userId}/suspend`, { reason: 'Fake documents' })).status,
    ).toBe(200);
    expect(await statusOf(server, 'quotes', quote.id)).toBe('withdrawn');
    const told = await rows(
      server.db,
      sql`select 1 from notifications where user_id = ${customerId} and type = 'quote_withdrawn'`,
    );
    expect(told).toHaveLength(1);
  });

  it('refuses acting on oneself and removing the last admin; changes roles with a reason', async () => {
    const self = await admin.post(`/api/admin/users/${adminId}/suspend`, { reason: 'Testing myself' });
    expect(self.status).toBe(409);
    expect((await errorOf(self)).message).toBe('You cannot do this to your own account.');
    expect(
      (await admin.post(`/api/admin/users/${adminId}/role`, { role: 'customer', reason: 'Step down' }))
        .status,
    ).toBe(409);

    const person = await signedInClient(server);
    const noReason = await admin.post(`/api/admin/users/${person.userId}/role`, { role: 'admin' });
    expect(noReason.status).toBe(400);
    expect(
      (await admin.post(`/api/admin/users/${person.userId}/role`, { role: 'guest', reason: 'Bad role' }))
        .status,
    ).toBe(400);
    const toDriver = await admin.post(`/api/admin/users/${person.userId}/role`, {
      role: 'driver',
      reason: 'Asked to drive',
    });
    expect(toDriver.status).toBe(409);
    expect((await errorOf(toDriver)).message).toMatch(/no driver business record/);

    expect(
      (
        await admin.post(`/api/admin/users/${person.userId}/role`, {
          role: 'admin',
          reason: 'New operations hire',
        })
      ).status,
    ).toBe(200);
    // A promotion to administrator ends the person's sessions (issue 28): they sign in again, then set up
    // their second factor.
    expect((await person.client.session()).user).toBeNull();
    expect((await person.client.signIn(person.email, person.password)).status).toBe(200);
    expect((await person.client.session()).user?.userType).toBe('admin');
    const [entry] = await auditRows('user.role_changed', person.userId);
    expect(entry).toMatchObject({
      reason: 'New operations hire',
      details: { from: 'customer', to: 'admin' },
    });

    // A new administrator has no second factor yet: the admin API refuses them until they set it up.
    const early = await person.client.get('/api/admin/users');
    expect(early.status).toBe(403);
    expect((await errorOf(early)).code).toBe('auth/two-factor-required');
    await enableTwoFactor(server, person);

    // The new admin may demote the first (another active admin remains), but not the other way round
    // once only one is left.
    expect(
      (
        await person.client.post(`/api/admin/users/${adminId}/role`, {
          role: 'customer',
          reason: 'Handover done',
        })
      ).status,
    ).toBe(200);
    // adminId is now a customer: their admin session no longer reaches admin routes.
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    const last = await person.client.post(`/api/admin/users/${adminId}/role`, {
      role: 'admin',
      reason: 'Back again',
    });
    expect(last.status).toBe(200);
    // The promotion ended the session from before it (issue 28); signed in again with the code, it works.
    expect((await admin.get('/api/admin/users')).status).toBe(401);
    expect((await admin.signIn(adminEmail, PASSWORD)).status).toBe(200);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('resends the confirmation e-mail, sends a password reset, keeps notes, deletes with the account rules', async () => {
    const client = server.client();
    const email = uniqueEmail('unconfirmed');
    const signup = await client.post('/api/account/signup', {
      fullName: 'Una Confirmed',
      email,
      password: PASSWORD,
      userType: 'customer',
      phone: '0412 345 678',
    });
    const { user } = (await signup.json()) as { user: { id: string } };
    const before = await rows(
      server.db,
      sql`select 1 from mail_outbox where "to" = ${email} and kind = 'verify-email'`,
    );
    expect((await admin.post(`/api/admin/users/${user.id}/resend-confirmation`)).status).toBe(200);
    const after = await rows(
      server.db,
      sql`select 1 from mail_outbox where "to" = ${email} and kind = 'verify-email'`,
    );
    expect(after.length).toBe(before.length + 1);

    const confirmed = await signUpAndConfirm(server);
    const again = await admin.post(`/api/admin/users/${confirmed.userId}/resend-confirmation`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This e-mail address is already confirmed.');
    expect((await admin.post(`/api/admin/users/${confirmed.userId}/password-reset`)).status).toBe(200);
    expect((await latestMail(server.baseUrl, confirmed.email, 'reset-password')).text).toContain(
      '/reset-password',
    );

    expect((await admin.post(`/api/admin/users/${confirmed.userId}/notes`, { body: '' })).status).toBe(400);
    expect(
      (await admin.post(`/api/admin/users/${confirmed.userId}/notes`, { body: 'Called about a refund.' }))
        .status,
    ).toBe(201);

    const detail = await admin.get(`/api/admin/users/${confirmed.userId}`);
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      user: { email: string; status: string };
      notes: { body: string; authorName: string }[];
      audit: { action: string }[];
      securityEvents: unknown[];
    };
    expect(body.user).toMatchObject({ email: confirmed.email, status: 'active' });
    expect(body.notes[0]).toMatchObject({ body: 'Called about a refund.', authorName: 'Ada Admin' });
    expect(body.audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.note_added', 'user.password_reset_sent']),
    );

    // Deleting: needs a reason, refused with an upcoming booking (the account-deletion rules), else done.
    expect(
      (await admin.request(`/api/admin/users/${confirmed.userId}`, { method: 'DELETE', body: {} })).status,
    ).toBe(400);
    const gone = await admin.request(`/api/admin/users/${confirmed.userId}`, {
      method: 'DELETE',
      body: { reason: 'Asked by phone to close the account' },
    });
    expect(gone.status).toBe(200);
    const [row] = await rows<{ email: string; full_name: string }>(
      server.db,
      sql`select email, full_name from users where id = ${confirmed.userId}`,
    );
    expect(row).toEqual({ email: `deleted-${confirmed.userId}@deleted.invalid`, full_name: 'Deleted user' });
    expect((await auditRows('user.deleted', confirmed.userId))[0]!.reason).toBe(
      'Asked by phone to close the account',
    );
    expect(
      (await admin.post(`/api/admin/users/${confirmed.userId}/suspend`, { reason: 'Too late now' })).status,
    ).toBe(409);
  });

  it('the audit log: sign-ins and admin actions are listed with filters; the table refuses UPDATE and DELETE', async () => {
    const res = await admin.get(
      `/api/admin/audit?actor=${encodeURIComponent(adminEmail)}&action=account.sign_in`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entries: { action: string; actorId: string }[] };
    expect(body.entries.length).toBeGreaterThan(0);
    expect(body.entries.every((e) => e.action === 'account.sign_in' && e.actorId === adminId)).toBe(true);
    expect((await admin.get('/api/admin/audit?action=nonsense')).status).toBe(400);

    const paged = (await (await admin.get('/api/admin/audit?limit=2')).json()) as {
      entries: { id: number }[];
      nextCursor: string;
    };
    const next = (await (await admin.get(`/api/admin/audit?limit=2&cursor=${paged.nextCursor}`)).json()) as {
      entries: { id: number }[];
    };
    expect(next.entries[0]!.id).toBeLessThan(paged.entries[1]!.id);

    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = (query: ReturnType<typeof sql>) =>
      server.db.execute(query).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(sql`update audit_log set reason = 'changed'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    const [count] = await rows<{ n: number }>(server.db, sql`select count(*)::int as n from audit_log`);
    expect(count!.n).toBeGreaterThan(5);
  });

  it('five failed sign-ins to one account are audited once as repeated failures', async () => {
    const person = await signUpAndConfirm(server);
    for (let i = 0; i < 5; i++) {
      expect((await server.client().signIn(person.email, 'Wrong-Password-1')).status).toBe(401);
    }
    const entries = await auditRows('account.sign_in_failures', person.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ failures: 5 });
  });
});
