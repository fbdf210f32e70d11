/** /admin/bookings (issue 14): every booking, newest pickup first, with filters in the address bar. */
import { Link } from 'react-router';
import { BOOKING_FLAGS, BOOKING_STATUSES } from '../../../../shared/admin/bookings.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import {
  BOOKING_ORIGIN_OPTIONS,
  bookingOriginText,
} from '../../../../shared/marketplace/booking-origin-text.ts';
import { td, tr } from '../list/AdminTable.tsx';
import { FilteredList } from '../list/FilteredList.tsx';
import { selectFilter, textFilter } from '../list/FilterForm.tsx';
import { useAdminBookings } from './api.ts';
import { STATUS_TEXT } from './labels.ts';

const STATUSES = BOOKING_STATUSES.map((s) => [s, STATUS_TEXT[s]] as const);
const FIELDS = [
  selectFilter('status', 'Status', STATUSES, 'Any status'),
  selectFilter('flag', 'Mark', Object.entries(BOOKING_FLAGS), 'Any'),
  // Issue 31: a quote, an instant price, seats or the whole vehicle on a run.
  selectFilter('origin', 'How booked', BOOKING_ORIGIN_OPTIONS, 'Any way'),
  textFilter('driver', 'Driver (name, e-mail or business)'),
  textFilter('customer', 'Customer (name or e-mail)'),
  textFilter('from', 'Pickup from', 'date'),
  textFilter('to', 'Pickup to', 'date'),
];
// The address keeps the API's order of the filters.
const KEYS = ['status', 'flag', 'origin', 'from', 'to', 'driver', 'customer'] as const;
const HEADINGS = ['Pickup', 'Trip', 'Customer', 'Driver', 'Fare', 'How booked', 'Status'];

export function BookingsList() {
  return (
    <FilteredList
      filters={{ label: 'Find bookings', fields: FIELDS, columns: 4, keys: KEYS, buttonsInRow: true }}
      useList={useAdminBookings}
      rows={(page) => page.bookings}
      empty="No bookings match."
      table={{ label: 'Bookings', headings: HEADINGS }}
      pager={{ label: 'Pages of bookings' }}
      row={(b) => (
        <tr key={b.id} className={tr}>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(b.pickupAt)}</td>
          <td className={td}>
            <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-brand-600 underline">
              {b.route}
            </Link>
          </td>
          <td className={td}>
            {b.customer.name}
            <span className="block text-slate-700">{b.customer.email}</span>
          </td>
          <td className={td}>
            {b.driver.businessName ?? b.driver.name}
            <span className="block text-slate-700">{b.driver.email}</span>
          </td>
          <td className={td}>${b.price.toFixed(2)}</td>
          <td className={td} data-testid="booking-origin">
            {bookingOriginText(b.origin, b.seats)}
          </td>
          <td className={td}>
            {STATUS_TEXT[b.status]}
            {b.lateCancellation && <span className="block text-amber-800">Late cancellation</span>}
            {b.flag && <span className="block font-semibold text-red-700">{BOOKING_FLAGS[b.flag]}</span>}
          </td>
        </tr>
      )}
    />
  );
}
