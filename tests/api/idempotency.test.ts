/**
 * Safe retries (issue 11 part 6, ADR 012): the six creating POSTs honour an Idempotency-Key. The same key
 * and body get the first answer again (Idempotent-Replayed: true) and nothing is created twice; the same
 * key with another body is 422; keys are per sender; accepting is also idempotent without a key.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestFingerprint } from '../../src/server/http/idempotency.ts';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { BookingDto, QuoteDto, RideDto } from '../../src/shared/marketplace/api.ts';
import { API_MESSAGES } from '../../src/shared/messages.ts';
import {
  databaseKinds,
  errorOf,
  readMailbox,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';
import { insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';
import { rideBody } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

const REPLAYED = 'idempotent-replayed';
const newKey = () => `test-key-${randomUUID()}`;

function withKey(key: string) {
  return { headers: { 'Idempotency-Key': key } };
}

async function countOf(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(server.db, query);
  return Number(row!.n);
}

/** A multipart POST from a test client (fetch picks a new random boundary for every send). */
function postForm(client: TestClient, path: string, form: FormData, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers };
  if (client.ip) all['x-forwarded-for'] = client.ip;
  if (client.origin) all.origin = client.origin;
  const cookie = client.cookieHeader();
  if (cookie) all.cookie = cookie;
  return fetch(`${client.baseUrl}${path}`, { method: 'POST', headers: all, body: form });
}

describe.each(databaseKinds())('Idempotency-Key (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;

  beforeAll(async () => {
    // A request in progress elsewhere is waited for 2 s instead of 10 before its 409 (issue 29: CI time).
    server = await startServer(kind, { env: { IDEMPOTENCY_WAIT_SECONDS: '2' } });
    [customer, otherCustomer, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
    ]);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * What a kill -9 between a request's commit and storing its answer leaves: the key in progress, the
   * change (effect) recorded 10 s ago, no answer.
   */
  const forgetAnswer = async (key: string) => {
    const done = await rows(
      server.db,
      sql`update idempotency_keys
             set status = 'in_progress', response_status = null, response_body = null, response_type = null,
                 completed_at = null, effect_at = now() - interval '10 seconds',
                 locked_until = now() + interval '20 seconds'
           where key = ${key} and effect_ref is not null
       returning key`,
    );
    expect(done.length).toBe(1);
  };

  const ridesOf = (userId: string) =>
    countOf(server, sql`select count(*)::int as n from rides where customer_id = ${userId}`);

  describe('creating a trip', () => {
    it('the same key and body twice: one trip, the same answer, marked as replayed', async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Duplicate key test' });
      const before = await ridesOf(customer.userId);

      const first = await customer.client.post('/api/rides', body, withKey(key));
      expect(first.status).toBe(201);
      expect(first.headers.get(REPLAYED)).toBeNull();
      const firstBody = await first.text();

      const second = await customer.client.post('/api/rides', body, withKey(key));
      expect(second.status).toBe(201);
      expect(second.headers.get(REPLAYED)).toBe('true');
      expect(second.headers.get('content-type')).toContain('application/json');
      expect(await second.text()).toBe(firstBody);

      expect(await ridesOf(customer.userId)).toBe(before + 1);
    });

    it('the same key with another body: 422, and nothing is created', async () => {
      const key = newKey();
      const first = await customer.client.post('/api/rides', rideBody({ passengers: 2 }), withKey(key));
      expect(first.status).toBe(201);
      const before = await ridesOf(customer.userId);

      const other = await customer.client.post('/api/rides', rideBody({ passengers: 3 }), withKey(key));
      expect(other.status).toBe(422);
      expect(other.headers.get(REPLAYED)).toBeNull();
      expect(await errorOf(other)).toEqual({
        code: 'idempotency_key_reused',
        message: API_MESSAGES.idempotencyKeyReused,
      });
      // The same key on another route is another request too.
      const quote = await customer.client.post(
        '/api/ratings',
        { bookingId: '00000000-0000-4000-8000-000000000000', stars: 5 },
        withKey(key),
      );
      expect(quote.status).toBe(422);
      expect(await ridesOf(customer.userId)).toBe(before);
    });

    it('5 requests at once with one key: one trip, and all five get its answer', async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Five at once' });
      const before = await ridesOf(customer.userId);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => customer.client.post('/api/rides', body, withKey(key))),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const texts = await Promise.all(answers.map((r) => r.text()));
      expect(new Set(texts).size).toBe(1);
      expect(answers.filter((r) => r.headers.get(REPLAYED) === 'true')).toHaveLength(4);
      expect(await ridesOf(customer.userId)).toBe(before + 1);
    });

    it("keys are per sender: another customer's request with the same key and body is their own", async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Same key, two people' });
      const mine = await customer.client.post('/api/rides', body, withKey(key));
      expect(mine.status).toBe(201);
      const { ride: myRide } = (await mine.json()) as { ride: RideDto };

      const theirs = await otherCustomer.client.post('/api/rides', body, withKey(key));
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get(REPLAYED)).toBeNull();
      const { ride: theirRide } = (await theirs.json()) as { ride: RideDto };
      expect(theirRide.id).not.toBe(myRide.id);

      // A driver sending it gets their own answer (drivers cannot post trips), never the customer's trip.
      const byDriver = await driver.client.post('/api/rides', body, withKey(key));
      expect(byDriver.status).toBe(403);
      expect(byDriver.headers.get(REPLAYED)).toBeNull();
      expect(await byDriver.text()).not.toContain(myRide.id);
      // And a guest's key lives in the scope of their address.
      const guest = await server.client().post('/api/rides', body, withKey(key));
      expect(guest.status).toBe(401);
    });

    it.each([
      ['empty', ''],
      ['too long', 'k'.repeat(256)],
      ['not ASCII', 'clé-1'],
    ])('a bad key (%s) is 400 and nothing is created', async (_label, key) => {
      const before = await ridesOf(customer.userId);
      const res = await customer.client.post('/api/rides', rideBody(), withKey(key));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'validation', message: API_MESSAGES.idempotencyKeyInvalid });
      expect(await ridesOf(customer.userId)).toBe(before);
      // 255 printable characters is a good key.
      const ok = await customer.client.post('/api/rides', rideBody(), withKey(`${'k'.repeat(254)}~`));
      expect(ok.status).toBe(201);
    });

    it('an answer of 5xx is not kept: the retry runs again', async () => {
      // A database that fails this one insert (a trigger), then works again.
      await server.db.execute(sql`
        create or replace function test_refuse_ride() returns trigger language plpgsql as $$
        begin
          if new.notes = 'Refuse me once' then raise exception 'simulated outage'; end if;
          return new;
        end $$`);
      await server.db.execute(
        sql`create trigger test_refuse_ride before insert on rides for each row execute function test_refuse_ride()`,
      );
      const key = newKey();
      const body = rideBody({ notes: 'Refuse me once' });
      // The server logs the unexpected error; keep it out of the test output.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const failed = await customer.client.post('/api/rides', body, withKey(key));
      logged.mockRestore();
      expect(failed.status).toBe(500);
      expect(
        await countOf(server, sql`select count(*)::int as n from idempotency_keys where key = ${key}`),
      ).toBe(0);

      await server.db.execute(sql`drop trigger test_refuse_ride on rides`);
      const before = await ridesOf(customer.userId);
      const retried = await customer.client.post('/api/rides', body, withKey(key));
      expect(retried.status).toBe(201);
      expect(retried.headers.get(REPLAYED)).toBeNull();
      expect(await ridesOf(customer.userId)).toBe(before + 1);
    });

    it('a 4xx answer is kept and replayed like any other', async () => {
      const key = newKey();
      const body = rideBody({ passengers: 0 });
      const first = await customer.client.post('/api/rides', body, withKey(key));
      expect(first.status).toBe(400);
      const again = await customer.client.post('/api/rides', body, withKey(key));
      expect(again.status).toBe(400);
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(await again.json()).toEqual(await first.json());
    });

    it('a request that died mid-way (in progress past its lock) is taken over by the retry', async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Crashed first attempt' });
      const hash = requestFingerprint('POST', '/api/rides', Buffer.from(JSON.stringify(body)));
      await server.db.execute(sql`
        insert into idempotency_keys (scope, key, route, request_hash, status, locked_until)
        values (${`user:${customer.userId}`}, ${key}, 'POST /api/rides', ${hash}, 'in_progress',
                now() - interval '1 second')`);
      const before = await ridesOf(customer.userId);
      const res = await customer.client.post('/api/rides', body, withKey(key));
      expect(res.status).toBe(201);
      expect(res.headers.get(REPLAYED)).toBeNull();
      expect(await ridesOf(customer.userId)).toBe(before + 1);
      const [row] = await rows<{ status: string; response_status: number }>(
        server.db,
        sql`select status, response_status from idempotency_keys where key = ${key}`,
      );
      expect(row).toEqual({ status: 'done', response_status: 201 });
    });

    it('a request that died after committing (before its answer was stored): the retry rebuilds the answer, no second trip', async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Killed after commit', returnTrip: undefined });
      const first = await customer.client.post('/api/rides', body, withKey(key));
      expect(first.status).toBe(201);
      const original = (await first.json()) as { ride: { id: string } };
      await forgetAnswer(key);
      const before = await ridesOf(customer.userId);
      const retry = await customer.client.post('/api/rides', body, withKey(key));
      expect(retry.status).toBe(201);
      expect(retry.headers.get(REPLAYED)).toBe('true');
      expect(((await retry.json()) as { ride: { id: string } }).ride.id).toBe(original.ride.id);
      expect(await ridesOf(customer.userId)).toBe(before);
      // And from then on it is an ordinary stored answer.
      const [row] = await rows<{ status: string }>(
        server.db,
        sql`select status from idempotency_keys where key = ${key}`,
      );
      expect(row!.status).toBe('done');
    });

    it('a request still in progress elsewhere: waits for it, then 409 with Retry-After', async () => {
      const key = newKey();
      const body = rideBody({ notes: 'Still running elsewhere' });
      const hash = requestFingerprint('POST', '/api/rides', Buffer.from(JSON.stringify(body)));
      await server.db.execute(sql`
        insert into idempotency_keys (scope, key, route, request_hash, status, locked_until)
        values (${`user:${customer.userId}`}, ${key}, 'POST /api/rides', ${hash}, 'in_progress',
                now() + interval '1 hour')`);
      const before = await ridesOf(customer.userId);
      const res = await customer.client.post('/api/rides', body, withKey(key));
      expect(res.status).toBe(409);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await errorOf(res)).toEqual({
        code: 'idempotency_in_progress',
        message: API_MESSAGES.idempotencyInProgress,
      });
      expect(await ridesOf(customer.userId)).toBe(before);
    });

    it('answers older than 24 hours are ignored, and the sweep deletes them', async () => {
      const key = newKey();
      const scope = `user:${customer.userId}`;
      await server.db.execute(sql`
        insert into idempotency_keys (scope, key, route, request_hash, status, response_status,
                                      response_body, response_type, created_at, completed_at)
        values (${scope}, ${key}, 'POST /api/rides', 'an-old-request', 'done', 201, '{"old":true}',
                'application/json', now() - interval '25 hours', now() - interval '25 hours')`);
      const before = await ridesOf(customer.userId);
      const res = await customer.client.post('/api/rides', rideBody(), withKey(key));
      expect(res.status).toBe(201);
      expect(res.headers.get(REPLAYED)).toBeNull();
      expect(await ridesOf(customer.userId)).toBe(before + 1);

      const oldKey = newKey();
      await server.db.execute(sql`
        insert into idempotency_keys (scope, key, route, request_hash, created_at)
        values (${scope}, ${oldKey}, 'POST /api/rides', 'x', now() - interval '25 hours')`);
      expect((await sweepExpired(server.db)).swept).toBe(true);
      const left = await rows<{ key: string }>(
        server.db,
        sql`select key from idempotency_keys where key in (${key}, ${oldKey})`,
      );
      expect(left).toEqual([{ key }]);
    });
  });

  describe('accepting a quote', () => {
    async function quoteToAccept() {
      const ride = await insertRide(server.db, customer.userId);
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        priceCents: 8500,
      });
      return { ride, quote };
    }
    const bookingsOf = (rideId: string) =>
      countOf(server, sql`select count(*)::int as n from bookings where ride_id = ${rideId}`);

    it('retried with its key after a lost answer: the same booking', async () => {
      const { ride, quote } = await quoteToAccept();
      const key = newKey();
      const body = { acceptFare: true, priceCents: 8500 };
      const first = await customer.client.post(`/api/quotes/${quote.id}/accept`, body, withKey(key));
      expect(first.status).toBe(201);
      const { booking } = (await first.json()) as { booking: BookingDto };

      const retry = await customer.client.post(`/api/quotes/${quote.id}/accept`, body, withKey(key));
      expect(retry.status).toBe(201);
      expect(retry.headers.get(REPLAYED)).toBe('true');
      expect(((await retry.json()) as { booking: BookingDto }).booking.id).toBe(booking.id);
      expect(await bookingsOf(ride.id)).toBe(1);
    });

    it('retried without a key by the same customer: the booking it made (200), nothing new', async () => {
      const { ride, quote } = await quoteToAccept();
      const body = { acceptFare: true, priceCents: 8500 };
      const first = await customer.client.post(`/api/quotes/${quote.id}/accept`, body);
      expect(first.status).toBe(201);
      const { booking } = (await first.json()) as { booking: BookingDto };

      const retry = await customer.client.post(`/api/quotes/${quote.id}/accept`, body);
      expect(retry.status).toBe(200);
      const again = ((await retry.json()) as { booking: BookingDto }).booking;
      expect(again.id).toBe(booking.id);
      expect(again.priceCents).toBe(8500);
      expect(await bookingsOf(ride.id)).toBe(1);

      // Another customer, and the driver, still cannot (404 and 403), and a different price is a conflict.
      expect((await otherCustomer.client.post(`/api/quotes/${quote.id}/accept`, body)).status).toBe(404);
      expect((await driver.client.post(`/api/quotes/${quote.id}/accept`, body)).status).toBe(403);
      const otherPrice = await customer.client.post(`/api/quotes/${quote.id}/accept`, {
        acceptFare: true,
        priceCents: 9000,
      });
      expect(otherPrice.status).toBe(409);
    });

    it('a double click without a key: both answers carry the one booking', async () => {
      const { ride, quote } = await quoteToAccept();
      const body = { acceptFare: true, priceCents: 8500 };
      const answers = await Promise.all([
        customer.client.post(`/api/quotes/${quote.id}/accept`, body),
        customer.client.post(`/api/quotes/${quote.id}/accept`, body),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
      const ids = await Promise.all(
        answers.map(async (r) => ((await r.json()) as { booking: BookingDto }).booking.id),
      );
      expect(ids[0]).toBe(ids[1]);
      expect(await bookingsOf(ride.id)).toBe(1);
    });

    it("another customer cannot replay the customer's key", async () => {
      const { quote } = await quoteToAccept();
      const key = newKey();
      const body = { acceptFare: true, priceCents: 8500 };
      const first = await customer.client.post(`/api/quotes/${quote.id}/accept`, body, withKey(key));
      expect(first.status).toBe(201);
      const stolen = await otherCustomer.client.post(`/api/quotes/${quote.id}/accept`, body, withKey(key));
      expect(stolen.status).toBe(404);
      expect(stolen.headers.get(REPLAYED)).toBeNull();
      const byDriver = await driver.client.post(`/api/quotes/${quote.id}/accept`, body, withKey(key));
      expect(byDriver.status).toBe(403);
    });
  });

  describe('the other creating routes', () => {
    it('a quote: one per key', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const key = newKey();
      const body = { rideId: ride.id, price: 85, message: 'Door to door' };
      const first = await driver.client.post('/api/quotes', body, withKey(key));
      expect(first.status).toBe(201);
      const { quote } = (await first.json()) as { quote: QuoteDto };
      const again = await driver.client.post('/api/quotes', body, withKey(key));
      expect(again.status).toBe(201);
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(((await again.json()) as { quote: QuoteDto }).quote.id).toBe(quote.id);
      expect(
        await countOf(server, sql`select count(*)::int as n from quotes where ride_id = ${ride.id}`),
      ).toBe(1);
    });

    it('died after committing: a quote, an accept and a rating are answered again, not made twice', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quoteKey = newKey();
      const quoteBody = { rideId: ride.id, price: 91, message: 'Door to door' };
      const first = await driver.client.post('/api/quotes', quoteBody, withKey(quoteKey));
      expect(first.status).toBe(201);
      const { quote } = (await first.json()) as { quote: QuoteDto };
      await forgetAnswer(quoteKey);
      const quoteRetry = await driver.client.post('/api/quotes', quoteBody, withKey(quoteKey));
      expect(quoteRetry.status).toBe(201);
      expect(((await quoteRetry.json()) as { quote: QuoteDto }).quote.id).toBe(quote.id);
      // Not applied a second time: no "quote updated" notification.
      expect(
        await countOf(
          server,
          sql`select count(*)::int as n from notifications where related_id = ${ride.id} and type = 'quote_updated'`,
        ),
      ).toBe(0);

      const acceptKey = newKey();
      const accepted = await customer.client.post(
        `/api/quotes/${quote.id}/accept`,
        { acceptFare: true, priceCents: 9100 },
        withKey(acceptKey),
      );
      expect(accepted.status).toBe(201);
      const { booking } = (await accepted.json()) as { booking: BookingDto };
      await forgetAnswer(acceptKey);
      const acceptRetry = await customer.client.post(
        `/api/quotes/${quote.id}/accept`,
        { acceptFare: true, priceCents: 9100 },
        withKey(acceptKey),
      );
      expect(acceptRetry.status).toBe(201);
      expect(((await acceptRetry.json()) as { booking: BookingDto }).booking.id).toBe(booking.id);

      await server.db.execute(
        sql`update rides set pickup_at = now() - interval '2 hours' where id = ${ride.id}`,
      );
      expect((await driver.client.post(`/api/bookings/${booking.id}/complete`)).status).toBe(200);
      const ratingKey = newKey();
      const ratingBody = { bookingId: booking.id, stars: 4, comment: 'Good' };
      const rated = await customer.client.post('/api/ratings', ratingBody, withKey(ratingKey));
      expect(rated.status).toBe(201);
      const ratingText = await rated.text();
      await forgetAnswer(ratingKey);
      const ratingRetry = await customer.client.post('/api/ratings', ratingBody, withKey(ratingKey));
      expect(ratingRetry.status).toBe(201);
      expect(await ratingRetry.text()).toBe(ratingText);
    });

    it('died after committing: an issue report and a contact message are answered again, not sent twice', async () => {
      const issueKey = newKey();
      const issueBody = {
        title: 'Crash window check',
        description: 'The answer to this report was lost in a crash.',
        category: 'bug',
        priority: 'low',
      };
      const reported = await customer.client.post('/api/issues', issueBody, withKey(issueKey));
      expect(reported.status).toBe(201);
      const { issue } = (await reported.json()) as { issue: { id: string } };
      await forgetAnswer(issueKey);
      const issueRetry = await customer.client.post('/api/issues', issueBody, withKey(issueKey));
      expect(issueRetry.status).toBe(201);
      expect(((await issueRetry.json()) as { issue: { id: string } }).issue.id).toBe(issue.id);
      expect(
        await countOf(server, sql`select count(*)::int as n from issues where title = 'Crash window check'`),
      ).toBe(1);

      const guest = server.client();
      const contactKey = newKey();
      const sender = uniqueEmail('crash-contact');
      const contactBody = {
        subject: 'Crash window',
        text: '',
        type: 'contact',
        replyTo: sender,
        formData: {
          name: 'Crash Contact',
          email: sender,
          subject: 'Crash window',
          message: 'Sent once, answered twice.',
        },
      };
      const sent = await guest.post('/api/send-email', contactBody, withKey(contactKey));
      expect(sent.status).toBe(200);
      const { messageId } = (await sent.json()) as { messageId: string };
      await forgetAnswer(contactKey);
      const contactRetry = await guest.post('/api/send-email', contactBody, withKey(contactKey));
      expect(contactRetry.status).toBe(200);
      expect(((await contactRetry.json()) as { messageId: string }).messageId).toBe(messageId);
      expect(
        await countOf(
          server,
          sql`select count(*)::int as n from mail_outbox where kind = 'contact' and reply_to = ${contactBody.replyTo}`,
        ),
      ).toBe(1);
    });

    it('a rating: one per key', async () => {
      const ride = await insertRide(server.db, customer.userId);
      const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
      const accepted = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
      const { booking } = (await accepted.json()) as { booking: BookingDto };
      await server.db.execute(
        sql`update rides set pickup_at = now() - interval '2 hours' where id = ${ride.id}`,
      );
      expect((await driver.client.post(`/api/bookings/${booking.id}/complete`)).status).toBe(200);

      const key = newKey();
      const body = { bookingId: booking.id, stars: 5, comment: 'Right on time' };
      const first = await customer.client.post('/api/ratings', body, withKey(key));
      expect(first.status).toBe(201);
      const again = await customer.client.post('/api/ratings', body, withKey(key));
      expect(again.status).toBe(201);
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(await again.text()).toBe(await first.text());
      // Without the key, the second rating is refused as before.
      expect((await customer.client.post('/api/ratings', body)).status).toBe(409);
    });

    it('an issue report, as JSON and as multipart with a screenshot: one issue per key', async () => {
      const issuesOf = () =>
        countOf(server, sql`select count(*)::int as n from issues where user_id = ${customer.userId}`);
      const json = {
        title: 'Map does not load',
        description: 'The pickup map stays blank on my phone.',
        category: 'bug',
        priority: 'high',
      };
      const key = newKey();
      const before = await issuesOf();
      const first = await customer.client.post('/api/issues', json, withKey(key));
      expect(first.status).toBe(201);
      const again = await customer.client.post('/api/issues', json, withKey(key));
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(await again.text()).toBe(await first.text());
      expect(await issuesOf()).toBe(before + 1);

      // Multipart: a screenshot well over the 100 KB JSON limit, sent twice (each with its own boundary).
      const png = await sharp({
        create: { width: 400, height: 400, channels: 3, background: '#3366aa' },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(200 * 1024);
      const form = () => {
        const f = new FormData();
        for (const [k, v] of Object.entries({ ...json, title: 'Screenshot attached' })) f.append(k, v);
        f.append('screenshot', new Blob([png], { type: 'image/png' }), 'screen.png');
        return f;
      };
      const formKey = newKey();
      const shot = await postForm(customer.client, '/api/issues', form(), { 'Idempotency-Key': formKey });
      expect(shot.status).toBe(201);
      const { issue } = (await shot.json()) as { issue: { id: string; screenshotUrl: string | null } };
      expect(issue.screenshotUrl).toMatch(/^\/api\/issues\/screenshots\//);
      const shotAgain = await postForm(customer.client, '/api/issues', form(), {
        'Idempotency-Key': formKey,
      });
      expect(shotAgain.status).toBe(201);
      expect(shotAgain.headers.get(REPLAYED)).toBe('true');
      expect(((await shotAgain.json()) as { issue: { id: string } }).issue.id).toBe(issue.id);
      expect(await issuesOf()).toBe(before + 2);
    });

    it('a contact message from a guest: one message per key and address', async () => {
      const sender = uniqueEmail('contact');
      const guest = server.client();
      const body = {
        subject: 'Airport trips',
        text: '',
        type: 'contact',
        replyTo: sender,
        formData: {
          name: "Mia O'Brien",
          email: sender,
          subject: 'Airport trips',
          message: 'Can I book a shuttle for six people with surfboards?',
        },
      };
      const key = newKey();
      const first = await guest.post('/api/send-email', body, withKey(key));
      expect(first.status).toBe(200);
      const again = await guest.post('/api/send-email', body, withKey(key));
      expect(again.status).toBe(200);
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(await again.text()).toBe(await first.text());
      // One thank-you: the message went once.
      expect(await readMailbox(server.baseUrl, sender)).toHaveLength(1);
      // Another address (another guest) with the same key sends its own.
      const other = await server.client().post('/api/send-email', body, withKey(key));
      expect(other.headers.get(REPLAYED)).toBeNull();
      expect(await readMailbox(server.baseUrl, sender)).toHaveLength(2);
    });
  });
});
