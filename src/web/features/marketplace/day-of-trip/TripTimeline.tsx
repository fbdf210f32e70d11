/**
 * The trip's four steps (On the way, Arrived, On board, Dropped off) as a list: done ones with their time,
 * the current one marked "now", the next one "next" (issue 30). The same for the customer, the driver and
 * an admin (read-only everywhere: the driver sets statuses with DriverStatusButton).
 */
import { Check } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import {
  TRIP_STATUS_EVENTS,
  TRIP_STATUS_LABELS,
  TRIP_STATUSES,
  type TripStatus,
} from '../../../../shared/marketplace/trip-status.ts';
import { cn } from '../../../lib/cn.ts';
import { clockTime } from './format.ts';

export function TripTimeline({ b }: { b: BookingDto }) {
  const current = b.tripStatus ? TRIP_STATUSES.indexOf(b.tripStatus) : -1;
  const timeOf = (status: TripStatus, i: number) => {
    const at = b.history.findLast((e) => e.type === TRIP_STATUS_EVENTS[status])?.at;
    return at ?? (i === current ? b.tripStatusAt : null);
  };
  // The last step reached is "now", unless nothing follows (dropped off, or a no-show): then it is done.
  const finished = b.tripStatus === 'dropped_off' || b.noShowAt !== null;
  return (
    <ol aria-label="Trip progress" className="flex flex-col" data-testid="trip-timeline">
      {TRIP_STATUSES.map((status, i) => {
        const state =
          i < current || (finished && i === current)
            ? 'done'
            : i === current
              ? 'now'
              : i === current + 1 && !finished
                ? 'next'
                : 'later';
        const at = i <= current ? timeOf(status, i) : null;
        return (
          <li
            key={status}
            aria-current={state === 'now' ? 'step' : undefined}
            className="relative flex items-start gap-3 pb-4 last:pb-0"
          >
            {i < TRIP_STATUSES.length - 1 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-7 left-3 h-[calc(100%-1.75rem)] w-0.5',
                  i < current ? 'bg-brand-600' : 'bg-slate-300',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2',
                i <= current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400 bg-white',
                state === 'next' && 'border-brand-600',
              )}
            >
              {i <= current && <Check className="h-4 w-4" />}
            </span>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className={cn('font-semibold', i <= current ? 'text-slate-900' : 'text-slate-700')}>
                {TRIP_STATUS_LABELS[status]}
              </span>
              {at && <span className="text-slate-700">{clockTime(at)}</span>}
              {state === 'now' && (
                <span className="rounded-full bg-brand-100 px-2 text-sm font-semibold text-brand-800">
                  now
                </span>
              )}
              {state === 'next' && <span className="text-sm text-slate-700">next</span>}
              {state === 'done' && <span className="sr-only">done</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
