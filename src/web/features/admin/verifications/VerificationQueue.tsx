/** The drivers waiting for review (or with any status) on /admin/verifications (issue 13). */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import {
  VERIFICATION_STATUS_LABELS,
  VERIFICATION_STATUSES,
} from '../../../../shared/marketplace/verification.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { td, th } from '../list/AdminTable.tsx';
import { useVerificationQueue } from './api.ts';

const FILTERS = [
  ['waiting', 'Waiting for review'],
  ['all', 'All drivers'],
  ...VERIFICATION_STATUSES.map((s) => [s, VERIFICATION_STATUS_LABELS[s]]),
] as const;

export function VerificationQueue() {
  const [status, setStatus] = useState('waiting');
  const queue = useVerificationQueue(status);
  const filterId = useId();
  return (
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
  );
}
