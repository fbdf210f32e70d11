/**
 * Cancelling a trip request (issue 32, item 6): a clear button on the trip's page opens a dialog that says
 * what will happen before anything does: how many live quotes will be withdrawn (their drivers are told "The
 * customer cancelled this request"), and for a return trip whether the other leg goes too (a choice, both
 * legs by default). The reason is asked for, as the drivers read it. Built on ConfirmDialog (Radix: focus
 * trapped, Escape closes, focus returns to the button).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { LIVE_QUOTE_STATUSES } from '../../../../shared/marketplace/constants.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { cancelInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/choice.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCancelRide, useRideQuotes } from '../api.ts';
import { isLapsed } from '../quote-lapse-api.ts';

type Scope = 'both' | 'this';

const isLive = (q: QuoteDto) => (LIVE_QUOTE_STATUSES as readonly string[]).includes(q.status) && !isLapsed(q);

/** Live offers among these quotes: a price for both legs of a return trip is one offer. */
export function liveOffers(quotes: readonly QuoteDto[]): { offers: number; bothLegs: number } {
  const keys = new Set<string>();
  const pairs = new Set<string>();
  for (const q of quotes.filter(isLive)) {
    keys.add(q.bundle?.id ?? q.id);
    if (q.bundle) pairs.add(q.bundle.id);
  }
  return { offers: keys.size, bothLegs: pairs.size };
}

/** "3 live quotes will be withdrawn and their drivers told." */
export function withdrawnText(offers: number): string {
  if (offers === 0) return 'No driver has a live quote on it, so no one needs to be told.';
  return offers === 1
    ? '1 live quote will be withdrawn and its driver told.'
    : `${offers} live quotes will be withdrawn and their drivers told.`;
}

export function CancelRequestDialog({ ride }: { ride: RideDto }) {
  const navigate = useNavigate();
  const cancel = useCancelRide(ride.id);
  // The other leg of a return trip, while it can still be cancelled with this one.
  const other = ride.pair && ride.pair.otherLegStatus === 'open' ? ride.pair : null;
  const [scope, setScope] = useState<Scope>('both');
  const [open, setOpen] = useState(false);
  // Read when the dialog opens: the numbers are as fresh as the page's quotes.
  const mine = useRideQuotes(open ? ride.id : undefined);
  const theirs = useRideQuotes(open && other ? other.otherLegRideId : undefined);
  const both = Boolean(other) && scope === 'both';
  const quotes = [...(mine.data ?? []), ...(both ? (theirs.data ?? []) : [])];
  const { offers, bothLegs } = liveOffers(quotes);
  const loading = mine.isPending || (both && theirs.isPending);
  const thisLeg = ride.pair?.leg === 'return' ? 'return' : 'outbound';
  const otherLeg = thisLeg === 'return' ? 'outbound' : 'return';
  const otherWhen = other?.otherLegPickupAt ? formatSydney(other.otherLegPickupAt) : null;

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" className="self-start">
          Cancel this request
        </Button>
      }
      title={other ? 'Cancel this return trip request?' : 'Cancel this request?'}
      descriptionClassName="flex flex-col gap-2 text-base"
      description={
        <>
          <p data-testid="cancel-request-quotes">
            {loading ? 'Counting the live quotes...' : withdrawnText(offers)}
            {!loading && !both && other && bothLegs > 0 && (
              <>
                {' '}
                {bothLegs === 1 ? 'One of them is' : `${bothLegs} of them are`} a price for both legs, so
                {bothLegs === 1 ? ' it goes' : ' they go'} on the {otherLeg} leg too.
              </>
            )}
          </p>
          {other && (
            <p data-testid="cancel-request-other-leg">
              {both
                ? `The ${otherLeg} leg${otherWhen ? ` (${otherWhen})` : ''} will be cancelled too.`
                : `The ${otherLeg} leg${otherWhen ? ` (${otherWhen})` : ''} stays open for quotes.`}
            </p>
          )}
          <p>A cancelled request cannot be reopened; you can post a new one.</p>
        </>
      }
      extra={
        other ? (
          <RadioGroup<Scope>
            legend="What to cancel"
            name={`cancel-scope-${ride.id}`}
            options={['both', 'this']}
            labels={{ both: 'Both legs', this: `Only the ${thisLeg} leg` }}
            value={scope}
            onChange={setScope}
          />
        ) : undefined
      }
      reason={{
        label: 'Reason for cancelling',
        hint: 'We send it to the drivers who quoted.',
        maxLength: 500,
        required: true,
        schema: cancelInputSchema,
      }}
      backLabel="Keep request"
      confirmLabel={both ? 'Yes, cancel both legs' : 'Yes, cancel request'}
      busyLabel="Cancelling..."
      failure="The request could not be cancelled. Please try again."
      variant="destructive"
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setScope('both');
      }}
      onConfirm={(reason) => cancel.mutateAsync({ reason, bothLegs: both })}
      onDone={() => {
        toast({
          title: both ? 'Both legs cancelled' : 'Request cancelled',
          description: offers > 0 ? 'The drivers who quoted have been told.' : undefined,
          variant: 'success',
        });
        navigate('/dashboard');
      }}
    />
  );
}
