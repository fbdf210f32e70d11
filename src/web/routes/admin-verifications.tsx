/**
 * /admin/verifications (admin, issue 13): drivers waiting for review (or any status), and the booked trips
 * whose driver lapsed (suspended, a document expired) for an admin to follow up.
 */
import { FollowUps } from '../features/admin/verifications/FollowUps.tsx';
import { VerificationQueue } from '../features/admin/verifications/VerificationQueue.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminVerificationsPage() {
  usePageMeta('Driver verifications', 'Review drivers, their vehicles and compliance documents.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Driver verifications</h1>
      <VerificationQueue />
      <FollowUps />
    </div>
  );
}
