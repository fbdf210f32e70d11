/**
 * What the customer told the driver on the day (issue 30): "Running late: 10 minutes" and "At the pickup",
 * newest first with the time each was sent, until the passenger is on board. A polite live region, so a signal arriving (the page refreshes
 * on the event stream) is read out to a driver using a screen reader.
 */
import { MessageCircle } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { TRIP_DAY_EVENTS } from '../../../../shared/marketplace/trip-status.ts';
import { cn } from '../../../lib/cn.ts';
import { clockTime } from './format.ts';

/** The few latest are enough: an older "running late" is overtaken by the next. */
const SHOWN = 3;

export function CustomerSignalsSeen({ b }: { b: BookingDto }) {
  // Once the passenger is on board they are no news; the region stays, empty, for the page's life.
  const over = b.tripStatus === 'on_board' || b.tripStatus === 'dropped_off';
  const signals = (over ? [] : b.history)
    .filter((e) => e.type === TRIP_DAY_EVENTS.runningLate || e.type === TRIP_DAY_EVENTS.atPickup)
    .slice(-SHOWN)
    .reverse();
  return (
    <div
      role="status"
      aria-live="polite"
      // Empty, it takes no room in the card (out of the flow), and stays for the screen reader.
      className={cn('flex flex-col gap-2', signals.length === 0 && 'sr-only')}
      data-testid="customer-signals"
    >
      {signals.map((e) => (
        <p
          key={`${e.type}-${e.at}`}
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          <MessageCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <span>
            <strong>
              {e.type === TRIP_DAY_EVENTS.runningLate
                ? `Running late: ${e.note || 'a few minutes'}`
                : 'The customer is at the pickup'}
            </strong>{' '}
            <span className="text-sm">(sent at {clockTime(e.at)})</span>
          </span>
        </p>
      ))}
    </div>
  );
}
