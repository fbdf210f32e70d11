/**
 * /drivers/{id} (public, issue 13): a verified driver's page: the card, what they say about themselves,
 * where they work and their vehicles. No contact details: those come with a booking.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDate } from '../../shared/format.ts';
import type { DriverPublicDto } from '../../shared/marketplace/api.ts';
import { trackRecordText } from '../../shared/marketplace/ratings-text.ts';
import { Avatar } from '../components/ui/avatar.tsx';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { DriverTrustLines, VehicleLine } from '../features/driver-card/DriverCard.tsx';
import { Stars } from '../features/marketplace/components/RideSummary.tsx';
import { api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import NotFoundPage from './not-found.tsx';

export default function DriverPublicPage() {
  const { id = '' } = useParams();
  const driver = useQuery({
    meta: { errorToast: false },
    queryKey: ['driver-card', id],
    queryFn: () => api<{ driver: DriverPublicDto }>(`/api/driver-cards/${id}`).then((r) => r.driver),
    retry: false,
  });
  usePageMeta(
    driver.data ? driver.data.businessName : 'Driver',
    'A verified shuttle business on ShuttleQuote.',
  );
  if (driver.isPending) return <Loading />;
  if (driver.error || !driver.data) return <NotFoundPage />;
  const d = driver.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex items-center gap-4">
        <Avatar src={d.avatarUrl} name={d.businessName} size="lg" decorative />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold wrap-anywhere">{d.businessName}</h1>
          <p className="text-lg" data-testid="driver-track-record">
            {trackRecordText(d.rating, d.completedTrips)}
          </p>
        </div>
      </div>
      <Card className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2">
          <DriverTrustLines driver={d} />
        </ul>
        {d.baseLabel && (
          <p>
            Based in {d.baseLabel}, picks up within {d.serviceRadiusKm} km.
          </p>
        )}
        {d.description && <p className="wrap-anywhere">{d.description}</p>}
      </Card>
      {/* What customers wrote (issue 32); with ratings but no words the track record line says it all. */}
      {d.reviews.length > 0 && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">What customers say</h2>
          <ul className="flex flex-col gap-4" data-testid="driver-reviews">
            {d.reviews.map((r) => (
              <li
                key={`${r.at}-${r.fromName}`}
                className="flex flex-col gap-1 border-b border-slate-100 pb-3 last:border-0"
              >
                <p className="flex flex-wrap items-center gap-x-2">
                  <Stars value={r.stars} label={`${r.stars} out of 5 stars`} />
                </p>
                <blockquote className="wrap-anywhere">{r.comment}</blockquote>
                <p className="text-sm text-slate-700">
                  {r.fromName}, {formatDate(r.at)}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Vehicles</h2>
        <ul className="flex flex-col gap-3">
          {d.vehicles.map((v) => (
            <VehicleLine key={v.id} vehicle={v} />
          ))}
        </ul>
      </Card>
      <p className="text-sm text-slate-700">
        Contact details are shared once you book. ShuttleQuote checks every driver's authorisation, insurance
        and vehicle inspections before they can quote.
      </p>
    </div>
  );
}
