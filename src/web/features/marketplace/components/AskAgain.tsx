/**
 * Under a lapsed ("Expired") quote on the customer's trip page (issue 31): "Ask again" tells that driver,
 * once; afterwards it says so. Offered only while the trip is open and its pickup more than 2 hours away
 * (the API decides too, and its 409 is shown beside the button).
 */
import { useState } from 'react';
import type { QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { QUOTE_LIMITS } from '../../../../shared/marketplace/constants.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { isLapsed, useAskAgain } from '../quote-lapse-api.ts';

export function AskAgain({
  quote,
  ride,
  driverName,
}: {
  quote: QuoteDto;
  ride: RideDto;
  driverName: string;
}) {
  const ask = useAskAgain();
  const [error, setError] = useState<string | null>(null);
  if (!isLapsed(quote)) return null;
  if (quote.askedAgainAt) {
    return (
      <p className="text-base text-slate-800" data-testid="asked-again">
        You asked {driverName} to quote again on {formatSydney(quote.askedAgainAt)}.
      </p>
    );
  }
  const open =
    ride.status === 'open' &&
    new Date(ride.pickupAt).getTime() - QUOTE_LIMITS.closesBeforePickupHours * 3_600_000 > Date.now();
  if (!open) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={ask.isPending}
        onClick={async () => {
          setError(null);
          try {
            await ask.mutateAsync(quote.id);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
          }
        }}
      >
        {ask.isPending ? 'Asking...' : 'Ask again'}
      </Button>
      <FormError message={error} />
    </div>
  );
}
