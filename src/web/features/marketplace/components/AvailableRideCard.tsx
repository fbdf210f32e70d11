/**
 * A driver's card for an open trip request (/available-rides, and the driver's /dashboard): the trip, the
 * customer's first name and rating, the driver's own quote, the quote form (loaded when opened) and the
 * questions; a return trip with both legs listed is one card (PairRideCard, groupPairs).
 */
import { ArrowRight, Plane } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { UNMET_LABELS, unmetNeeds } from '../../../../shared/marketplace/can-serve.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import type { DriverOffers } from '../../../../shared/marketplace/needs.ts';
import { ratingCountText, ratingLabel } from '../../../../shared/marketplace/ratings-text.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type AvailableRide, useQuoteAction } from '../api.ts';
import { RideQuestionsDisclosure } from './RideQuestionsDisclosure.tsx';
import { NeedsLine, placeLabel, RideSummary, Stars, StatusBadge } from './RideSummary.tsx';

// The quote form (with zod's schemas) opens on a click: loaded then, not with the list (issue 17).
const LazyQuoteForm = lazy(() => import('./QuoteForm.tsx').then((m) => ({ default: m.QuoteForm })));

// A lapsing or lapsed quote's lines and its renew button (issue 31): loaded with the cards, not before
// them, so the dashboard's first download stays within its budget (scripts/js-budget.ts).
const renewModule = () => import('./RenewQuote.tsx');
const LazyLapsedQuote = lazy(() => renewModule().then((m) => ({ default: m.LapsedQuote })));
const LazyLapseLine = lazy(() => renewModule().then((m) => ({ default: m.LapseLine })));
const LazyRenewQuoteButton = lazy(() => renewModule().then((m) => ({ default: m.RenewQuoteButton })));

function LapsedQuote(props: Parameters<typeof LazyLapsedQuote>[0]) {
  return (
    <Suspense fallback={null}>
      <LazyLapsedQuote {...props} />
    </Suspense>
  );
}
function LapseLine(props: Parameters<typeof LazyLapseLine>[0]) {
  return (
    <Suspense fallback={null}>
      <LazyLapseLine {...props} />
    </Suspense>
  );
}
function RenewQuoteButton(props: Parameters<typeof LazyRenewQuoteButton>[0]) {
  return (
    <Suspense fallback={null}>
      <LazyRenewQuoteButton {...props} />
    </Suspense>
  );
}

function QuoteForm(props: Parameters<typeof LazyQuoteForm>[0]) {
  return (
    <Suspense fallback={<Loading text="Loading the quote form..." />}>
      <LazyQuoteForm {...props} />
    </Suspense>
  );
}

/** "Your vehicles do not offer: child seats, a pram." when the driver's offers do not cover the trip. */
function CannotServe({ ride, offers }: { ride: AvailableRide; offers?: DriverOffers }) {
  if (!offers || ride.canServe !== false) return null;
  const missing = unmetNeeds(ride.needs, offers).map((k) => UNMET_LABELS[k]);
  return (
    <p className="text-sm text-amber-900">
      Your vehicles do not offer {missing.join(', ') || 'what this trip needs'} (
      <Link to="/driver-profile" className="underline">
        update your profile
      </Link>
      ).
    </p>
  );
}

/** The driver's live quote on one request (or on both legs of a pair), with confirm and withdraw. */
function MyQuoteBlock({ ride, label }: { ride: AvailableRide; label?: string }) {
  const action = useQuoteAction();
  const [error, setError] = useState<string | null>(null);
  const q = ride.myQuote;
  if (!q) return null;
  const run = async (kind: 'confirm' | 'withdraw') => {
    setError(null);
    try {
      await action.mutateAsync({ id: q.id, action: kind });
      toast({ title: kind === 'confirm' ? 'Quote confirmed' : 'Quote withdrawn', variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {label ?? 'Your quote'}:{' '}
        {q.pairTotalCents ? (
          <strong>{formatAud(q.pairTotalCents)} for both legs</strong>
        ) : (
          <strong>{formatAud(q.priceCents)}</strong>
        )}{' '}
        <StatusBadge status={q.status} />
      </p>
      {q.status === 'needs_confirmation' && (
        <p className="text-sm text-amber-900">
          The customer changed this trip: confirm or change your quote.
        </p>
      )}
      <LapseLine quoteId={q.id} />
      <p className="flex flex-wrap gap-2">
        {q.status === 'needs_confirmation' && (
          <Button size="sm" onClick={() => run('confirm')} disabled={action.isPending}>
            Confirm my quote
          </Button>
        )}
        {q.status === 'pending' && <RenewQuoteButton quoteId={q.id} />}
        <Button size="sm" variant="ghost" onClick={() => run('withdraw')} disabled={action.isPending}>
          Withdraw my quote
        </Button>
      </p>
      <FormError message={error} />
    </div>
  );
}

function CustomerLine({ ride }: { ride: AvailableRide }) {
  return (
    <p className="text-sm text-slate-700">
      Customer: {ride.customer.firstName} ·{' '}
      {ride.customer.rating.average !== null && ride.customer.rating.count > 0 ? (
        <>
          <Stars value={ride.customer.rating.average} label={ratingLabel(ride.customer.rating)} /> ·{' '}
          {ratingCountText(ride.customer.rating.count)}
        </>
      ) : (
        ratingCountText(0)
      )}
    </p>
  );
}

/** A notification's link (/available-rides#ride-{id}, issue 31: renew, asked again) lands on the card. */
function useLandOnCard(rideId: string) {
  useEffect(() => {
    if (window.location.hash === `#ride-${rideId}`) {
      document.getElementById(`ride-${rideId}`)?.scrollIntoView({ block: 'start' });
    }
  }, [rideId]);
}

export function AvailableRideCard({ ride, offers }: { ride: AvailableRide; offers?: DriverOffers }) {
  const [quoting, setQuoting] = useState(false);
  useLandOnCard(ride.id);
  return (
    <Card id={`ride-${ride.id}`} className="flex scroll-mt-20 flex-col gap-3" data-testid="available-ride">
      <RideSummary ride={ride} />
      <CannotServe ride={ride} offers={offers} />
      <CustomerLine ride={ride} />
      <MyQuoteBlock ride={ride} />
      {!ride.myQuote && <LapsedQuote rideId={ride.id} />}
      {quoting ? (
        <QuoteForm
          rideId={ride.id}
          passengers={ride.passengers}
          route={{ pickup: ride.pickup, destination: ride.destination }}
          onDone={() => setQuoting(false)}
        />
      ) : (
        <Button
          size="sm"
          variant={ride.myQuote ? 'secondary' : 'primary'}
          className="self-start"
          onClick={() => setQuoting(true)}
        >
          {ride.myQuote ? 'Change my quote' : 'Quote for this trip'}
        </Button>
      )}
      <RideQuestionsDisclosure rideId={ride.id} />
    </Card>
  );
}

function Leg({ name, ride, anchor }: { name: string; ride: AvailableRide; anchor?: boolean }) {
  return (
    <div
      id={anchor ? `ride-${ride.id}` : undefined}
      className="flex flex-col gap-1 border-l-4 border-brand-200 pl-3"
      data-testid={`pair-leg-${name.toLowerCase()}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{name}</p>
      <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
        <span>{placeLabel(ride.pickup)}</span>
        <ArrowRight className="h-4 w-4" aria-label="to" />
        <span>{placeLabel(ride.destination)}</span>
      </p>
      <p className="flex flex-wrap items-center gap-x-3 text-slate-800">
        <span>{formatSydney(ride.pickupAt)}</span>
        {ride.flightNumber && (
          <span className="flex items-center gap-1">
            <Plane className="h-4 w-4" aria-hidden="true" /> Flight {ride.flightNumber}
          </span>
        )}
      </p>
    </div>
  );
}

/** Both legs of a return trip on one card: quote both for one price, or one leg. */
export function PairRideCard({
  outbound,
  back,
  offers,
}: {
  outbound: AvailableRide;
  back: AvailableRide;
  offers?: DriverOffers;
}) {
  const [quoting, setQuoting] = useState(false);
  const pairQuoted = Boolean(outbound.myQuote?.pairTotalCents);
  const anyQuote = Boolean(outbound.myQuote || back.myQuote);
  useLandOnCard(outbound.id);
  useLandOnCard(back.id);
  return (
    <Card
      id={`ride-${outbound.id}`}
      className="flex scroll-mt-20 flex-col gap-3 text-sm"
      data-testid="available-pair"
    >
      <h2 className="text-lg font-bold text-slate-900">Return trip: 2 legs</h2>
      <Leg name="Outbound" ride={outbound} />
      <Leg name="Return" ride={back} anchor />
      <p className="text-slate-800">
        {outbound.passengers} {outbound.passengers === 1 ? 'passenger' : 'passengers'} ·{' '}
        {outbound.luggageBags} {outbound.luggageBags === 1 ? 'bag' : 'bags'}
      </p>
      <NeedsLine ride={outbound} />
      <p className="text-slate-700">
        About {outbound.distanceKm.toFixed(1)} km each way · indicative price{' '}
        {formatAud(outbound.indicativePriceCents)} a leg
        {outbound.budgetCents !== null && <> · budget {formatAud(outbound.budgetCents)} a leg</>}
      </p>
      {outbound.notes && <p className="text-slate-700">Notes: {outbound.notes}</p>}
      <CannotServe ride={outbound} offers={offers} />
      <CustomerLine ride={outbound} />
      {pairQuoted ? (
        <MyQuoteBlock ride={outbound} label="Your quote" />
      ) : (
        <>
          <MyQuoteBlock ride={outbound} label="Your quote for the outbound leg" />
          <MyQuoteBlock ride={back} label="Your quote for the return leg" />
        </>
      )}
      {!outbound.myQuote && <LapsedQuote rideId={outbound.id} />}
      {!back.myQuote && <LapsedQuote rideId={back.id} />}
      {quoting ? (
        <QuoteForm
          rideId={outbound.id}
          passengers={Math.max(outbound.passengers, back.passengers)}
          onDone={() => setQuoting(false)}
          pair={{
            outboundId: outbound.id,
            returnId: back.id,
            outboundWhen: formatSydney(outbound.pickupAt),
            returnWhen: formatSydney(back.pickupAt),
          }}
        />
      ) : (
        <Button
          size="sm"
          variant={anyQuote ? 'secondary' : 'primary'}
          className="self-start"
          onClick={() => setQuoting(true)}
        >
          {anyQuote ? 'Change my quote' : 'Quote for this return trip'}
        </Button>
      )}
      {/* Issue 32: Ask, as on a single trip's card; each leg is its own request with its own questions. */}
      <RideQuestionsDisclosure rideId={outbound.id} leg="outbound" />
      <RideQuestionsDisclosure rideId={back.id} leg="return" />
    </Card>
  );
}

type Entry =
  | { kind: 'one'; ride: AvailableRide }
  | { kind: 'pair'; outbound: AvailableRide; back: AvailableRide };

/** A return trip whose two legs are both on the page becomes one entry, where its outbound leg is. */
export function groupPairs(items: AvailableRide[]): Entry[] {
  const byId = new Map(items.map((r) => [r.id, r]));
  const entries: Entry[] = [];
  for (const ride of items) {
    const other = ride.pair ? byId.get(ride.pair.otherLegRideId) : undefined;
    if (!other) entries.push({ kind: 'one', ride });
    else if (ride.pair?.leg === 'outbound') entries.push({ kind: 'pair', outbound: ride, back: other });
  }
  return entries;
}
