/**
 * The trip form for /book-ride and /edit-ride: places with autocomplete, Sydney date and time, passengers,
 * luggage, budget, notes, flight number and (when posting) a return trip. The estimated distance and the
 * indicative price update as it is filled. The same zod schema checks it here and in the API.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { LARGE_ITEMS } from '../../../../shared/marketplace/constants.ts';
import { estimateRoadKm } from '../../../../shared/marketplace/geo.ts';
import { formatAud, indicativePriceCents } from '../../../../shared/marketplace/money.ts';
import { rideEditSchema, rideRequestSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { PlaceField, type PlaceValue } from './PlaceField.tsx';

export interface TripFormValues {
  pickup: PlaceValue;
  destination: PlaceValue;
  date: string;
  time: string;
  passengers: string;
  luggageBags: string;
  largeItems: string[];
  budget: string;
  notes: string;
  flightNumber: string;
  hasReturn: boolean;
  returnDate: string;
  returnTime: string;
}

export const emptyTrip: TripFormValues = {
  pickup: { locality: '', postcode: '', address: '' },
  destination: { locality: '', postcode: '', address: '' },
  date: '',
  time: '',
  passengers: '1',
  luggageBags: '0',
  largeItems: [],
  budget: '',
  notes: '',
  flightNumber: '',
  hasReturn: false,
  returnDate: '',
  returnTime: '',
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
    budget: v.budget,
    notes: v.notes,
    flightNumber: v.flightNumber,
    returnTrip: v.hasReturn ? { date: v.returnDate, time: v.returnTime } : null,
  };
}

type Errors = Partial<Record<string, string>>;

export function TripForm({
  initial,
  mode,
  submitLabel,
  busyLabel,
  serverError,
  onSubmit,
}: {
  initial: TripFormValues;
  mode: 'create' | 'edit';
  submitLabel: string;
  busyLabel: string;
  serverError?: string | null;
  onSubmit: (body: ReturnType<typeof toRequestBody>) => Promise<void>;
}) {
  const [v, setV] = useState<TripFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TripFormValues>(k: K, value: TripFormValues[K]) =>
    setV((old) => ({ ...old, [k]: value }));

  const estimate = useMemo(() => {
    const a = v.pickup;
    const b = v.destination;
    if (a.lat === undefined || a.lng === undefined || b.lat === undefined || b.lng === undefined) return null;
    const km = estimateRoadKm({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng });
    return { km, price: indicativePriceCents(km) };
  }, [v.pickup, v.destination]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = toRequestBody(v);
    const schema = mode === 'create' ? rideRequestSchema() : rideEditSchema();
    const parsed = schema.safeParse(mode === 'create' ? body : { ...body, returnTrip: undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'returnTrip' ? 'returnTrip' : String(issue.path[0]);
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(body);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 md:grid-cols-2">
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
        className="rounded-md bg-blue-50 p-3 text-sm text-blue-950"
        data-testid="estimate"
      >
        {estimate
          ? `Estimated distance about ${estimate.km.toFixed(1)} km · indicative price ${formatAud(estimate.price)} (at $1.50 per km)`
          : 'Choose both suburbs to see the estimated distance and the indicative price.'}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Pickup date"
          type="date"
          value={v.date}
          onChange={(e) => set('date', e.target.value)}
          error={errors.date}
          required
        />
        <Field
          label="Pickup time (Sydney time)"
          type="time"
          value={v.time}
          onChange={(e) => set('time', e.target.value)}
          error={errors.time}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
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
        <Field
          label="Budget (AUD)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          value={v.budget}
          onChange={(e) => set('budget', e.target.value)}
          error={errors.budget}
          required
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Large items</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {LARGE_ITEMS.map((item) => (
            <label key={item.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={v.largeItems.includes(item.value)}
                onChange={(e) =>
                  set(
                    'largeItems',
                    e.target.checked
                      ? [...v.largeItems, item.value]
                      : v.largeItems.filter((x) => x !== item.value),
                  )
                }
              />
              {item.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Flight number (optional)"
          hint="For pickups at Newcastle Airport: drivers can follow your flight."
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
            onChange={(e) => set('notes', e.target.value)}
          />
          {errors.notes && <p className="text-sm text-red-700">{errors.notes}</p>}
        </div>
      </div>
      {mode === 'create' && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Return trip</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={v.hasReturn}
              onChange={(e) => set('hasReturn', e.target.checked)}
            />
            Add a return trip (destination back to pickup)
          </label>
          {v.hasReturn && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Return date"
                type="date"
                value={v.returnDate}
                onChange={(e) => set('returnDate', e.target.value)}
              />
              <Field
                label="Return time (Sydney time)"
                type="time"
                value={v.returnTime}
                onChange={(e) => set('returnTime', e.target.value)}
                error={errors.returnTrip}
              />
            </div>
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
