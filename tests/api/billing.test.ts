import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSettings } from '../../src/server/modules/billing/settings.ts';
import { issueStatements } from '../../src/server/modules/billing/statements.ts';
import {
  addMonths,
  type DriverBillingPageDto,
  periodOf,
  periodStart,
  type StatementPageDto,
} from '../../src/shared/billing.ts';
import { billingParties, completeTrip, monthEnd, type Person } from './billing-fixtures.ts';
import { databaseKinds, rows, startServer, type TestServer } from './helpers.ts';
import { notificationsOf } from './marketplace-fixtures.ts';

describe.each(databaseKinds())('driver billing (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;

  beforeAll(async () => {
    // 7.5%: a fee rate from the settings, with half-cent amounts to round.
    server = await startServer(kind, {
      env: {
        PLATFORM_FEE_PERCENT: '7.5',
        PLATFORM_LEGAL_NAME: 'ShuttleQuote Pty Ltd',
        PLATFORM_ABN: '51 824 753 556',
      },
    });
    ({ customer, driver, otherDriver, admin } = await billingParties(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  const completedTrip = (who: Person, fare: number) => completeTrip(server, customer, who, fare);
  const billing = async (who: Person) => {
    const res = await who.client.get('/api/billing');
    expect(res.status).toBe(200);
    return (await res.json()) as DriverBillingPageDto;
  };
  const flag = (bookingId: string, value: string | null) =>
    admin.client.post(`/api/admin/bookings/${bookingId}/flag`, {
      flag: value,
      reason: 'Checked with both sides by phone.',
    });
  const settings = () => billingSettings(server.deps.env);

  it('accrues the fee and its GST when the driver completes a trip', async () => {
    const before = await billing(driver);
    expect(before.feeBasisPoints).toBe(750);
    expect(before.current.lines).toEqual([]);
    const bookingId = await completedTrip(driver, 8500);
    const after = await billing(driver);
    // 7.5% of $85.00 is $6.375: $6.38; GST 63.8 cents: 64.
    expect(after.current.lines).toEqual([
      expect.objectContaining({
        kind: 'fee',
        bookingId,
        fareCents: 8500,
        feeBasisPoints: 750,
        feeCents: 638,
        gstCents: 64,
        trip: expect.stringContaining(' to '),
      }),
    ]);
    expect(after.current.totals).toEqual({ feeCents: 638, gstCents: 64, totalCents: 702 });
    expect(after.payment.bank).toMatchObject({ bsb: expect.any(String) });
    // Only the driver's own lines.
    expect((await billing(otherDriver)).current.lines).toEqual([]);
  });

  it('reverses the fee when an admin marks the trip as not having taken place, and charges it again when cleared', async () => {
    const bookingId = await completedTrip(driver, 10_000);
    const linesOf = async () =>
      (await billing(driver)).current.lines.filter((l) => l.bookingId === bookingId);
    expect(await linesOf()).toEqual([expect.objectContaining({ kind: 'fee', feeCents: 750, gstCents: 75 })]);

    expect((await flag(bookingId, 'disputed')).status).toBe(200);
    expect(await linesOf()).toHaveLength(1); // a dispute is not a trip that did not happen

    expect((await flag(bookingId, 'customer_no_show')).status).toBe(200);
    const reversed = await linesOf();
    expect(reversed.map((l) => [l.kind, l.feeCents, l.gstCents, l.fareCents])).toEqual([
      ['reversal', -750, -75, -10_000],
      ['fee', 750, 75, 10_000],
    ]);
    // Another "did not take place" mark changes nothing more.
    expect((await flag(bookingId, 'driver_no_show')).status).toBe(200);
    expect(await linesOf()).toHaveLength(2);

    expect((await flag(bookingId, null)).status).toBe(200);
    const charged = await linesOf();
    expect(charged.map((l) => l.kind)).toEqual(['fee', 'reversal', 'fee']);
    expect(charged.reduce((s, l) => s + l.feeCents, 0)).toBe(750);
    const [reversal] = await rows<{ actor_id: string }>(
      server.db,
      sql`select actor_id from billing_lines where booking_id = ${bookingId} and kind = 'reversal'`,
    );
    expect(reversal?.actor_id).toBe(admin.userId);
  });

  it('issues one statement per driver for the month, equal to the sum of its lines, however often it runs', async () => {
    const open = (await billing(driver)).current;
    expect(open.lines.length).toBeGreaterThan(0);
    const [first, second] = await Promise.all([
      issueStatements(server.db, settings(), monthEnd()),
      issueStatements(server.db, settings(), monthEnd()),
    ]);
    const again = await issueStatements(server.db, settings(), monthEnd());
    const issued = [...first.issued, ...second.issued, ...again.issued].filter(
      (s) => s.driverId === driver.userId,
    );
    expect(issued).toHaveLength(1);
    const [statements] = await rows<{ count: number }>(
      server.db,
      sql`select count(*)::int as count from billing_statements where driver_id = ${driver.userId}`,
    );
    expect(statements?.count).toBe(1);

    const page = await billing(driver);
    expect(page.current.lines).toEqual([]);
    expect(page.statements).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^SQ-\d{6}-\d{5}$/),
        period: periodOf(new Date()),
        feeCents: open.totals.feeCents,
        gstCents: open.totals.gstCents,
        totalCents: open.totals.totalCents,
        status: 'open',
      }),
    ]);
    const statement = page.statements[0]!;
    // Due 14 days after the 1st it was issued on.
    const dueDay = new Date(monthEnd().getTime() + 14 * 86_400_000 + 12 * 3_600_000);
    expect(statement.dueOn).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(dueDay),
    );

    const res = await driver.client.get(`/api/billing/statements/${statement.id}`);
    expect(res.status).toBe(200);
    const { statement: detail } = (await res.json()) as StatementPageDto;
    expect(detail.issuer).toEqual({ name: 'ShuttleQuote Pty Ltd', abn: '51824753556' });
    expect(detail.recipient).toMatchObject({
      name: 'Port Stephens Shuttles',
      abn: '53004085616',
      contactName: 'Dana Driverson',
    });
    expect(detail.lines.map((l) => l.id).sort()).toEqual(open.lines.map((l) => l.id).sort());
    expect(detail.lines.reduce((s, l) => s + l.feeCents + l.gstCents, 0)).toBe(detail.totalCents);

    const told = await notificationsOf(server, driver.userId, 'statement_issued');
    expect(told).toEqual([expect.objectContaining({ related_id: statement.id })]);
  });

  it('gives the statement as a PDF tax invoice', async () => {
    const [statement] = (await billing(driver)).statements;
    const res = await driver.client.get(`/api/billing/statements/${statement!.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${statement!.number}.pdf"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.toString('latin1')).toContain(`Tax invoice ${statement!.number}`);
  });

  it("reads another driver's statement, or a customer's look at one, as not found; an admin may read it", async () => {
    const [statement] = (await billing(driver)).statements;
    for (const who of [otherDriver, customer]) {
      expect((await who.client.get(`/api/billing/statements/${statement!.id}`)).status).toBe(404);
      expect((await who.client.get(`/api/billing/statements/${statement!.id}/pdf`)).status).toBe(404);
    }
    expect((await driver.client.get('/api/billing/statements/not-a-uuid')).status).toBe(404);
    expect((await customer.client.get('/api/billing')).status).toBe(403);
    expect((await server.client().get('/api/billing')).status).toBe(401);
    expect((await admin.client.get(`/api/billing/statements/${statement!.id}`)).status).toBe(200);
  });

  it('bills a fee reversed after its statement as a credit on the next one', async () => {
    const [statement] = (await billing(driver)).statements;
    const { statement: detail } = (await (
      await driver.client.get(`/api/billing/statements/${statement!.id}`)
    ).json()) as StatementPageDto;
    const billed = detail.lines.find((l) => l.kind === 'fee' && l.fareCents === 8500)!;
    expect((await flag(billed.bookingId, 'driver_no_show')).status).toBe(200);
    const page = await billing(driver);
    expect(page.current.lines).toEqual([
      expect.objectContaining({
        kind: 'reversal',
        bookingId: billed.bookingId,
        feeCents: -638,
        gstCents: -64,
      }),
    ]);
    // The statement already issued does not change.
    const { statement: unchanged } = (await (
      await driver.client.get(`/api/billing/statements/${statement!.id}`)
    ).json()) as StatementPageDto;
    expect(unchanged.totalCents).toBe(detail.totalCents);
    // A month that nets to a credit issues nothing: the credit waits for the next month that owes.
    const nextRun = await issueStatements(
      server.db,
      settings(),
      periodStart(addMonths(periodOf(new Date()), 2)),
    );
    expect(nextRun.issued.filter((s) => s.driverId === driver.userId)).toEqual([]);
    expect((await billing(driver)).current.lines).toHaveLength(1);
  });
});
