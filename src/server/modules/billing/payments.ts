/**
 * Settling and voiding statements (issue 15). A statement is paid once, in full: the payment row is unique
 * per statement and the statement row is locked while it is checked, so two administrators recording the
 * same transfer, or a card webhook arriving as an administrator records a transfer, leave one payment.
 */
import { eq, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, periodLabel } from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import type { Db } from '../../db/client.ts';
import { billingStatements, statementPayments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

export interface NewPayment {
  statementId: string;
  method: 'card' | 'bank_transfer';
  amountCents: number;
  reference: string;
  recordedBy: string | null;
  stripeEventId?: string | null;
}

/** Marks the statement paid with its payment; 404 if missing, 409 if paid, void or not the total. */
export async function recordPayment(tx: Db, p: NewPayment) {
  const [statement] = await tx
    .select()
    .from(billingStatements)
    .where(eq(billingStatements.id, p.statementId))
    .for('update');
  if (!statement) throw notFound();
  if (statement.status === 'paid') throw conflict(BILLING_MESSAGES.alreadyPaid);
  if (statement.status === 'void') throw conflict(BILLING_MESSAGES.voidCannotBePaid);
  if (p.amountCents !== statement.totalCents) throw conflict(BILLING_MESSAGES.amountMustBeTotal);
  const [payment] = await tx
    .insert(statementPayments)
    .values({
      statementId: p.statementId,
      method: p.method,
      amountCents: p.amountCents,
      reference: p.reference,
      recordedBy: p.recordedBy,
      stripeEventId: p.stripeEventId ?? null,
    })
    .returning();
  await tx
    .update(billingStatements)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(eq(billingStatements.id, p.statementId));
  await notify(tx, {
    userId: statement.driverId,
    type: 'statement_paid',
    title: `Payment received: ${statement.number}`,
    message: `Thank you: we received ${formatAud(p.amountCents)} for your ${periodLabel(statement.period)} statement ${statement.number}${p.method === 'card' ? ' by card' : ' by bank transfer'}. It is paid in full.`,
    relatedId: statement.id,
  });
  return { statement, payment: payment! };
}

/** Voids an open (or overdue) statement with the reason; 404 if missing, 409 if paid or already void. */
export async function voidStatement(tx: Db, v: { statementId: string; reason: string; actorId: string }) {
  const [statement] = await tx
    .select()
    .from(billingStatements)
    .where(eq(billingStatements.id, v.statementId))
    .for('update');
  if (!statement) throw notFound();
  if (statement.status !== 'open') throw conflict(BILLING_MESSAGES.onlyOpenCanBeVoided);
  await tx
    .update(billingStatements)
    .set({ status: 'void', voidReason: v.reason, voidedAt: sql`now()`, voidedBy: v.actorId })
    .where(eq(billingStatements.id, v.statementId));
  return statement;
}
