/**
 * The driver's one large button for the trip's next status (issue 30): "I'm on my way", "I've arrived",
 * "Customer on board", "Dropped off", one tap each. Too early it is disabled and says from when ("You can
 * start from 3:55 am"), and is enabled by itself then; days ahead it is one line saying what will be here.
 * A refusal shows the API's message in words under it.
 */
import { type RefObject, useRef, useState } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { formatSydneyShort } from '../../../../shared/marketplace/time.ts';
import type { TripStatus } from '../../../../shared/marketplace/trip-status.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSetTripStatus } from './api.ts';
import { clockTime } from './format.ts';
import { DAY_TEXT, DRIVER_STATUS_DONE, NEXT_STATUS_BUTTON } from './texts.ts';
import { useWhenPassed } from './use-now.ts';
import { useRefreshBooking } from './use-refresh-booking.ts';

/** Further ahead than this, the disabled button would only be in the way: one line says what comes. */
const SHOW_BUTTON_HOURS_BEFORE = 12;

export function DriverStatusButton({
  b,
  focusAfter,
}: {
  b: BookingDto;
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const setStatus = useSetTripStatus(b.id);
  const refresh = useRefreshBooking(b.id);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TripStatus | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useWhenPassed(b.tripStatusOpensAt, refresh);
  const next = b.nextTripStatus;

  async function tap() {
    if (!next || setStatus.isPending) return;
    setError(null);
    try {
      await setStatus.mutateAsync(next);
      setDone(next);
      // The last step leaves no button: the focus goes to what it changed, never to the page's body.
      if (next === 'dropped_off') setTimeout(() => (doneRef.current ?? focusAfter.current)?.focus(), 0);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'That did not work. Check your connection and try again.',
      );
    }
  }

  const doneText = done && (
    <p ref={doneRef} tabIndex={-1} role="status" className="text-slate-800" data-testid="status-done">
      {DRIVER_STATUS_DONE[done]}
    </p>
  );

  if (!next) {
    if (!b.tripStatusOpensAt) return doneText || null;
    const opensAt = b.tripStatusOpensAt;
    if (new Date(opensAt).getTime() - Date.now() > SHOW_BUTTON_HOURS_BEFORE * 3_600_000) {
      return <p className="text-slate-800">{DAY_TEXT.startLater(formatSydneyShort(opensAt))}</p>;
    }
    return (
      <div className="flex flex-col gap-2">
        <Button size="lg" className="min-h-16 w-full text-xl" disabled aria-describedby="trip-start-from">
          {NEXT_STATUS_BUTTON.on_the_way}
        </Button>
        <p id="trip-start-from" className="font-semibold text-slate-800">
          {DAY_TEXT.startFrom(clockTime(opensAt))}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {/* aria-disabled while sending, not disabled: the button keeps the focus for the next tap. */}
      <Button
        size="lg"
        className="min-h-16 w-full text-xl"
        onClick={tap}
        aria-disabled={setStatus.isPending || undefined}
        data-testid="next-trip-status"
      >
        {setStatus.isPending ? 'Sending...' : NEXT_STATUS_BUTTON[next]}
      </Button>
      <FormError message={error} />
      {doneText}
    </div>
  );
}
