/** /dashboard and /schedule: customers see their requests and bookings; drivers and admins the driver view (SPEC §2.3). */
import { Link } from 'react-router';
import { formatAud } from '../../shared/marketplace/money.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useAvailableRides, useBookings, useMyQuotes, useMyRides } from '../features/marketplace/api.ts';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { useStanding } from '../features/verification/api.ts';
import { CannotQuoteCard } from '../features/verification/Checklist.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { AvailableRideCard } from './available-rides.tsx';
import { BookingList } from './bookings.tsx';

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
                    <Link to={`/driver-matching/${r.id}`} className="font-semibold text-brand-dark underline">
                      See quotes
                    </Link>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Upcoming bookings</h2>
        <BookingList items={upcoming} empty="No upcoming bookings." />
      </section>
    </>
  );
}

function DriverDashboard({ real }: { real: boolean }) {
  const { user } = useAuth();
  // A driver (not an admin, who has no business record) must be verified to see new requests.
  const isDriverAccount = real && user?.userType === 'driver';
  const standing = useStanding(isDriverAccount);
  const mayQuote = !isDriverAccount || standing.data?.canQuote === true;
  const available = useAvailableRides(new URLSearchParams(), mayQuote);
  const quotes = useMyQuotes(real);
  const bookings = useBookings(real);
  const pending =
    quotes.data?.filter((q) => q.status === 'pending' || q.status === 'needs_confirmation') ?? [];
  const upcoming = bookings.data?.filter((b) => b.status === 'confirmed') ?? [];
  const fresh = available.data?.items.filter((r) => !r.myQuote).slice(0, 4) ?? [];
  return (
    <>
      {isDriverAccount && standing.data && !standing.data.canQuote && (
        <CannotQuoteCard standing={standing.data} />
      )}
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">New requests</h2>
        {!mayQuote ? (
          <p className="text-slate-700">New requests show here once your business is verified.</p>
        ) : available.isPending && real ? (
          <Loading />
        ) : fresh.length === 0 ? (
          <p className="text-slate-700">No new requests right now.</p>
        ) : (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {fresh.map((r) => (
              <AvailableRideCard key={r.id} ride={r} />
            ))}
          </div>
        )}
        <Link to="/available-rides" className="font-semibold text-brand-dark underline">
          All available rides
        </Link>
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Your pending quotes</h2>
        {pending.length === 0 ? (
          <p className="text-slate-700">No pending quotes.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {pending.map((q) => (
              <li key={q.id}>
                <Card className="flex flex-col gap-2">
                  <p className="flex items-center justify-between">
                    <StatusBadge status={q.status} />
                    <strong>{formatAud(q.priceCents)}</strong>
                  </p>
                  <RideSummary ride={q.ride} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Upcoming bookings</h2>
        <BookingList items={upcoming} empty="No upcoming bookings." />
      </section>
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
          <DriverDashboard real={real} />
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
