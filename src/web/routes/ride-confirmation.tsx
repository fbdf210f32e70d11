/** /ride-confirmation?ride={id}: the summary of the trip just posted, with the next step. */
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useRide } from '../features/marketplace/api.ts';
import { RideSummary } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** The return leg posted with the trip: its own summary and quotes page. */
function ReturnLeg({ id }: { id: string }) {
  const ride = useRide(id);
  if (!ride.data) return null;
  return (
    <Card className="flex flex-col gap-3" data-testid="return-leg">
      <h2 className="text-lg font-bold">Return leg</h2>
      <RideSummary ride={ride.data} />
      <Link to={`/driver-matching/${id}`} className="self-start text-brand-600 underline">
        See quotes for the return leg
      </Link>
    </Card>
  );
}

export default function RideConfirmationPage() {
  usePageMeta('Ride Confirmation', 'The summary of the trip you posted.');
  const [params] = useSearchParams();
  const id = params.get('ride') ?? undefined;
  const ride = useRide(id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Your trip is posted</h1>
      {!id ? (
        <p>
          No trip to show.{' '}
          <Link to="/book-ride" className="text-brand-600 underline">
            Book a ride
          </Link>
        </p>
      ) : ride.isPending ? (
        <Loading />
      ) : ride.error ? (
        <p role="alert">This trip could not be found.</p>
      ) : (
        <>
          <Card className="flex flex-col gap-3">
            {ride.data.returnRideId && <h2 className="text-lg font-bold">Outbound leg</h2>}
            <RideSummary ride={ride.data} />
          </Card>
          {ride.data.returnRideId && (
            <>
              <ReturnLeg id={ride.data.returnRideId} />
              <p className="text-slate-700">
                Return trip: 2 legs. Drivers can quote both legs for one price (shown as "Both legs" on your
                quotes, and booked together) or one leg each.
              </p>
            </>
          )}
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
