/** One driver's quote as the customer compares it, with the fare statement to accept it. */
import { useState } from 'react';
import type { QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { fareStatement } from '../../../../shared/marketplace/booking.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { config } from '../../../app/config.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { PairQuoteNote } from './PairQuoteNote.tsx';
import { Stars, StatusBadge } from './RideSummary.tsx';

export function QuoteCard({
  quote,
  ride,
  onAccept,
  accepting,
  error,
}: {
  quote: QuoteDto;
  ride: RideDto;
  onAccept?: () => void;
  accepting?: boolean;
  error?: string | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const live = quote.status === 'pending' || quote.status === 'needs_confirmation';
  const acceptable =
    quote.status === 'pending' && quote.rideVersion === ride.version && ride.status === 'open';
  return (
    <Card className="flex flex-col gap-3" data-testid="quote-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-start gap-3">
          <Avatar src={quote.driver.avatarUrl} name={quote.driver.firstName} size="md" decorative />
          <div>
            <h3 className="text-lg font-bold">
              {quote.driver.companyName || `${quote.driver.firstName}'s shuttle`}
            </h3>
            <p className="text-sm text-slate-700">
              <Stars value={quote.driver.rating.average} /> · {quote.driver.rating.count} ratings ·{' '}
              {quote.driver.completedTrips} completed trips
            </p>
          </div>
        </div>
        <p className="text-2xl font-bold text-slate-900">{formatAud(quote.priceCents)}</p>
      </div>
      <PairQuoteNote quote={quote} ride={ride} />
      <p className="text-sm">{quote.message}</p>
      {quote.vehicle && <p className="text-sm text-slate-700">Vehicle: {quote.vehicle}</p>}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <StatusBadge status={quote.status} />
        {live && <span>Valid until {formatSydney(quote.validUntil)}</span>}
      </p>
      {quote.status === 'needs_confirmation' && (
        <p className="text-sm text-amber-900">
          You changed the trip: this driver must confirm the quote again.
        </p>
      )}
      {onAccept && acceptable && !confirming && (
        <Button className="self-start" onClick={() => setConfirming(true)}>
          Accept this quote
        </Button>
      )}
      {onAccept && acceptable && confirming && (
        <div className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-4">
          <h4 className="font-semibold">Fare statement</h4>
          <p className="text-sm" data-testid="fare-statement">
            {fareStatement({
              priceCents: quote.priceCents,
              pairTotalCents: quote.bundle?.totalCents,
              pickupLocality: ride.pickup.locality,
              destinationLocality: ride.destination.locality,
              pickupAt: ride.pickupAt,
              brandName: config.brandName,
            })}
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            I agree to this fare and book this driver.
          </label>
          <FormError message={error} />
          <p className="flex gap-2">
            <Button onClick={onAccept} disabled={!agreed || accepting}>
              {accepting ? 'Booking...' : 'Book at this price'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </p>
        </div>
      )}
    </Card>
  );
}
