import { UsersTable } from '../features/admin-users.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminUsersPage() {
  usePageMeta('Users', 'Everyone with an account.');
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Users</h1>
      <UsersTable enabled={Boolean(user && !user.isTest)} />
    </div>
  );
}
