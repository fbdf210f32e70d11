/**
 * Notification delivery by e-mail and push: preferences, exactly-once across a retry, skipped channels,
 * the calendar attachment, the 24-hour reminder, push subscriptions and the shared VAPID key.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimDueDeliveries,
  type DeliveryDeps,
  enqueueDeliveries,
  runDeliveryRound,
} from '../../src/server/jobs/delivery-worker.ts';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import { recordSentMessages } from '../../src/server/modules/delivery/record-sent.ts';
import type { NewNotification } from '../../src/server/modules/notifications/service.ts';
import { notify } from '../../src/server/modules/notifications/service.ts';
import { mailOutboxRow } from '../../src/server/services/mail.ts';
import type { PushSender } from '../../src/server/services/push.ts';
import { roleReceives } from '../../src/shared/marketplace/notification-roles.ts';
import { NOTIFICATION_TYPES } from '../../src/shared/marketplace/notification-types.ts';
import {
  databaseKinds,
  errorOf,
  listening,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { hoursFromNow, insertCustomer, insertDriver, insertRide } from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';
import { waitFor } from './smtp.ts';

interface DeliveryRow {
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const SUBSCRIPTION = (id: string) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe.each(databaseKinds())('notification delivery (%s)', (kind) => {
  let server: TestServer;
  let alice: { client: TestClient; email: string; userId: string };
  const pushes: { endpoint: string; payload: string }[] = [];
  const fakePush: PushSender = async (sub, payload) => {
    pushes.push({ endpoint: sub.endpoint, payload });
  };
  const deps = (over: Partial<DeliveryDeps> = {}): DeliveryDeps => ({
    db: server.db,
    env: server.deps.env,
    push: fakePush,
    ...over,
  });

  async function addNotification(n: Partial<NewNotification> & { userId: string }): Promise<string> {
    await server.db.transaction(async (tx) => {
      await notify(tx, {
        type: 'quote_received',
        title: 'New quote',
        message: 'A driver sent you a quote of $85.00.',
        ...n,
      });
    });
    const [row] = await rows<{ id: string }>(
      server.db,
      sql`select id from notifications where user_id = ${n.userId} order by created_at desc limit 1`,
    );
    return row!.id;
  }
  const deliveriesOf = (notificationId: string) =>
    rows<DeliveryRow>(
      server.db,
      sql`select channel, status, attempts, last_error from notification_deliveries
          where notification_id = ${notificationId} order by channel`,
    );
  const mailsFor = async (notificationId: string) =>
    rows<{ id: string; to: string }>(
      server.db,
      sql`select id, "to" from mail_outbox where kind = 'notification' and meta->>'notificationId' = ${notificationId}`,
    );
  /** The notification's e-mail as the outbox holds it. */
  const mailOf = async (notificationId: string) => {
    const [mail] = await rows<{
      subject: string;
      text: string;
      html: string | null;
      attachments: { filename: string; content: string; contentType?: string }[];
    }>(
      server.db,
      sql`select subject, text, html, attachments from mail_outbox
          where kind = 'notification' and meta->>'notificationId' = ${notificationId}`,
    );
    return mail;
  };
  /**
   * The outbox refuses mail to `to` (a trigger raising 'outbox unavailable'), as when the database cannot
   * take the write; until the returned function is called.
   */
  async function outboxRefuses(to: string): Promise<() => Promise<void>> {
    await server.db.execute(
      sql.raw(`create or replace function refuse_test_mail() returns trigger language plpgsql as $$
        begin
          if new."to" = '${to.replace(/'/g, "''")}' then raise exception 'outbox unavailable'; end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql`create trigger refuse_test_mail before insert on mail_outbox
          for each row execute function refuse_test_mail()`,
    );
    return async () => {
      await server.db.execute(sql`drop trigger refuse_test_mail on mail_outbox`);
    };
  }

  beforeAll(async () => {
    server = await startServer(kind);
    alice = await signedInClient(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the customer's kinds with e-mail and push on by default, and saves a change", async () => {
    const res = await alice.client.get('/api/notification-preferences');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: { kind: string; label: string; email: boolean; push: boolean }[];
    };
    expect(items.map((i) => i.kind)).toEqual(NOTIFICATION_TYPES.filter((k) => roleReceives('customer', k)));
    // A customer is not asked about what only drivers or admins receive (issue 32).
    expect(items.map((i) => i.kind)).not.toContain('statement_issued');
    expect(items.map((i) => i.kind)).not.toContain('verification_submitted');
    expect(items.map((i) => i.label)).not.toContainEqual(
      expect.stringMatching(/\((drivers|customers|admins)/),
    );
    expect(items.every((i) => i.email && i.push && i.label.length > 3)).toBe(true);
    expect(items.map((i) => i.kind)).toContain('trip_reminder');

    const put = await alice.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'rating_received', email: false, push: true },
    });
    expect(put.status).toBe(200);
    const again = (await (await alice.client.get('/api/notification-preferences')).json()) as {
      items: { kind: string; email: boolean; push: boolean }[];
    };
    expect(again.items.find((i) => i.kind === 'rating_received')).toMatchObject({ email: false, push: true });
    expect(again.items.find((i) => i.kind === 'quote_received')).toMatchObject({ email: true, push: true });

    const bad = await alice.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'nonsense', email: true, push: true },
    });
    expect(bad.status).toBe(400);
    expect((await server.client().get('/api/notification-preferences')).status).toBe(401);
  });

  it('lists a driver only the kinds a driver receives, and an admin only the admin kinds', async () => {
    const driver = await signedInClient(server, { userType: 'driver' });
    const kinds = async (client: TestClient) =>
      (
        (await (await client.get('/api/notification-preferences')).json()) as { items: { kind: string }[] }
      ).items.map((i) => i.kind);
    const driverKinds = await kinds(driver.client);
    expect(driverKinds).toEqual(NOTIFICATION_TYPES.filter((k) => roleReceives('driver', k)));
    expect(driverKinds).toContain('statement_issued');
    expect(driverKinds).toContain('ride_matched');
    expect(driverKinds).not.toContain('quote_received');
    expect(driverKinds).not.toContain('driver_on_the_way');

    const admin = await signedInClient(server);
    await makeAdmin(server, admin);
    const adminKinds = await kinds(admin.client);
    expect(adminKinds).toContain('trip_problem_reported');
    expect(adminKinds).toContain('verification_submitted');
    expect(adminKinds).not.toContain('quote_received');
    expect(adminKinds).not.toContain('statement_issued');
  });

  it('delivers a notification by e-mail exactly once across a failed first attempt', async () => {
    const id = await addNotification({ userId: alice.userId });
    // The outbox cannot take the mail the first time (its recording fails, as when the database is away).
    const accepting = await outboxRefuses(alice.email);
    await runDeliveryRound(deps());
    await accepting();
    let [email, push] = await deliveriesOf(id);
    expect(email).toMatchObject({ channel: 'email', status: 'pending', attempts: 1 });
    expect(email!.last_error).toContain('outbox unavailable');
    // No push subscription yet: nothing to push to, skipped when enqueued, never claimed (issue 34).
    expect(push).toMatchObject({
      channel: 'push',
      status: 'skipped',
      attempts: 0,
      last_error: 'no push subscription',
    });
    expect(await mailsFor(id)).toHaveLength(0);

    // Not due yet: the retry waits for its backoff.
    await runDeliveryRound(deps());
    expect(await mailsFor(id)).toHaveLength(0);

    await server.db.execute(
      sql`update notification_deliveries set next_attempt_at = now() - interval '1 second' where notification_id = ${id}`,
    );
    // Two workers at once (two instances): the row is claimed by one of them.
    await Promise.all([runDeliveryRound(deps()), runDeliveryRound(deps())]);
    [email] = await deliveriesOf(id);
    expect(email).toMatchObject({ status: 'sent', attempts: 2 });
    const mails = await mailsFor(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(alice.email);

    // Running again sends nothing more.
    await runDeliveryRound(deps());
    expect(await mailsFor(id)).toHaveLength(1);
    expect(await deliveriesOf(id)).toHaveLength(2);
  });

  it('reads each notification once, while it awaits its delivery rows; a stale one is marked and gets none (issue 34)', async () => {
    const id = await addNotification({ userId: alice.userId, type: 'trip_completed' });
    const stale = await addNotification({ userId: alice.userId, type: 'rating_received' });
    await server.db.execute(
      sql`update notifications set created_at = now() - interval '25 hours' where id = ${stale}`,
    );
    const awaiting = () =>
      rows<{ id: string }>(server.db, sql`select id from notifications where awaiting_deliveries`);
    expect((await awaiting()).map((r) => r.id)).toEqual(expect.arrayContaining([id, stale]));

    await runDeliveryRound(deps());
    expect(await awaiting()).toEqual([]);
    expect((await deliveriesOf(id)).map((d) => d.channel)).toEqual(['email', 'push']);
    expect(await deliveriesOf(stale)).toEqual([]);

    // Once its rows are written the notification is not read again: a round no longer looks back over the
    // last 24 hours (rows removed by hand here stay removed).
    await server.db.execute(sql`delete from notification_deliveries where notification_id = ${id}`);
    await runDeliveryRound(deps());
    expect(await deliveriesOf(id)).toEqual([]);
    expect(await mailsFor(id)).toHaveLength(1);
  });

  it("writes a batch's e-mails with their 'sent' marks in one statement, each only while its own claim holds (issue 34)", async () => {
    await runDeliveryRound(deps());
    const kept = await addNotification({ userId: alice.userId, type: 'trip_completed' });
    const lost = await addNotification({ userId: alice.userId, type: 'trip_completed' });
    await enqueueDeliveries(server.db);
    const claimed = (await claimDueDeliveries(server.db, 100)).filter((r) => r.channel === 'email');
    expect(claimed.map((r) => r.notification_id).sort()).toEqual([kept, lost].sort());
    // Another instance claimed one row again after this one's lease ran out (its attempt count moved on).
    const lostRow = claimed.find((r) => r.notification_id === lost)!;
    await server.db.execute(
      sql`update notification_deliveries set attempts = attempts + 1 where id = ${lostRow.id}`,
    );
    const batch = claimed.map((r) => ({
      delivery: r,
      mail: mailOutboxRow(
        {
          to: alice.email,
          subject: `About ${r.notification_id}`,
          text: 'Hello',
          kind: 'notification',
          meta: { notificationId: r.notification_id },
        },
        'shuttle.test',
      ),
    }));
    // The statement also wakes the mail worker (NOTIFY, delivered at commit).
    const mailWorker = await listening(server, 'mail_outbox');
    const marked = await recordSentMessages(server.db, batch);
    await waitFor('the NOTIFY that wakes the mail worker', () => mailWorker.heard().length > 0);
    await mailWorker.unlisten();
    const keptRow = claimed.find((r) => r.notification_id === kept)!;
    expect([...marked]).toEqual([keptRow.id]);
    expect(await mailsFor(kept)).toHaveLength(1);
    expect((await mailOf(kept))!.subject).toBe(`About ${kept}`);
    expect(await mailsFor(lost)).toHaveLength(0);
    expect((await deliveriesOf(kept))[0]).toMatchObject({ channel: 'email', status: 'sent' });
    expect((await deliveriesOf(lost))[0]).toMatchObject({ channel: 'email', status: 'pending', attempts: 2 });

    // The same batch again: both marks are taken now, so nothing more is written.
    expect((await recordSentMessages(server.db, batch)).size).toBe(0);
    expect(await mailsFor(kept)).toHaveLength(1);
    expect(await mailsFor(lost)).toHaveLength(0);
    // The row the other instance holds is settled by it; here it is made due again for the next tests.
    await server.db.execute(
      sql`update notification_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending'`,
    );
  });

  it('tells the round when one enqueue took as many notifications as it may, so the loop runs another (issue 34)', async () => {
    await runDeliveryRound(deps());
    // 301 waiting (old ones: taken and marked, no rows written), more than one enqueue takes (300).
    await server.db.execute(sql`
      insert into notifications (user_id, type, title, message, created_at)
      select ${alice.userId}, 'trip_completed', 'Old', 'Old news', now() - interval '2 days'
        from generate_series(1, 301)`);
    expect(await enqueueDeliveries(server.db)).toEqual({ rows: 0, full: true });
    expect(await enqueueDeliveries(server.db)).toEqual({ rows: 0, full: false });
    await server.db.execute(sql`
      insert into notifications (user_id, type, title, message, created_at)
      select ${alice.userId}, 'trip_completed', 'Old', 'Old news', now() - interval '2 days'
        from generate_series(1, 301)`);
    expect(await runDeliveryRound(deps())).toMatchObject({ enqueued: 0, more: true });
    expect((await runDeliveryRound(deps())).more).toBeUndefined();
  });

  it('gives up after five attempts and marks the delivery failed', async () => {
    const id = await addNotification({ userId: alice.userId, type: 'trip_completed' });
    const accepting = await outboxRefuses(alice.email);
    try {
      for (let i = 0; i < 5; i += 1) {
        await runDeliveryRound(deps());
        await server.db.execute(
          sql`update notification_deliveries set next_attempt_at = now() - interval '1 second'
              where notification_id = ${id} and status = 'pending'`,
        );
      }
    } finally {
      await accepting();
    }
    const [email] = await deliveriesOf(id);
    expect(email).toMatchObject({ status: 'failed', attempts: 5 });
    expect(email!.last_error).toContain('outbox unavailable');
    expect(await mailsFor(id)).toHaveLength(0);
  });

  it('skips the e-mail of a kind the user turned off, and pushes to the subscribed browser', async () => {
    const res = await alice.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'quote_updated', email: false, push: true },
    });
    expect(res.status).toBe(200);
    const sub = SUBSCRIPTION(`alice-${kind}`);
    expect((await alice.client.post('/api/push/subscriptions', sub)).status).toBe(201);

    const id = await addNotification({ userId: alice.userId, type: 'quote_updated', title: 'Quote changed' });
    pushes.length = 0;
    await runDeliveryRound(deps());
    const [email, push] = await deliveriesOf(id);
    expect(email).toMatchObject({ status: 'skipped', attempts: 0 });
    expect(push).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await mailsFor(id)).toHaveLength(0);
    const mine = pushes.filter((p) => p.endpoint === sub.endpoint);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.payload)).toMatchObject({ title: 'Quote changed', icon: '/logo.png' });

    // A push service answering 410 Gone: the subscription is forgotten and the push is skipped.
    const gone: PushSender = async () => {
      throw Object.assign(new Error('gone'), { statusCode: 410 });
    };
    const id2 = await addNotification({ userId: alice.userId, type: 'quote_updated' });
    await runDeliveryRound(deps({ push: gone }));
    expect((await deliveriesOf(id2))[1]).toMatchObject({ status: 'skipped' });
    const left = await rows(server.db, sql`select 1 from push_subscriptions where user_id = ${alice.userId}`);
    expect(left).toHaveLength(0);
  });

  it('a notification without a record is still a branded e-mail: its title as the subject, its message, the footer', async () => {
    const id = await addNotification({
      userId: alice.userId,
      type: 'booking_cancelled',
      title: 'Booking cancelled',
      message: 'A <b>booking</b> was cancelled.',
      relatedId: null,
    });
    await runDeliveryRound(deps());
    const mail = (await mailOf(id))!;
    expect(mail.subject).toBe('Booking cancelled');
    expect(mail.attachments).toEqual([]);
    const env = server.deps.env;
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(env.BRAND_NAME);
      expect(part).toContain(env.SUPPORT_EMAIL);
      expect(part).toContain(env.SUPPORT_PHONE);
      expect(part).toContain(`${env.APP_URL}/notifications`);
      expect(part).toContain(`${env.APP_URL}/settings`);
    }
    expect(mail.text).toContain('e-mails for "A booking was cancelled" are on');
    expect(mail.html).toContain('e-mails for &quot;A booking was cancelled&quot; are on');
    expect(mail.text).toContain('A <b>booking</b> was cancelled.');
    expect(mail.html).toContain('A &lt;b&gt;booking&lt;/b&gt; was cancelled.');
    expect(mail.html).not.toContain('<b>booking');
  });

  it('attaches the booking calendar (.ics) to booking e-mails', async () => {
    const customerId = await insertCustomer(server.db);
    const driverId = await insertDriver(server.db);
    const ride = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(72), status: 'open' });
    const { bookingId } = await insertBooking(server.db, ride.id, customerId, driverId);
    const id = await addNotification({
      userId: driverId,
      type: 'quote_accepted',
      title: 'Quote accepted: new booking',
      message: 'Your quote was accepted.',
      relatedId: bookingId,
    });
    await runDeliveryRound(deps());
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'sent' });
    const mail = await mailOf(id);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments![0]!.filename).toBe(`booking-${bookingId}.ics`);
    expect(mail!.attachments![0]!.content).toContain('BEGIN:VCALENDAR');
    expect(mail!.text).toContain(`/booking/${bookingId}`);
    // The outbox keeps the calendar file itself, so every attempt of the mail worker sends the same mail.
    const [stored] = await rows<{
      status: string;
      attachments: { filename: string; content: string; contentType?: string }[];
    }>(
      server.db,
      sql`select status, attachments from mail_outbox where kind = 'notification' and meta->>'notificationId' = ${id}`,
    );
    expect(stored!.status).toBe('pending');
    expect(stored!.attachments).toEqual([
      {
        filename: `booking-${bookingId}.ics`,
        content: expect.stringContaining('METHOD:PUBLISH'),
        // The iTIP method in the content type too (RFC 6047): PUBLISH here, CANCEL for a cancellation.
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ]);
  });

  it('reminds both sides once, 24 hours before pickup', async () => {
    const customerId = await insertCustomer(server.db);
    const driverId = await insertDriver(server.db);
    const soon = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(10) });
    const later = await insertRide(server.db, customerId, { pickupAt: hoursFromNow(30) });
    const { bookingId } = await insertBooking(server.db, soon.id, customerId, driverId);
    const { bookingId: laterId } = await insertBooking(server.db, later.id, customerId, driverId);

    await sweepExpired(server.db);
    await sweepExpired(server.db);
    const reminders = await rows<{ user_id: string; related_id: string }>(
      server.db,
      sql`select user_id, related_id from notifications where type = 'trip_reminder' and related_id in (${bookingId}, ${laterId})`,
    );
    expect(reminders.map((r) => r.user_id).sort()).toEqual([customerId, driverId].sort());
    expect(reminders.every((r) => r.related_id === bookingId)).toBe(true);
    const [booking] = await rows<{ reminder_sent_at: Date | null }>(
      server.db,
      sql`select reminder_sent_at from bookings where id = ${bookingId}`,
    );
    expect(booking!.reminder_sent_at).not.toBeNull();
  });

  it('keeps push subscriptions per endpoint, signed-in only, and one VAPID key', async () => {
    const anon = await server.client().post('/api/push/subscriptions', SUBSCRIPTION('anon'));
    expect(anon.status).toBe(401);
    const bad = await alice.client.post('/api/push/subscriptions', { endpoint: 'not a url' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('validation');

    const sub = SUBSCRIPTION(`shared-${kind}`);
    expect((await alice.client.post('/api/push/subscriptions', sub)).status).toBe(201);
    expect((await alice.client.post('/api/push/subscriptions', { subscription: sub })).status).toBe(201);
    const count = () =>
      rows<{ user_id: string }>(
        server.db,
        sql`select user_id from push_subscriptions where endpoint = ${sub.endpoint}`,
      );
    expect(await count()).toEqual([{ user_id: alice.userId }]);

    // The same browser signed in as someone else: the subscription moves to them, still one row.
    const bob = await signedInClient(server);
    expect((await bob.client.post('/api/push/subscriptions', sub)).status).toBe(201);
    expect(await count()).toEqual([{ user_id: bob.userId }]);
    // Alice cannot remove Bob's subscription; Bob can.
    await alice.client.request('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: sub.endpoint },
    });
    expect(await count()).toHaveLength(1);
    await bob.client.request('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: sub.endpoint },
    });
    expect(await count()).toHaveLength(0);

    const keys = await Promise.all([
      server.client().get('/api/push/public-key'),
      server.client().get('/api/push/public-key'),
    ]);
    const [k1, k2] = (await Promise.all(keys.map((r) => r.json()))) as { publicKey: string }[];
    expect(k1!.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(k2!.publicKey).toBe(k1!.publicKey);
    const stored = await rows(server.db, sql`select key from app_settings where key = 'vapid_keys'`);
    expect(stored).toHaveLength(1);
  });
});
