/**
 * The free waiting time after the driver arrived (issue 30), counting down each second for both sides:
 * "Free waiting: 7:42 left", then "Free waiting is over". When it runs out the booking is fetched again, so
 * what the API allows then (the driver's "Customer didn't show up") appears without a reload.
 */
import { Hourglass } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { clockTime, countdown } from './format.ts';
import { DAY_TEXT } from './texts.ts';
import { useNow, useWhenPassed } from './use-now.ts';

export function WaitingCountdown({ until, onOver }: { until: string; onOver: () => void }) {
  const end = new Date(until).getTime();
  const now = useNow(true);
  useWhenPassed(until, onOver);
  const left = end - now;
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3',
        left > 0 ? 'border-brand-200 bg-brand-50' : 'border-amber-300 bg-amber-50',
      )}
      data-testid="waiting-countdown"
    >
      <Hourglass className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p>
        <span className={cn('block text-lg font-bold', left > 0 ? 'text-brand-900' : 'text-amber-900')}>
          {left > 0 ? DAY_TEXT.waitingLeft(countdown(left)) : DAY_TEXT.waitingOver}
        </span>
        <span className="block text-sm text-slate-700">
          {left > 0
            ? `The driver waits for free until ${clockTime(until, now)}.`
            : `It ended at ${clockTime(until, now)}.`}
        </span>
      </p>
    </div>
  );
}
