/** /admin/audit (admin, issue 14). */
import { AuditLog } from '../features/admin/audit/AuditLog.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminAuditPage() {
  usePageMeta('Audit log', 'What administrators did, and sensitive account events.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Audit log</h1>
      <p className="text-slate-700">
        Every administrator action and every sensitive account event, as it happened. Entries are never
        changed or removed.
      </p>
      <AuditLog />
    </div>
  );
}
