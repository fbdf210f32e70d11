/**
 * /book-ride: post a trip; then /ride-confirmation shows what was posted. A guest may fill it too (issue
 * 31): the last step asks for name, e-mail and mobile, the trip waits as a draft, and the e-mail's link
 * puts it live. What is typed is kept in sessionStorage until the trip is posted.
 */

import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatLocalDate, formatLocalTime } from '../../shared/marketplace/booking.ts';
import { shortAud } from '../../shared/marketplace/fares.ts';
import { routeName } from '../../shared/marketplace/place-names.ts';
import { rideRequestSchema } from '../../shared/validation/marketplace.ts';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useCreateRide } from '../features/marketplace/api.ts';
import { GuestDetails, GuestSent } from '../features/marketplace/components/GuestDetails.tsx';
import {
  TripForm,
  type TripFormValues,
  toRequestBody,
} from '../features/marketplace/components/TripForm.tsx';
import {
  clearDrafts,
  readTripDraft,
  saveTripDraft,
} from '../features/marketplace/components/trip-draft-storage.ts';
import { FareGuide } from '../features/marketplace/fare-guide/FareGuide.tsx';
import { useBookInstant } from '../features/marketplace/instant-prices/api.ts';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

/** Issue 31: the fixed prices beside the fare guide, loaded once the form asks for them. */
const BookRidePrices = lazy(() => import('../features/marketplace/instant-prices/BookRidePrices.tsx'));
/** Issue 31: drivers' runs that fit the trip (seats at a fixed price), also loaded only when asked for. */
const RunMatches = lazy(() =>
  import('../features/runs/RunMatches.tsx').then((m) => ({ default: m.RunMatches })),
);

/** 'Nelson Bay 2315': how the runs search finds a chosen place; null until one is chosen. */
const placeName = (p: TripFormValues['pickup']) =>
  p.locality && p.postcode ? { name: `${p.locality} ${p.postcode}`, lat: p.lat, lng: p.lng } : null;

/** A chosen end, named by its named place while the address is still that place's name (issue 32). */
const chosen = (p: TripFormValues['pickup']) => ({
  locality: p.locality,
  name: p.name && p.address.startsWith(p.name) ? p.name : null,
});

/** The trip in one line, above the last step of a guest's post. */
function summaryOf(v: TripFormValues): string {
  const n = Number.parseInt(v.passengers, 10) || 1;
  const back = v.hasReturn ? `, back ${formatLocalDate(v.returnDate)} ${formatLocalTime(v.returnTime)}` : '';
  return `${routeName(chosen(v.pickup), chosen(v.destination), { words: true })}, ${formatLocalDate(v.date)} ${formatLocalTime(v.time)}, ${n} passenger${n === 1 ? '' : 's'}${back}.`;
}

export default function BookRidePage() {
  usePageMeta(
    'Book a Ride',
    'Post a trip: pickup, destination, date and time, passengers, luggage and budget.',
  );
  const navigate = useNavigate();
  const create = useCreateRide();
  const { user } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // A guest's steps: the trip, then who they are, then "check your e-mail".
  const [guestStep, setGuestStep] = useState<
    | { step: 'trip' }
    | { step: 'person'; body: ReturnType<typeof toRequestBody>; summary: string }
    | { step: 'sent'; email: string }
  >({ step: 'trip' });
  // The form as typed (for the instant prices), and the trip once posted by "Book now" (so a second
  // "Book now", at a changed price, books that trip rather than posting another).
  const [values, setValues] = useState<TripFormValues>(() => readTripDraft());
  const posted = useRef<string | null>(null);
  const bookInstant = useBookInstant();
  const keep = useCallback((v: TripFormValues) => {
    saveTripDraft(v);
    setValues(v);
  }, []);
  const guest = !user;

  /**
   * "Book now" on a fixed price: the form must be complete (its first problem is said otherwise). A
   * signed-in customer's trip is posted, then booked, then they see the booking; a guest gives their
   * details in the usual last step and books on the trip's page once the e-mail is confirmed.
   */
  async function bookNow(item: { fareId: string; driver: { businessName: string } }, priceCents: number) {
    const body = toRequestBody(values);
    const check = rideRequestSchema().safeParse(body);
    if (!check.success) {
      throw new Error(check.error.issues[0]?.message ?? 'Please complete the trip first.');
    }
    if (guest) {
      setGuestStep({
        step: 'person',
        body,
        summary: `${summaryOf(values)} You chose ${item.driver.businessName}'s price of ${shortAud(priceCents)}: once you confirm your e-mail, your trip's page shows it to book.`,
      });
      return;
    }
    if (!posted.current) {
      const res = await create.mutateAsync(body);
      posted.current = res.ride.id;
      clearDrafts();
    }
    const rideId = posted.current;
    try {
      const booking = await bookInstant.mutateAsync({ rideId, fareId: item.fareId, priceCents });
      navigate(`/booking/${booking.id}`);
    } catch (err) {
      // A new price is offered here; any other refusal: the trip is posted, so its page takes over.
      if (err instanceof ApiError && err.status === 409 && err.issues?.some((i) => i.path === 'priceCents')) {
        throw err;
      }
      toast({
        title: 'Trip posted',
        description: err instanceof Error ? err.message : 'Your trip was posted.',
        variant: 'success',
      });
      navigate(`/driver-matching/${rideId}`);
    }
  }
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <div className="flex max-w-4xl min-w-0 flex-col gap-6">
        <div>
          <h1 className="text-3xl font-bold">Book a ride</h1>
          <p className="mt-2 text-slate-700">
            Tell local shuttle businesses where and when you are going. They quote; you choose. Times are
            Sydney time.
          </p>
        </div>
        {user?.isTest && <p className="text-amber-900">A test session cannot post trips.</p>}
        {guest && guestStep.step === 'trip' && (
          <p className="text-slate-700">
            No account needed to start: fill in the trip, then give your name, e-mail and mobile in one step.
          </p>
        )}
        {guestStep.step === 'person' && (
          <GuestDetails
            trip={guestStep.body}
            summary={guestStep.summary}
            onBack={() => setGuestStep({ step: 'trip' })}
            onSent={(email) => {
              clearDrafts();
              setGuestStep({ step: 'sent', email });
            }}
          />
        )}
        {guestStep.step === 'sent' && <GuestSent email={guestStep.email} />}
        {guestStep.step === 'trip' && (
          <TripForm
            initial={readTripDraft()}
            mode="create"
            submitLabel={guest ? 'Continue' : 'Post my trip'}
            busyLabel="Posting..."
            serverError={error}
            onValuesChange={keep}
            guide={(trip) => (
              <>
                <FareGuide {...trip} audience="customer" />
                <Suspense fallback={null}>
                  <BookRidePrices
                    values={values}
                    onBook={bookNow}
                    askForQuotes={
                      guest
                        ? 'continue below: drivers quote once you post the trip.'
                        : 'post your trip below and matching drivers quote.'
                    }
                  />
                  <RunMatches
                    pickup={placeName(values.pickup)}
                    destination={placeName(values.destination)}
                    date={values.date || null}
                    passengers={Number.parseInt(values.passengers, 10) || 1}
                  />
                </Suspense>
              </>
            )}
            onSubmit={async (body, values) => {
              setError(null);
              if (guest) {
                setGuestStep({ step: 'person', body, summary: summaryOf(values) });
                return;
              }
              try {
                const res = await create.mutateAsync(body);
                clearDrafts();
                toast({
                  title: 'Trip posted',
                  description: 'Drivers who match your trip can now quote.',
                  variant: 'success',
                });
                navigate(`/ride-confirmation?ride=${res.ride.id}`);
              } catch (err) {
                setError(
                  err instanceof ApiError ? err.message : 'Your trip could not be posted. Please try again.',
                );
              }
            }}
          />
        )}
      </div>
      {/* Wide screens: what happens after posting, beside the form (issue 18). */}
      <aside
        aria-labelledby="after-posting"
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-card xl:sticky xl:top-[calc(var(--header-height,4rem)+1rem)]"
      >
        <img
          src="/illustrations/quotes-on-the-way.svg"
          alt=""
          width={160}
          height={112}
          className="h-24 w-auto self-center"
        />
        <h2 id="after-posting" className="text-lg font-bold">
          What happens next
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-800">
          <li>Registered local operators whose area, hours and vehicles fit your trip are told at once.</li>
          <li>Their quotes arrive on your trip's page, and we notify you of each one.</li>
          <li>You compare price, ratings and vehicle, and book one. Until then nothing is committed.</li>
        </ol>
        <p className="text-sm text-slate-700">
          Posting is free. You pay the driver directly, and never more than the fare you book.
        </p>
      </aside>
    </div>
  );
}
