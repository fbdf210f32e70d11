/**
 * /driver-billing (issue 15): the platform fee on each completed trip this month, the monthly statements
 * (tax invoices) and how to pay them. Riders pay drivers directly; this is what the driver owes the
 * platform.
 */
import { Link } from 'react-router';
import { formatPercent, OVERDUE_HOLD_DAYS, STATEMENT_DUE_DAYS } from '../../shared/billing.ts';
import { config } from '../app/config.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useDriverBilling } from '../features/billing/api.ts';
import { BankTransfer, LinesTable, StatementsTable } from '../features/billing/parts.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function DriverBillingPage() {
  usePageMeta('Billing', 'Your platform fees, monthly statements and how to pay them.');
  const { isDriver, isAdmin } = useRBAC();
  const billing = useDriverBilling(isDriver && !isAdmin);

  if (isAdmin)
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Billing</h1>
        <p>
          This page shows a driver their platform fees and statements. Every driver's statements are on{' '}
          <Link to="/admin/billing" className="font-semibold text-brand-600 underline">
            the admin billing page
          </Link>
          .
        </p>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Billing</h1>
      {billing.isPending ? (
        <Loading />
      ) : billing.error ? (
        <p role="alert" className="text-red-700">
          {billing.error.message}
        </p>
      ) : (
        <>
          <p className="max-w-prose">
            Your customers pay you directly. {config.brandName} charges a platform fee of{' '}
            {formatPercent(billing.data.feeBasisPoints)} of the agreed fare on each completed trip, plus GST.
            On the 1st of each month you get a statement for the month before, due {STATEMENT_DUE_DAYS} days
            later. If a statement is still unpaid {OVERDUE_HOLD_DAYS} days after its due date, you cannot send
            quotes until it is paid.
          </p>

          <section aria-labelledby="this-month" className="flex flex-col gap-3">
            <h2 id="this-month" className="text-xl font-bold">
              This month: {billing.data.current.periodLabel}
            </h2>
            {billing.data.current.lines.length === 0 ? (
              <p>No fees yet this month. A fee is added when you mark a trip completed.</p>
            ) : (
              <LinesTable
                lines={billing.data.current.lines}
                totals={billing.data.current.totals}
                label={`Fees for ${billing.data.current.periodLabel} so far`}
              />
            )}
          </section>

          <section aria-labelledby="statements" className="flex flex-col gap-3">
            <h2 id="statements" className="text-xl font-bold">
              Statements
            </h2>
            {billing.data.statements.length === 0 ? (
              <p>
                No statements yet. Your first arrives on the 1st of the month after your first completed trip.
              </p>
            ) : (
              <StatementsTable statements={billing.data.statements} />
            )}
          </section>

          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">How to pay</h2>
            <p>
              {billing.data.payment.card
                ? 'Pay each statement by card from its page, or by bank transfer quoting its number as the reference.'
                : 'Pay each statement by bank transfer, quoting its number as the reference.'}
            </p>
            <BankTransfer payment={billing.data.payment} />
          </Card>
        </>
      )}
    </div>
  );
}
