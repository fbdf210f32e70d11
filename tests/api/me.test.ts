/** /api/me: name and phone, e-mail change, password change, other sessions, and deleting the account. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  PASSWORD,
  rows,
  signedInClient,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import { hoursFromNow, insertDriver, insertRide } from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';

describe.each(databaseKinds())('/api/me (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a session', async () => {
    const res = await server.client().request('/api/me', { method: 'PATCH', body: { fullName: 'Al Smith' } });
    expect(res.status).toBe(401);
  });

  it('updates the name and the mobile number (stored in E.164) with the shared rules', async () => {
    const { client } = await signedInClient(server);
    const res = await client.request('/api/me', {
      method: 'PATCH',
      body: { fullName: '  Zoë  O’Hara-Lee ', phone: '+61 (0) 498 765 432' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({
      fullName: 'Zoë  O’Hara-Lee',
      phone: '+61498765432',
    });
    expect((await (await client.get('/api/session')).json()) as unknown).toMatchObject({
      user: { fullName: 'Zoë  O’Hara-Lee', phone: '+61498765432' },
    });

    const bad = await client.request('/api/me', { method: 'PATCH', body: { fullName: 'R2-D2' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Please enter your full name');
    // Left out: the number stays.
    const nameOnly = await client.request('/api/me', { method: 'PATCH', body: { fullName: 'Zoe Hara' } });
    expect(((await nameOnly.json()) as { user: { phone: string } }).user.phone).toBe('+61498765432');
  });

  it.each([
    ['empty', '', 'Please enter your mobile number.'],
    ['null', null, 'Please enter your mobile number.'],
    ['a number, not a string', 412345678, 'Please enter your mobile number.'],
    ['too short', '0412 34', 'Please enter a valid mobile number, for example 0412 345 678.'],
    ['letters', 'ring me', 'Please enter a valid mobile number, for example 0412 345 678.'],
    [
      'a landline',
      '02 4981 1234',
      'Please enter a mobile number (04xx xxx xxx): on the day of the trip your driver or customer calls or texts it.',
    ],
  ])('a phone that is %s: 400 with its message, nothing changes', async (_label, phone, message) => {
    const { client, userId } = await signedInClient(server, { fullName: 'Kept Name', phone: '0412 345 678' });
    const res = await client.request('/api/me', { method: 'PATCH', body: { fullName: 'New Name', phone } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation',
      message,
      issues: [{ path: 'phone', message }],
    });
    const [row] = await rows<{ full_name: string; phone: string }>(
      server.db,
      sql`select full_name, phone from users where id = ${userId}`,
    );
    expect(row).toEqual({ full_name: 'Kept Name', phone: '+61412345678' });
  });

  it('an account made before numbers were asked for keeps working and can add one', async () => {
    const { client, userId } = await signedInClient(server);
    await server.db.execute(sql`update users set phone = null where id = ${userId}`);
    expect((await (await client.get('/api/session')).json()) as unknown).toMatchObject({
      user: { phone: null },
    });
    const named = await client.request('/api/me', { method: 'PATCH', body: { fullName: 'Old Timer' } });
    expect(named.status).toBe(200);
    const added = await client.request('/api/me', {
      method: 'PATCH',
      body: { fullName: 'Old Timer', phone: '0400 123 456' },
    });
    expect(((await added.json()) as { user: { phone: string } }).user.phone).toBe('+61400123456');
  });

  it('changes the e-mail only after the new address confirms it', async () => {
    const { client, email } = await signedInClient(server);
    const newEmail = uniqueEmail('moved');
    // The current password is needed (issue 28; tests/api/email-change.test.ts).
    const res = await client.post('/api/me/email', { newEmail, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await client.session()).user?.email).toBe(email);
    const mail = await latestMail(server.baseUrl, newEmail, 'change-email');
    const confirm = await client.get(extractLink(mail.text));
    expect(confirm.status).toBe(302);
    expect((await client.session()).user?.email).toBe(newEmail);
    const same = await client.post('/api/me/email', { newEmail, password: PASSWORD });
    expect(same.status).toBe(400);
  });

  it('changes the password: the old one stops working, the new one works, other sessions end', async () => {
    const account = await signedInClient(server);
    const other = server.client();
    expect((await other.signIn(account.email, account.password)).status).toBe(200);
    const wrong = await account.client.post('/api/me/password', {
      currentPassword: 'not-my-password',
      newPassword: 'Another-Strong-77',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('Your current password is incorrect.');
    const weak = await account.client.post('/api/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect((await errorOf(weak)).message).toBe('Password must be at least 8 characters long');

    const res = await account.client.post('/api/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Strong-77',
    });
    expect(res.status).toBe(200);
    // This browser stays signed in; the other one is signed out.
    expect((await account.client.session()).user?.email).toBe(account.email);
    expect((await other.session()).user).toBeNull();
    expect((await server.client().signIn(account.email, PASSWORD)).status).toBe(401);
    expect((await server.client().signIn(account.email, 'Another-Strong-77')).status).toBe(200);
  });

  it('signs out other sessions and lists sessions', async () => {
    const account = await signedInClient(server);
    const other = server.client();
    await other.signIn(account.email, account.password);
    const list = (await (await account.client.get('/api/me/sessions')).json()) as {
      items: { current: boolean }[];
    };
    expect(list.items).toHaveLength(2);
    expect(list.items.filter((s) => s.current)).toHaveLength(1);
    const res = await account.client.post('/api/me/sessions/revoke-others');
    expect(await res.json()).toEqual({ ok: true, revoked: 1 });
    expect((await other.session()).user).toBeNull();
    expect((await account.client.session()).user).not.toBeNull();
  });

  it('deletes the account: personal details go, the booking records stay', async () => {
    const account = await signedInClient(server, { phone: '0499 999 999' });
    const driverId = await insertDriver(server.db);
    const ride = await insertRide(server.db, account.userId, { pickupAt: hoursFromNow(-48) });
    const { bookingId } = await insertBooking(server.db, ride.id, account.userId, driverId);
    await server.db.execute(
      sql`update bookings set status = 'completed', completed_at = now() where id = ${bookingId}`,
    );
    await server.db.execute(
      sql`insert into booking_events (booking_id, type, actor_id, note) values (${bookingId}, 'completed', ${account.userId}, '')`,
    );
    await server.db.execute(
      sql`insert into ratings (booking_id, rater_id, ratee_id, stars, comment) values (${bookingId}, ${account.userId}, ${driverId}, 5, 'Great')`,
    );
    const sub = {
      endpoint: `https://fcm.googleapis.com/fcm/send/delete-${kind}`,
      keys: { p256dh: 'key', auth: 'auth' },
    };
    expect((await account.client.post('/api/push/subscriptions', sub)).status).toBe(201);

    const noConfirm = await account.client.request('/api/me', {
      method: 'DELETE',
      body: { confirm: 'delete', password: account.password },
    });
    expect(noConfirm.status).toBe(400);
    const wrongPassword = await account.client.request('/api/me', {
      method: 'DELETE',
      body: { confirm: 'DELETE', password: 'wrong-password-1' },
    });
    expect(wrongPassword.status).toBe(400);

    const res = await account.client.request('/api/me', {
      method: 'DELETE',
      body: { confirm: 'DELETE', password: account.password },
    });
    expect(res.status).toBe(200);
    expect((await account.client.session()).user).toBeNull();

    const [user] = await rows<{
      email: string;
      full_name: string;
      phone: string | null;
      avatar_url: string | null;
    }>(server.db, sql`select email, full_name, phone, avatar_url from users where id = ${account.userId}`);
    expect(user).toEqual({
      email: `deleted-${account.userId}@deleted.invalid`,
      full_name: 'Deleted user',
      phone: null,
      avatar_url: null,
    });
    const count = async (q: ReturnType<typeof sql>) => (await rows(server.db, q)).length;
    expect(await count(sql`select 1 from sessions where user_id = ${account.userId}`)).toBe(0);
    expect(await count(sql`select 1 from accounts where user_id = ${account.userId}`)).toBe(0);
    expect(await count(sql`select 1 from push_subscriptions where user_id = ${account.userId}`)).toBe(0);
    expect(await count(sql`select 1 from bookings where id = ${bookingId}`)).toBe(1);
    expect(await count(sql`select 1 from booking_events where booking_id = ${bookingId}`)).toBe(1);
    expect(await count(sql`select 1 from ratings where booking_id = ${bookingId}`)).toBe(1);
    expect((await server.client().signIn(account.email, account.password)).status).toBe(401);
    // The address is free again.
    const again = await server.client().post('/api/account/signup', {
      fullName: 'New Person',
      email: account.email,
      phone: '0412 345 678',
      password: PASSWORD,
      userType: 'customer',
    });
    expect(again.status).toBe(201);
  });

  it('refuses to delete an account with an upcoming confirmed booking', async () => {
    const account = await signedInClient(server);
    const driverId = await insertDriver(server.db);
    const ride = await insertRide(server.db, account.userId, { pickupAt: hoursFromNow(48) });
    await insertBooking(server.db, ride.id, account.userId, driverId);
    const res = await account.client.request('/api/me', {
      method: 'DELETE',
      body: { confirm: 'DELETE', password: account.password },
    });
    expect(res.status).toBe(409);
    expect((await account.client.session()).user).not.toBeNull();
  });
});
