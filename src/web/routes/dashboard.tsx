/**
 * /dashboard and /schedule: customers see their requests and bookings; drivers and admins the driver view
 * (SPEC §2.3), which is a module of its own (dashboard-driver.tsx), so a customer's first load does not carry
 * the driver's cards and checklist (issue 17: initial JavaScript).
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useBookings, useMyRides } from '../features/marketplace/api.ts';
import { RideSummary } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { UpcomingBookings } from './bookings.tsx';

const DriverDashboard = lazy(() => import('./dashboard-driver.tsx'));

function CustomerDashboard({ real }: { real: boolean }) {
  const rides = useMyRides();
  const bookings = useBookings(real);
  const open = rides.data?.items.filter((r) => r.status === 'open') ?? [];
  const upcoming = bookings.data?.filter((b) => b.status === 'confirmed') ?? [];
  return (
    <>
      <p>
        <Button asChild>
          <Link to="/book-ride">Book a ride</Link>
        </Button>
      </p>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Open requests</h2>
        {rides.isPending && real ? (
          <Loading />
        ) : open.length === 0 ? (
          <p className="text-slate-700">No open requests.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {open.map((r) => (
              <li key={r.id}>
                <Card className="flex flex-col gap-3">
                  <RideSummary ride={r} />
                  <p className="flex items-center gap-3">
                    <strong data-testid="quote-count">
                      {r.liveQuoteCount} {r.liveQuoteCount === 1 ? 'quote' : 'quotes'}
                    </strong>
                    <Link to={`/driver-matching/${r.id}`} className="font-semibold text-brand-600 underline">
                      See quotes
                    </Link>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <UpcomingBookings items={upcoming} />
    </>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const { isDriver } = useRBAC();
  usePageMeta('Dashboard', 'Your trips, quotes and bookings at a glance.');
  const firstName = user?.fullName.split(' ')[0] ?? '';
  const real = Boolean(user && !user.isTest);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{isDriver ? 'Driver dashboard' : 'Your dashboard'}</h1>
        <p className="mt-2 text-slate-700">Welcome back, {firstName}.</p>
      </div>
      {real ? (
        isDriver ? (
          <Suspense fallback={<Loading />}>
            <DriverDashboard real={real} />
          </Suspense>
        ) : (
          <CustomerDashboard real={real} />
        )
      ) : (
        <p className="text-slate-700">
          This test account shows the pages but cannot load or save real trips.
        </p>
      )}
    </div>
  );
}
