import { Link } from 'react-router';
import { AdminBookings } from '../features/admin-bookings.tsx';
import { ClientErrors, ReportedIssues } from '../features/admin-oversight.tsx';
import { UsersTable } from '../features/admin-users.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminDashboardPage() {
  usePageMeta('Admin Dashboard', 'Oversee users, drivers, bookings and reported issues.');
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="text-slate-700">
        Newest accounts below; the full list is on{' '}
        <Link to="/users" className="font-semibold text-brand-dark underline underline-offset-4">
          Users
        </Link>
        .
      </p>
      <UsersTable enabled={Boolean(user && !user.isTest)} />
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Bookings</h2>
        <AdminBookings enabled={Boolean(user && !user.isTest)} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Reported issues</h2>
        <ReportedIssues enabled={Boolean(user && !user.isTest)} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Errors reported by browsers</h2>
        <ClientErrors enabled={Boolean(user && !user.isTest)} />
      </section>
    </div>
  );
}
