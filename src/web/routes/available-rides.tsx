/**
 * /available-rides: open requests for drivers, filtered and paged, each with a quote form. A return trip
 * whose two legs are both listed shows as one card ("Return trip: 2 legs") that can be quoted for both legs
 * at one price or for one leg. "Only trips in my area that my vehicles can take" (on by default) hides trips needing what the
 * driver's vehicles do not offer (their profile's offers: child seats, wheelchair, pram...).
 */
import { ArrowRight, Plane } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { formatAud } from '../../shared/marketplace/money.ts';
import { type DriverOffers, UNMET_LABELS, unmetNeeds } from '../../shared/marketplace/needs.ts';
import { ratingCountText, ratingLabel } from '../../shared/marketplace/ratings-text.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import {
  type AvailableRide,
  useAvailableRides,
  useDriverProfile,
  useQuoteAction,
} from '../features/marketplace/api.ts';
import { PlaceField, type PlaceValue } from '../features/marketplace/components/PlaceField.tsx';
import { QuoteForm } from '../features/marketplace/components/QuoteForm.tsx';
import { RideQuestionsDisclosure } from '../features/marketplace/components/RideQuestions.tsx';
import {
  NeedsLine,
  placeLabel,
  RideSummary,
  Stars,
  StatusBadge,
} from '../features/marketplace/components/RideSummary.tsx';
import { useStanding } from '../features/verification/api.ts';
import { CannotQuoteCard } from '../features/verification/Checklist.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

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
      <p className="flex flex-wrap gap-2">
        {q.status === 'needs_confirmation' && (
          <Button size="sm" onClick={() => run('confirm')} disabled={action.isPending}>
            Confirm my quote
          </Button>
        )}
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

export function AvailableRideCard({ ride, offers }: { ride: AvailableRide; offers?: DriverOffers }) {
  const [quoting, setQuoting] = useState(false);
  return (
    <Card className="flex flex-col gap-3" data-testid="available-ride">
      <RideSummary ride={ride} />
      <CannotServe ride={ride} offers={offers} />
      <CustomerLine ride={ride} />
      <MyQuoteBlock ride={ride} />
      {quoting ? (
        <QuoteForm rideId={ride.id} passengers={ride.passengers} onDone={() => setQuoting(false)} />
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

function Leg({ name, ride }: { name: string; ride: AvailableRide }) {
  return (
    <div
      className="flex flex-col gap-1 border-l-4 border-blue-200 pl-3"
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
  return (
    <Card className="flex flex-col gap-3 text-sm" data-testid="available-pair">
      <h2 className="text-lg font-bold text-slate-900">Return trip: 2 legs</h2>
      <Leg name="Outbound" ride={outbound} />
      <Leg name="Return" ride={back} />
      <p className="text-slate-800">
        {outbound.passengers} {outbound.passengers === 1 ? 'passenger' : 'passengers'} ·{' '}
        {outbound.luggageBags} {outbound.luggageBags === 1 ? 'bag' : 'bags'}
      </p>
      <NeedsLine ride={outbound} />
      <p className="text-slate-700">
        About {outbound.distanceKm.toFixed(1)} km each way · indicative price{' '}
        {formatAud(outbound.indicativePriceCents)} a leg · budget {formatAud(outbound.budgetCents)} a leg
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

export default function AvailableRidesPage() {
  usePageMeta('Available Rides', 'Open trip requests you can quote for.');
  // "Only trips in my area that my vehicles can take" is on until the driver turns it off.
  const defaults = () => new URLSearchParams({ serve: 'mine' });
  const [params, setParams] = useState(defaults);
  const [near, setNear] = useState<PlaceValue>({ locality: '', postcode: '', address: '' });
  const rides = useAvailableRides(params);
  const { user } = useAuth();
  const profile = useDriverProfile(user?.userType === 'driver' && !user.isTest);
  const standing = useStanding(user?.userType === 'driver' && !user.isTest);
  const offers = profile.data?.offers;

  function applyFilters(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['from', 'to', 'passengers', 'radiusKm']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    if (near.locality) next.set('near', `${near.locality}|${near.postcode}`);
    else next.delete('radiusKm');
    // The API shows only the driver's own kind of trips unless asked for all of them.
    next.set('serve', form.get('serve') === 'mine' ? 'mine' : 'all');
    setParams(next);
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Available rides</h1>
      <form
        onSubmit={applyFilters}
        className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2 lg:grid-cols-4"
      >
        <Field label="From date" name="from" type="date" />
        <Field label="To date" name="to" type="date" />
        <Field
          label="Seats (passengers up to)"
          name="passengers"
          type="number"
          min={1}
          max={50}
          inputMode="numeric"
        />
        <Field
          label="Radius (km)"
          name="radiusKm"
          type="number"
          min={1}
          max={500}
          defaultValue={25}
          inputMode="numeric"
        />
        <div className="md:col-span-2">
          <PlaceField label="Pickup area" name="near" value={near} onChange={setNear} />
        </div>
        <label className="flex items-center gap-2 self-end pb-3 text-sm">
          <input
            type="checkbox"
            name="serve"
            value="mine"
            className="h-4 w-4"
            defaultChecked={params.get('serve') !== 'all'}
            key={params.get('serve') ?? 'all'}
          />
          Only trips in my area that my vehicles can take
        </label>
        <div className="flex items-end gap-2">
          <Button type="submit">Filter</Button>
          <Button type="button" variant="ghost" onClick={() => setParams(defaults())}>
            Clear
          </Button>
        </div>
      </form>
      {rides.isPending ? (
        <Loading />
      ) : rides.error instanceof ApiError && rides.error.code === 'driver_not_verified' ? (
        standing.data ? (
          <CannotQuoteCard standing={standing.data} />
        ) : (
          <p role="alert">{rides.error.message}</p>
        )
      ) : rides.error ? (
        <p role="alert">Requests could not be loaded: {rides.error.message}</p>
      ) : rides.data.items.length === 0 ? (
        <p>
          No open requests match.
          {params.get('serve') !== 'all' &&
            ' Only trips in your service area that your vehicles can take are shown: untick "Only trips in my area that my vehicles can take" to see every trip.'}{' '}
          New ones appear here, and you are notified when one matches your area, hours, seats and what your
          vehicles offer.
        </p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {groupPairs(rides.data.items).map((e) =>
              e.kind === 'pair' ? (
                <PairRideCard key={e.outbound.id} outbound={e.outbound} back={e.back} offers={offers} />
              ) : (
                <AvailableRideCard key={e.ride.id} ride={e.ride} offers={offers} />
              ),
            )}
          </div>
          {params.has('cursor') && (
            <Button
              variant="ghost"
              className="self-center"
              onClick={() => {
                const first = new URLSearchParams(params);
                first.delete('cursor');
                setParams(first);
              }}
            >
              Back to the first page
            </Button>
          )}
          {rides.data.nextCursor && (
            <Button
              variant="secondary"
              className="self-center"
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('cursor', rides.data.nextCursor ?? '');
                setParams(next);
              }}
            >
              Next page
            </Button>
          )}
        </>
      )}
    </div>
  );
}
