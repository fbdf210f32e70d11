/**
 * The top of /driver-profile (issue 13): the driver's verification status, the checklist, and "Submit for
 * review" once everything is there.
 */
import { useState } from 'react';
import { VERIFICATION_STATUS_LABELS } from '../../../shared/marketplace/verification.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormError, FormNotice } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api.ts';
import { useStanding, useSubmitForReview } from './api.ts';
import { Checklist } from './Checklist.tsx';

const BADGE: Record<string, string> = {
  verified: 'bg-green-100 text-green-900 border-green-300',
  pending_review: 'bg-brand-50 text-brand-900 border-brand-300',
  rejected: 'bg-red-50 text-red-900 border-red-300',
  suspended: 'bg-red-50 text-red-900 border-red-300',
  incomplete: 'bg-amber-50 text-amber-900 border-amber-300',
};

export function VerificationPanel() {
  const standing = useStanding();
  const submit = useSubmitForReview();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (standing.isPending) return <Loading />;
  if (!standing.data) return null;
  const s = standing.data;
  const onSubmit = async () => {
    setError(null);
    try {
      await submit.mutateAsync();
      setSent(true);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'Your details could not be submitted. Please try again.',
      );
    }
  };
  return (
    <Card className="flex flex-col gap-4" data-testid="verification-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="verification" tabIndex={-1} className="text-xl font-bold">
          Verification
        </h2>
        <span className={`rounded-full border px-3 py-1 text-sm font-semibold ${BADGE[s.status] ?? ''}`}>
          {VERIFICATION_STATUS_LABELS[s.status]}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {s.canQuote
          ? 'You are verified with current documents: you can quote, and customers see the Verified badge.'
          : 'Customers book only verified businesses. Complete every item, then submit: we review within one business day and tell you by e-mail.'}
      </p>
      {s.canQuote && s.items.every((i) => i.done) ? (
        // All done: the list is there for reference, folded, so the profile's own fields come first on a phone.
        <details className="group rounded-lg border border-slate-200 px-4 py-2">
          <summary className="cursor-pointer py-1 font-semibold text-brand-600 underline underline-offset-4">
            <span className="group-open:hidden">Show what was checked</span>
            <span className="hidden group-open:inline">Hide what was checked</span>
          </summary>
          <div className="pt-2 pb-1">
            <Checklist standing={s} />
          </div>
        </details>
      ) : (
        <Checklist standing={s} />
      )}
      <FormNotice
        message={
          sent
            ? 'Thanks: your details are with us for review. We will e-mail you as soon as we have checked them.'
            : null
        }
      />
      <FormError message={error} />
      {(s.status === 'incomplete' || s.status === 'rejected') && (
        <div className="flex flex-col gap-2">
          <Button
            type="button"
            className="self-start"
            disabled={!s.canSubmit || submit.isPending}
            onClick={onSubmit}
          >
            {submit.isPending ? 'Submitting...' : 'Submit for review'}
          </Button>
          {!s.canSubmit && (
            <p className="text-sm text-slate-700">
              You can submit once your business details, a vehicle and all documents are there.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
