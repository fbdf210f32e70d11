/**
 * Issue 31, item 4: quotes that do not lapse quietly. A quote lives until 2 hours before pickup unless its
 * driver chose a shorter time; the sweep tells the customer and asks the driver to renew 12 hours before it
 * lapses (once, however often or concurrently it runs); the driver renews with one tap; the customer asks
 * the driver of a lapsed quote again (once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { QuoteDto } from '../../src/shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../src/shared/marketplace/booking.ts';
import {
  lapseTime,
  QUOTE_LAPSE_CONFLICTS,
  QUOTE_LAPSE_TEXT,
} from '../../src/shared/marketplace/quote-lapse-messages.ts';
import { NOT_VERIFIED_CODE } from '../../src/shared/marketplace/verification.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import {
  HIACE,
  HOUR,
  hoursFromNow,
  insertDriver,
  insertQuote,
  insertRide,
  notificationsOf,
  setVehicle,
  statusOf,
} from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
}

describe.each(databaseKinds())('quotes that do not lapse quietly (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let driver: Person;
  let driver2: Person;
  let unverified: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, driver, driver2, unverified] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
      signedInClient(server, { userType: 'driver', fullName: 'Uma Unchecked', verified: false }),
    ]);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const quoteRow = async (id: string) => {
    const [row] = await rows<{
      status: string;
      valid_until: Date | string;
      lapse_warned_at: Date | string | null;
      asked_again_at: Date | string | null;
    }>(
      server.db,
      sql`select status, valid_until, lapse_warned_at, asked_again_at from quotes where id = ${id}`,
    );
    return row!;
  };
  const renew = (who: Person, id: string, body: unknown = {}) =>
    who.client.post(`/api/quotes/${id}/renew`, body);
  const askAgain = (who: Person, id: string) => who.client.post(`/api/quotes/${id}/ask-again`, {});

  describe('validity', () => {
    it('by default a quote lives until 2 hours before pickup (not 24 hours)', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(72) });
      const res = await driver.client.post('/api/quotes', {
        rideId: ride.id,
        price: 139,
        message: 'Door to door.',
      });
      expect(res.status).toBe(201);
      const { quote } = (await res.json()) as { quote: QuoteDto };
      expect(new Date(quote.validUntil).getTime()).toBe(ride.pickupAt.getTime() - 2 * HOUR);
    });

    it("the driver's shorter choice holds, never past 2 hours before pickup; an unknown choice is a 400", async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(72) });
      const before = Date.now();
      const res = await driver.client.post('/api/quotes', {
        rideId: ride.id,
        price: 139,
        message: 'Door to door.',
        validForHours: 12,
      });
      expect(res.status).toBe(201);
      const { quote } = (await res.json()) as { quote: QuoteDto };
      const validFor = new Date(quote.validUntil).getTime() - before;
      expect(validFor).toBeGreaterThan(12 * HOUR - 60_000);
      expect(validFor).toBeLessThanOrEqual(12 * HOUR + 60_000);

      const soon = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(10) });
      const res2 = await driver.client.post('/api/quotes', {
        rideId: soon.id,
        price: 139,
        message: 'Door to door.',
        validForHours: 24,
      });
      expect(res2.status).toBe(201);
      const q2 = ((await res2.json()) as { quote: QuoteDto }).quote;
      expect(new Date(q2.validUntil).getTime()).toBe(soon.pickupAt.getTime() - 2 * HOUR);

      const other = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(72) });
      const bad = await driver.client.post('/api/quotes', {
        rideId: other.id,
        price: 139,
        message: 'Door to door.',
        validForHours: 7,
      });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe(MARKETPLACE_MESSAGES.validForHours);
      const [{ n }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from quotes where ride_id = ${other.id}`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });
  });

  describe('the 12-hour warning', () => {
    it('tells the customer and asks the driver to renew, once, for a quote lapsing within 12 hours', async () => {
      const driverId = await insertDriver(server.db, { companyName: 'Port Shuttles' });
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(48) });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId,
        priceCents: 13_900,
        validUntil: hoursFromNow(10),
      });
      const later = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(48) });
      const notYet = await insertQuote(server.db, {
        rideId: later.id,
        driverId,
        validUntil: hoursFromNow(20),
      });

      await sweepExpired(server.db);
      await sweepExpired(server.db);

      expect((await quoteRow(quote.id)).lapse_warned_at).not.toBeNull();
      expect((await quoteRow(notYet.id)).lapse_warned_at).toBeNull();
      const toCustomer = (await notificationsOf(server, customer.userId, 'quote_lapsing')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(toCustomer).toHaveLength(1);
      expect(toCustomer[0]!.message).toBe(
        `Port Shuttles' quote of $139.00 lapses at ${lapseTime(quote.validUntil)}: book it or ask them to renew.`,
      );
      const toDriver = await notificationsOf(server, driverId, 'quote_renew');
      expect(toDriver).toHaveLength(1);
      expect(toDriver[0]).toMatchObject({
        related_id: ride.id,
        message: `Your quote for Nelson Bay to Newcastle Airport lapses at ${lapseTime(quote.validUntil)}: renew it with one tap.`,
      });
      expect(
        (await notificationsOf(server, customer.userId, 'quote_lapsing')).filter(
          (n) => n.related_id === later.id,
        ),
      ).toHaveLength(0);
    });

    it('concurrent sweeps warn once', async () => {
      const driverId = await insertDriver(server.db);
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(30) });
      await insertQuote(server.db, { rideId: ride.id, driverId, validUntil: hoursFromNow(3) });
      await Promise.all([sweepExpired(server.db), sweepExpired(server.db), sweepExpired(server.db)]);
      await sweepExpired(server.db);
      expect(await notificationsOf(server, driverId, 'quote_renew')).toHaveLength(1);
      expect(
        (await notificationsOf(server, customer.userId, 'quote_lapsing')).filter(
          (n) => n.related_id === ride.id,
        ),
      ).toHaveLength(1);
    });

    it('does not warn a quote already past its validity, nor one that is not live', async () => {
      const driverId = await insertDriver(server.db);
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(30) });
      const past = await insertQuote(server.db, { rideId: ride.id, driverId, validUntil: hoursFromNow(-1) });
      const ride2 = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(30) });
      await insertQuote(server.db, {
        rideId: ride2.id,
        driverId,
        status: 'withdrawn',
        validUntil: hoursFromNow(3),
      });
      await sweepExpired(server.db);
      expect(await statusOf(server, 'quotes', past.id)).toBe('expired');
      expect((await quoteRow(past.id)).lapse_warned_at).toBeNull();
      expect(await notificationsOf(server, driverId, 'quote_renew')).toHaveLength(0);
    });
  });

  describe('renewing', () => {
    it('a live quote: same price, valid until 2 hours before pickup, the warning cleared; the customer is told', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        priceCents: 13_900,
        validUntil: hoursFromNow(5),
      });
      await server.db.execute(sql`update quotes set lapse_warned_at = now() where id = ${quote.id}`);
      const res = await renew(driver, quote.id);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { quote: QuoteDto };
      expect(body.quote).toMatchObject({ status: 'pending', priceCents: 13_900 });
      expect(new Date(body.quote.validUntil).getTime()).toBe(ride.pickupAt.getTime() - 2 * HOUR);
      expect((await quoteRow(quote.id)).lapse_warned_at).toBeNull();
      const told = (await notificationsOf(server, customer.userId, 'quote_updated')).filter(
        (n) => n.related_id === ride.id,
      );
      expect(told.at(-1)).toMatchObject({
        title: QUOTE_LAPSE_TEXT.renewed.title,
        message: `Bay Shuttles renewed their quote of $139.00 for your trip Nelson Bay to Newcastle Airport until ${lapseTime(body.quote.validUntil)}.`,
      });

      // The driver's shorter choice again.
      const before = Date.now();
      const res2 = await renew(driver, quote.id, { validForHours: 6 });
      expect(res2.status).toBe(200);
      const validFor =
        new Date(((await res2.json()) as { quote: QuoteDto }).quote.validUntil).getTime() - before;
      expect(validFor).toBeGreaterThan(6 * HOUR - 60_000);
      expect(validFor).toBeLessThanOrEqual(6 * HOUR + 60_000);

      const bad = await renew(driver, quote.id, { validForHours: 5 });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe(MARKETPLACE_MESSAGES.validForHours);
    });

    it('an expired quote on an open trip comes back (100 taps at once leave one live quote)', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const answers = await Promise.all(Array.from({ length: 100 }, () => renew(driver, quote.id)));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(await statusOf(server, 'quotes', quote.id)).toBe('pending');
      const live = await rows<{ id: string }>(
        server.db,
        sql`select id from quotes where ride_id = ${ride.id} and status in ('pending', 'needs_confirmation')`,
      );
      expect(live).toHaveLength(1);
    });

    it('a price for both legs of a return trip is renewed whole: both halves, until 2 hours before the first pickup', async () => {
      const out = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const back = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(64) });
      await server.db.execute(sql`update rides set outbound_ride_id = ${out.id} where id = ${back.id}`);
      const halves = [
        await insertQuote(server.db, {
          rideId: out.id,
          driverId: driver.userId,
          status: 'expired',
          validUntil: hoursFromNow(-1),
        }),
        await insertQuote(server.db, {
          rideId: back.id,
          driverId: driver.userId,
          status: 'expired',
          validUntil: hoursFromNow(-1),
        }),
      ];
      const bundleId = crypto.randomUUID();
      for (const h of halves) {
        await server.db.execute(sql`update quotes set bundle_id = ${bundleId} where id = ${h.id}`);
      }
      expect((await renew(driver, halves[1]!.id)).status).toBe(200);
      for (const h of halves) {
        const row = await quoteRow(h.id);
        expect(row.status).toBe('pending');
        expect(new Date(row.valid_until).getTime()).toBe(out.pickupAt.getTime() - 2 * HOUR);
      }
    });

    it('refusals: an expired quote with a newer live one 409, not yours 404, a booked or closed trip 409, too late 409, the gate 403', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const old = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
      const replaced = await renew(driver, old.id);
      expect(replaced.status).toBe(409);
      expect((await errorOf(replaced)).message).toBe(QUOTE_LAPSE_CONFLICTS.cannotRenew);

      const notMine = await renew(driver2, old.id);
      expect(notMine.status).toBe(404);
      expect((await renew(driver, 'not-a-uuid')).status).toBe(404);

      const booked = await insertRide(server.db, customer.userId, {
        pickupAt: hoursFromNow(40),
        status: 'booked',
      });
      const q1 = await insertQuote(server.db, {
        rideId: booked.id,
        driverId: driver.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const r1 = await renew(driver, q1.id);
      expect(r1.status).toBe(409);
      expect((await errorOf(r1)).message).toBe(MARKETPLACE_CONFLICTS.alreadyBooked);

      const cancelled = await insertRide(server.db, customer.userId, {
        pickupAt: hoursFromNow(40),
        status: 'cancelled',
      });
      const q2 = await insertQuote(server.db, {
        rideId: cancelled.id,
        driverId: driver.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const r2 = await renew(driver, q2.id);
      expect(r2.status).toBe(409);
      expect((await errorOf(r2)).message).toBe(QUOTE_LAPSE_CONFLICTS.rideClosed);

      const soon = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(1.5) });
      const q3 = await insertQuote(server.db, {
        rideId: soon.id,
        driverId: driver.userId,
        validUntil: hoursFromNow(1),
      });
      const r3 = await renew(driver, q3.id);
      expect(r3.status).toBe(409);
      expect((await errorOf(r3)).message).toBe(QUOTE_LAPSE_CONFLICTS.tooLate);
      expect(await statusOf(server, 'quotes', q3.id)).toBe('pending');

      const gated = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const q4 = await insertQuote(server.db, {
        rideId: gated.id,
        driverId: unverified.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const r4 = await renew(unverified, q4.id);
      expect(r4.status).toBe(403);
      expect((await errorOf(r4)).code).toBe(NOT_VERIFIED_CODE);
      expect(await statusOf(server, 'quotes', q4.id)).toBe('expired');

      // A customer may not renew (they have no quotes).
      expect((await renew(customer, q4.id)).status).toBe(403);
    });
  });

  describe('asking again', () => {
    it('once per lapsed quote; the driver is told; a second ask is 409; someone else 404', async () => {
      const driverId = await insertDriver(server.db, { companyName: 'Ask Shuttles' });
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      expect((await askAgain(otherCustomer, quote.id)).status).toBe(404);
      const answers = await Promise.all(Array.from({ length: 20 }, () => askAgain(customer, quote.id)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = answers.filter((r) => r.status === 409);
      expect(refused).toHaveLength(19);
      expect((await errorOf(refused[0]!)).message).toBe(QUOTE_LAPSE_CONFLICTS.alreadyAsked);
      expect((await quoteRow(quote.id)).asked_again_at).not.toBeNull();

      const told = await notificationsOf(server, driverId, 'quote_asked_again');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        related_id: ride.id,
        message:
          'Cara asked you to quote again for Nelson Bay to Newcastle Airport: your quote lapsed. Renew it with one tap.',
      });

      // The customer's list says it was asked.
      const list = await customer.client.get(`/api/quotes?rideId=${ride.id}`);
      const { items } = (await list.json()) as { items: QuoteDto[] };
      expect(items.find((q) => q.id === quote.id)?.askedAgainAt).not.toBeNull();

      const again = await askAgain(customer, quote.id);
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(QUOTE_LAPSE_CONFLICTS.alreadyAsked);
    });

    it('not for a live quote, a closed trip or a pickup less than 2 hours away; a driver may not ask', async () => {
      const driverId = await insertDriver(server.db);
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const live = await insertQuote(server.db, { rideId: ride.id, driverId });
      const r1 = await askAgain(customer, live.id);
      expect(r1.status).toBe(409);
      expect((await errorOf(r1)).message).toBe(QUOTE_LAPSE_CONFLICTS.notExpired);

      const closed = await insertRide(server.db, customer.userId, {
        pickupAt: hoursFromNow(40),
        status: 'cancelled',
      });
      const q2 = await insertQuote(server.db, {
        rideId: closed.id,
        driverId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const r2 = await askAgain(customer, q2.id);
      expect(r2.status).toBe(409);
      expect((await errorOf(r2)).message).toBe(QUOTE_LAPSE_CONFLICTS.askRideClosed);

      const soon = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(1.5) });
      const q3 = await insertQuote(server.db, {
        rideId: soon.id,
        driverId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      const r3 = await askAgain(customer, q3.id);
      expect(r3.status).toBe(409);
      expect((await errorOf(r3)).message).toBe(QUOTE_LAPSE_CONFLICTS.tooLate);
      expect((await quoteRow(q3.id)).asked_again_at).toBeNull();
      expect(await notificationsOf(server, driverId, 'quote_asked_again')).toHaveLength(0);

      expect((await askAgain(driver, q2.id)).status).toBe(403);
    });

    it('the driver renews after being asked: the quote is live again', async () => {
      const ride = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(40) });
      const quote = await insertQuote(server.db, {
        rideId: ride.id,
        driverId: driver.userId,
        status: 'expired',
        validUntil: hoursFromNow(-1),
      });
      expect((await askAgain(customer, quote.id)).status).toBe(200);
      expect((await renew(driver, quote.id)).status).toBe(200);
      expect(await statusOf(server, 'quotes', quote.id)).toBe('pending');
    });
  });
});
