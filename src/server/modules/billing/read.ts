/** What drivers and admins read of billing (issue 15): this month's lines, statements, one statement. */
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  type BillingLineDto,
  type BillingLineKind,
  type DriverBillingDto,
  periodLabel,
  periodOf,
  type StatementDetailDto,
  type StatementSummaryDto,
  shownStatus,
  totalsOf,
} from '../../../shared/billing.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import {
  billingLines,
  billingStatements,
  bookings,
  rides,
  statementPayments,
} from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';

type StatementRow = typeof billingStatements.$inferSelect;

export function toStatementSummary(s: StatementRow, now = new Date()): StatementSummaryDto {
  return {
    id: s.id,
    number: s.number,
    period: s.period,
    periodLabel: periodLabel(s.period),
    issuedAt: s.issuedAt.toISOString(),
    dueOn: s.dueOn,
    feeCents: s.feeCents,
    gstCents: s.gstCents,
    totalCents: s.totalCents,
    status: shownStatus(s.status as 'open' | 'paid' | 'void', s.dueOn, sydneyToday(now)),
    paidAt: s.paidAt?.toISOString() ?? null,
  };
}

/** Lines with the trip each belongs to, oldest first. */
async function linesWhere(db: Db, where: SQL | undefined): Promise<BillingLineDto[]> {
  const rows = await db
    .select({
      line: billingLines,
      ends: {
        pickupLocality: rides.pickupLocality,
        pickupPostcode: rides.pickupPostcode,
        pickupAddress: rides.pickupAddress,
        destinationLocality: rides.destinationLocality,
        destinationPostcode: rides.destinationPostcode,
        destinationAddress: rides.destinationAddress,
      },
    })
    .from(billingLines)
    .innerJoin(bookings, eq(bookings.id, billingLines.bookingId))
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(where)
    .orderBy(asc(billingLines.occurredAt), asc(billingLines.id));
  return rows.map(({ line, ends }) => ({
    id: line.id,
    kind: line.kind as BillingLineKind,
    bookingId: line.bookingId,
    at: line.occurredAt.toISOString(),
    trip: rideRoute(ends, { words: true }),
    fareCents: line.fareCents,
    feeBasisPoints: line.feeBasisPoints,
    feeCents: line.feeCents,
    gstCents: line.gstCents,
  }));
}

export async function driverBilling(
  db: Db,
  driverId: string,
  feeBasisPoints: number,
  now = new Date(),
): Promise<DriverBillingDto> {
  const [lines, statements] = await Promise.all([
    linesWhere(db, and(eq(billingLines.driverId, driverId), isNull(billingLines.statementId))),
    db
      .select()
      .from(billingStatements)
      .where(eq(billingStatements.driverId, driverId))
      .orderBy(desc(billingStatements.period)),
  ]);
  const period = periodOf(now);
  return {
    feeBasisPoints,
    current: { period, periodLabel: periodLabel(period), lines: lines.reverse(), totals: totalsOf(lines) },
    statements: statements.map((s) => toStatementSummary(s, now)),
  };
}

/** One statement with its lines; `driverId` limits it to that driver's (another's reads as missing). */
export async function statementDetail(
  db: Db,
  id: string,
  opts: { driverId?: string; now?: Date } = {},
): Promise<StatementDetailDto | null> {
  const [s] = await db
    .select()
    .from(billingStatements)
    .where(
      opts.driverId
        ? and(eq(billingStatements.id, id), eq(billingStatements.driverId, opts.driverId))
        : eq(billingStatements.id, id),
    );
  if (!s) return null;
  const [paid] = await db.select().from(statementPayments).where(eq(statementPayments.statementId, s.id));
  return {
    ...toStatementSummary(s, opts.now),
    issuer: { name: s.issuerName, abn: s.issuerAbn },
    recipient: {
      name: s.recipientName,
      abn: s.recipientAbn,
      contactName: s.recipientContact,
      email: s.recipientEmail,
    },
    lines: await linesWhere(db, eq(billingLines.statementId, s.id)),
    voidReason: s.voidReason,
    payment: paid
      ? {
          method: paid.method as 'card' | 'bank_transfer',
          amountCents: paid.amountCents,
          reference: paid.reference,
          recordedAt: paid.recordedAt.toISOString(),
        }
      : null,
  };
}
