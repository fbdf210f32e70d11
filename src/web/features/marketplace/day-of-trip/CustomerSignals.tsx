/**
 * The customer's two messages to the driver on the day (issue 30): "Running late" by 5 to 30 minutes, and
 * "I'm at the pickup". The driver sees them live; the confirmation and any refusal (one of a kind a
 * minute) are said here in words.
 */
import { useId, useState } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import type { CustomerSignalInput } from '../../../../shared/marketplace/trip-status.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCustomerSignal } from './api.ts';
import { clockTime } from './format.ts';

const LATE_MINUTES = [5, 10, 15, 20, 30] as const;

export function CustomerSignals({ b }: { b: BookingDto }) {
  const signal = useCustomerSignal(b.id);
  const [minutes, setMinutes] = useState<number>(10);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const selectId = useId();
  const headingId = useId();

  async function send(input: CustomerSignalInput, what: string) {
    if (signal.isPending) return;
    setError(null);
    setSent(null);
    try {
      await signal.mutateAsync(input);
      setSent(`Sent at ${clockTime(new Date())}: your driver sees "${what}".`);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'That did not work. Check your connection and try again.',
      );
    }
  }

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-bold">
        Tell your driver
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            How late?
          </label>
          <select
            id={selectId}
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            className="h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
          >
            {LATE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          aria-disabled={signal.isPending || undefined}
          onClick={() => send({ kind: 'running_late', minutes }, `Running late: ${minutes} minutes`)}
        >
          I'm running late
        </Button>
      </div>
      <Button
        variant="secondary"
        className="self-start"
        aria-disabled={signal.isPending || undefined}
        onClick={() => send({ kind: 'at_pickup' }, "I'm at the pickup")}
      >
        I'm at the pickup
      </Button>
      <FormError message={error} />
      {sent && (
        <p role="status" className="text-green-900" data-testid="signal-sent">
          {sent}
        </p>
      )}
    </div>
  );
}
