/**
 * /admin-dashboard (admin): the period's figures and charts with what needs attention (issue 14), then the
 * recent bookings, reported issues and browser errors.
 */
import { BrowserErrors } from '../features/admin/dashboard/BrowserErrors.tsx';
import { DashboardFigures } from '../features/admin/dashboard/DashboardFigures.tsx';
import { RecentBookings } from '../features/admin/dashboard/RecentBookings.tsx';
import { RecentIssues } from '../features/admin/dashboard/RecentIssues.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminDashboardPage() {
  usePageMeta('Admin Dashboard', 'Oversee users, drivers, bookings and reported issues.');
  const { user } = useAuth();
  const real = Boolean(user && !user.isTest);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      {real ? <DashboardFigures /> : <p>A test session has no marketplace figures.</p>}
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Bookings</h2>
        <RecentBookings enabled={real} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Reported issues</h2>
        <RecentIssues enabled={real} />
      </section>
      <section className="flex flex-col gap-3" id="browser-errors" tabIndex={-1}>
        <h2 className="text-xl font-bold">Errors reported by browsers</h2>
        <BrowserErrors enabled={real} />
      </section>
    </div>
  );
}
