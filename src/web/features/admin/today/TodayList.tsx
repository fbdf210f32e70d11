/**
 * /admin/today (issue 30): the bookings of the current Sydney day in pickup order, in the admin table
 * shell; late ones carry a "Late: ..." text badge (not colour alone) and both phones are tel: links.
 */
import { Link } from 'react-router';
import { formatTime } from '../../../../shared/format.ts';
import type {
  AdminTodayRowDto,
  TodayPhoneDto,
  TodayPlaceDto,
} from '../../../../shared/marketplace/admin-today.ts';
import { formatLocalDate } from '../../../../shared/marketplace/booking.ts';
import { bookingOriginText } from '../../../../shared/marketplace/booking-origin-text.ts';
import {
  LATE_NOT_ARRIVED_MINUTES,
  LATE_NOT_ON_THE_WAY_MINUTES,
  LATE_TEXT,
} from '../../../../shared/marketplace/late.ts';
import { placeWithSuburb, routeName } from '../../../../shared/marketplace/place-names.ts';
import { TRIP_STATUS_LABELS } from '../../../../shared/marketplace/trip-status.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { STATUS_TEXT } from '../bookings/labels.ts';
import { AdminTable, td, tr } from '../list/AdminTable.tsx';
import { useAdminToday } from './api.ts';

// What an admin acts on first comes first (a phone shows two columns): when and whether late, whom to call.
const HEADINGS = ['Pickup', 'Driver', 'Customer', 'Trip', 'Status'];

function Place({ label, p }: { label: string; p: TodayPlaceDto }) {
  if (!p.place) return null;
  return (
    <span className="block text-slate-700">
      {label}: {placeWithSuburb({ locality: p.locality, address: p.place })}
    </span>
  );
}

function Phone({ phone, who }: { phone: TodayPhoneDto | null; who: string }) {
  if (!phone) return <span className="block text-slate-700">No phone</span>;
  return (
    <a
      href={phone.href}
      className="block whitespace-nowrap font-semibold text-brand-600 underline"
      aria-label={`Call ${who} on ${phone.display}`}
    >
      {phone.display}
    </a>
  );
}

function Row({ b }: { b: AdminTodayRowDto }) {
  const driver = b.driver.businessName ?? b.driver.name;
  return (
    <tr className={`${tr} ${b.late ? 'bg-amber-50' : ''}`} data-testid="today-row" data-late={b.late ?? ''}>
      <td className={td}>
        <span className="block whitespace-nowrap font-semibold">{formatTime(b.pickupAt)}</span>
        {b.late && (
          <strong className="mt-1 inline-block rounded border border-amber-700 bg-white px-2 py-0.5 text-amber-900">
            {LATE_TEXT[b.late].badge}
          </strong>
        )}
      </td>
      <td className={td}>
        {driver}
        {b.driver.businessName && <span className="block text-slate-700">{b.driver.name}</span>}
        <Phone phone={b.driver.phone} who={driver} />
      </td>
      <td className={td}>
        {b.customer.name}
        <Phone phone={b.customer.phone} who={b.customer.name} />
      </td>
      <td className={td}>
        <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-brand-600 underline">
          {routeName(b.from, b.to, { words: true })}
        </Link>
        <Place label="Pickup" p={b.from} />
        <Place label="Drop-off" p={b.to} />
        <span className="block text-slate-700">Booked: {bookingOriginText(b.origin, b.seats)}</span>
      </td>
      <td className={td}>
        <span className="block">{STATUS_TEXT[b.status]}</span>
        {b.tripStatus ? (
          <span className="block text-slate-700">
            {TRIP_STATUS_LABELS[b.tripStatus]}
            {b.tripStatusAt && ` since ${formatTime(b.tripStatusAt)}`}
          </span>
        ) : (
          b.status === 'confirmed' && <span className="block text-slate-700">No trip status yet</span>
        )}
      </td>
    </tr>
  );
}

export function TodayList({ enabled = true }: { enabled?: boolean }) {
  const query = useAdminToday(enabled);
  if (!enabled) return <p>A test session has no bookings.</p>;
  if (query.isPending) return <SkeletonCards />;
  if (query.error)
    return <LoadError what="Today's bookings" error={query.error} onRetry={() => query.refetch()} />;
  const { bookings, date } = query.data;
  const late = bookings.filter((b) => b.late).length;
  return (
    <div className="flex flex-col gap-4">
      {/* Polite: a refresh that changes the counts is read out, nothing else is. */}
      <p role="status" aria-live="polite" data-testid="today-summary">
        {formatLocalDate(date)} (Sydney): {bookings.length} {bookings.length === 1 ? 'booking' : 'bookings'}
        {late > 0 ? `, ${late} late` : ', none late'}.
      </p>
      {bookings.length === 0 ? (
        <p>No bookings have a pickup today.</p>
      ) : (
        <AdminTable
          label="Today's bookings"
          caption="Today's bookings in pickup order; late ones are marked Late."
          headings={HEADINGS}
          wide
        >
          {bookings.map((b) => (
            <Row key={b.id} b={b} />
          ))}
        </AdminTable>
      )}
      <p className="text-sm text-slate-700">
        Late means the driver has not said they are on the way {LATE_NOT_ON_THE_WAY_MINUTES} minutes before
        pickup, or not at the pickup {LATE_NOT_ARRIVED_MINUTES} minutes after it. The list refreshes by
        itself.
      </p>
    </div>
  );
}
