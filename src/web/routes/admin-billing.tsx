/** /admin/billing (admin, issue 15): drivers' statements. */
import { StatementsList } from '../features/admin/billing/StatementsList.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminBillingPage() {
  usePageMeta('Billing', "Drivers' statements, for administrators.");
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Billing</h1>
      <p className="max-w-prose">
        Each driver gets a statement on the 1st of the month for the month before. Open one to record a bank
        payment or to void it.
      </p>
      <StatementsList />
    </div>
  );
}
