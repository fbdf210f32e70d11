/**
 * /admin/verifications (admin, issue 13): drivers waiting for review (or any status), and the booked trips
 * whose driver lapsed (suspended, a document expired) for an admin to follow up.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { VERIFICATION_STATUS_LABELS, VERIFICATION_STATUSES } from '../../shared/marketplace/verification.ts';
import { Card } from '../components/ui/card.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { td, th } from '../features/admin-oversight.tsx';
import { useFollowUps, useVerificationQueue } from '../features/admin-verifications/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

const FILTERS = [
  ['waiting', 'Waiting for review'],
  ['all', 'All drivers'],
  ...VERIFICATION_STATUSES.map((s) => [s, VERIFICATION_STATUS_LABELS[s]]),
] as const;

export default function AdminVerificationsPage() {
  usePageMeta('Driver verifications', 'Review drivers, their vehicles and compliance documents.');
  const [status, setStatus] = useState('waiting');
  const queue = useVerificationQueue(status);
  const followUps = useFollowUps();
  const filterId = useId();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Driver verifications</h1>
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-bold">Drivers</h2>
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="font-semibold">
              Show
            </label>
            <select
              id={filterId}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              className="rounded-md border border-slate-400 bg-white px-3 py-2"
            >
              {FILTERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {queue.isPending ? (
          <SkeletonCards />
        ) : queue.error ? (
          <p role="alert">The list could not be loaded.</p>
        ) : queue.data.length === 0 ? (
          <p>{status === 'waiting' ? 'Nobody is waiting for review.' : 'No drivers with this status.'}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm" data-testid="verification-queue">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className={th}>Business</th>
                  <th className={th}>Status</th>
                  <th className={th}>Submitted</th>
                  <th className={th}>Documents waiting</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.map((d) => (
                  <tr key={d.driverId} className="border-b border-slate-200">
                    <td className={td}>
                      <Link
                        to={`/admin/verifications/${d.driverId}`}
                        className="font-semibold text-brand-600 underline"
                      >
                        {d.businessName}
                      </Link>
                      <span className="block text-slate-700">
                        {d.fullName} · {d.email}
                      </span>
                    </td>
                    <td className={td}>{VERIFICATION_STATUS_LABELS[d.status]}</td>
                    <td className={td}>{d.submittedAt ? formatSydney(d.submittedAt) : 'Not yet'}</td>
                    <td className={td}>{d.pendingDocuments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Booked trips to follow up</h2>
        <p className="text-sm text-slate-700">
          Upcoming bookings whose driver may no longer take trips. They stay booked: contact the driver and,
          if needed, the customer.
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
                <Link
                  to={`/admin/bookings/${f.bookingId}`}
                  className="font-semibold text-brand-600 underline"
                >
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
    </div>
  );
}
