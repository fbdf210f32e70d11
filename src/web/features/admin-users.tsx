import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format.ts';
import { Loading } from '../components/ui/loading.tsx';
import { api } from '../lib/api.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string;
  userType: string;
  emailVerified: boolean;
  createdAt: string;
}

export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'users'],
    queryFn: () => api<{ users: AdminUserRow[] }>('/api/admin/users'),
    enabled,
  });
}

export function UsersTable({ enabled }: { enabled: boolean }) {
  const query = useAdminUsers(enabled);
  if (!enabled) return <p className="text-slate-700">A test session cannot read real accounts.</p>;
  if (query.isPending) return <Loading />;
  if (query.error) return <p role="alert">The user list could not be loaded: {query.error.message}</p>;
  return (
    // Focusable and named, so a keyboard can scroll the table sideways on a phone (issue 12).
    <div
      role="region"
      aria-label="Accounts (scrolls sideways)"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Accounts, newest first</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" className="px-4 py-2">
              Name
            </th>
            <th scope="col" className="px-4 py-2">
              Email
            </th>
            <th scope="col" className="px-4 py-2">
              Type
            </th>
            <th scope="col" className="px-4 py-2">
              Confirmed
            </th>
            <th scope="col" className="px-4 py-2">
              Joined
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.users.map((u) => (
            <tr key={u.id} className="border-t border-slate-200">
              <td className="px-4 py-2">{u.fullName}</td>
              <td className="px-4 py-2">{u.email}</td>
              <td className="px-4 py-2 capitalize">
                {u.userType}
                {u.userType === 'driver' && (
                  <>
                    {' · '}
                    <Link
                      to={`/driver-profile?user=${u.id}`}
                      className="normal-case text-brand-dark underline"
                    >
                      business profile
                    </Link>
                  </>
                )}
              </td>
              <td className="px-4 py-2">{u.emailVerified ? 'Yes' : 'No'}</td>
              <td className="px-4 py-2">{formatDate(u.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
