/** /admin/today (admin, issue 30): every booking of the current Sydney day, late ones marked. */
import { TodayList } from '../features/admin/today/TodayList.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminTodayPage() {
  usePageMeta("Today's trips", 'Every booking of today with both phones, late drivers marked.');
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Today's trips</h1>
      <TodayList enabled={Boolean(user && !user.isTest)} />
    </div>
  );
}
