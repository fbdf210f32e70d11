/** /admin/bookings (issue 14): every booking, newest pickup first, with filters in the address bar. */
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_FLAGS, BOOKING_STATUSES } from '../../../../shared/admin/bookings.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { useAdminBookings } from './api.ts';

const KEYS = ['status', 'flag', 'from', 'to', 'driver', 'customer'] as const;
const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';
const th = 'px-3 py-2 text-left';
const td = 'px-3 py-2 align-top';
export const STATUS_TEXT = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;

export function BookingsList() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<
    (typeof KEYS)[number],
    string
  >;
  const search = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const list = useAdminBookings(search, cursors.at(-1) ?? null);
  const id = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of KEYS) {
      const v = String(data.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setCursors([null]);
    setParams(next);
  }
  const field = (name: (typeof KEYS)[number], label: string, type = 'text') => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        defaultValue={filters[name]}
        className={inputClass}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        key={params.toString()}
        onSubmit={onSubmit}
        role="search"
        aria-label="Find bookings"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="font-semibold">
            Status
          </label>
          <select id={`${id}-status`} name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">Any status</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-flag`} className="font-semibold">
            Mark
          </label>
          <select id={`${id}-flag`} name="flag" defaultValue={filters.flag} className={inputClass}>
            <option value="">Any</option>
            {Object.entries(BOOKING_FLAGS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {field('driver', 'Driver (name, e-mail or business)')}
        {field('customer', 'Customer (name or e-mail)')}
        {field('from', 'Pickup from', 'date')}
        {field('to', 'Pickup to', 'date')}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">Filter</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setCursors([null]);
              setParams(new URLSearchParams());
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {list.isPending ? (
        <SkeletonCards />
      ) : list.error ? (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      ) : list.data.bookings.length === 0 ? (
        <p role="status">No bookings match.</p>
      ) : (
        <>
          <div
            role="region"
            aria-label="Bookings (scrolls sideways)"
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className={th}>
                    Pickup
                  </th>
                  <th scope="col" className={th}>
                    Trip
                  </th>
                  <th scope="col" className={th}>
                    Customer
                  </th>
                  <th scope="col" className={th}>
                    Driver
                  </th>
                  <th scope="col" className={th}>
                    Fare
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.bookings.map((b) => (
                  <tr key={b.id} className="border-t border-slate-200">
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
                    <td className={td}>
                      {STATUS_TEXT[b.status]}
                      {b.lateCancellation && <span className="block text-amber-800">Late cancellation</span>}
                      {b.flag && (
                        <span className="block font-semibold text-red-700">{BOOKING_FLAGS[b.flag]}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of bookings" className="flex items-center justify-between gap-2">
            <Button
              variant="secondary"
              disabled={cursors.length <= 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Previous page
            </Button>
            <span className="text-slate-700">Page {cursors.length}</span>
            <Button
              variant="secondary"
              disabled={!list.data.nextCursor}
              onClick={() => setCursors((c) => [...c, list.data.nextCursor])}
            >
              Next page
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
