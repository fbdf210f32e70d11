/**
 * Booking seats or the whole vehicle on a run (issue 31 item 2): how many seats, the customer's own pickup
 * and drop-off (the place search of the trip form, within the run's radii, checked here with the API's own
 * words and again by the API), bags, and the price shown is the price booked. A guest is sent to sign in
 * and comes back to this run with everything they chose (kept in this tab's session storage).
 */
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { haversineKm } from '../../../shared/marketplace/geo.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { RUN_MESSAGES, type RunDto, runPriceCents } from '../../../shared/marketplace/runs.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { PlaceField, type PlaceValue } from '../marketplace/components/PlaceField.tsx';
import { useBookRun } from './api.ts';
import type { RunChoice } from './RunCard.tsx';

interface Draft {
  seats: number;
  wholeVehicle: boolean;
  pickup: PlaceValue;
  destination: PlaceValue;
  bags: string;
}

const EMPTY: PlaceValue = { locality: '', postcode: '', address: '' };
const storageKey = (runId: string) => `run-booking:${runId}`;

function loadDraft(runId: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(runId));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

export function BookRunForm({
  run,
  choice,
  onBooked,
}: {
  run: RunDto;
  choice: RunChoice;
  onBooked: (bookingId: string) => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const book = useBookRun(run.id);
  const [draft, setDraft] = useState<Draft>(
    () =>
      loadDraft(run.id) ?? {
        seats: choice.seats ?? 1,
        wholeVehicle: choice.wholeVehicle,
        pickup: EMPTY,
        destination: EMPTY,
        bags: '0',
      },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Everything chosen is kept for this tab, so signing in (or a reload) loses nothing.
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(run.id), JSON.stringify(draft));
    } catch {
      // Storage full or off: the form still works, it just is not kept.
    }
  }, [draft, run.id]);

  const price = runPriceCents(run, { wholeVehicle: draft.wholeVehicle, seats: draft.seats });
  const what = draft.wholeVehicle ? 'the vehicle' : `${draft.seats} seat${draft.seats === 1 ? '' : 's'}`;

  function check(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!draft.pickup.locality) e.pickup = RUN_MESSAGES.pickup;
    else if (
      draft.pickup.lat !== undefined &&
      draft.pickup.lng !== undefined &&
      haversineKm({ lat: draft.pickup.lat, lng: draft.pickup.lng }, { lat: run.fromLat, lng: run.fromLng }) >
        run.fromRadiusKm
    )
      e.pickup = RUN_MESSAGES.pickupOutside(run.fromName, run.fromRadiusKm);
    if (!draft.destination.locality) e.destination = RUN_MESSAGES.destination;
    else if (
      draft.destination.lat !== undefined &&
      draft.destination.lng !== undefined &&
      haversineKm(
        { lat: draft.destination.lat, lng: draft.destination.lng },
        { lat: run.toLat, lng: run.toLng },
      ) > run.toRadiusKm
    )
      e.destination = RUN_MESSAGES.destinationOutside(run.toName, run.toRadiusKm);
    const bags = Number(draft.bags);
    if (!Number.isInteger(bags) || bags < 0 || bags > run.bagsLeft) {
      e.bags =
        bags > run.bagsLeft ? `This run has room for ${run.bagsLeft} more bags.` : RUN_MESSAGES.bookBags;
    }
    return e;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!user) {
      navigate(`/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      return;
    }
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || price === null) return;
    try {
      const booking = await book.mutateAsync({
        ...(draft.wholeVehicle ? { wholeVehicle: true } : { seats: draft.seats }),
        pickup: draft.pickup,
        destination: draft.destination,
        bags: Number(draft.bags),
        priceCents: price,
      });
      sessionStorage.removeItem(storageKey(run.id));
      onBooked(booking.id);
    } catch (err) {
      if (err instanceof ApiError) {
        const byField: Record<string, string> = {};
        for (const issue of err.issues ?? []) byField[issue.path.split('.')[0] ?? ''] = issue.message;
        setErrors(byField);
        setFormError(err.message);
      } else setFormError('The booking could not be made. Please try again.');
    }
  }

  const customer = !user || user.role === 'customer' || user.role === 'admin';
  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Book {what} on this run
        </h2>
        {!draft.wholeVehicle && (
          <Field
            label="Seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={run.seatsLeft}
            value={draft.seats}
            onChange={(e) =>
              setDraft({ ...draft, seats: Math.max(1, Math.min(run.seatsLeft, Number(e.target.value) || 1)) })
            }
          />
        )}
        <PlaceField
          label="Your pickup"
          name="pickup"
          value={draft.pickup}
          onChange={(p) => setDraft({ ...draft, pickup: p })}
          error={errors.pickup}
        />
        <PlaceField
          label="Your drop-off"
          name="destination"
          value={draft.destination}
          onChange={(p) => setDraft({ ...draft, destination: p })}
          error={errors.destination}
        />
        <Field
          label="Bags"
          type="number"
          inputMode="numeric"
          min={0}
          max={run.bagsLeft}
          value={draft.bags}
          error={errors.bags}
          hint={`Room for ${run.bagsLeft} more on this run.`}
          onChange={(e) => setDraft({ ...draft, bags: e.target.value })}
        />
        <FormError message={formError} />
        {customer ? (
          <Button type="submit" disabled={book.isPending || price === null} className="self-start">
            {book.isPending
              ? 'Booking...'
              : user
                ? `Book ${what} for ${price === null ? '' : formatAud(price)}`
                : 'Sign in to book'}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">Seats are booked with a customer account.</p>
        )}
        {!user && (
          <p className="text-sm text-slate-700">
            You come back here after signing in, with what you chose. The price is{' '}
            {price === null ? '' : formatAud(price)}.
          </p>
        )}
      </form>
    </Card>
  );
}
