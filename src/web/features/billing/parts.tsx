/** Pieces of the billing pages (issue 15): the lines table, a statement's status, how to pay. */
import { Link } from 'react-router';
import {
  type BillingLineDto,
  formatDay,
  formatPercent,
  type PaymentOptionsDto,
  STATEMENT_STATUS_LABELS,
  type StatementStatus,
  type StatementSummaryDto,
  type StatementTotals,
} from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../shared/marketplace/time.ts';

export const th = 'px-3 py-2 text-left font-semibold';
export const td = 'px-3 py-2 align-top';
const num = 'px-3 py-2 text-right tabular-nums';

const STATUS_STYLES: Record<StatementStatus, string> = {
  open: 'bg-brand-100 text-brand-900',
  overdue: 'bg-red-100 text-red-900',
  paid: 'bg-emerald-100 text-emerald-900',
  void: 'bg-slate-200 text-slate-800',
};

export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
      {STATEMENT_STATUS_LABELS[status]}
    </span>
  );
}

export const lineDate = (at: string) =>
  formatSydney(at, { weekday: undefined, hour: undefined, minute: undefined });

/** Fee lines with their totals. `linkTrips`: the trip names link to their bookings (the driver's own). */
export function LinesTable({
  lines,
  totals,
  label,
  linkTrips = true,
}: {
  lines: BillingLineDto[];
  totals: StatementTotals;
  label: string;
  linkTrips?: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={`${label} (scrolls sideways)`}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Trip
            </th>
            <th scope="col" className={`${th} text-right`}>
              Fare
            </th>
            <th scope="col" className={`${th} text-right`}>
              Fee
            </th>
            <th scope="col" className={`${th} text-right`}>
              GST
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} className="border-t border-slate-200">
              <td className={`${td} whitespace-nowrap`}>{lineDate(l.at)}</td>
              <td className={td}>
                {linkTrips ? (
                  <Link to={`/booking/${l.bookingId}`} className="font-semibold text-brand-600 underline">
                    {l.trip}
                  </Link>
                ) : (
                  l.trip
                )}
                {l.kind === 'reversal' && (
                  <span className="block text-slate-700">Fee reversed: the trip did not take place</span>
                )}
              </td>
              <td className={num}>{formatAud(l.fareCents)}</td>
              <td className={num}>
                {formatAud(l.feeCents)}
                <span className="block text-xs text-slate-700">{formatPercent(l.feeBasisPoints)}</span>
              </td>
              <td className={num}>{formatAud(l.gstCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" colSpan={3} className={`${th} text-right`}>
              Fees {formatAud(totals.feeCents)} + GST {formatAud(totals.gstCents)}
            </th>
            <td colSpan={2} className={num}>
              Total {formatAud(totals.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Bank transfer details with the reference to quote (a statement's number), or whom to ask. */
export function BankTransfer({ payment, reference }: { payment: PaymentOptionsDto; reference?: string }) {
  if (!payment.bank)
    return (
      <p>
        For bank transfer details, write to{' '}
        <a className="text-brand-600 underline" href={`mailto:${payment.supportEmail}`}>
          {payment.supportEmail}
        </a>
        {reference ? ` quoting ${reference}` : ''}.
      </p>
    );
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 wrap-anywhere sm:grid-cols-[max-content_minmax(0,1fr)]">
      <dt className="text-slate-700">Account name</dt>
      <dd className="font-semibold">{payment.bank.accountName}</dd>
      <dt className="text-slate-700">BSB</dt>
      <dd className="font-semibold tabular-nums">{payment.bank.bsb}</dd>
      <dt className="text-slate-700">Account number</dt>
      <dd className="font-semibold tabular-nums">{payment.bank.accountNumber}</dd>
      <dt className="text-slate-700">Reference</dt>
      <dd className="font-semibold">{reference ?? 'The statement number'}</dd>
    </dl>
  );
}

/** Statements with links to their pages; `withDriver` adds whose each is (the admin list). */
export function StatementsTable({
  statements,
  withDriver = false,
}: {
  statements: (StatementSummaryDto & { driver?: { businessName: string; email: string } })[];
  withDriver?: boolean;
}) {
  const headings = withDriver
    ? ['Statement', 'Driver', 'Month', 'Total', 'Due', 'Status']
    : ['Statement', 'Period', 'Total', 'Due', 'Status'];
  return (
    <div
      role="region"
      aria-label="Statements (scrolls sideways)"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Statements</caption>
        <thead className="bg-slate-100">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className={h === 'Total' ? `${th} text-right` : th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statements.map((s) => (
            <tr key={s.id} className="border-t border-slate-200">
              <td className={td}>
                <Link to={`/driver-billing/${s.id}`} className="font-semibold text-brand-600 underline">
                  {s.number}
                </Link>
              </td>
              {withDriver && (
                <td className={td}>
                  {s.driver?.businessName}
                  <span className="block break-all text-slate-700">{s.driver?.email}</span>
                </td>
              )}
              <td className={td}>{s.periodLabel}</td>
              <td className={`${td} text-right tabular-nums`}>{formatAud(s.totalCents)}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDay(s.dueOn)}</td>
              <td className={td}>
                <StatementStatusBadge status={s.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
