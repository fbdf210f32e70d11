/**
 * A return-pair quote on the customer's quote list (its card leads with "Both legs" and the total): what each leg costs, that accepting it
 * books both legs with this driver, and the other leg's fare statement word for word (this leg's is the
 * card's own). Renders nothing for a one-leg quote.
 */
import { Link } from 'react-router';
import type { QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { fareStatement } from '../../../../shared/marketplace/booking.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { config } from '../../../app/config.ts';
import { useRide } from '../api.ts';

export function PairQuoteNote({ quote }: { quote: QuoteDto; ride?: Pick<RideDto, 'id'> }) {
  const b = quote.bundle;
  const other = useRide(b?.otherLegRideId);
  if (!b) return null;
  const otherLeg = b.leg === 'outbound' ? 'return' : 'outbound';
  return (
    <div
      className="flex flex-col gap-1 rounded-lg border border-brand-300 bg-brand-50 p-3 text-sm text-brand-950"
      data-testid="pair-quote"
    >
      <p>
        One price for your return trip: {formatAud(quote.priceCents)} for this {b.leg} leg and{' '}
        {formatAud(b.otherLegPriceCents)} for the {otherLeg} leg. Accepting it books both legs with this
        driver.
      </p>
      {other.data && (
        <details>
          <summary className="cursor-pointer font-medium">The {otherLeg} leg's fare statement</summary>
          <p className="mt-1" data-testid="pair-other-statement">
            {fareStatement({
              priceCents: b.otherLegPriceCents,
              pairTotalCents: b.totalCents,
              pickupLocality: other.data.pickup.locality,
              destinationLocality: other.data.destination.locality,
              pickupName: other.data.pickup.name,
              destinationName: other.data.destination.name,
              pickupAt: other.data.pickupAt,
              brandName: config.brandName,
            })}
          </p>
        </details>
      )}
      <Link to={`/driver-matching/${b.otherLegRideId}`} className="self-start font-medium underline">
        See the {otherLeg} leg
      </Link>
    </div>
  );
}
