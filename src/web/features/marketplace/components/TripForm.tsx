/**
 * The trip form for /book-ride and /edit-ride: places with autocomplete, Sydney date and time, passengers,
 * luggage, what the trip needs (child seats, wheelchair, pram, boards, bikes, pets), budget, notes, flight
 * number and (when posting) a return leg with its own date, time and flight. The estimated distance and the
 * indicative price update as it is filled. The same zod schema checks it here and in the API.
 *
 * Issue 31: the form is as short as the trip allows. The budget is optional; what the trip needs sits
 * behind "Add needs" and the return leg behind "Add a return trip", each opened by itself when it holds a
 * value (an edit, a restored draft) or an error.
 *
 * Validation follows react-hook-form's mode 'onSubmit' with reValidateMode 'onChange': nothing is flagged
 * before the first submit; after it, every change validates again, so an error disappears as soon as its
 * field is fixed; a submit with errors moves focus to the first one. The chosen date is spelled out below
 * each native date input in en-AU ('Fri 27 Nov 2026') and the time as '9:30 am', whatever the browser's
 * own locale shows inside the control.
 */
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { formatLocalDate, formatLocalTime } from '../../../../shared/marketplace/booking.ts';
import { LARGE_ITEMS_ON_FORM } from '../../../../shared/marketplace/constants.ts';
import { flightHint } from '../../../../shared/marketplace/flight-hint.ts';
import { estimateRoadKm } from '../../../../shared/marketplace/geo.ts';
import { formatAud, indicativePriceCents } from '../../../../shared/marketplace/money.ts';
import {
  NO_NEEDS,
  type RideNeeds,
  WHEELCHAIR_NEED_LABELS,
  WHEELCHAIR_NEEDS,
} from '../../../../shared/marketplace/needs.ts';
import { placeWithSuburb } from '../../../../shared/marketplace/place-names.ts';
import { rideEditSchema, rideRequestSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, RadioGroup } from '../../../components/ui/choice.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { PlaceField, type PlaceValue } from './PlaceField.tsx';

type NeedsForm = Omit<RideNeeds, 'infantSeats' | 'childSeats' | 'boosterSeats' | 'surfboards' | 'bikes'> & {
  infantSeats: string;
  childSeats: string;
  boosterSeats: string;
  surfboards: string;
  bikes: string;
};

export interface TripFormValues {
  pickup: PlaceValue;
  destination: PlaceValue;
  date: string;
  time: string;
  passengers: string;
  luggageBags: string;
  largeItems: string[];
  needs: NeedsForm;
  budget: string;
  notes: string;
  flightNumber: string;
  hasReturn: boolean;
  returnDate: string;
  returnTime: string;
  returnFlightNumber: string;
}

export function needsToForm(n: RideNeeds): NeedsForm {
  return {
    ...n,
    infantSeats: String(n.infantSeats),
    childSeats: String(n.childSeats),
    boosterSeats: String(n.boosterSeats),
    surfboards: String(n.surfboards),
    bikes: String(n.bikes),
  };
}

export const emptyTrip: TripFormValues = {
  pickup: { locality: '', postcode: '', address: '' },
  destination: { locality: '', postcode: '', address: '' },
  date: '',
  time: '',
  passengers: '1',
  luggageBags: '0',
  largeItems: [],
  needs: needsToForm(NO_NEEDS),
  budget: '',
  notes: '',
  flightNumber: '',
  hasReturn: false,
  returnDate: '',
  returnTime: '',
  returnFlightNumber: '',
};

export function toRequestBody(v: TripFormValues) {
  const place = (p: PlaceValue) => ({ locality: p.locality, postcode: p.postcode, address: p.address });
  return {
    pickup: place(v.pickup),
    destination: place(v.destination),
    date: v.date,
    time: v.time,
    passengers: v.passengers,
    luggageBags: v.luggageBags,
    largeItems: v.largeItems,
    needs: v.needs,
    budget: v.budget,
    notes: v.notes,
    flightNumber: v.flightNumber,
    returnTrip: v.hasReturn
      ? { date: v.returnDate, time: v.returnTime, flightNumber: v.returnFlightNumber }
      : null,
  };
}

type Errors = Partial<Record<string, string>>;

/** Whether anything in the folded "needs" section differs from none: then it shows without being asked. */
export function hasNeeds(v: TripFormValues): boolean {
  const n = v.needs;
  const counted = [n.infantSeats, n.childSeats, n.boosterSeats, n.surfboards, n.bikes].some(
    (x) => x.trim() !== '' && x.trim() !== '0',
  );
  return counted || n.wheelchair !== NO_NEEDS.wheelchair || n.pram || n.pets || v.largeItems.length > 0;
}

/** Where the trip goes, for whatever shows beside the form once both places are chosen (the fare guide). */
export interface TripSoFar {
  pickup: { lat: number; lng: number } | null;
  destination: { lat: number; lng: number } | null;
  passengers: number;
}

/** Error keys: a place by its name ('pickup'), everything else by its full path ('needs.bikes'). */
function errorsOf(v: TripFormValues, mode: 'create' | 'edit'): Errors {
  const body = toRequestBody(v);
  const schema = mode === 'create' ? rideRequestSchema() : rideEditSchema();
  const parsed = schema.safeParse(mode === 'create' ? body : { ...body, returnTrip: undefined });
  if (parsed.success) return {};
  const next: Errors = {};
  for (const issue of parsed.error.issues) {
    const [first] = issue.path;
    const key = first === 'pickup' || first === 'destination' ? first : issue.path.join('.');
    next[key] ??= issue.message;
  }
  return next;
}

/** "Newcastle Airport (NTL), Williamtown": the suburb said once (place-names.ts). */
const whereLabel = (p: PlaceValue, fallback: string) => (p.locality ? placeWithSuburb(p) : fallback);

const dateHint = (date: string) => formatLocalDate(date) || 'Shown here as day month year once chosen.';

export function TripForm({
  initial,
  mode,
  submitLabel,
  busyLabel,
  serverError,
  onSubmit,
  onValuesChange,
  guide,
}: {
  initial: TripFormValues;
  mode: 'create' | 'edit';
  submitLabel: string;
  busyLabel: string;
  serverError?: string | null;
  onSubmit: (body: ReturnType<typeof toRequestBody>, values: TripFormValues) => Promise<void>;
  /** Every change (book-ride keeps the typed trip in sessionStorage, so a reload loses nothing). */
  onValuesChange?: (v: TripFormValues) => void;
  /** Shown under the estimate as the trip takes shape (book-ride: the fare guide). */
  guide?: (trip: TripSoFar) => ReactNode;
}) {
  const [v, setV] = useState<TripFormValues>(initial);
  const [needsOpen, setNeedsOpen] = useState(() => hasNeeds(initial));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof TripFormValues>(k: K, value: TripFormValues[K]) =>
    setV((old) => ({ ...old, [k]: value }));
  const setNeed = <K extends keyof NeedsForm>(k: K, value: NeedsForm[K]) =>
    setV((old) => ({ ...old, needs: { ...old.needs, [k]: value } }));

  // After the first submit, every change validates again: a fixed field loses its error at once.
  const errors = useMemo<Errors>(() => (submitted ? errorsOf(v, mode) : {}), [submitted, v, mode]);
  // A need with an error shows, so focus can reach it.
  const showNeeds = needsOpen || Object.keys(errors).some((k) => k.startsWith('needs.'));

  useEffect(() => {
    onValuesChange?.(v);
  }, [v, onValuesChange]);

  useEffect(() => {
    if (!focusFirstError) return;
    // The first invalid control in the order the form shows them.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  const estimate = useMemo(() => {
    const a = v.pickup;
    const b = v.destination;
    if (a.lat === undefined || a.lng === undefined || b.lat === undefined || b.lng === undefined) return null;
    const km = estimateRoadKm({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng });
    return { km, price: indicativePriceCents(km) };
  }, [v.pickup, v.destination]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(v, mode)).length > 0) {
      setFocusFirstError((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(toRequestBody(v), v);
    } finally {
      setBusy(false);
    }
  }

  const count = (
    key: 'infantSeats' | 'childSeats' | 'boosterSeats' | 'surfboards' | 'bikes',
    label: string,
  ) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      max={key === 'surfboards' || key === 'bikes' ? 10 : 8}
      value={v.needs[key]}
      onChange={(e) => setNeed(key, e.target.value)}
      error={errors[`needs.${key}`]}
    />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <PlaceField
          label="Pickup"
          name="pickup"
          value={v.pickup}
          onChange={(p) => set('pickup', p)}
          error={errors.pickup}
        />
        <PlaceField
          label="Destination"
          name="destination"
          value={v.destination}
          onChange={(p) => set('destination', p)}
          error={errors.destination}
        />
      </div>
      <p
        aria-live="polite"
        className="rounded-md bg-brand-50 p-3 text-sm text-brand-950"
        data-testid="estimate"
      >
        {estimate
          ? `Estimated distance about ${estimate.km.toFixed(1)} km · indicative price ${formatAud(estimate.price)} (at $1.50 per km)`
          : 'Choose both suburbs to see the estimated distance and the indicative price.'}
      </p>
      {guide?.({
        pickup:
          v.pickup.lat !== undefined && v.pickup.lng !== undefined
            ? { lat: v.pickup.lat, lng: v.pickup.lng }
            : null,
        destination:
          v.destination.lat !== undefined && v.destination.lng !== undefined
            ? { lat: v.destination.lat, lng: v.destination.lng }
            : null,
        passengers: Math.max(1, Number.parseInt(v.passengers, 10) || 1),
      })}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Pickup date"
          type="date"
          value={v.date}
          onChange={(e) => set('date', e.target.value)}
          error={errors.date}
          hint={dateHint(v.date)}
          required
        />
        <Field
          label="Pickup time (Sydney time)"
          type="time"
          value={v.time}
          onChange={(e) => set('time', e.target.value)}
          error={errors.time}
          hint={formatLocalTime(v.time) || undefined}
          required
        />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field
          label="Passengers"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={v.passengers}
          onChange={(e) => set('passengers', e.target.value)}
          error={errors.passengers}
          required
        />
        <Field
          label="Bags"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={v.luggageBags}
          onChange={(e) => set('luggageBags', e.target.value)}
          error={errors.luggageBags}
        />
        <div className="col-span-2 sm:col-span-1">
          <Field
            label="Budget (AUD)"
            type="number"
            inputMode="decimal"
            min={1}
            step="0.01"
            value={v.budget}
            onChange={(e) => set('budget', e.target.value)}
            error={errors.budget}
            hint="Optional: drivers quote either way."
          />
        </div>
      </div>
      <div>
        <button
          type="button"
          aria-expanded={showNeeds}
          aria-controls="trip-needs"
          onClick={() => setNeedsOpen((open) => !open)}
          className="min-h-11 rounded-md text-left font-medium text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {showNeeds ? 'Hide needs' : 'Add needs: child seats, wheelchair, luggage extras'}
        </button>
      </div>
      <fieldset
        id="trip-needs"
        hidden={!showNeeds}
        className="flex flex-col gap-4 rounded-lg border border-slate-200 p-3"
        data-testid="needs"
      >
        <legend className="px-1 text-sm font-semibold text-slate-800">Travelling with</legend>
        <div>
          <p className="text-sm font-medium text-slate-800">Child seats (one per child)</p>
          <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
            {count('infantSeats', 'Infant capsules (to 6 months)')}
            {count('childSeats', 'Child seats (6 months to 4 years)')}
            {count('boosterSeats', 'Booster seats (4 to 8 years)')}
          </div>
        </div>
        <RadioGroup
          legend="Wheelchair"
          legendClassName="text-slate-800"
          name="wheelchair"
          options={WHEELCHAIR_NEEDS}
          labels={WHEELCHAIR_NEED_LABELS}
          value={v.needs.wheelchair}
          onChange={(w) => setNeed('wheelchair', w)}
        />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {count('surfboards', 'Surfboards')}
          {count('bikes', 'Bikes')}
          <Checkbox
            label="Pram or stroller"
            className="self-end pb-3"
            checked={v.needs.pram}
            onCheckedChange={(on) => setNeed('pram', on)}
          />
          <Checkbox
            label="Pet"
            className="self-end pb-3"
            checked={v.needs.pets}
            onCheckedChange={(on) => setNeed('pets', on)}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Other large items</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {LARGE_ITEMS_ON_FORM.map((item) => (
              <Checkbox
                key={item.value}
                label={item.label}
                checked={v.largeItems.includes(item.value)}
                onCheckedChange={(on) =>
                  set(
                    'largeItems',
                    on ? [...v.largeItems, item.value] : v.largeItems.filter((x) => x !== item.value),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Flight number (optional)"
          hint={flightHint(v.pickup, v.destination)}
          value={v.flightNumber}
          onChange={(e) => set('flightNumber', e.target.value)}
          error={errors.flightNumber}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="trip-notes" className="text-sm font-medium text-slate-800">
            Notes for drivers (optional)
          </label>
          <textarea
            id="trip-notes"
            rows={3}
            maxLength={1000}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            value={v.notes}
            aria-invalid={errors.notes ? true : undefined}
            onChange={(e) => set('notes', e.target.value)}
          />
          {errors.notes && <p className="text-sm text-red-700">{errors.notes}</p>}
        </div>
      </div>
      {mode === 'create' && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Return trip</legend>
          <Checkbox
            label="Add a return trip (destination back to pickup)"
            checked={v.hasReturn}
            onCheckedChange={(on) => set('hasReturn', on)}
          />
          {v.hasReturn && (
            <>
              <p className="text-sm text-slate-700">
                Drivers can quote both legs for one price, or one leg each. The return picks up at{' '}
                {whereLabel(v.destination, 'your destination')} and drops off at{' '}
                {whereLabel(v.pickup, 'your pickup')}.
              </p>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                <Field
                  label="Return date"
                  type="date"
                  value={v.returnDate}
                  onChange={(e) => set('returnDate', e.target.value)}
                  error={errors['returnTrip.date']}
                  hint={dateHint(v.returnDate)}
                />
                <Field
                  label="Return time (Sydney time)"
                  type="time"
                  value={v.returnTime}
                  onChange={(e) => set('returnTime', e.target.value)}
                  error={errors['returnTrip.time']}
                  hint={formatLocalTime(v.returnTime) || undefined}
                />
                <Field
                  label="Return flight number (optional)"
                  hint={flightHint(v.destination, v.pickup)}
                  value={v.returnFlightNumber}
                  onChange={(e) => set('returnFlightNumber', e.target.value)}
                  error={errors['returnTrip.flightNumber']}
                />
              </div>
            </>
          )}
        </fieldset>
      )}
      <FormError message={serverError} />
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
