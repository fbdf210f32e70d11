/** /ride-history: past trips, for customers and drivers. */

import { Card } from '../components/ui/card.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useBookings, useMyRides } from '../features/marketplace/api.ts';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { BookingList } from './bookings.tsx';

export default function RideHistoryPage() {
  usePageMeta('Ride History', 'Your past trips.');
  const { user } = useAuth();
  const { isCustomer } = useRBAC();
  const real = Boolean(user && !user.isTest);
  const bookings = useBookings(real);
  const rides = useMyRides();
  const past = bookings.data?.filter((b) => b.status !== 'confirmed') ?? [];
  const unbooked = (rides.data?.items ?? []).filter(
    (r) => r.status === 'expired' || r.status === 'cancelled',
  );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Ride history</h1>
      {bookings.isPending && real ? (
        <SkeletonCards />
      ) : (
        <BookingList items={past} empty="No past trips yet." />
      )}
      {isCustomer && unbooked.length > 0 && (
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Requests that were not booked</h2>
          {unbooked.map((r) => (
            <Card key={r.id} className="flex flex-col gap-2">
              <StatusBadge status={r.status} />
              <RideSummary ride={r} />
            </Card>
          ))}
        </section>
      )}
    </div>
  );
}
