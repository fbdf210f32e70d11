/** /admin/issues (admin, issue 14). */
import { IssuesList } from '../features/admin/issues/IssuesList.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminIssuesPage() {
  usePageMeta('Reported issues', 'Issues people reported, with their status and replies.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Reported issues</h1>
      <IssuesList />
    </div>
  );
}
