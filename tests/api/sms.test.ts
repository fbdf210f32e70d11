/**
 * Issue 30, text messages: against a local stand-in of Twilio's REST API that refuses the first two tries
 * of every message (500) and then accepts, each expected text (a booking confirmed, to both sides; a
 * cancellation to both sides; the 24-hour reminder; the driver on the way and arrived) arrives exactly once,
 * in one GSM-7 segment with the brand, the Sydney time and the booking's link. Nothing goes to a person who
 * turned texts off for that kind or whose number replied STOP (through the signed webhook), and texts
 * resume after START; a wrongly signed webhook is 403 and changes nothing. Without the Twilio settings the
 * texts land in the development mailbox (/api/dev/sms).
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import { notify } from '../../src/server/modules/notifications/service.ts';
import { smsProviderFor } from '../../src/server/services/sms.ts';
import { createSmsSender, startSmsWorker } from '../../src/server/services/sms-worker.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import type { NotificationType } from '../../src/shared/marketplace/notification-types.ts';
import {
  databaseKinds,
  deliverNotifications,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { HIACE, hoursFromNow, insertRide, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

interface Received {
  to: string;
  from: string;
  body: string;
  key: string;
}

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-test-auth-token-0001';
const FROM = '+61400000999';
const BRAND = 'ShuttleQuote';
/** A number the stand-in refuses for good (Twilio's 21211, "invalid To"). */
const REFUSED_NUMBER = '+61400000400';

/** A Twilio stand-in: basic auth, form bodies; refuses each message's first `refuse` tries with 500. */
async function startTwilioStandIn(refuse: number) {
  const tries = new Map<string, number>();
  const accepted: Received[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      requests += 1;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`)
        return json(404, { code: 20404, message: 'not found' });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
        return json(401, { code: 20003, message: 'Authenticate' });
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return json(400, { code: 20001, message: 'form expected' });
      const form = new URLSearchParams(data);
      const to = form.get('To') ?? '';
      if (to === REFUSED_NUMBER)
        return json(400, { code: 21211, message: "The 'To' number is not a valid phone number." });
      const key = String(req.headers['idempotency-key'] ?? `${to}|${form.get('Body')}`);
      const n = (tries.get(key) ?? 0) + 1;
      tries.set(key, n);
      if (n <= refuse) return json(500, { code: 20500, message: 'Internal Server Error' });
      accepted.push({ to, from: form.get('From') ?? '', body: form.get('Body') ?? '', key });
      return json(201, { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    tries,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's signature, written out from its documentation (not the app's code). */
function sign(url: string, params: Record<string, string>, token = TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', token).update(data).digest('base64');
}

/** GSM 03.38 basic alphabet and extension table. */
const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

describe.each(databaseKinds())('text messages (%s)', (kind) => {
  let server: TestServer;
  let standIn: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let customer: Person;
  let driver: Person;
  let admin: Person;
  const CUSTOMER_PHONE = '+61412000111';
  const DRIVER_PHONE = '+61498000222';

  beforeAll(async () => {
    standIn = await startTwilioStandIn(2);
    server = await startServer(kind, {
      env: {
        BRAND_NAME: BRAND,
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: FROM,
        TWILIO_API_URL: standIn.url,
      },
    });
    [customer, driver, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 000 111' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Bay Shuttles',
        phone: '0498 000 222',
      }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin', phone: '0400 000 333' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  const deliver = () => deliverNotifications(server);

  /** Runs the SMS worker's rounds (retries due at once) until nothing is pending. */
  async function sendTexts() {
    const sender = createSmsSender({
      db: server.db,
      provider: smsProviderFor(server.deps.env),
      retryDelayMs: () => 0,
    });
    for (let round = 0; round < 10; round += 1) {
      await sender.runRound();
      const [left] = await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from sms_outbox where status = 'pending'`,
      );
      if (left!.n === 0) return;
    }
    throw new Error('texts still pending after 10 rounds');
  }

  const textsTo = (phone: string) => standIn.accepted.filter((m) => m.to === phone);

  async function bookedTrip(pickupAt = hoursFromNow(72)): Promise<BookingDto> {
    const ride = await insertRide(server.db, customer.userId, { pickupAt });
    const quote = await driver.client.post('/api/quotes', {
      rideId: ride.id,
      price: 139,
      message: 'Door to door.',
    });
    expect(quote.status).toBe(201);
    const quoteId = ((await quote.json()) as { quote: { id: string } }).quote.id;
    const res = await customer.client.post(`/api/quotes/${quoteId}/accept`, { acceptFare: true });
    expect(res.status).toBe(201);
    return ((await res.json()) as { booking: BookingDto }).booking;
  }

  async function addNotification(userId: string, type: NotificationType, relatedId: string) {
    await server.db.transaction(async (tx) => {
      await notify(tx, { userId, type, title: type, message: `${type} happened.`, relatedId });
    });
    const [row] = await rows<{ id: string }>(
      server.db,
      sql`select id from notifications where user_id = ${userId} and type = ${type}
          order by created_at desc limit 1`,
    );
    return row!.id;
  }

  const smsDelivery = async (notificationId: string) =>
    (
      await rows<{ status: string; last_error: string | null }>(
        server.db,
        sql`select status, last_error from notification_deliveries
             where notification_id = ${notificationId} and channel = 'sms'`,
      )
    )[0];

  function inbound(
    params: Record<string, string>,
    signature = sign(`${server.baseUrl}/api/sms/inbound`, params),
  ) {
    return fetch(`${server.baseUrl}/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
  }

  const optOuts = async () =>
    (await rows<{ phone: string }>(server.db, sql`select phone from sms_opt_outs order by phone`)).map(
      (r) => r.phone,
    );

  it('a booking confirmed texts both sides exactly once, through two refusals by the provider', async () => {
    const booking = await bookedTrip();
    await deliver();
    await sendTexts();
    // Running everything again sends nothing more.
    await deliver();
    await sendTexts();

    const link = `${server.baseUrl}/booking/${booking.id}`;
    const toCustomer = textsTo(CUSTOMER_PHONE);
    const toDriver = textsTo(DRIVER_PHONE);
    expect(toCustomer).toHaveLength(1);
    expect(toDriver).toHaveLength(1);
    expect(toCustomer[0]!.body).toMatch(
      /^ShuttleQuote: booked! Bay Shuttles picks you up \w{3} \d{1,2} \w{3} \d{1,2}:\d\d[ap]m at 35 Stockton St/,
    );
    expect(toCustomer[0]!.body.endsWith(link)).toBe(true);
    expect(toDriver[0]!.body).toMatch(/^ShuttleQuote: new booking\. Pick up Cara Whitfield /);
    expect(toDriver[0]!.body.endsWith(link)).toBe(true);
    for (const m of [...toCustomer, ...toDriver]) {
      expect(m.from).toBe(FROM);
      expect(m.body.length).toBeLessThanOrEqual(160);
      expect(m.body).toMatch(GSM);
      // Refused twice, accepted on the third try, under the same idempotency key (the outbox row).
      expect(standIn.tries.get(m.key)).toBe(3);
    }
    const outbox = await rows<{ status: string; attempts: number; provider_id: string; kind: string }>(
      server.db,
      sql`select status, attempts, provider_id, kind from sms_outbox where meta->>'relatedId' = ${booking.id} order by kind`,
    );
    expect(outbox.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ['booking_confirmed', 'sent', 3],
      ['quote_accepted', 'sent', 3],
    ]);
    expect(outbox.every((r) => r.provider_id.startsWith('SM'))).toBe(true);
  });

  it('the 24-hour reminder and an admin cancellation text both sides once each', async () => {
    const booking = await bookedTrip(hoursFromNow(10));
    await deliver();
    await sendTexts();
    const before = { c: textsTo(CUSTOMER_PHONE).length, d: textsTo(DRIVER_PHONE).length };

    await sweepExpired(server.db);
    await sweepExpired(server.db);
    await deliver();
    await sendTexts();
    const reminders = (phone: string) => textsTo(phone).filter((m) => m.body.includes('reminder'));
    expect(reminders(CUSTOMER_PHONE).filter((m) => m.body.includes(booking.id))).toHaveLength(1);
    expect(reminders(DRIVER_PHONE).filter((m) => m.body.includes(booking.id))).toHaveLength(1);
    expect(reminders(CUSTOMER_PHONE).at(-1)!.body).toMatch(
      /^ShuttleQuote reminder: Bay Shuttles picks you up /,
    );
    expect(reminders(DRIVER_PHONE).at(-1)!.body).toMatch(/^ShuttleQuote reminder: pick up Cara Whitfield /);

    const res = await admin.client.post(`/api/admin/bookings/${booking.id}/cancel`, {
      reason: 'Road closed by floods',
    });
    expect(res.status).toBe(200);
    await deliver();
    await sendTexts();
    await deliver();
    await sendTexts();
    const cancelled = (phone: string) =>
      textsTo(phone).filter((m) => m.body.includes('cancelled') && m.body.includes(booking.id));
    expect(cancelled(CUSTOMER_PHONE)).toHaveLength(1);
    expect(cancelled(DRIVER_PHONE)).toHaveLength(1);
    expect(cancelled(CUSTOMER_PHONE)[0]!.body).toMatch(
      /^ShuttleQuote: your booking with Bay Shuttles for .* was cancelled\./,
    );
    expect(cancelled(DRIVER_PHONE)[0]!.body).toMatch(/^ShuttleQuote: booking cancelled: Cara Whitfield, /);
    // Exactly: the confirmation pair before, then one reminder and one cancellation each.
    expect(textsTo(CUSTOMER_PHONE).length - before.c).toBe(2);
    expect(textsTo(DRIVER_PHONE).length - before.d).toBe(2);
  });

  it('settings: texts per kind, on by default, only for the kinds that send one; turning one off stops it', async () => {
    const res = await customer.client.get('/api/notification-preferences');
    const { items } = (await res.json()) as { items: { kind: string; sms: boolean | null }[] };
    expect(items.find((i) => i.kind === 'driver_on_the_way')?.sms).toBe(true);
    expect(items.find((i) => i.kind === 'quote_received')?.sms).toBeNull();

    const wrong = await customer.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'quote_received', email: true, push: true, sms: true },
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('Text messages are not sent for this kind of notification.');
    const bad = await customer.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'driver_on_the_way', email: true, push: true, sms: 'no' },
    });
    expect(bad.status).toBe(400);

    const off = await customer.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'driver_on_the_way', email: true, push: true, sms: false },
    });
    expect(off.status).toBe(200);
    // A client that does not know about texts leaves the choice as it is.
    await customer.client.request('/api/notification-preferences', {
      method: 'PUT',
      body: { kind: 'driver_on_the_way', email: false, push: true },
    });
    const after = (await (await customer.client.get('/api/notification-preferences')).json()) as {
      items: { kind: string; email: boolean; sms: boolean | null }[];
    };
    expect(after.items.find((i) => i.kind === 'driver_on_the_way')).toMatchObject({
      email: false,
      sms: false,
    });

    const booking = await bookedTrip(hoursFromNow(26));
    await deliver();
    await sendTexts();
    const count = textsTo(CUSTOMER_PHONE).length;
    const onTheWay = await addNotification(customer.userId, 'driver_on_the_way', booking.id);
    const arrived = await addNotification(customer.userId, 'driver_arrived', booking.id);
    await deliver();
    await sendTexts();
    expect(await smsDelivery(onTheWay)).toEqual({ status: 'skipped', last_error: 'turned off by the user' });
    expect(await smsDelivery(arrived)).toMatchObject({ status: 'sent' });
    const got = textsTo(CUSTOMER_PHONE).slice(count);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toMatch(
      /^ShuttleQuote: Bay Shuttles is waiting at 35 Stockton St\. Look for white Toyota HiAce ABC123\. http/,
    );
    expect(got[0]!.body.length).toBeLessThanOrEqual(160);

    // A kind that sends no text gets no sms delivery row at all.
    const quoteNote = await addNotification(customer.userId, 'quote_received', booking.id);
    await deliver();
    expect(await smsDelivery(quoteNote)).toBeUndefined();
  });

  it('STOP through the signed webhook stops the texts, a wrong signature changes nothing, START resumes them', async () => {
    const booking = await bookedTrip(hoursFromNow(20));
    await deliver();
    await sendTexts();

    const stop = await inbound({ From: CUSTOMER_PHONE, To: FROM, Body: ' Stop ', MessageSid: 'SM1' });
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await stop.text()).toMatch(/<Response\/>$/);
    expect(await optOuts()).toEqual([CUSTOMER_PHONE]);

    // Forged: signed with another key, or not signed at all.
    const forged = await inbound(
      { From: CUSTOMER_PHONE, To: FROM, Body: 'START' },
      sign(
        `${server.baseUrl}/api/sms/inbound`,
        { From: CUSTOMER_PHONE, To: FROM, Body: 'START' },
        'not-the-token',
      ),
    );
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${server.baseUrl}/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: CUSTOMER_PHONE, Body: 'START' }).toString(),
    });
    expect(unsigned.status).toBe(403);
    // Signed, but the body was changed after signing.
    const tampered = await inbound(
      { From: DRIVER_PHONE, To: FROM, Body: 'STOP' },
      sign(`${server.baseUrl}/api/sms/inbound`, { From: DRIVER_PHONE, To: FROM, Body: 'HELLO' }),
    );
    expect(tampered.status).toBe(403);
    expect(await optOuts()).toEqual([CUSTOMER_PHONE]);

    const count = { c: textsTo(CUSTOMER_PHONE).length, d: textsTo(DRIVER_PHONE).length };
    const toCustomer = await addNotification(customer.userId, 'trip_reminder_2h', booking.id);
    const toDriver = await addNotification(driver.userId, 'trip_reminder_2h', booking.id);
    await deliver();
    await sendTexts();
    expect(await smsDelivery(toCustomer)).toEqual({
      status: 'skipped',
      last_error: 'the number replied STOP',
    });
    expect(await smsDelivery(toDriver)).toMatchObject({ status: 'sent' });
    expect(textsTo(CUSTOMER_PHONE).length).toBe(count.c);
    expect(textsTo(DRIVER_PHONE).length).toBe(count.d + 1);
    expect(textsTo(DRIVER_PHONE).at(-1)!.body).toMatch(
      /^ShuttleQuote: pickup in 2 hours, \d{1,2}:\d\d[ap]m: Cara Whitfield at 35 Stockton St/,
    );

    // Something else is ignored; START (in any case) resumes.
    expect((await inbound({ From: CUSTOMER_PHONE, To: FROM, Body: 'thanks!' })).status).toBe(200);
    expect(await optOuts()).toEqual([CUSTOMER_PHONE]);
    expect((await inbound({ From: '0412 000 111', To: FROM, Body: 'start' })).status).toBe(200);
    expect(await optOuts()).toEqual([]);
    const again = await addNotification(customer.userId, 'no_show_marked', booking.id);
    await deliver();
    await sendTexts();
    expect(await smsDelivery(again)).toMatchObject({ status: 'sent' });
    expect(textsTo(CUSTOMER_PHONE).length).toBe(count.c + 1);
    expect(textsTo(CUSTOMER_PHONE).at(-1)!.body).toMatch(
      /^ShuttleQuote: Bay Shuttles marked you a no-show for the .* pickup\./,
    );
  });

  it('no mobile number: skipped; a number the provider refuses for good: failed at once, not retried', async () => {
    const booking = await bookedTrip(hoursFromNow(30));
    await deliver();
    await sendTexts();
    await server.db.execute(sql`update users set phone = null where id = ${customer.userId}`);
    const none = await addNotification(customer.userId, 'driver_arrived', booking.id);
    await server.db.execute(sql`update users set phone = ${REFUSED_NUMBER} where id = ${driver.userId}`);
    const refused = await addNotification(driver.userId, 'booking_cancelled', booking.id);
    try {
      await deliver();
      await sendTexts();
      expect(await smsDelivery(none)).toEqual({ status: 'skipped', last_error: 'no mobile number' });
      const [row] = await rows<{ status: string; attempts: number; error: string }>(
        server.db,
        sql`select status, attempts, error from sms_outbox where "to" = ${REFUSED_NUMBER}`,
      );
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.error).toContain('400');
      expect(await smsDelivery(refused)).toMatchObject({ status: 'sent' });
    } finally {
      await server.db.execute(sql`update users set phone = ${CUSTOMER_PHONE} where id = ${customer.userId}`);
      await server.db.execute(sql`update users set phone = ${DRIVER_PHONE} where id = ${driver.userId}`);
    }
  });

  it("the server's SMS worker sends a text recorded by a delivery, woken by its NOTIFY, through the refusals", async () => {
    const booking = await bookedTrip(hoursFromNow(40));
    const count = textsTo(CUSTOMER_PHONE).length;
    const stop = await startSmsWorker({
      db: server.db,
      database: server.database,
      provider: smsProviderFor(server.deps.env),
      // Retries come due at once; the fallback poll is slow, so the first send comes from the wake-up.
      retryDelayMs: () => 0,
      intervalMs: 200,
    });
    try {
      await deliver();
      const deadline = Date.now() + 10_000;
      while (textsTo(CUSTOMER_PHONE).length === count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const got = textsTo(CUSTOMER_PHONE).slice(count);
      expect(got).toHaveLength(1);
      expect(got[0]!.body).toContain(booking.id);
    } finally {
      await stop();
    }
  });

  it('without the Twilio settings, texts go to the development mailbox', async () => {
    const dev = await startServer(kind, { env: { BRAND_NAME: BRAND } });
    try {
      expect(dev.deps.env.SMS_PROVIDER).toBe('dev');
      const person = await signedInClient(dev, {
        userType: 'customer',
        fullName: 'Devi Local',
        phone: '0412 555 666',
      });
      const driverDev = await signedInClient(dev, {
        userType: 'driver',
        fullName: 'Dev Driver',
        companyName: 'Local Vans',
        phone: '0498 555 666',
      });
      await setVehicle(dev.db, driverDev.userId, HIACE);
      const ride = await insertRide(dev.db, person.userId, { pickupAt: hoursFromNow(48) });
      const q = await driverDev.client.post('/api/quotes', {
        rideId: ride.id,
        price: 90,
        message: 'Door to door.',
      });
      const quoteId = ((await q.json()) as { quote: { id: string } }).quote.id;
      const accepted = await person.client.post(`/api/quotes/${quoteId}/accept`, { acceptFare: true });
      expect(accepted.status).toBe(201);
      const before = standIn.requests();
      await runDeliveryRound({
        db: dev.db,
        env: dev.deps.env,
        push: async () => {},
      });
      await createSmsSender({ db: dev.db, provider: smsProviderFor(dev.deps.env) }).runRound();
      expect(standIn.requests()).toBe(before);

      const res = await person.client.get(`/api/dev/sms?to=${encodeURIComponent('0412 555 666')}`);
      expect(res.status).toBe(200);
      const { messages } = (await res.json()) as {
        messages: { to: string; body: string; status: string; providerId: string; kind: string }[];
      };
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ to: '+61412555666', status: 'sent', kind: 'booking_confirmed' });
      expect(messages[0]!.providerId).toMatch(/^dev-/);
      expect(messages[0]!.body).toMatch(/^ShuttleQuote: booked! Local Vans picks you up /);
      const all = (await (await person.client.get('/api/dev/sms')).json()) as { messages: unknown[] };
      expect(all.messages).toHaveLength(2);
      // Without Twilio there is nothing to check a webhook's signature with: the route is not there.
      const hook = await fetch(`${dev.baseUrl}/api/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'From=%2B61412555666&Body=STOP',
      });
      expect(hook.status).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
