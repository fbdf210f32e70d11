/**
 * Issue 16, flood limits per account. The probe's findings: "50 edits of one quote sent the customer 50
 * notifications and 50 e-mails; 30 issue reports in 4 s sent 30 e-mails to support; one customer posted
 * 60 trips in 10 s".
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries } from '../../src/server/jobs/delivery-worker.ts';
import { FLOOD_LIMITS } from '../../src/shared/constants.ts';
import { API_MESSAGES } from '../../src/shared/messages.ts';
import {
  databaseKinds,
  errorOf,
  readMailbox,
  rows,
  signedInClient,
  startServer,
  type TestServer,
} from './helpers.ts';
import { insertRide, setVehicle } from './marketplace-fixtures.ts';
import { rideBody } from './ride-fixtures.ts';

const SUPPORT = 'floods-support@support.test';

describe.each(databaseKinds())('flood limits (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(() => server?.close());

  /** A 429 with the flood wording and a Retry-After within the hour. */
  async function expectFlood(res: Response, what: string) {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const error = await errorOf(res);
    expect(error).toEqual({ code: 'rate_limited', message: API_MESSAGES.tooManyInAWhile(what, retryAfter) });
    expect(error.message).toMatch(/Please try again in \d+ minutes\.$/);
  }

  it('probe: one customer posting trips one after another is stopped after 20 an hour; refused forms do not count', async () => {
    const customer = await signedInClient(server, { userType: 'customer' });
    const { max, what } = FLOOD_LIMITS.trips;
    for (let i = 0; i < 5; i++) {
      expect((await customer.client.post('/api/rides', rideBody({ passengers: 0 }))).status).toBe(400);
    }
    for (let i = 0; i < max; i++) {
      expect((await customer.client.post('/api/rides', rideBody())).status, `trip ${i + 1}`).toBe(201);
    }
    await expectFlood(await customer.client.post('/api/rides', rideBody()), what);
    const posted = await rows(server.db, sql`select 1 from rides where customer_id = ${customer.userId}`);
    expect(posted).toHaveLength(max);
    // Another customer is not affected.
    const other = await signedInClient(server, { userType: 'customer' });
    expect((await other.client.post('/api/rides', rideBody())).status).toBe(201);
  });

  it('probe: 50 edits of one quote give the customer one notification, brought up to date, and one e-mail', async () => {
    const customer = await signedInClient(server, { userType: 'customer' });
    const driver = await signedInClient(server, { userType: 'driver' });
    await setVehicle(server.db, driver.userId);
    const ride = await insertRide(server.db, customer.userId);
    const first = await driver.client.post('/api/quotes', { rideId: ride.id, price: 100, message: 'First' });
    expect(first.status).toBe(201);
    for (let i = 1; i <= 50; i++) {
      const res = await driver.client.post('/api/quotes', {
        rideId: ride.id,
        price: 100 - i,
        message: `Edit ${i}`,
      });
      expect(res.status, `edit ${i}`).toBe(200);
    }
    const updates = await rows<{ id: string; message: string; is_read: boolean }>(
      server.db,
      sql`select id, message, is_read from notifications where user_id = ${customer.userId} and type = 'quote_updated'`,
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]!.message).toContain('$50.00');
    await enqueueDeliveries(server.db);
    const emails = await rows(
      server.db,
      sql`select 1 from notification_deliveries d join notifications n on n.id = d.notification_id
           where n.user_id = ${customer.userId} and n.type = 'quote_updated' and d.channel = 'email'`,
    );
    expect(emails).toHaveLength(1);
    // Ten minutes on, the next change is news again: a new notification (and e-mail).
    await server.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where id = ${updates[0]!.id}`,
    );
    expect(
      (await driver.client.post('/api/quotes', { rideId: ride.id, price: 45, message: 'Later' })).status,
    ).toBe(200);
    expect(
      await rows(
        server.db,
        sql`select 1 from notifications where user_id = ${customer.userId} and type = 'quote_updated'`,
      ),
    ).toHaveLength(2);
  });

  it('probe: 30 issue reports in a row reach support 5 times, then 429', async () => {
    const reporter = await signedInClient(server);
    const report = (i: number) => ({
      title: `The page froze ${i}`,
      description: 'It froze when I opened my booking on the phone.',
      category: 'bug',
      priority: 'medium',
    });
    const { max, what } = FLOOD_LIMITS.issues;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await reporter.client.post('/api/issues', report(i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(max);
    await expectFlood(answers[max]!, what);
    const toSupport = (await readMailbox(server.baseUrl, SUPPORT)).filter((m) =>
      m.subject.includes('The page froze'),
    );
    expect(toSupport).toHaveLength(max);
  });

  it('contact messages and uploads have their limits too (questions have their own: questions.test.ts)', async () => {
    const customer = await signedInClient(server, { userType: 'customer' });
    // Each limit filled up to its last allowed request, as if sent a moment ago.
    const fill = (name: keyof typeof FLOOD_LIMITS, who: string) =>
      server.db.execute(
        sql`insert into rate_limits (key, count, window_start) values (${`flood:${name}:${who}`}, ${FLOOD_LIMITS[name].max}, now())`,
      );

    const guest = server.client();
    await fill('contact', `ip:${guest.ip}`);
    const contact = await guest.post('/api/send-email', {
      type: 'contact',
      formData: {
        name: 'Mia Obrien',
        email: 'mia@example.test',
        userType: 'customer',
        subject: 'Airport trips',
        message: 'Can I book a shuttle for six people?',
      },
    });
    await expectFlood(contact, FLOOD_LIMITS.contact.what);

    await fill('uploads', `user:${customer.userId}`);
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    await expectFlood(await customer.client.postForm('/api/files', form), FLOOD_LIMITS.uploads.what);
  });
});
