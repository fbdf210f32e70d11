/**
 * Cancelling a booking asks first: a dialog (Radix: focus trapped inside, Escape closes, focus returns to
 * the button that opened it) states the cancellation policy and when this booking stops being free to
 * cancel, and asks for the reason the other side will read. Built on ConfirmDialog.
 */
import { useState } from 'react';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT, FREE_CANCELLATION_HOURS } from '../../../../shared/messages.ts';
import { cancelInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

export function CancelBookingDialog({
  pickupAt,
  otherSide,
  onConfirm,
  onCancelled,
  onOpenChange,
  leg,
}: {
  /** One leg of a return pair booked together (issue 32): only this leg is cancelled; the other stays. */
  leg?: { name: 'outbound' | 'return'; otherPickupAt: string; otherConfirmed: boolean };
  /** The trip's pickup instant (UTC ISO). */
  pickupAt: string;
  /** Who is told: 'the driver' or 'the customer'. */
  otherSide: string;
  onConfirm: (reason: string) => Promise<unknown>;
  /** After a successful cancel the opening button is gone: the page moves focus to the new status. */
  onCancelled: () => void;
  onOpenChange?: (open: boolean) => void;
}) {
  const freeUntil = new Date(new Date(pickupAt).getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
  // Read when the dialog opens (an event), never during a server render.
  const [late, setLate] = useState(false);

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" className="self-start">
          {leg ? `Cancel the ${leg.name} leg` : 'Cancel booking'}
        </Button>
      }
      title={leg ? `Cancel the ${leg.name} leg?` : 'Cancel this booking?'}
      descriptionClassName="flex flex-col gap-2 text-base"
      description={
        <>
          {leg && (
            <p data-testid="cancel-leg-only">
              Only the {leg.name} leg is cancelled.
              {leg.otherConfirmed &&
                ` The ${leg.name === 'outbound' ? 'return' : 'outbound'} leg on ${formatSydney(leg.otherPickupAt)} (Sydney time) stays booked.`}
            </p>
          )}
          <p data-testid="cancel-policy">{BOOKING_STATE_TEXT.policy}</p>
          {late ? (
            <p className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950">
              <strong>Pickup is less than {FREE_CANCELLATION_HOURS} hours away.</strong> This cancellation
              will be recorded as late.
            </p>
          ) : (
            <p>
              This booking is free to cancel until <strong>{formatSydney(freeUntil)}</strong> (Sydney time).
            </p>
          )}
        </>
      }
      reason={{
        label: 'Reason for cancelling',
        hint: `We send it to ${otherSide} with the cancellation.`,
        maxLength: 500,
        required: true,
        schema: cancelInputSchema,
      }}
      backLabel="Keep booking"
      confirmLabel={leg ? `Yes, cancel the ${leg.name} leg` : 'Yes, cancel booking'}
      busyLabel="Cancelling..."
      failure="The booking could not be cancelled. Please try again."
      variant="destructive"
      onConfirm={onConfirm}
      onDone={onCancelled}
      onOpenChange={(open) => {
        if (open) setLate(Date.now() >= freeUntil.getTime());
        onOpenChange?.(open);
      }}
    />
  );
}
