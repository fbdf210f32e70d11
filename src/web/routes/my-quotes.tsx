/** /my-quotes: the quotes for each open request, side by side. */
import { Link } from 'react-router';
import { routeName } from '../../shared/marketplace/place-names.ts';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useMyRides } from '../features/marketplace/api.ts';
import { RideQuotes } from '../features/marketplace/components/RideQuotes.tsx';
import { RideSummary } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function MyQuotesPage() {
  usePageMeta('My Quotes', 'Quotes for your open trip requests, side by side.');
  const rides = useMyRides();
  const open = rides.data?.items.filter((r) => r.status === 'open') ?? [];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">My quotes</h1>
      {rides.isPending ? (
        <SkeletonCards />
      ) : rides.error ? (
        <LoadError what="Your requests" error={rides.error} onRetry={() => void rides.refetch()} />
      ) : open.length === 0 ? (
        <p>
          You have no open requests.{' '}
          <Link to="/book-ride" className="font-semibold text-brand-600 underline">
            Book a ride
          </Link>
        </p>
      ) : (
        open.map((ride) => (
          <section
            key={ride.id}
            className="flex flex-col gap-3"
            aria-label={`Quotes for ${routeName(ride.pickup, ride.destination, { words: true })}`}
          >
            <Card>
              <RideSummary ride={ride} />
            </Card>
            <RideQuotes ride={ride} />
          </section>
        ))
      )}
    </div>
  );
}
