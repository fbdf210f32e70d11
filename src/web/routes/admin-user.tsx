/** /admin/users/{id} (admin, issue 14). */
import { useParams } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { useAdminUser } from '../features/admin/users/api.ts';
import { UserDetail } from '../features/admin/users/UserDetail.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminUserPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const detail = useAdminUser(id);
  usePageMeta(
    detail.data ? `${detail.data.user.fullName} · Users` : 'User',
    'One account, for administrators.',
  );
  if (detail.isPending) return <Loading />;
  if (detail.error) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">User</h1>
        <p role="alert">
          {detail.error instanceof ApiError && detail.error.status === 404
            ? 'No account has this address.'
            : detail.error.message}
        </p>
      </div>
    );
  }
  return <UserDetail detail={detail.data} viewerId={user?.id ?? ''} />;
}
