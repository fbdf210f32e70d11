/**
 * Driver billing (issue 15): the platform fee on each completed booking, its GST, the monthly statement
 * (a tax invoice) and the words and shapes both sides use. Riders pay drivers directly; the platform earns
 * by billing drivers.
 *
 * Money is integer cents. One rounding rule, applied per line: the fee is the fare times the fee rate,
 * rounded half up to the cent; the GST is 10% of that fee, rounded half up to the cent. A statement's
 * fee, GST and total are the sums of its lines' (never recomputed from a total), so a statement always
 * equals the sum of its lines. A reversal line is the exact negative of what it reverses.
 */
import { TIME_ZONE } from './constants.ts';
import { dateTimeFormat } from './intl.ts';
import { sydneyToUtc, utcToSydney } from './marketplace/time.ts';

/** The platform fee when PLATFORM_FEE_PERCENT is not set: 8% of the agreed fare. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 8;
/** GST on the platform's fee (the platform is registered for GST). */
export const GST_PERCENT = 10;
/** A statement is due this many days after it is issued. */
export const STATEMENT_DUE_DAYS = 14;
/** This many days after the due date an unpaid statement stops the driver quoting. */
export const OVERDUE_HOLD_DAYS = 14;

/** A percentage such as 8 or 7.5 as basis points (hundredths of a percent): 800, 750. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** a * b / d rounded half up, for non-negative integers (exact: no floating point on the way). */
function mulDivHalfUp(a: number, b: number, d: number): number {
  return Math.floor((a * b + Math.floor(d / 2)) / d);
}

export interface FeeAmounts {
  fareCents: number;
  feeCents: number;
  gstCents: number;
}

/** The fee and its GST on one fare, by the rounding rule above. */
export function feeForFare(fareCents: number, feeBasisPoints: number): FeeAmounts {
  if (!Number.isSafeInteger(fareCents) || fareCents < 0) throw new RangeError('fare must be whole cents');
  if (!Number.isSafeInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000)
    throw new RangeError('fee rate must be 0 to 10000 basis points');
  const feeCents = mulDivHalfUp(fareCents, feeBasisPoints, 10_000);
  const gstCents = mulDivHalfUp(feeCents, GST_PERCENT, 100);
  return { fareCents, feeCents, gstCents };
}

/** What undoes a line: its exact negative. */
export function reversalOf(a: FeeAmounts): FeeAmounts {
  return { fareCents: -a.fareCents, feeCents: -a.feeCents, gstCents: -a.gstCents };
}

export interface StatementTotals {
  feeCents: number;
  gstCents: number;
  totalCents: number;
}

/** A statement's totals: the sums of its lines. */
export function totalsOf(lines: readonly Pick<FeeAmounts, 'feeCents' | 'gstCents'>[]): StatementTotals {
  let feeCents = 0;
  let gstCents = 0;
  for (const l of lines) {
    feeCents += l.feeCents;
    gstCents += l.gstCents;
  }
  return { feeCents, gstCents, totalCents: feeCents + gstCents };
}

// --- Months, in Sydney ---------------------------------------------------------------------------

/** 'YYYY-MM': a billing month, in Sydney. */
export type Period = string;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isPeriod = (s: string) => PERIOD.test(s);

const pad = (n: number) => String(n).padStart(2, '0');

/** The Sydney month an instant falls in. */
export function periodOf(instant: Date | string): Period {
  return utcToSydney(instant).date.slice(0, 7);
}

/** The month `delta` months from `period`. */
export function addMonths(period: Period, delta: number): Period {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`not a period: ${period}`);
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** When a Sydney month starts, as an instant (midnight on the 1st, Sydney time). */
export function periodStart(period: Period): Date {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`not a period: ${period}`);
  // Midnight exists on every Sydney day (the clocks change at 2 and 3 am).
  return sydneyToUtc(`${m[1]}-${m[2]}-01`, '00:00')!;
}

/** "November 2026". */
export function periodLabel(period: Period): string {
  return dateTimeFormat({ month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(periodStart(period));
}

/** A Sydney date 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** "1 Dec 2026" for a 'YYYY-MM-DD' date. */
export { formatDay } from './marketplace/verification.ts';

// --- Statements -----------------------------------------------------------------------------------

/** Stored statuses; 'overdue' is shown for an open statement past its due date. */
export const STATEMENT_STATUSES = ['open', 'overdue', 'paid', 'void'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** The status shown: an open statement whose due date (a Sydney date) has passed is overdue. */
export function shownStatus(stored: 'open' | 'paid' | 'void', dueOn: string, today: string): StatementStatus {
  return stored === 'open' && today > dueOn ? 'overdue' : stored;
}

/** Booking flags that mean the trip did not take place: the fee is reversed while one is set. */
export const NOT_TAKEN_PLACE_FLAGS = ['customer_no_show', 'driver_no_show'] as const;

export const BILLING_LINE_KINDS = { fee: 'Platform fee', reversal: 'Fee reversed' } as const;
export type BillingLineKind = keyof typeof BILLING_LINE_KINDS;

export interface BillingLineDto {
  id: string;
  kind: BillingLineKind;
  bookingId: string;
  /** When it accrued or was reversed. */
  at: string;
  /** "Nelson Bay to Newcastle Airport". */
  trip: string;
  fareCents: number;
  /** The fee rate, in basis points (800 = 8%). */
  feeBasisPoints: number;
  feeCents: number;
  gstCents: number;
}

export interface StatementSummaryDto {
  id: string;
  number: string;
  period: Period;
  periodLabel: string;
  issuedAt: string;
  dueOn: string;
  feeCents: number;
  gstCents: number;
  totalCents: number;
  status: StatementStatus;
  paidAt: string | null;
}

export interface PartyDto {
  name: string;
  abn: string | null;
}

export interface StatementDetailDto extends StatementSummaryDto {
  /** The platform's legal name and ABN, as on the day it was issued. */
  issuer: PartyDto;
  /** The driver's business name and ABN, as on the day it was issued. */
  recipient: PartyDto & { contactName: string; email: string };
  lines: BillingLineDto[];
  voidReason: string | null;
  payment: StatementPaymentDto | null;
}

/** A statement in the admin's list, with whom it bills. */
export interface AdminStatementRowDto extends StatementSummaryDto {
  driver: { id: string; name: string; email: string; businessName: string };
}

export interface AdminStatementListDto {
  statements: AdminStatementRowDto[];
  /** Over every statement the filter matches. */
  totals: { count: number; feeCents: number; gstCents: number; totalCents: number };
  /** Months that have statements, newest first (the filter's choices). */
  periods: Period[];
  /** True when more statements matched than the list holds (narrow the filter or export them). */
  truncated: boolean;
}

export interface DriverBillingDto {
  feeBasisPoints: number;
  /** This month's lines so far (not yet on a statement), newest first. */
  current: { period: Period; periodLabel: string; lines: BillingLineDto[]; totals: StatementTotals };
  statements: StatementSummaryDto[];
}

/** The one payment that settled a statement. */
export interface StatementPaymentDto {
  method: 'card' | 'bank_transfer';
  amountCents: number;
  reference: string;
  recordedAt: string;
}

export const PAYMENT_METHOD_LABELS = { card: 'Card', bank_transfer: 'Bank transfer' } as const;

/** What the billing API refuses, word for word. */
export const BILLING_MESSAGES = {
  alreadyPaid: 'This statement is already paid.',
  voidCannotBePaid: 'This statement is void: nothing can be paid on it.',
  onlyOpenCanBeVoided: 'Only an open or overdue statement can be voided.',
  amountMustBeTotal: 'Record the whole payment: the amount must be the statement total.',
  referenceRequired: 'Enter the bank reference of the payment.',
  referenceTooLong: 'The reference can be at most 100 characters.',
  badPeriod: 'Choose a month as YYYY-MM.',
  badStatus: 'Choose open, overdue, paid or void.',
  cardPaymentsOff: 'Card payments are not available. Pay by bank transfer.',
} as const;

/** How a driver pays: by card when Stripe is configured, else by bank transfer. */
export interface PaymentOptionsDto {
  card: boolean;
  /** Null when not configured: ask support. */
  bank: { accountName: string; bsb: string; accountNumber: string } | null;
  supportEmail: string;
}

export interface DriverBillingPageDto extends DriverBillingDto {
  payment: PaymentOptionsDto;
}

export interface StatementPageDto {
  statement: StatementDetailDto;
  payment: PaymentOptionsDto;
}

/** "8%", "7.5%". */
export function formatPercent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** "12 345 678 901": an ABN as it is printed. */
export function formatAbn(abn: string | null | undefined): string {
  if (!abn) return '';
  return abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
}

// --- Customer receipts -------------------------------------------------------------------------

/** How the customer paid the driver. */
export const RECEIPT_METHODS = { cash: 'Cash', card: 'Card', transfer: 'Bank transfer' } as const;
export type ReceiptMethod = keyof typeof RECEIPT_METHODS;

/** A receipt for a fare paid directly to the driver, in the driver's business name. */
export interface ReceiptDto {
  id: string;
  number: string;
  bookingId: string;
  amountCents: number;
  method: ReceiptMethod;
  paidAt: string;
  issuer: PartyDto;
  customerName: string;
  trip: string;
  pickupAt: string;
}

export const RECEIPT_MESSAGES = {
  alreadyIssued: 'This trip is already marked paid: its receipt was sent.',
  notCompleted: 'Mark the trip completed first, then record the payment.',
  onlyDriver: 'Only the driver of this trip can mark it paid.',
  chooseMethod: 'Choose how the customer paid: cash, card or bank transfer.',
  amountRange: 'Enter the amount paid: more than $0 and no more than the agreed fare.',
} as const;
