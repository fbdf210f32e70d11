/** The admin dashboard's recent bookings: the 25 newest of a status, late cancellations marked. */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { bookingOriginText } from '../../../../shared/marketplace/booking-origin-text.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../../../../shared/marketplace/constants.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { routeName } from '../../../../shared/marketplace/place-names.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { useBookings } from '../../marketplace/api.ts';
import { StatusBadge } from '../../marketplace/components/RideSummary.tsx';
import { STATUS_TEXT } from '../bookings/labels.ts';
import { AdminTable, td, tr } from '../list/AdminTable.tsx';

const SHOWN = 25;
const HEADINGS = ['Pickup (Sydney time)', 'Trip', 'Customer', 'Driver', 'Fare', 'How booked', 'Status'];

/**
 * SPEC §1: admins oversee bookings. Every booking, newest pickup first, narrowed by status, each linking to
 * /admin/bookings/{id}. The API already answers an admin with every booking (/api/bookings, at most 500);
 * this shows the 25 newest of the chosen status, marking late cancellations (less than 24 hours before
 * pickup, the cancellation policy). /admin/bookings pages through them all with filters.
 */
export function RecentBookings({ enabled }: { enabled: boolean }) {
  const bookings = useBookings(enabled);
  const [status, setStatus] = useState<BookingStatus | 'all'>('all');
  const filterId = useId();
  if (!enabled) return null;
  if (bookings.isPending) return <Loading />;
  if (bookings.error) return <p role="alert">Bookings could not be loaded.</p>;
  const matching = bookings.data.filter((b) => status === 'all' || b.status === status);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={filterId} className="font-semibold">
          Status
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(e) => setStatus(e.target.value as BookingStatus | 'all')}
          className="rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          <option value="all">All</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_TEXT[s]}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-700" aria-live="polite">
          {matching.length === 0
            ? 'No bookings.'
            : `${matching.length} booking${matching.length === 1 ? '' : 's'}${matching.length > SHOWN ? `, newest ${SHOWN} shown` : ''}.`}
        </p>
      </div>
      {matching.length > 0 && (
        <AdminTable label="Bookings" caption="Bookings, newest pickup first" headings={HEADINGS}>
          {matching.slice(0, SHOWN).map((b) => (
            <tr key={b.id} className={tr} data-testid="admin-booking-row">
              <td className={td}>
                <Link
                  to={`/admin/bookings/${b.id}`}
                  className="font-semibold text-brand-600 underline underline-offset-4"
                >
                  {formatSydney(b.ride.pickupAt)}
                </Link>
              </td>
              <td className={td}>{routeName(b.ride.pickup, b.ride.destination, { words: true })}</td>
              <td className={td}>{b.customer.contact.name}</td>
              <td className={td}>
                {b.driver.companyName}
                <span className="block text-slate-700">{b.driver.contact.name}</span>
              </td>
              <td className={td}>{formatAud(b.priceCents)}</td>
              <td className={td}>{bookingOriginText(b.origin, b.seats)}</td>
              <td className={td}>
                <StatusBadge status={b.status} />
                {b.lateCancellation && (
                  <span className="mt-1 block font-semibold text-amber-900" data-testid="late-cancellation">
                    {BOOKING_STATE_TEXT.lateCancellation}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
