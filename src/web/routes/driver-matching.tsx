/**
 * /driver-matching/{id}: the customer's trip page - how many drivers match, and quotes as they arrive (live).
 * Its headline says where things stand (issue 32): "2 quotes to compare", "Finding drivers" only with none,
 * "Booked"...
 */
import { Info } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { BookingDto, RideDto } from '../../shared/marketplace/api.ts';
import { tripHeadline } from '../../shared/marketplace/quote-cover.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../shared/messages.ts';
import { Card } from '../components/ui/card.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useRide, useRideMatches, useRideQuotes } from '../features/marketplace/api.ts';
import { CancelRequestDialog } from '../features/marketplace/components/CancelRequestDialog.tsx';
import { RideQuestions } from '../features/marketplace/components/RideQuestions.tsx';
import { isLive, RideQuotes, useRideBookings } from '../features/marketplace/components/RideQuotes.tsx';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { FareGuide } from '../features/marketplace/fare-guide/FareGuide.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** Issue 31: the trip's fixed prices, loaded only on an open trip's page. */
const RideInstantPrices = lazy(() => import('../features/marketplace/instant-prices/RideInstantPrices.tsx'));

/**
 * What happened to the request's last booking, when it was cancelled: a driver's cancellation reopens the
 * request (if its pickup is still ahead), and the customer should know why it is open again.
 */
function CancelledBookingNote({ ride, bookings }: { ride: RideDto; bookings: BookingDto[] | undefined }) {
  if (ride.bookingId) return null;
  const last = bookings
    ?.filter((b) => b.status === 'cancelled')
    .sort((a, b) => (b.cancelledAt ?? '').localeCompare(a.cancelledAt ?? ''))[0];
  if (!last) return null;
  const company = last.driver.companyName || last.driver.contact.name || 'The driver';
  const when = last.cancelledAt ? formatSydney(last.cancelledAt) : '';
  const reason = last.cancelReason ?? '';
  let text: string;
  if (last.cancelledBy === 'driver' && ride.status === 'open') {
    text = `${BOOKING_STATE_TEXT.reopened(company, when, reason)} The other drivers who quoted have been invited to quote again.`;
  } else if (last.cancelledBy === 'admin') {
    text = `ShuttleQuote cancelled your booking with ${company} on ${when}: “${reason}”.${ride.status === 'open' ? ' Your trip is open again for quotes, and the other drivers who quoted have been invited to quote again.' : ''}`;
  } else if (last.cancelledBy === 'driver') {
    text = `${company} cancelled their booking on ${when}: “${reason}”.`;
  } else {
    text = `You cancelled your booking with ${company} on ${when}: “${reason}”.`;
  }
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-base text-amber-950 wrap-anywhere"
      data-testid="cancelled-booking-note"
    >
      <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export default function DriverMatchingPage() {
  const { id } = useParams();
  const ride = useRide(id);
  const matches = useRideMatches(id);
  const bookings = useRideBookings(id ?? '');
  const quotes = useRideQuotes(id ?? '');
  const liveQuotes = quotes.data?.filter(isLive).length ?? 0;
  const headline = ride.data ? tripHeadline(ride.data.status, liveQuotes) : 'Finding drivers';
  usePageMeta(headline, 'Drivers who match your trip, and their quotes as they arrive.');
  if (ride.isPending) return <SkeletonCards count={2} label="Finding drivers" />;
  if (ride.error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Finding drivers</h1>
        <p role="alert">This trip could not be found.</p>
      </div>
    );
  }
  const r = ride.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold" data-testid="trip-headline">
          {headline}
        </h1>
        <p className="mt-2 text-lg text-slate-700" data-testid="match-count">
          {matches.isPending
            ? 'Counting the drivers who match your trip...'
            : matches.data === 0
              ? 'No verified driver lists hours, an area and a vehicle that match this trip yet; verified drivers can still find it and quote.'
              : `${matches.data} verified ${matches.data === 1 ? 'driver matches' : 'drivers match'} your trip and ${matches.data === 1 ? 'has' : 'have'} been told.`}
        </p>
      </div>
      {/* Wide screens: the trip stays in view beside the quotes it is being compared for. */}
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <aside aria-label="Your trip" className="lg:sticky lg:top-[calc(var(--header-height,4rem)+1rem)]">
          <Card className="flex flex-col gap-3">
            <p className="flex flex-wrap items-center gap-2">
              <StatusBadge status={r.status} />
              {r.bookingId && (
                <Link to={`/booking/${r.bookingId}`} className="font-semibold text-brand-600 underline">
                  View the booking
                </Link>
              )}
            </p>
            <CancelledBookingNote ride={r} bookings={bookings.data} />
            <RideSummary ride={r} />
            {r.status === 'open' && (
              <FareGuide
                pickup={r.pickup}
                destination={r.destination}
                passengers={r.passengers}
                audience="customer"
              />
            )}
            {r.status === 'open' && (
              <div className="flex flex-col gap-3 border-t border-slate-200 pt-3">
                <p>
                  <Link to={`/edit-ride/${r.id}`} className="text-brand-600 underline underline-offset-4">
                    Change this request
                  </Link>
                </p>
                <CancelRequestDialog ride={r} />
              </div>
            )}
          </Card>
        </aside>
        <div className="flex min-w-0 flex-col gap-8">
          {r.status === 'open' && (
            <Suspense fallback={null}>
              <RideInstantPrices ride={r} />
            </Suspense>
          )}
          <section aria-labelledby="quotes-heading" className="flex flex-col gap-3">
            <h2 id="quotes-heading" className="text-xl font-bold">
              Quotes
            </h2>
            <RideQuotes ride={r} />
          </section>
          <RideQuestions rideId={r.id} />
        </div>
      </div>
    </div>
  );
}
