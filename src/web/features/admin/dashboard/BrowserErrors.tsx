/** The admin dashboard's errors reported by browsers: the 50 newest high and critical ones. */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../../shared/format.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { api } from '../../../lib/api.ts';

interface ClientErrorRow {
  id: string;
  category: string;
  severity: string;
  message: string;
  url: string | null;
  userEmail: string | null;
  occurredAt: string;
}

export function BrowserErrors({ enabled }: { enabled: boolean }) {
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
