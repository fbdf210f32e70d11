/**
 * One driver's quote as the customer compares it (issue 18's order): the marks of the comparison ("Lowest
 * price", "Best rated") and a sun-coloured edge on a marked card; who (company, track record); the price,
 * large, on the brand wash with what it means; the trust details in readable type; the driver's message;
 * what the quote's state means in words; and one primary action, which opens the fare statement to book.
 */
import { Star, Tag } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { BookingDto, QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { fareStatement } from '../../../../shared/marketplace/booking.ts';
import { LIVE_QUOTE_STATUSES } from '../../../../shared/marketplace/constants.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { comparedCents, QUOTE_COVER_TEXT, quoteCover } from '../../../../shared/marketplace/quote-cover.ts';
import {
  completedTripsText,
  ratingCountText,
  ratingLabel,
} from '../../../../shared/marketplace/ratings-text.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { config } from '../../../app/config.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { DriverProfileLink, DriverTrustLines, VehicleLine } from '../../driver-card/DriverCard.tsx';
import { isLapsed } from '../quote-lapse-api.ts';
import { AskAgain } from './AskAgain.tsx';
import { PairQuoteNote } from './PairQuoteNote.tsx';

// Issue 32: the ask form (with the thread's module) loads with the quotes, not before them.
const AskDriverQuestion = lazy(() =>
  import('./AskDriverQuestion.tsx').then((m) => ({ default: m.AskDriverQuestion })),
);
const isLiveStatus = (q: QuoteDto) => (LIVE_QUOTE_STATUSES as readonly string[]).includes(q.status);

export interface QuoteMarks {
  lowestPrice: boolean;
  bestRated: boolean;
}

/** The quote's state in words, as its customer reads it. */
function stateText(quote: QuoteDto, cancelledBy: BookingDto['cancelledBy'] | undefined): string {
  // Past its validity it reads "Expired" even before the sweep marks it so (issue 31).
  if (isLapsed(quote)) return 'Expired';
  switch (quote.status) {
    case 'pending':
      return `Valid until ${formatSydney(quote.validUntil)}`;
    case 'needs_confirmation':
      return 'Waiting for the driver to confirm';
    case 'accepted':
      return 'Accepted: you booked this driver';
    case 'cancelled':
      return cancelledBy === 'customer'
        ? BOOKING_STATE_TEXT.cancelledByYou
        : cancelledBy === 'driver'
          ? BOOKING_STATE_TEXT.cancelledByDriver
          : cancelledBy === 'admin'
            ? BOOKING_STATE_TEXT.cancelledByAdmin
            : 'Booking cancelled';
    case 'declined':
      return 'Not chosen: you booked another driver';
    case 'withdrawn':
      return 'Withdrawn';
    case 'expired':
      return 'Expired';
    default:
      return quote.status;
  }
}

const STATE_STYLE: Record<string, string> = {
  pending: 'font-normal text-slate-800',
  needs_confirmation: 'font-semibold text-amber-900',
  accepted: 'font-semibold text-green-900',
  cancelled: 'font-semibold text-red-800',
};

function Mark({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sun-400 px-3 py-1 text-sm font-bold text-brand-950">
      {icon}
      {children}
    </span>
  );
}

export function QuoteCard({
  quote,
  ride,
  onAccept,
  accepting,
  error,
  marks,
  cancelledBy,
  headingLevel = 3,
}: {
  quote: QuoteDto;
  ride: RideDto;
  onAccept?: () => void;
  accepting?: boolean;
  error?: string | null;
  marks?: QuoteMarks;
  /** For a 'cancelled' quote: which side cancelled its booking. */
  cancelledBy?: BookingDto['cancelledBy'];
  headingLevel?: 3 | 4;
}) {
  const [confirming, setConfirming] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const acceptable =
    quote.status === 'pending' &&
    !isLapsed(quote) &&
    quote.rideVersion === ride.version &&
    ride.status === 'open';
  const d = quote.driver;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const SubHeading = headingLevel === 3 ? 'h4' : 'h5';
  const rated = d.rating.average !== null && d.rating.count > 0;
  const trips = completedTripsText(d.completedTrips);
  const marked = Boolean(marks?.lowestPrice || marks?.bestRated);
  const cover = quoteCover(quote, ride.pair?.leg ?? null);
  return (
    <Card
      className={cn('flex h-full flex-col gap-4 p-5!', marked && 'border-sun-400! ring-2 ring-sun-400')}
      data-testid="quote-card"
    >
      {marked && (
        <p className="flex flex-wrap gap-2" data-testid="quote-marks">
          {marks?.lowestPrice && (
            <Mark icon={<Tag className="h-4 w-4" aria-hidden="true" />}>Lowest price</Mark>
          )}
          {marks?.bestRated && <Mark icon={<Star className="h-4 w-4" aria-hidden="true" />}>Best rated</Mark>}
        </p>
      )}
      <div className="flex items-start gap-3">
        <Avatar src={d.avatarUrl} name={d.businessName} size="md" decorative />
        <div className="min-w-0 flex-1">
          <Heading className="text-lg font-bold leading-snug wrap-anywhere">
            {d.companyName || `${d.firstName}'s shuttle`}
          </Heading>
          <p className="text-base text-slate-800" data-testid="track-record">
            {rated ? (
              <span role="img" aria-label={ratingLabel(d.rating)} className="font-semibold text-slate-900">
                <span aria-hidden="true" className="text-amber-700">
                  ★
                </span>{' '}
                <span aria-hidden="true">
                  {d.rating.average!.toFixed(1)} · {ratingCountText(d.rating.count)}
                </span>
              </span>
            ) : (
              <span className="font-semibold text-slate-900">{ratingCountText(0)}</span>
            )}
            {trips && <> · {trips}</>}
          </p>
        </div>
      </div>
      <div className="rounded-lg bg-brand-50 px-4 py-3">
        {/* Issue 32: the price of what the quote covers (a pair quote's total for both legs), said in words
            on a return trip, so unlike prices are never read as alike (sort and marks compare the same). */}
        {cover !== 'trip' && (
          <p className="text-sm font-bold uppercase tracking-wide text-brand-800" data-testid="quote-cover">
            {QUOTE_COVER_TEXT[cover]}
          </p>
        )}
        <p className="text-3xl font-bold text-brand-950" data-testid="quote-price">
          {formatAud(comparedCents(quote))}
        </p>
        {(cover === 'outbound' || cover === 'return') && (
          <p className="text-sm font-medium text-slate-800" data-testid="quote-cover-note">
            The {cover === 'outbound' ? 'return' : 'outbound'} leg needs a quote of its own.
          </p>
        )}
        <p className="mt-1 text-sm text-slate-700">The most you pay. You pay the driver directly.</p>
      </div>
      <PairQuoteNote quote={quote} ride={ride} />
      <ul className="flex flex-col gap-2 text-base text-slate-800" data-testid="trust-details">
        <DriverTrustLines driver={d} />
        <VehicleLine vehicle={quote.vehicleCard} fallback={quote.vehicle} />
      </ul>
      {quote.message && (
        <p className="border-l-4 border-brand-200 pl-3 text-base text-slate-800 wrap-anywhere">
          “{quote.message}”
        </p>
      )}
      <DriverProfileLink driver={d} />
      <p
        className={`mt-auto text-base ${STATE_STYLE[quote.status] ?? 'font-semibold text-slate-800'}`}
        data-testid="quote-state"
      >
        {stateText(quote, cancelledBy)}
      </p>
      {quote.status === 'needs_confirmation' && (
        <p className="text-base text-amber-900">
          You changed the trip: this driver must confirm the quote again.
        </p>
      )}
      {onAccept && <AskAgain quote={quote} ride={ride} driverName={d.companyName || d.firstName} />}
      {onAccept && acceptable && !confirming && (
        <Button className="w-full" onClick={() => setConfirming(true)}>
          Accept this quote
        </Button>
      )}
      {onAccept && acceptable && confirming && (
        <div className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-4">
          <SubHeading className="font-semibold">Fare statement</SubHeading>
          <p className="text-sm" data-testid="fare-statement">
            {fareStatement({
              priceCents: quote.priceCents,
              pairTotalCents: quote.bundle?.totalCents,
              pickupLocality: ride.pickup.locality,
              destinationLocality: ride.destination.locality,
              pickupName: ride.pickup.name,
              destinationName: ride.destination.name,
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
      {/* Issue 32: ask this driver about their quote before booking (after
          the one primary action, Accept). */}
      {onAccept && ride.status === 'open' && isLiveStatus(quote) && !isLapsed(quote) && (
        <Suspense fallback={null}>
          <AskDriverQuestion rideId={ride.id} quoteId={quote.id} driverName={d.companyName || d.firstName} />
        </Suspense>
      )}
    </Card>
  );
}
