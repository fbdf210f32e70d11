/**
 * Issue 15: paying statements (an admin's bank payment, a void, Stripe Checkout and its webhook), the
 * overdue hold and reminders, the admin list and CSV, and customer receipts. Checkout talks to a local
 * HTTP server standing in for the Stripe API; webhooks are signed with the library's test-header helper.
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../../src/server/jobs/billing-run.ts';
import { billingSettings } from '../../src/server/modules/billing/settings.ts';
import { issueStatements } from '../../src/server/modules/billing/statements.ts';
import type { AdminStatementListDto, ReceiptDto, StatementPageDto } from '../../src/shared/billing.ts';
import {
  addMonths,
  BILLING_MESSAGES,
  periodOf,
  periodStart,
  RECEIPT_MESSAGES,
} from '../../src/shared/billing.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import { billingParties, completeTrip, type Person } from './billing-fixtures.ts';
import { databaseKinds, errorOf, freePort, rows, startServer, type TestServer } from './helpers.ts';
import { insertQuote, insertRide, notificationsOf } from './marketplace-fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';

/** A stand-in for the Stripe API: answers Checkout Session creation, or fails when told to. */
async function fakeStripe() {
  const received: { path: string; body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      received.push({ path: req.url ?? '', body, idempotencyKey: req.headers['idempotency-key'] as string });
      res.setHeader('Content-Type', 'application/json');
      if (fail) {
        res.statusCode = 402;
        res.end(JSON.stringify({ error: { type: 'card_error', message: 'Your card was declined.' } }));
        return;
      }
      const id = `cs_test_${received.length}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          metadata: { statement_id: body.get('metadata[statement_id]') },
        }),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setFailing: (v: boolean) => {
      fail = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())('paying statements, the overdue hold and receipts (%s)', (kind) => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  let customer: Person;
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    stripe = await fakeStripe();
    server = await startServer(kind, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    ({ customer, driver, otherDriver, admin } = await billingParties(server));
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const completedTrip = (who: Person, fare: number) => completeTrip(server, customer, who, fare);
  /**
   * A fresh statement for `who`: a completed trip of `fare`, billed by a month-end run. Each call runs as of
   * a later month (one statement per driver per month), so each gathers only the new trip.
   */
  let monthsAhead = 0;
  async function statementOf(who: Person, fare: number) {
    await completedTrip(who, fare);
    monthsAhead++;
    const asOf = periodStart(addMonths(periodOf(new Date()), monthsAhead));
    const run = await issueStatements(server.db, billingSettings(server.deps.env), asOf);
    const mine = run.issued.find((s) => s.driverId === who.userId);
    if (!mine) throw new Error('no statement issued');
    return mine;
  }
  const statement = async (who: Person, id: string) => {
    const res = await who.client.get(`/api/billing/statements/${id}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as StatementPageDto).statement;
  };
  /** Moves a statement's due date `days` days before today (Sydney). */
  const dueDaysAgo = (id: string, days: number) =>
    server.db.execute(
      sql`update billing_statements set due_on = (now() at time zone 'Australia/Sydney')::date - ${days}::int where id = ${id}`,
    );
  const webhook = (payload: string, signature: string) =>
    server.client().post('/api/stripe/webhook', payload, {
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    });
  const completedEvent = (id: string, statementId: string, amount: number) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${id}`,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: amount,
          client_reference_id: statementId,
          metadata: { statement_id: statementId },
        },
      },
    });

  it('an admin records a bank payment once: the statement is paid and the driver told; a second is refused', async () => {
    const s = await statementOf(driver, 10_000); // $8.00 fee + $0.80 GST
    expect(s.totalCents).toBe(880);
    const pay = (body: Record<string, unknown>) =>
      admin.client.post(`/api/admin/billing/statements/${s.id}/payments`, body);

    expect(await errorOf(await pay({ amount: 8, reference: 'CBA 123' }))).toMatchObject({
      message: BILLING_MESSAGES.amountMustBeTotal,
    });
    expect((await pay({ amount: 8.8, reference: '' })).status).toBe(400);
    // Only administrators.
    expect(
      (
        await driver.client.post(`/api/admin/billing/statements/${s.id}/payments`, {
          amount: 8.8,
          reference: 'x',
        })
      ).status,
    ).toBe(403);

    const res = await pay({ amount: 8.8, reference: 'CBA 123456' });
    expect(res.status).toBe(200);
    const paid = await statement(driver, s.id);
    expect(paid).toMatchObject({
      status: 'paid',
      paidAt: expect.any(String),
      payment: { method: 'bank_transfer', amountCents: 880, reference: 'CBA 123456' },
    });
    const again = await pay({ amount: 8.8, reference: 'CBA 123456' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(BILLING_MESSAGES.alreadyPaid);
    expect(await notificationsOf(server, driver.userId, 'statement_paid')).toEqual([
      expect.objectContaining({ related_id: s.id }),
    ]);
    const [audited] = await rows<{ actor_id: string; reason: string }>(
      server.db,
      sql`select actor_id, reason from audit_log where action = 'statement.payment_recorded' and target_id = ${s.id}`,
    );
    expect(audited).toMatchObject({ actor_id: admin.userId, reason: expect.stringContaining('CBA 123456') });
    // A paid statement cannot be voided.
    expect(
      (await admin.client.post(`/api/admin/billing/statements/${s.id}/void`, { reason: 'Issued in error.' }))
        .status,
    ).toBe(409);
  });

  it('an admin voids an open statement with a reason; it cannot then be paid', async () => {
    const s = await statementOf(driver, 5000);
    expect(
      (await admin.client.post(`/api/admin/billing/statements/${s.id}/void`, { reason: '' })).status,
    ).toBe(400);
    expect(
      (
        await admin.client.post(`/api/admin/billing/statements/${s.id}/void`, {
          reason: 'Trip was a test booking.',
        })
      ).status,
    ).toBe(200);
    expect(await statement(driver, s.id)).toMatchObject({
      status: 'void',
      voidReason: 'Trip was a test booking.',
    });
    const pay = await admin.client.post(`/api/admin/billing/statements/${s.id}/payments`, {
      amount: 4.4,
      reference: 'x',
    });
    expect((await errorOf(pay)).message).toBe(BILLING_MESSAGES.voidCannotBePaid);
  });

  it('lists statements by status and month with totals, and exports them as CSV', async () => {
    const period = periodOf(new Date());
    const res = await admin.client.get(`/api/admin/billing/statements?period=${period}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminStatementListDto;
    expect(list.periods).toContain(period);
    expect(list.totals.count).toBe(list.statements.length);
    expect(list.totals.totalCents).toBe(list.statements.reduce((s, x) => s + x.totalCents, 0));
    const paid = (await (
      await admin.client.get('/api/admin/billing/statements?status=paid')
    ).json()) as AdminStatementListDto;
    expect(paid.statements.length).toBeGreaterThan(0);
    expect(paid.statements.every((s) => s.status === 'paid')).toBe(true);
    expect(paid.statements[0]!.driver).toMatchObject({
      businessName: 'Port Stephens Shuttles',
      email: driver.email,
    });
    expect((await admin.client.get('/api/admin/billing/statements?status=late')).status).toBe(400);
    expect((await admin.client.get('/api/admin/billing/statements?period=2026-13')).status).toBe(400);

    const csv = await admin.client.get(`/api/admin/billing/statements.csv?period=${period}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'Number,Month,Business,ABN,E-mail,Issued,Due,Fees (AUD),GST (AUD),Total (AUD),Status,Paid',
    );
    expect(text).toContain('Port Stephens Shuttles,53004085616');
    expect((await driver.client.get('/api/admin/billing/statements')).status).toBe(403);
  });

  it('reminds on the due date and when overdue, then holds quoting 14 days after the due date until paid', async () => {
    const s = await statementOf(otherDriver, 20_000);
    const canQuote = async () => {
      const ride = await insertRide(server.db, customer.userId);
      return otherDriver.client.post('/api/quotes', { rideId: ride.id, price: 90, message: 'Door to door.' });
    };
    await dueDaysAgo(s.id, 0);
    await runBilling(server.db, billingSettings(server.deps.env));
    await runBilling(server.db, billingSettings(server.deps.env));
    expect(await notificationsOf(server, otherDriver.userId, 'statement_due')).toHaveLength(1);

    await dueDaysAgo(s.id, 3);
    await runBilling(server.db, billingSettings(server.deps.env));
    const overdue = await notificationsOf(server, otherDriver.userId, 'statement_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.message).toContain('you cannot send quotes until it is paid');
    expect((await statement(otherDriver, s.id)).status).toBe('overdue');
    expect((await canQuote()).status).toBe(201); // 3 days late: still quoting

    await dueDaysAgo(s.id, 15);
    await runBilling(server.db, billingSettings(server.deps.env));
    expect(await notificationsOf(server, otherDriver.userId, 'statement_hold')).toHaveLength(1);
    const held = await canQuote();
    expect(held.status).toBe(403);
    const refused = await errorOf(held);
    expect(refused.code).toBe('driver_not_verified');
    expect(refused.message).toBe(
      `You can't quote until your overdue statement is paid: statement ${s.number}.`,
    );
    const standing = (await (await otherDriver.client.get('/api/drivers/me/standing')).json()) as {
      standing: { canQuote: boolean; items: { key: string; href: string; blocking: boolean }[] };
    };
    expect(standing.standing.canQuote).toBe(false);
    expect(standing.standing.items).toContainEqual(
      expect.objectContaining({ key: 'billing', href: `/driver-billing/${s.id}`, blocking: true }),
    );

    // Paid by card through Stripe's webhook: quoting resumes at once.
    const event = completedEvent('evt_hold_paid', s.id, s.totalCents);
    const res = await webhook(
      event,
      signer.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
    );
    expect(res.status).toBe(200);
    expect((await canQuote()).status).toBe(201);
  });

  it('creates a Stripe Checkout Session for an open statement and sends the driver to it', async () => {
    const s = await statementOf(driver, 12_500);
    const res = await driver.client.post(`/api/billing/statements/${s.id}/checkout`);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = stripe.received.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.body.get('mode')).toBe('payment');
    expect(sent.body.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(Number(sent.body.get('line_items[0][price_data][unit_amount]'))).toBe(s.totalCents);
    expect(sent.body.get('metadata[statement_id]')).toBe(s.id);
    expect(sent.body.get('success_url')).toBe(`${server.baseUrl}/success?statement=${s.id}`);
    expect(sent.body.get('cancel_url')).toBe(`${server.baseUrl}/driver-billing/${s.id}?payment=cancelled`);
    expect(sent.idempotencyKey).toContain(s.id);

    // Another driver's statement is not found; Stripe failing is the spec's payment error.
    expect((await otherDriver.client.post(`/api/billing/statements/${s.id}/checkout`)).status).toBe(404);
    stripe.setFailing(true);
    try {
      const failed = await driver.client.post(`/api/billing/statements/${s.id}/checkout`);
      expect(failed.status).toBe(402);
      expect(await errorOf(failed)).toMatchObject({
        code: 'payment_failed',
        message: 'There was an issue processing your payment. Please try again or contact support.',
      });
    } finally {
      stripe.setFailing(false);
    }
    // Still open: nothing is paid until the webhook says so.
    expect((await statement(driver, s.id)).status).toBe('open');
  });

  it('counts a signed checkout.session.completed once, and refuses forged or stale signatures', async () => {
    const s = await statementOf(driver, 30_000);
    const event = completedEvent('evt_paid_once', s.id, s.totalCents);

    const forged = await webhook(
      event,
      signer.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_wrong' }),
    );
    expect(forged.status).toBe(400);
    const stale = await webhook(
      event,
      signer.webhooks.generateTestHeaderString({
        payload: event,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.status).toBe(400);
    expect((await webhook(event, 'nonsense')).status).toBe(400);
    expect((await statement(driver, s.id)).status).toBe('open');

    const signature = signer.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    const [first, retry] = [await webhook(event, signature), await webhook(event, signature)];
    expect(await first.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await retry.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await statement(driver, s.id)).toMatchObject({
      status: 'paid',
      payment: { method: 'card', amountCents: s.totalCents, reference: 'cs_test_evt_paid_once' },
    });
    const [payments] = await rows<{ count: number }>(
      server.db,
      sql`select count(*)::int as count from statement_payments where statement_id = ${s.id}`,
    );
    expect(payments?.count).toBe(1);

    // Another event for the paid statement, or for a statement that does not exist: 200, nothing changes.
    const late = completedEvent('evt_paid_twice', s.id, s.totalCents);
    const lateRes = await webhook(
      late,
      signer.webhooks.generateTestHeaderString({ payload: late, secret: WEBHOOK_SECRET }),
    );
    expect(lateRes.status).toBe(200);
    expect(await lateRes.json()).toEqual({ received: true, outcome: 'ignored' });
    const unknown = completedEvent('evt_unknown', '00000000-0000-4000-8000-000000000000', 100);
    const unknownRes = await webhook(
      unknown,
      signer.webhooks.generateTestHeaderString({ payload: unknown, secret: WEBHOOK_SECRET }),
    );
    expect(unknownRes.status).toBe(200);
    // Paying a paid statement at the checkout is refused.
    expect(
      (await errorOf(await driver.client.post(`/api/billing/statements/${s.id}/checkout`))).message,
    ).toBe(BILLING_MESSAGES.alreadyPaid);
  });

  it('the driver marks a completed trip paid and the customer gets a receipt in the business name, once', async () => {
    const bookingId = await completedTrip(driver, 12_000);
    const mark = (who: Person, body: Record<string, unknown>) =>
      who.client.post(`/api/bookings/${bookingId}/receipt`, body);
    expect((await mark(driver, { method: 'cheque' })).status).toBe(400);
    expect(await errorOf(await mark(driver, { method: 'cash', amount: 200 }))).toMatchObject({
      message: RECEIPT_MESSAGES.amountRange,
    });
    expect((await mark(customer, { method: 'cash' })).status).toBe(403);
    expect((await mark(otherDriver, { method: 'cash' })).status).toBe(404);

    const res = await mark(driver, { method: 'card' });
    expect(res.status).toBe(201);
    const { receipt } = (await res.json()) as { receipt: ReceiptDto };
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^R-\d{5}$/),
      amountCents: 12_000,
      method: 'card',
      issuer: { name: 'Port Stephens Shuttles', abn: '53004085616' },
      customerName: 'Cara Whitfield',
    });
    expect((await errorOf(await mark(driver, { method: 'cash' }))).message).toBe(
      RECEIPT_MESSAGES.alreadyIssued,
    );

    const seen = await customer.client.get(`/api/bookings/${bookingId}/receipt`);
    expect(((await seen.json()) as { receipt: ReceiptDto }).receipt).toEqual(receipt);
    expect((await otherDriver.client.get(`/api/bookings/${bookingId}/receipt`)).status).toBe(404);
    const told = await notificationsOf(server, customer.userId, 'receipt_issued');
    expect(told.at(-1)).toMatchObject({ related_id: bookingId });
    expect(told.at(-1)!.message).toContain(
      'Port Stephens Shuttles (ABN 53 004 085 616) received $120.00 by card',
    );

    // A trip not yet completed cannot be marked paid.
    const ride = await insertRide(server.db, customer.userId);
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    const accepted = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    const { booking } = (await accepted.json()) as { booking: BookingDto };
    const early = await driver.client.post(`/api/bookings/${booking.id}/receipt`, { method: 'cash' });
    expect((await errorOf(early)).message).toBe(RECEIPT_MESSAGES.notCompleted);
  });
});
