/** The driver's (and an admin's) view of /dashboard: new requests, pending quotes, upcoming bookings. */
import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatAud } from '../../shared/marketplace/money.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useAvailableRides, useBookings, useMyQuotes } from '../features/marketplace/api.ts';
import { AvailableRideCard } from '../features/marketplace/components/AvailableRideCard.tsx';
import { placeLabel, RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
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
  const next = [...upcoming].sort((a, b) => a.ride.pickupAt.localeCompare(b.ride.pickupAt))[0];
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      {/* What to do next first (issue 18): on a phone the next trip leads, on a wide screen it sits beside
          the new requests. */}
      <aside aria-label="Your next trip and quotes" className="flex flex-col gap-6 lg:order-2">
        {next && (
          <section
            aria-labelledby="next-trip"
            className="flex flex-col gap-3 rounded-xl border-2 border-brand-300 bg-brand-50 p-5"
            data-testid="next-trip"
          >
            <h2 id="next-trip" className="flex items-center gap-2 text-lg font-bold text-brand-900">
              <CalendarCheck className="h-5 w-5" aria-hidden="true" /> Your next trip
            </h2>
            <p className="text-xl font-bold text-slate-900">{formatSydney(next.ride.pickupAt)}</p>
            <p className="wrap-anywhere text-slate-800">
              {placeLabel(next.ride.pickup)} to {placeLabel(next.ride.destination)}
            </p>
            <p className="text-sm text-slate-700">
              {next.customer.contact.name} · {next.ride.passengers}{' '}
              {next.ride.passengers === 1 ? 'passenger' : 'passengers'} · {formatAud(next.priceCents)}
            </p>
            <Button asChild variant="secondary" className="self-start">
              <Link to={`/booking/${next.id}`}>Booking details</Link>
            </Button>
          </section>
        )}
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Your pending quotes</h2>
          {pending.length === 0 ? (
            <p className="text-slate-700">
              No pending quotes. A quote you send waits here until the customer decides.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {pending.map((q) => (
                <li key={q.id}>
                  <Card className="flex flex-col gap-2 p-4!">
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
      </aside>
      <div className="flex min-w-0 flex-col gap-8">
        {isDriverAccount && standing.data && !standing.data.canQuote && (
          <CannotQuoteCard standing={standing.data} />
        )}
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">New requests</h2>
          {!mayQuote ? (
            <p className="text-slate-700">New requests show here once your business is verified.</p>
          ) : available.isPending && real ? (
            <SkeletonCards count={2} label="Loading new requests..." />
          ) : fresh.length === 0 ? (
            <EmptyState
              illustration="empty-board"
              title="No new requests right now"
              action={
                <Button asChild variant="secondary">
                  <Link to="/available-rides">Look at every open trip</Link>
                </Button>
              }
            >
              <p>
                You are notified when a trip matches your area, hours, seats and what your vehicles offer.
                Keep your driver profile up to date so none passes you by.
              </p>
            </EmptyState>
          ) : (
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {fresh.map((r) => (
                <AvailableRideCard key={r.id} ride={r} />
              ))}
            </div>
          )}
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/available-rides" className="font-semibold text-brand-600 underline">
              All available rides
            </Link>
            {/* Issue 31: the fare table, booked at once by customers whose trip fits. */}
            <Link to="/driver-fares" className="font-semibold text-brand-600 underline">
              Your fixed prices
            </Link>
          </p>
        </section>
        <UpcomingBookings
          items={upcoming}
          empty="No upcoming bookings. When a customer accepts your quote, the booking shows here with their details."
        />
      </div>
    </div>
  );
}
