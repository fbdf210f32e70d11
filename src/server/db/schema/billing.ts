/**
 * Driver billing (issue 15). A ledger of fee lines per booking (append-only: a reversal is a new negative
 * line), monthly statements that gather a driver's lines (one per driver per month, by a unique index),
 * the payment that settles a statement (one per statement, by a unique index) and the Stripe events
 * already counted (by event id, so a retried webhook changes nothing).
 *
 * Nothing here cascades from users: statements and their lines are tax records and outlive an account
 * (accounts are anonymised, never deleted: ADR 009).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './marketplace.ts';

/** Statement numbers: one sequence, so two instances never hand out the same number. */
export const statementNumberSeq = pgSequence('billing_statement_number_seq', { startWith: 1001 });

export const billingStatements = pgTable(
  'billing_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "SQ-202611-01001": the tax invoice number. */
    number: text('number').notNull().unique(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    /** The Sydney month billed, 'YYYY-MM'. */
    period: text('period').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last day to pay, a Sydney date. */
    dueOn: date('due_on').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    gstCents: integer('gst_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** open | paid | void; 'overdue' is shown, not stored (an open statement past dueOn). */
    status: text('status').notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    // The parties as on the day of issue: a tax invoice does not change when a profile does.
    issuerName: text('issuer_name').notNull(),
    issuerAbn: text('issuer_abn'),
    recipientName: text('recipient_name').notNull(),
    recipientAbn: text('recipient_abn'),
    recipientContact: text('recipient_contact').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    /** When the driver was reminded on the due date, told it is overdue, and told quoting is paused. */
    dueReminderAt: timestamp('due_reminder_at', { withTimezone: true }),
    overdueReminderAt: timestamp('overdue_reminder_at', { withTimezone: true }),
    holdNoticeAt: timestamp('hold_notice_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_statements_driver_period_idx').on(t.driverId, t.period),
    index('billing_statements_period_idx').on(t.period, t.status),
    index('billing_statements_open_idx').on(t.dueOn).where(sql`${t.status} = 'open'`),
    check('billing_statements_status_check', sql`${t.status} in ('open', 'paid', 'void')`),
    check('billing_statements_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('billing_statements_total_check', sql`${t.totalCents} = ${t.feeCents} + ${t.gstCents}`),
    check('billing_statements_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('billing_statements_void_check', sql`(${t.status} = 'void') = (${t.voidReason} is not null)`),
  ],
);

export const billingLines = pgTable(
  'billing_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** fee (accrued on completion) | reversal (the trip did not take place). */
    kind: text('kind').notNull(),
    fareCents: integer('fare_cents').notNull(),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    feeCents: integer('fee_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    /** When it accrued or was reversed: decides the month it is billed in. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who caused it: the driver completing the trip, the administrator flagging it. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The statement it is billed on; null while the month is running. */
    statementId: uuid('statement_id').references(() => billingStatements.id),
  },
  (t) => [
    index('billing_lines_booking_idx').on(t.bookingId),
    index('billing_lines_statement_idx').on(t.statementId),
    // This month's lines of a driver, and the monthly run's search for lines not yet billed.
    index('billing_lines_unbilled_idx').on(t.driverId, t.occurredAt).where(sql`${t.statementId} is null`),
    check('billing_lines_kind_check', sql`${t.kind} in ('fee', 'reversal')`),
    check(
      'billing_lines_sign_check',
      sql`(${t.kind} = 'fee' and ${t.feeCents} >= 0 and ${t.gstCents} >= 0) or (${t.kind} = 'reversal' and ${t.feeCents} <= 0 and ${t.gstCents} <= 0)`,
    ),
  ],
);

export const statementPayments = pgTable(
  'statement_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .unique()
      .references(() => billingStatements.id),
    /** card (Stripe Checkout) | bank_transfer (recorded by an administrator). */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The bank reference, or the Stripe Checkout session. */
    reference: text('reference').notNull().default(''),
    stripeEventId: text('stripe_event_id').unique(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('statement_payments_method_check', sql`${t.method} in ('card', 'bank_transfer')`),
    check('statement_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Stripe webhook events already handled: a retried event is answered 200 and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Receipt numbers, per platform (each receipt also names the driver's business that issued it). */
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1001 });

/**
 * A receipt for a fare the customer paid the driver directly (issue 15): issued when the driver marks a
 * completed trip paid, in the driver's business name with its ABN, one per booking.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "R-01001". */
    number: text('number').notNull().unique(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** cash | card | transfer. */
    method: text('method').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    // As on the day of issue.
    issuerName: text('issuer_name').notNull(),
    issuerAbn: text('issuer_abn'),
    customerName: text('customer_name').notNull(),
    trip: text('trip').notNull(),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('receipts_customer_idx').on(t.customerId, t.paidAt),
    index('receipts_driver_idx').on(t.driverId, t.paidAt),
    check('receipts_method_check', sql`${t.method} in ('cash', 'card', 'transfer')`),
    check('receipts_amount_check', sql`${t.amountCents} > 0`),
  ],
);
