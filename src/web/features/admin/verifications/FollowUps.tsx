/** Booked trips whose driver lapsed (suspended, a document expired), for an admin to follow up (issue 13). */
import { Link } from 'react-router';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { useFollowUps } from './api.ts';

export function FollowUps() {
  const followUps = useFollowUps();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">Booked trips to follow up</h2>
      <p className="text-sm text-slate-700">
        Upcoming bookings whose driver may no longer take trips. They stay booked: contact the driver and, if
        needed, the customer.
      </p>
      {followUps.isPending ? (
        <SkeletonCards />
      ) : followUps.error ? (
        <p role="alert">The list could not be loaded.</p>
      ) : followUps.data.length === 0 ? (
        <p>Nothing to follow up.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="follow-ups">
          {followUps.data.map((f) => (
            <li key={f.bookingId} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              <Link to={`/admin/bookings/${f.bookingId}`} className="font-semibold text-brand-600 underline">
                {f.trip}, {formatSydney(f.pickupAt)}
              </Link>{' '}
              with{' '}
              <Link to={`/admin/verifications/${f.driverId}`} className="underline">
                {f.businessName}
              </Link>
              <span className="block">{f.problem}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
