/**
 * The driver's "Share my position with the customer" switch (issue 30), offered from "On the way" until the
 * passenger is on board, with what is shared and with whom said beside it. While on, this page sends the
 * phone's position (usePositionWatch); the API keeps only the latest and shows it to the customer only.
 */
import { useId, useState } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { usePositionSharing } from './api.ts';
import { clockTime } from './format.ts';
import { DAY_TEXT } from './texts.ts';
import { usePositionWatch } from './use-position-watch.ts';

export function PositionSharing({ b }: { b: BookingDto }) {
  const sharing = usePositionSharing(b.id);
  const [error, setError] = useState<string | null>(null);
  const explainId = useId();
  const on = b.sharingPosition;
  const active = on && b.canSharePosition;
  const watch = usePositionWatch(b.id, active);
  if (!b.canSharePosition) return null;

  async function toggle() {
    if (sharing.isPending) return;
    setError(null);
    try {
      await sharing.mutateAsync(!on);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'That did not work. Check your connection and try again.',
      );
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={explainId}
        onClick={toggle}
        className="flex min-h-11 items-center justify-between gap-3 rounded-lg text-left font-semibold text-slate-900"
        data-testid="share-position"
      >
        <span>{DAY_TEXT.shareLabel}</span>
        <span
          aria-hidden="true"
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors',
            on ? 'border-brand-600 bg-brand-600' : 'border-slate-500 bg-slate-200',
          )}
        >
          <span
            className={cn(
              'absolute h-5 w-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </span>
      </button>
      <p id={explainId} className="text-sm text-slate-700">
        {DAY_TEXT.shareExplain(b.customer.contact.name)}
      </p>
      {active && watch.lastSentAt && (
        <p className="text-sm text-slate-800" data-testid="position-sent">
          {DAY_TEXT.lastSent(clockTime(new Date(watch.lastSentAt)))}
        </p>
      )}
      <FormError message={error ?? watch.error} />
    </div>
  );
}
