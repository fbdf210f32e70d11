/** /driver-matching/{id}: 'Finding drivers' - how many drivers match, and quotes as they arrive (live). */
import { Link, useParams } from 'react-router';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useRide, useRideMatches } from '../features/marketplace/api.ts';
import { RideQuestions } from '../features/marketplace/components/RideQuestions.tsx';
import { RideQuotes } from '../features/marketplace/components/RideQuotes.tsx';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function DriverMatchingPage() {
  usePageMeta('Finding drivers', 'Drivers who match your trip, and their quotes as they arrive.');
  const { id } = useParams();
  const ride = useRide(id);
  const matches = useRideMatches(id);
  if (ride.isPending) return <Loading text="Finding drivers" />;
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
      <h1 className="text-3xl font-bold">Finding drivers</h1>
      <Card className="flex flex-col gap-3">
        <p className="flex items-center gap-2">
          <StatusBadge status={r.status} />
          {r.bookingId && (
            <Link to={`/booking/${r.bookingId}`} className="font-semibold text-brand-dark underline">
              View the booking
            </Link>
          )}
        </p>
        <RideSummary ride={r} />
        {r.status === 'open' && (
          <p>
            <Link to={`/edit-ride/${r.id}`} className="text-brand-dark underline underline-offset-4">
              Change or cancel this request
            </Link>
          </p>
        )}
      </Card>
      <p className="text-lg" data-testid="match-count">
        {matches.isPending
          ? 'Counting the drivers who match your trip...'
          : matches.data === 0
            ? 'No driver lists hours and seats that match this trip yet; every driver can still see it and quote.'
            : `${matches.data} ${matches.data === 1 ? 'driver matches' : 'drivers match'} your trip and ${matches.data === 1 ? 'has' : 'have'} been told.`}
      </p>
      <section aria-labelledby="quotes-heading" className="flex flex-col gap-3">
        <h2 id="quotes-heading" className="text-xl font-bold">
          Quotes
        </h2>
        <RideQuotes ride={r} />
      </section>
      <RideQuestions rideId={r.id} />
    </div>
  );
}
