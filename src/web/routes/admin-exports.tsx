/** /admin/exports (admin, issue 14). */
import { Exports } from '../features/admin/exports/Exports.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminExportsPage() {
  usePageMeta('Exports', 'Trip records and completed trips per month, as CSV.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Exports</h1>
      <Exports />
    </div>
  );
}
