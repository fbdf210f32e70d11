/**
 * Cancelling a booking asks first: a dialog (Radix: focus trapped inside, Escape closes, focus returns to
 * the button that opened it) states the cancellation policy and when this booking stops being free to
 * cancel, and asks for the reason the other side will read.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT, FREE_CANCELLATION_HOURS } from '../../../../shared/messages.ts';
import { cancelInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';

export function CancelBookingDialog({
  pickupAt,
  otherSide,
  onConfirm,
  onCancelled,
  onOpenChange: reportOpen,
}: {
  /** The trip's pickup instant (UTC ISO). */
  pickupAt: string;
  /** Who is told: 'the driver' or 'the customer'. */
  otherSide: string;
  onConfirm: (reason: string) => Promise<unknown>;
  /** After a successful cancel the opening button is gone: the page moves focus to the new status. */
  onCancelled: () => void;
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const freeUntil = new Date(new Date(pickupAt).getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
  // Read when the dialog opens (an event), never during a server render.
  const [late, setLate] = useState(false);

  function onOpenChange(next: boolean) {
    if (busy) return;
    if (next) {
      setLate(Date.now() >= freeUntil.getTime());
      setReason('');
      setFieldError(null);
      setError(null);
      done.current = false;
    }
    setOpen(next);
    reportOpen?.(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = cancelInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      reasonRef.current?.focus();
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await onConfirm(parsed.data.reason);
      done.current = true;
      setBusy(false);
      onCancelled();
      setOpen(false);
      reportOpen?.(false);
    } catch (err) {
      setBusy(false);
      setError(
        err instanceof ApiError ? err.message : 'The booking could not be cancelled. Please try again.',
      );
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="destructive" className="self-start">
          Cancel booking
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl"
          onOpenAutoFocus={(e) => {
            // Straight to the one thing to do here: the reason (the policy above is its description).
            e.preventDefault();
            reasonRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            // The page has moved focus to the booking's new status; the opening button is gone.
            if (done.current) e.preventDefault();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-brand-900">Cancel this booking?</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" disabled={busy}>
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-base">
              <p data-testid="cancel-policy">{BOOKING_STATE_TEXT.policy}</p>
              {late ? (
                <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950">
                  <strong>Pickup is less than {FREE_CANCELLATION_HOURS} hours away.</strong> This cancellation
                  will be recorded as late.
                </p>
              ) : (
                <p>
                  This booking is free to cancel until <strong>{formatSydney(freeUntil)}</strong> (Sydney
                  time).
                </p>
              )}
            </div>
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={reasonId} className="font-medium text-slate-800">
                Reason for cancelling
              </label>
              <p id={`${reasonId}-hint`} className="text-sm text-slate-700">
                {`We send it to ${otherSide} with the cancellation.`}
              </p>
              <textarea
                ref={reasonRef}
                id={reasonId}
                rows={3}
                maxLength={500}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={`${reasonId}-hint${fieldError ? ` ${reasonId}-error` : ''}`}
                className="rounded-md border border-slate-400 px-3 py-2 text-base"
              />
              {fieldError && (
                <p id={`${reasonId}-error`} className="text-sm text-red-700">
                  {fieldError}
                </p>
              )}
            </div>
            <FormError message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary" disabled={busy}>
                  Keep booking
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? 'Cancelling...' : 'Yes, cancel booking'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
