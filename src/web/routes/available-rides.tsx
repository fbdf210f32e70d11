/**
 * /available-rides: open requests for drivers, filtered and paged, each with a quote form. A return trip
 * whose two legs are both listed shows as one card ("Return trip: 2 legs") that can be quoted for both legs
 * at one price or for one leg. "Only trips in my area that my vehicles can take" (on by default) hides trips needing what the
 * driver's vehicles do not offer (their profile's offers: child seats, wheelchair, pram...).
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { DriverProfileDto } from '../../shared/marketplace/api.ts';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Field } from '../components/ui/field.tsx';
import { FilterFold } from '../components/ui/filter-fold.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useAvailableRides, useDriverProfile } from '../features/marketplace/api.ts';
import {
  AvailableRideCard,
  groupPairs,
  PairRideCard,
} from '../features/marketplace/components/AvailableRideCard.tsx';
import { PlaceField, type PlaceValue } from '../features/marketplace/components/PlaceField.tsx';
import { useStanding } from '../features/verification/api.ts';
import { CannotQuoteCard } from '../features/verification/Checklist.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

/** What in the driver's profile keeps trips from them, in words (the empty board points at it). */
function profileGaps(p: DriverProfileDto | undefined): string[] {
  if (!p) return [];
  const gaps: string[] = [];
  if (!p.base) gaps.push('Your profile has no base: trips are matched to the area around it.');
  if (p.availability.days.length === 0) {
    gaps.push('Your profile has no working days: you are only told of trips on the days and hours you work.');
  }
  return gaps;
}

/** The filters set: dates, seats and pickup area given, and every trip shown rather than the driver's own. */
function setFilters(params: URLSearchParams): number {
  return (
    ['from', 'to', 'passengers', 'near'].filter((k) => params.get(k)).length +
    (params.get('serve') === 'all' ? 1 : 0)
  );
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
  // Not verified yet: the checklist is all there is to do, so the filters are not shown above it.
  const notVerified = rides.error instanceof ApiError && rides.error.code === 'driver_not_verified';

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
      {/* On phones the filters fold behind "Filter (n)" so the first trips come first (issue 32). */}
      {!notVerified && (
        <FilterFold count={setFilters(params)}>
          {(fold) => (
            <form
              id={fold.id}
              onSubmit={(e) => {
                applyFilters(e);
                fold.close();
              }}
              className={`${fold.className} grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2 lg:grid-cols-4`}
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
              <div className="flex flex-col justify-end gap-3 md:col-span-2">
                <label className="flex items-center gap-2 text-sm">
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
              </div>
            </form>
          )}
        </FilterFold>
      )}
      {rides.isPending ? (
        <SkeletonCards />
      ) : notVerified ? (
        standing.data ? (
          <CannotQuoteCard standing={standing.data} />
        ) : (
          <p role="alert">{rides.error?.message}</p>
        )
      ) : rides.error ? (
        <LoadError what="Requests" error={rides.error} onRetry={() => void rides.refetch()} />
      ) : rides.data.items.length === 0 ? (
        <EmptyState
          illustration="empty-board"
          title="No open requests match right now"
          headingLevel={2}
          action={
            <>
              {params.get('serve') !== 'all' && (
                <Button type="button" onClick={() => setParams(new URLSearchParams({ serve: 'all' }))}>
                  See every open trip
                </Button>
              )}
              <Button asChild variant="secondary">
                <Link to="/driver-profile">Edit your driver profile</Link>
              </Button>
            </>
          }
        >
          {params.get('serve') !== 'all' && (
            <p>
              Only trips in your service area that your vehicles can take are shown: untick "Only trips in my
              area that my vehicles can take" to see every trip.
            </p>
          )}
          {profileGaps(profile.data).map((gap) => (
            <p key={gap} className="font-semibold text-amber-900" data-testid="profile-gap">
              {gap}
            </p>
          ))}
          <p>
            New ones appear here, and you are notified when one matches your area, hours, seats and what your
            vehicles offer.
          </p>
        </EmptyState>
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
