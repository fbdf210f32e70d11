/** /admin/issues/{id} (admin, issue 14). */
import { useParams } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { useAdminIssue } from '../features/admin/issues/api.ts';
import { IssueDetail } from '../features/admin/issues/IssueDetail.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminIssuePage() {
  const { id = '' } = useParams();
  const detail = useAdminIssue(id);
  usePageMeta(detail.data ? `${detail.data.issue.title} · Issues` : 'Reported issue', 'One reported issue.');
  if (detail.isPending) return <Loading />;
  if (detail.error) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">Reported issue</h1>
        <p role="alert">
          {detail.error instanceof ApiError && detail.error.status === 404
            ? 'No issue has this address.'
            : detail.error.message}
        </p>
      </div>
    );
  }
  return <IssueDetail key={detail.data.issue.status} detail={detail.data} />;
}
