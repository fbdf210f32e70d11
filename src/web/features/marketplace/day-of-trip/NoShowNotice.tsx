/**
 * The no-show on a booking, as each side sees it (issue 30): when the driver marked it and their note; for
 * the customer, "Dispute this no-show" within 48 hours (a reason of 10 characters or more), then that the
 * dispute is with our team.
 */
import { TriangleAlert } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { noShowDisputeSchema, TRIP_DAY_EVENTS } from '../../../../shared/marketplace/trip-status.ts';
import { useDisputeNoShow } from './api.ts';
import { clockTime } from './format.ts';
import { ReportToTeamDialog } from './ReportToTeamDialog.tsx';
import { DAY_TEXT } from './texts.ts';

export function NoShowNotice({ b, onDone }: { b: BookingDto; onDone: () => void }) {
  const dispute = useDisputeNoShow(b.id);
  if (!b.noShowAt) return null;
  const note = b.history.findLast((e) => e.type === TRIP_DAY_EVENTS.noShow)?.note;
  const who =
    b.viewerRole === 'customer'
      ? 'Your driver marked you as a no-show'
      : b.viewerRole === 'driver'
        ? 'You marked the customer a no-show'
        : 'The driver marked the customer a no-show';
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="no-show-notice"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>
            {who} at {clockTime(b.noShowAt)}.
          </strong>
          {note && <span className="block wrap-anywhere">Note: “{note}”</span>}
        </span>
      </p>
      {b.noShowDisputedAt && (
        <p>
          {b.viewerRole === 'customer' ? 'You disputed it' : 'The customer disputed it'} at{' '}
          {clockTime(b.noShowDisputedAt)}. Our team will look at it and be in touch.
        </p>
      )}
      {b.canDisputeNoShow && (
        <>
          <p>If you were there, or the driver did not wait, you can dispute it within 48 hours.</p>
          <ReportToTeamDialog
            button={DAY_TEXT.disputeButton}
            title="Dispute this no-show"
            description="Tell us what happened. Our team reads every dispute and contacts you and the driver."
            hint="At least 10 characters. For example: I was at the door at 5:30 and the van was not there."
            schema={noShowDisputeSchema}
            confirmLabel="Send dispute"
            onConfirm={(reason) => dispute.mutateAsync(reason)}
            onDone={onDone}
          />
        </>
      )}
    </div>
  );
}
