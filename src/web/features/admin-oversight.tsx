/** What admins oversee beside users: reported issues and the high/critical errors browsers reported. */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format.ts';
import { Loading } from '../components/ui/loading.tsx';
import { api } from '../lib/api.ts';

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

interface ClientErrorRow {
  id: string;
  category: string;
  severity: string;
  message: string;
  url: string | null;
  userEmail: string | null;
  occurredAt: string;
}

/** Cell styles of the admin tables (also used by admin-bookings.tsx). */
export const th = 'px-3 py-2 text-left';
export const td = 'px-3 py-2 align-top';

export function ReportedIssues({ enabled }: { enabled: boolean }) {
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
    // Focusable and named, so a keyboard can scroll the table sideways on a phone (issue 12).
    <div
      role="region"
      aria-label="Reported issues (scrolls sideways)"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Reported issues, newest first</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" className={th}>
              Issue
            </th>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={th}>
              Priority
            </th>
            <th scope="col" className={th}>
              From
            </th>
            <th scope="col" className={th}>
              Reported
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.slice(0, 50).map((i) => (
            <tr key={i.id} className="border-t border-slate-200">
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
        </tbody>
      </table>
    </div>
  );
}

export function ClientErrors({ enabled }: { enabled: boolean }) {
  const query = useQuery({
    queryKey: ['admin', 'client-errors'],
    queryFn: () => api<{ errors: ClientErrorRow[] }>('/api/client-errors?limit=50').then((r) => r.errors),
    enabled,
  });
  if (!enabled) return null;
  if (query.isPending) return <Loading />;
  if (query.error) return <p role="alert">Error reports could not be loaded.</p>;
  if (query.data.length === 0) return <p className="text-slate-700">No errors reported by browsers.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {query.data.map((e) => (
        <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <p>
            <strong className="capitalize">{e.severity}</strong> · {e.category} ·{' '}
            {formatDateTime(e.occurredAt)}
            {e.userEmail && ` · ${e.userEmail}`}
          </p>
          <p className="mt-1 break-words">{e.message}</p>
          {e.url && <p className="text-slate-700">{e.url}</p>}
        </li>
      ))}
    </ul>
  );
}
