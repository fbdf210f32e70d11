/**
 * /driver-billing/:id (issue 15): one statement as the tax invoice it is, with its PDF. The driver's own;
 * an administrator may open any.
 */
import { Download } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatAbn, formatDay, PAYMENT_METHOD_LABELS } from '../../shared/billing.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { sydneyToday } from '../../shared/marketplace/time.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { StatementAdminActions } from '../features/admin/billing/StatementAdminActions.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { statementPdfUrl, useStatement } from '../features/billing/api.ts';
import { PaymentError } from '../features/billing/PaymentError.tsx';
import { PayNow } from '../features/billing/PayNow.tsx';
import { BankTransfer, LinesTable, StatementStatusBadge } from '../features/billing/parts.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function StatementPage() {
  const { id = '' } = useParams();
  const { isAdmin } = useRBAC();
  const query = useStatement(id);
  // Stripe sends the driver back here when they cancel or the payment fails.
  const [params] = useSearchParams();
  const cancelled = params.get('payment') === 'cancelled';
  const s = query.data?.statement;
  usePageMeta(s ? `Tax invoice ${s.number}` : 'Statement', 'A monthly statement of platform fees.');

  if (query.isPending) return <Loading />;
  if (query.error || !s)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Statement not found</h1>
        <p role="alert">{query.error?.message ?? 'Not found'}</p>
        <Link to="/driver-billing" className="text-brand-600 underline">
          Back to billing
        </Link>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <Link to={isAdmin ? '/admin/billing' : '/driver-billing'} className="text-brand-600 underline">
        Back to billing
      </Link>
      {cancelled && (s.status === 'open' || s.status === 'overdue') && (
        <PaymentError detail="The card payment was not completed, so nothing was charged." />
      )}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Tax invoice</h1>
          <p className="text-lg">
            {s.number} <StatementStatusBadge status={s.status} />
          </p>
        </div>
        <a
          href={statementPdfUrl(s.id)}
          download={`${s.number}.pdf`}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Download PDF
        </a>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Card className="flex flex-col gap-1">
          <h2 className="font-bold">From</h2>
          <p>{s.issuer.name}</p>
          {s.issuer.abn && <p>ABN {formatAbn(s.issuer.abn)}</p>}
        </Card>
        <Card className="flex flex-col gap-1">
          <h2 className="font-bold">Bill to</h2>
          <p>{s.recipient.name}</p>
          {s.recipient.abn && <p>ABN {formatAbn(s.recipient.abn)}</p>}
          <p>{s.recipient.contactName}</p>
          <p className="break-all">{s.recipient.email}</p>
        </Card>
        <Card>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-700">Period</dt>
            <dd>{s.periodLabel}</dd>
            <dt className="text-slate-700">Issued</dt>
            <dd>{formatDay(sydneyToday(new Date(s.issuedAt)))}</dd>
            <dt className="text-slate-700">Due</dt>
            <dd>{formatDay(s.dueOn)}</dd>
            {s.paidAt && (
              <>
                <dt className="text-slate-700">Paid</dt>
                <dd>
                  {formatDay(sydneyToday(new Date(s.paidAt)))}
                  {s.payment && ` by ${PAYMENT_METHOD_LABELS[s.payment.method].toLowerCase()}`}
                </dd>
              </>
            )}
          </dl>
        </Card>
      </div>

      <LinesTable
        lines={s.lines}
        totals={{ feeCents: s.feeCents, gstCents: s.gstCents, totalCents: s.totalCents }}
        label={`Platform fees for ${s.periodLabel}`}
        linkTrips={!isAdmin}
      />
      <p>
        Total {formatAud(s.totalCents)} includes GST of {formatAud(s.gstCents)}.
      </p>

      {s.status === 'void' && (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-4">
          This statement was voided: {s.voidReason}. Nothing is owed on it.
        </p>
      )}
      {isAdmin && <StatementAdminActions statement={s} />}
      {!isAdmin && (s.status === 'open' || s.status === 'overdue') && query.data && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">How to pay</h2>
          <p>
            Please pay {formatAud(s.totalCents)} by {formatDay(s.dueOn)}
            {query.data.payment.card ? ' by card, or' : ''} by bank transfer quoting {s.number}.
          </p>
          {query.data.payment.card && (
            <PayNow statementId={s.id} label={`Pay ${formatAud(s.totalCents)} now`} />
          )}
          <BankTransfer payment={query.data.payment} reference={s.number} />
        </Card>
      )}
    </div>
  );
}
