/**
 * The trip's status on the customer's booking page (issue 30), and read-only on an admin's: the headline
 * in a live region ("Bay Shuttles is on the way."), how far away the driver is, the free waiting
 * countdown, the four-step timeline, the no-show with its dispute, the customer's "Running late" and
 * "I'm at the pickup", and "The trip didn't happen". Shown from the day of the trip (90 minutes before
 * pickup) or once anything happened; the live region is there from the start, so the first change is
 * read out too.
 */
import { useId, useRef } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { cn } from '../../../lib/cn.ts';
import { CustomerSignals } from './CustomerSignals.tsx';
import { DriverDistance } from './DriverDistance.tsx';
import { NoShowNotice } from './NoShowNotice.tsx';
import { NotHappenedAction } from './NotHappenedAction.tsx';
import { TripAnnouncer } from './TripAnnouncer.tsx';
import { TripTimeline } from './TripTimeline.tsx';
import { useRefreshBooking } from './use-refresh-booking.ts';
import { WaitingCountdown } from './WaitingCountdown.tsx';

export function CustomerTripPanel({ b }: { b: BookingDto }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refresh = useRefreshBooking(b.id);
  const focusHeading = () => headingRef.current?.focus();
  if (b.viewerRole === 'driver') return null;
  const admin = b.viewerRole === 'admin';
  const happened = b.tripStatus !== null || b.noShowAt !== null || b.notHappenedAt !== null;
  const shown = happened || (!admin && (b.canSignal || b.canReportNotHappened || b.canDisputeNoShow));
  const canTellDriver =
    !admin && b.canSignal && !b.noShowAt && b.tripStatus !== 'on_board' && b.tripStatus !== 'dropped_off';
  return (
    <div
      className={cn(
        shown && 'flex flex-col gap-4 rounded-xl border-2 border-brand-600 bg-white p-5 shadow-card',
      )}
      data-testid="trip-panel"
    >
      {shown && (
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold">
          Trip status
        </h2>
      )}
      {/* Always in the same place, so React keeps the one region the screen reader listens to. */}
      {!admin && <TripAnnouncer b={b} visible={shown} />}
      {shown && (
        <>
          {!admin && <DriverDistance b={b} />}
          {b.waitingUntil && <WaitingCountdown until={b.waitingUntil} onOver={refresh} />}
          <TripTimeline b={b} />
          <NoShowNotice b={b} onDone={focusHeading} />
          {canTellDriver && <CustomerSignals b={b} />}
          <NotHappenedAction b={b} onDone={focusHeading} />
        </>
      )}
    </div>
  );
}
