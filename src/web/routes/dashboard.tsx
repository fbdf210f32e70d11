/**
 * /dashboard and /schedule: customers see their requests and bookings; drivers and admins the driver view
 * (SPEC §2.3), which is a module of its own (dashboard-driver.tsx), so a customer's first load does not carry
 * the driver's cards and checklist (issue 17: initial JavaScript).
 */
import { CalendarCheck, MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { BookingDto, RideDto } from '../../shared/marketplace/api.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Loading, SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useBookings, useMyRides } from '../features/marketplace/api.ts';
import { RideSummary } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { UpcomingBookings } from './bookings.tsx';

const DriverDashboard = lazy(() => import('./dashboard-driver.tsx'));

const byPickup = <T extends { pickupAt: string }>(a: T, b: T) => a.pickupAt.localeCompare(b.pickupAt);

/**
 * What the customer should look at first (issue 18): quotes waiting for a decision, then the next trip.
 * Nothing when there is neither (the sections below say what to do).
 */
function NextUp({ open, upcoming }: { open: RideDto[]; upcoming: BookingDto[] }) {
  const quoted = open.filter((r) => r.liveQuoteCount > 0).sort(byPickup)[0];
  const trip = upcoming.map((b) => ({ ...b, pickupAt: b.ride.pickupAt })).sort(byPickup)[0];
  if (!quoted && !trip) return null;
  return (
    <section aria-labelledby="next-up" className="flex flex-col gap-3">
      <h2 id="next-up" className="text-xl font-bold">
        Next up
      </h2>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {quoted && (
          <li
            className="flex flex-col gap-3 rounded-xl border-2 border-sun-400 bg-sun-50 p-5"
            data-testid="next-quotes"
          >
            <p className="flex items-center gap-2 font-bold text-sun-900">
              <MessageSquareQuote className="h-5 w-5" aria-hidden="true" />
              {quoted.liveQuoteCount} {quoted.liveQuoteCount === 1 ? 'quote' : 'quotes'} to compare
            </p>
            <RideSummary ride={quoted} />
            <Button asChild className="self-start">
              <Link to={`/driver-matching/${quoted.id}`}>Compare quotes</Link>
            </Button>
          </li>
        )}
        {trip && (
          <li
            className="flex flex-col gap-3 rounded-xl border-2 border-brand-300 bg-brand-50 p-5"
            data-testid="next-trip"
          >
            <p className="flex items-center gap-2 font-bold text-brand-900">
              <CalendarCheck className="h-5 w-5" aria-hidden="true" />
              Your next trip, with {trip.driverCard.businessName}
            </p>
            <RideSummary ride={trip.ride} showBudget={false} />
            <Button asChild variant="secondary" className="self-start">
              <Link to={`/booking/${trip.id}`}>Booking details</Link>
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}

function CustomerDashboard({ real }: { real: boolean }) {
  const rides = useMyRides();
  const bookings = useBookings(real);
  // Soonest pickup first, as the upcoming bookings (issue 32: a return trip's legs in the order they happen).
  const open = (rides.data?.items.filter((r) => r.status === 'open') ?? []).sort(byPickup);
  const upcoming = bookings.data?.filter((b) => b.status === 'confirmed') ?? [];
  const loading = real && (rides.isPending || bookings.isPending);
  if (loading) return <SkeletonCards count={2} />;
  if (open.length === 0 && upcoming.length === 0) {
    return (
      <EmptyState
        illustration="no-trips"
        title="No trips yet"
        headingLevel={2}
        action={
          <Button asChild>
            <Link to="/book-ride">Book a ride</Link>
          </Button>
        }
      >
        <p>
          Post where and when you are going: it takes a minute and costs nothing. Registered local operators
          quote, you compare them here, and you book the one that suits you.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <p>
        <Button asChild>
          <Link to="/book-ride">Book a ride</Link>
        </Button>
      </p>
      <NextUp open={open} upcoming={upcoming} />
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Open requests</h2>
        {open.length === 0 ? (
          <p className="text-slate-700">
            No open requests.{' '}
            <Link to="/book-ride" className="font-semibold text-brand-600 underline underline-offset-4">
              Post another trip
            </Link>
          </p>
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
      <UpcomingBookings
        items={upcoming}
        empty="No upcoming bookings. When you accept a quote, the booking shows here with your driver's details."
      />
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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{isDriver ? 'Driver dashboard' : 'Your dashboard'}</h1>
          <p className="mt-2 text-slate-700">Welcome back, {firstName}.</p>
        </div>
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
