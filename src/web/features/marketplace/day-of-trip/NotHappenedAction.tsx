/**
 * "The trip didn't happen" (issue 30), for either side from the pickup time until the booking completes:
 * a reason, then the booking waits for an admin instead of completing itself. Once reported, each side
 * (and an admin) sees when.
 */
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { notHappenedSchema, TRIP_DAY_EVENTS } from '../../../../shared/marketplace/trip-status.ts';
import { useReportNotHappened } from './api.ts';
import { clockTime } from './format.ts';
import { ReportToTeamDialog } from './ReportToTeamDialog.tsx';
import { DAY_TEXT } from './texts.ts';

export function NotHappenedAction({ b, onDone }: { b: BookingDto; onDone: () => void }) {
  const report = useReportNotHappened(b.id);
  if (b.notHappenedAt) {
    const by = b.history.findLast((e) => e.type === TRIP_DAY_EVENTS.notHappened)?.by;
    const who =
      by === b.viewerRole
        ? 'You reported'
        : by === 'driver'
          ? 'The driver reported'
          : by === 'customer'
            ? 'The customer reported'
            : 'Reported';
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="not-happened"
      >
        <strong>
          {who} at {clockTime(b.notHappenedAt)} that the trip didn't happen.
        </strong>{' '}
        Our team will look at it; the booking stays open until then.
      </p>
    );
  }
  if (!b.canReportNotHappened) return null;
  return (
    <ReportToTeamDialog
      button={DAY_TEXT.notHappenedButton}
      title="Report that the trip didn't happen?"
      description="The booking will not complete itself: our team looks at it and contacts both of you."
      schema={notHappenedSchema}
      confirmLabel="Send report"
      onConfirm={(reason) => report.mutateAsync(reason)}
      onDone={onDone}
    />
  );
}
