/**
 * /admin/verifications/{driverId} (admin, issue 13): one driver's business details, vehicles and documents
 * side by side, the checklist, and the decisions (each document, then the driver; suspend and reinstate),
 * each asking for a reason where it matters, with the record of every decision.
 */
import { useParams } from 'react-router';
import { VerificationReview } from '../features/admin/verifications/VerificationReview.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminVerificationPage() {
  const { id = '' } = useParams();
  usePageMeta('Driver review', 'One driver’s business, vehicles and documents, and the decisions.');
  return <VerificationReview driverId={id} />;
}
