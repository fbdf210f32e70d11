/** /available-rides: open requests for drivers, filtered and paged, each with a quote form. */
import { type FormEvent, useState } from 'react';
import { formatAud } from '../../shared/marketplace/money.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { type AvailableRide, useAvailableRides, useQuoteAction } from '../features/marketplace/api.ts';
import { PlaceField, type PlaceValue } from '../features/marketplace/components/PlaceField.tsx';
import { QuoteForm } from '../features/marketplace/components/QuoteForm.tsx';
import { RideQuestionsDisclosure } from '../features/marketplace/components/RideQuestions.tsx';
import { RideSummary, Stars, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export function AvailableRideCard({ ride }: { ride: AvailableRide }) {
  const [quoting, setQuoting] = useState(false);
  const action = useQuoteAction();
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: 'confirm' | 'withdraw') => {
    if (!ride.myQuote) return;
    setError(null);
    try {
      await action.mutateAsync({ id: ride.myQuote.id, action: kind });
      toast({ title: kind === 'confirm' ? 'Quote confirmed' : 'Quote withdrawn', variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  };
  return (
    <Card className="flex flex-col gap-3" data-testid="available-ride">
      <RideSummary ride={ride} />
      <p className="text-sm text-slate-700">
        Customer: {ride.customer.firstName} · <Stars value={ride.customer.rating.average} /> (
        {ride.customer.rating.count})
      </p>
      {ride.myQuote ? (
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 text-sm">
            Your quote: <strong>{formatAud(ride.myQuote.priceCents)}</strong>{' '}
            <StatusBadge status={ride.myQuote.status} />
          </p>
          {ride.myQuote.status === 'needs_confirmation' && (
            <p className="text-sm text-amber-900">
              The customer changed this trip: confirm or change your quote.
            </p>
          )}
          <p className="flex flex-wrap gap-2">
            {ride.myQuote.status === 'needs_confirmation' && (
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
      ) : null}
      {quoting ? (
        <QuoteForm rideId={ride.id} onDone={() => setQuoting(false)} />
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

export default function AvailableRidesPage() {
  usePageMeta('Available Rides', 'Open trip requests you can quote for.');
  const [params, setParams] = useState(new URLSearchParams());
  const [near, setNear] = useState<PlaceValue>({ locality: '', postcode: '', address: '' });
  const rides = useAvailableRides(params);

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
    setParams(next);
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Available rides</h1>
      <form
        onSubmit={applyFilters}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2 lg:grid-cols-4"
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
        <div className="flex items-end gap-2">
          <Button type="submit">Filter</Button>
          <Button type="button" variant="ghost" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </Button>
        </div>
      </form>
      {rides.isPending ? (
        <Loading />
      ) : rides.error ? (
        <p role="alert">Requests could not be loaded: {rides.error.message}</p>
      ) : rides.data.items.length === 0 ? (
        <p>
          No open requests match. New ones appear here, and you are notified when one matches your hours and
          seats.
        </p>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {rides.data.items.map((r) => (
              <AvailableRideCard key={r.id} ride={r} />
            ))}
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
