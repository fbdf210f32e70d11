/** /bookings: the user's bookings, as customer or driver. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingDto } from '../../shared/marketplace/api.ts';
import { bookingOriginText } from '../../shared/marketplace/booking-origin-text.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { cancelledByText } from '../../shared/messages.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useBookings } from '../features/marketplace/api.ts';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** The dashboards' "Upcoming bookings" section (a customer's and a driver's). */
export function UpcomingBookings({ items, empty }: { items: BookingDto[]; empty?: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">Upcoming bookings</h2>
      <BookingList items={items} empty={empty ?? 'No upcoming bookings.'} />
    </section>
  );
}

/**
 * A return pair booked together (issue 32): one card with both legs, each with its own status and page,
 * and the price for both. Kept small, in the dashboards' first load (the booking page has PairLegs).
 */
function PairBookingCard({ b }: { b: BookingDto }) {
  const p = b.pair!;
  const self = { ...b, leg: p.leg };
  const legs = p.leg === 'outbound' ? [self, p.other] : [p.other, self];
  return (
    <Card className="flex flex-col gap-3" data-testid="booking-card">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-lg font-bold">Return trip: 2 legs</span>
        <span className="text-lg font-bold">
          {formatAud(b.pair!.totalCents)}{' '}
          <span className="text-sm font-medium text-slate-700">both legs</span>
        </span>
      </p>
      <ul className="flex flex-col gap-2">
        {legs.map((l) => (
          <li key={l.id} className="rounded-lg border border-slate-300 p-3" data-testid={`pair-leg-${l.leg}`}>
            <p className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/booking/${l.id}`} className="font-bold text-brand-600 underline underline-offset-4">
                {l.leg === 'outbound' ? 'Outbound' : 'Return'} leg
              </Link>
              <StatusBadge status={l.status} />
            </p>
            <p>
              {formatSydney(l.ride.pickupAt)}
              <span className="block wrap-anywhere">
                {l.ride.pickup.locality} → {l.ride.destination.locality}
              </span>
            </p>
            {l.status === 'cancelled' && (
              <p className="text-sm font-semibold text-red-800">
                {cancelledByText({ cancelledBy: l.cancelledBy, viewerRole: b.viewerRole })}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        {b.viewerRole === 'driver'
          ? `Customer: ${b.customer.contact.name}`
          : `Driver: ${b.driver.companyName}`}
        <span className="block" data-testid="booking-origin">
          Booked: {bookingOriginText(b.origin, b.seats)}
        </span>
      </p>
    </Card>
  );
}

/** Bookings as cards (a return pair booked together as one); `empty` is a sentence, or an empty state. */
export function BookingList({ items, empty }: { items: BookingDto[]; empty: ReactNode }) {
  if (items.length === 0)
    return typeof empty === 'string' ? <p className="text-slate-700">{empty}</p> : empty;
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {items.map((b) => (
        <li key={b.id}>
          {b.pair ? (
            <PairBookingCard b={b} />
          ) : (
            <Card className="flex flex-col gap-3" data-testid="booking-card">
              <p className="flex items-center justify-between gap-2">
                <StatusBadge status={b.status} />
                <span className="text-lg font-bold">{formatAud(b.priceCents)}</span>
              </p>
              {b.status === 'cancelled' && (
                <p className="font-semibold text-red-800 wrap-anywhere">
                  {cancelledByText(b)}
                  {b.cancelReason && `: “${b.cancelReason}”`}
                </p>
              )}
              <RideSummary ride={b.ride} showBudget={false} />
              <p className="text-sm text-slate-700">
                {b.viewerRole === 'driver'
                  ? `Customer: ${b.customer.contact.name}`
                  : `Driver: ${b.driver.companyName}`}
                {/* Issue 31: how it was booked (a quote, an instant price, seats or a whole vehicle on a run). */}
                <span className="block" data-testid="booking-origin">
                  Booked: {bookingOriginText(b.origin, b.seats)}
                </span>
              </p>
              <Link
                to={`/booking/${b.id}`}
                className="self-start font-semibold text-brand-600 underline underline-offset-4"
              >
                Booking details
              </Link>
            </Card>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function BookingsPage() {
  usePageMeta('Bookings', 'Your bookings.');
  const { user } = useAuth();
  const bookings = useBookings(Boolean(user && !user.isTest));
  const upcoming = bookings.data?.filter((b) => b.status === 'confirmed') ?? [];
  const other = bookings.data?.filter((b) => b.status !== 'confirmed') ?? [];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Bookings</h1>
      {bookings.isPending && user && !user.isTest ? (
        <SkeletonCards />
      ) : bookings.error ? (
        <LoadError what="Bookings" error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : upcoming.length === 0 && other.length === 0 ? (
        <EmptyState
          illustration="no-trips"
          title="No bookings yet"
          headingLevel={2}
          action={
            <Button asChild>
              {user?.userType === 'driver' ? (
                <Link to="/available-rides">Find trips to quote</Link>
              ) : (
                <Link to="/book-ride">Book a ride</Link>
              )}
            </Button>
          }
        >
          <p>
            {user?.userType === 'driver'
              ? 'When a customer accepts one of your quotes, the booking shows here with their details and the pickup.'
              : 'When you accept a quote, the booking shows here with your driver, the vehicle and the pickup.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <section className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Upcoming</h2>
            <BookingList items={upcoming} empty="No upcoming bookings." />
          </section>
          <section className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Completed and cancelled</h2>
            <BookingList items={other} empty="None yet." />
          </section>
        </>
      )}
    </div>
  );
}
