/** The admin dashboard's reported issues: the 50 newest, with their screenshots (/admin/issues triages). */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../../shared/format.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { api } from '../../../lib/api.ts';
import { AdminTable, td, tr } from '../list/AdminTable.tsx';

interface IssueRow {
  id: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  status: string;
  userEmail: string;
  screenshotUrl: string | null;
  createdAt: string;
}

const HEADINGS = ['Issue', 'Category', 'Priority', 'From', 'Reported'];

export function RecentIssues({ enabled }: { enabled: boolean }) {
  const query = useQuery({
    queryKey: ['admin', 'issues'],
    queryFn: () => api<{ issues: IssueRow[] }>('/api/issues').then((r) => r.issues),
    enabled,
  });
  if (!enabled) return null;
  if (query.isPending) return <Loading />;
  if (query.error) return <p role="alert">Issues could not be loaded.</p>;
  if (query.data.length === 0) return <p className="text-slate-700">No issues reported.</p>;
  return (
    <AdminTable label="Reported issues" caption="Reported issues, newest first" headings={HEADINGS}>
      {query.data.slice(0, 50).map((i) => (
        <tr key={i.id} className={tr}>
          <td className={td}>
            <p className="font-semibold">{i.title}</p>
            <p className="text-slate-700">{i.description}</p>
            {i.screenshotUrl && (
              <a href={i.screenshotUrl} className="text-brand-600 underline">
                Screenshot
              </a>
            )}
          </td>
          <td className={`${td} capitalize`}>{i.category}</td>
          <td className={`${td} capitalize`}>{i.priority}</td>
          <td className={td}>{i.userEmail}</td>
          <td className={td}>{formatDateTime(i.createdAt)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
