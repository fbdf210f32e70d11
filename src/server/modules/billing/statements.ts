/**
 * Monthly statements (issue 15). On the 1st of each Sydney month every driver whose unbilled lines from
 * before that month add up to something owed gets one statement, a tax invoice for the month before, due
 * 14 days later. Idempotent and safe on several instances: the run holds a transaction-scoped advisory
 * lock (an instance that finds it taken skips), and a unique index allows one statement per driver per
 * month. A statement's totals are summed from the lines it gathers, in the same transaction.
 *
 * Lines whose net is nothing owed (a credit from a fee reversed after its statement) stay unbilled and
 * are carried into the next month that owes something.
 */
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  formatDay,
  periodLabel,
  periodOf,
  periodStart,
  STATEMENT_DUE_DAYS,
} from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { billingLines, billingStatements, drivers, users } from '../../db/schema/index.ts';
import { notify } from '../notifications/service.ts';
import type { BillingSettings } from './settings.ts';

/** Any fixed number, different from the migration's and the sweep's locks. */
export const BILLING_LOCK_KEY = 727_015;

export interface IssueResult {
  /** False when another instance held the lock and this one skipped. */
  ran: boolean;
  issued: { id: string; driverId: string; number: string; period: string; totalCents: number }[];
}

/**
 * Issues the statements due at `asOf`: for the month before asOf's Sydney month, gathering every unbilled
 * line from before asOf's month.
 */
export async function issueStatements(
  db: Db,
  settings: Pick<BillingSettings, 'issuer'>,
  asOf: Date = new Date(),
): Promise<IssueResult> {
  const month = periodOf(asOf);
  const period = addMonths(month, -1);
  const cutoff = periodStart(month);
  const dueOn = addDays(sydneyToday(asOf), STATEMENT_DUE_DAYS);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${sql.raw(String(BILLING_LOCK_KEY))}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return { ran: false, issued: [] };

    const owing = await tx
      .select({ driverId: billingLines.driverId })
      .from(billingLines)
      .where(sql`${billingLines.statementId} is null and ${billingLines.occurredAt} < ${cutoff}`)
      .groupBy(billingLines.driverId)
      .having(sql`sum(${billingLines.feeCents} + ${billingLines.gstCents}) > 0`);

    const issued: IssueResult['issued'] = [];
    for (const { driverId } of owing) {
      const [party] = await tx
        .select({ name: users.fullName, email: users.email, company: drivers.companyName, abn: drivers.abn })
        .from(users)
        .leftJoin(drivers, eq(drivers.userId, users.id))
        .where(eq(users.id, driverId));
      const [statement] = await tx
        .insert(billingStatements)
        .values({
          number: sql`'SQ-' || ${period.replace('-', '')} || '-' || lpad(nextval('billing_statement_number_seq')::text, 5, '0')`,
          driverId,
          period,
          dueOn,
          issuerName: settings.issuer.name,
          issuerAbn: settings.issuer.abn,
          recipientName: party?.company || party?.name || 'Driver',
          recipientAbn: party?.abn ?? null,
          recipientContact: party?.name ?? '',
          recipientEmail: party?.email ?? '',
        })
        .onConflictDoNothing({ target: [billingStatements.driverId, billingStatements.period] })
        .returning({ id: billingStatements.id, number: billingStatements.number });
      if (!statement) continue; // already issued for this month
      const gathered = await tx
        .update(billingLines)
        .set({ statementId: statement.id })
        .where(
          sql`${billingLines.driverId} = ${driverId} and ${billingLines.statementId} is null and ${billingLines.occurredAt} < ${cutoff}`,
        )
        .returning({ feeCents: billingLines.feeCents, gstCents: billingLines.gstCents });
      const feeCents = gathered.reduce((s, l) => s + l.feeCents, 0);
      const gstCents = gathered.reduce((s, l) => s + l.gstCents, 0);
      await tx
        .update(billingStatements)
        .set({ feeCents, gstCents, totalCents: feeCents + gstCents })
        .where(eq(billingStatements.id, statement.id));
      await notify(tx, {
        userId: driverId,
        type: 'statement_issued',
        title: `Your ${periodLabel(period)} statement`,
        message: `Statement ${statement.number} for ${periodLabel(period)} is ready: ${formatAud(feeCents + gstCents)} including GST, due by ${formatDay(dueOn)}.`,
        relatedId: statement.id,
      });
      issued.push({
        id: statement.id,
        driverId,
        number: statement.number,
        period,
        totalCents: feeCents + gstCents,
      });
    }
    return { ran: true, issued };
  });
}
