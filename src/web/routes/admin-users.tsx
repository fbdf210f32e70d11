/** /users (admin, issue 14): find accounts and open one. */
import { UsersSearch } from '../features/admin/users/UsersTable.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminUsersPage() {
  usePageMeta('Users', 'Everyone with an account.');
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Users</h1>
      <UsersSearch enabled={Boolean(user && !user.isTest)} />
    </div>
  );
}
