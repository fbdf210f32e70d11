/**
 * The driver's day-of-trip card at the top of their booking view (issue 30): the one-tap next status, the
 * customer's signals as they arrive, the free waiting countdown and "Customer didn't show up" once it has
 * run out, the position-sharing switch, the trip's timeline, and "The trip didn't happen".
 */
import { useId, useRef } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { TRIP_STATUS_LABELS } from '../../../../shared/marketplace/trip-status.ts';
import { CustomerSignalsSeen } from './CustomerSignalsSeen.tsx';
import { DriverStatusButton } from './DriverStatusButton.tsx';
import { NoShowAction } from './NoShowAction.tsx';
import { NoShowNotice } from './NoShowNotice.tsx';
import { NotHappenedAction } from './NotHappenedAction.tsx';
import { PositionSharing } from './PositionSharing.tsx';
import { TripTimeline } from './TripTimeline.tsx';
import { useRefreshBooking } from './use-refresh-booking.ts';
import { WaitingCountdown } from './WaitingCountdown.tsx';

export function DriverTripControls({ b }: { b: BookingDto }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refresh = useRefreshBooking(b.id);
  // After an action whose button goes away, the focus moves to the card's heading (never the page body).
  const focusHeading = () => headingRef.current?.focus();
  const happened = b.tripStatus !== null || b.noShowAt !== null || b.notHappenedAt !== null;
  if (b.viewerRole !== 'driver' || (b.status !== 'confirmed' && !happened)) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border-2 border-brand-600 bg-white p-5 shadow-card"
      data-testid="driver-trip-controls"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        Trip status
        {b.noShowAt ? ': No-show' : b.tripStatus ? `: ${TRIP_STATUS_LABELS[b.tripStatus]}` : ''}
      </h2>
      <DriverStatusButton b={b} focusAfter={headingRef} />
      <CustomerSignalsSeen b={b} />
      {b.waitingUntil && <WaitingCountdown until={b.waitingUntil} onOver={refresh} />}
      <NoShowAction b={b} onDone={focusHeading} />
      <PositionSharing b={b} />
      <NoShowNotice b={b} onDone={focusHeading} />
      {b.tripStatus && <TripTimeline b={b} />}
      <NotHappenedAction b={b} onDone={focusHeading} />
    </section>
  );
}
