/** The driver's (and an admin's) view of /dashboard: new requests, pending quotes, upcoming bookings. */
import { Link } from 'react-router';
import { formatAud } from '../../shared/marketplace/money.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useAvailableRides, useBookings, useMyQuotes } from '../features/marketplace/api.ts';
import { AvailableRideCard } from '../features/marketplace/components/AvailableRideCard.tsx';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { useStanding } from '../features/verification/api.ts';
import { CannotQuoteCard } from '../features/verification/Checklist.tsx';
import { UpcomingBookings } from './bookings.tsx';

export default function DriverDashboard({ real }: { real: boolean }) {
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
        <Link to="/available-rides" className="font-semibold text-brand-600 underline">
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
      <UpcomingBookings items={upcoming} />
    </>
  );
}
