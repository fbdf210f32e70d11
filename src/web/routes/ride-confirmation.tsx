/** /ride-confirmation?ride={id}: the summary of the trip just posted, with the next step. */
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useRide } from '../features/marketplace/api.ts';
import { RideSummary } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function RideConfirmationPage() {
  usePageMeta('Ride Confirmation', 'The summary of the trip you posted.');
  const [params] = useSearchParams();
  const id = params.get('ride') ?? undefined;
  const ride = useRide(id);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Your trip is posted</h1>
      {!id ? (
        <p>
          No trip to show.{' '}
          <Link to="/book-ride" className="text-brand-dark underline">
            Book a ride
          </Link>
        </p>
      ) : ride.isPending ? (
        <Loading />
      ) : ride.error ? (
        <p role="alert">This trip could not be found.</p>
      ) : (
        <>
          <Card>
            <RideSummary ride={ride.data} />
            {ride.data.returnRideId && (
              <p className="mt-3 text-sm text-slate-700">
                Your return trip was posted too, as its own request.
              </p>
            )}
          </Card>
          <p className="text-slate-700">
            Drivers whose hours and vehicle fit your trip have been told. You can change or cancel the request
            until you book a quote.
          </p>
          <p className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={`/driver-matching/${ride.data.id}`}>See matching drivers and quotes</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={`/edit-ride/${ride.data.id}`}>Edit the trip</Link>
            </Button>
          </p>
        </>
      )}
    </div>
  );
}
