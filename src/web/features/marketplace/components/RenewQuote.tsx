/**
 * The driver's one-tap "Renew quote" on their available-rides card (issue 31): the same price, valid until
 * 2 hours before pickup. For a live quote beside its other actions; for a lapsed one (not in the card's
 * `myQuote`, which holds live quotes only) found among the driver's own quotes, saying it expired and
 * whether the customer asked again.
 */
import { useState } from 'react';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMyQuotes } from '../api.ts';
import { isLapsed, useRenewQuote } from '../quote-lapse-api.ts';

export function RenewQuoteButton({ quoteId }: { quoteId: string }) {
  const renew = useRenewQuote();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={renew.isPending}
        onClick={async () => {
          setError(null);
          try {
            await renew.mutateAsync(quoteId);
            toast({
              title: 'Quote renewed',
              description: 'Valid until 2 hours before pickup.',
              variant: 'success',
            });
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
          }
        }}
      >
        {renew.isPending ? 'Renewing...' : 'Renew quote'}
      </Button>
      <FormError message={error} />
    </>
  );
}

/** The driver's lapsed quote on this trip, when they have no live one on it: "Expired", and renew it. */
export function LapsedQuote({ rideId }: { rideId: string }) {
  const mine = useMyQuotes();
  const lapsed = mine.data?.find((q) => q.rideId === rideId && q.status === 'expired');
  if (!lapsed) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="lapsed-quote">
      <p className="text-sm">
        Your quote: <strong>{formatAud(lapsed.priceCents)}</strong> ·{' '}
        <span className="font-semibold">Expired</span>
      </p>
      {lapsed.askedAgainAt && (
        <p className="text-sm text-amber-900">The customer asked you to quote again.</p>
      )}
      <p className="flex flex-wrap gap-2">
        <RenewQuoteButton quoteId={lapsed.id} />
      </p>
    </div>
  );
}

/** Under the driver's live quote: whether it has lapsed (before the sweep marks it) or when it lapses. */
export function LapseLine({ quoteId }: { quoteId: string }) {
  const mine = useMyQuotes();
  const q = mine.data?.find((x) => x.id === quoteId);
  if (q?.status !== 'pending') return null;
  return (
    <p className="text-sm text-slate-800" data-testid="quote-validity">
      {isLapsed(q) ? (
        <span className="font-semibold text-amber-900">Expired: renew it so the customer can book it.</span>
      ) : (
        <>Valid until {formatSydney(q.validUntil)}.</>
      )}
      {q.askedAgainAt && <> The customer asked you to quote again.</>}
    </p>
  );
}
