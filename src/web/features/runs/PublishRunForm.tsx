/**
 * The driver's run form (issue 31 item 2): from and to (the place search, each with its radius), the date
 * and departure window in Sydney time, the vehicle, seats and bags free, a price per seat and/or for the
 * whole vehicle, and automatic quotes. "Publish your drive back" opens it filled in from a booking. The
 * shared schema checks it here with the API's own words; the API checks it again.
 */
import { useId, useState } from 'react';
import { RUN_LIMITS } from '../../../shared/marketplace/runs.ts';
import { plural } from '../../../shared/plural.ts';
import { publishRunSchema } from '../../../shared/validation/runs.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/choice.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { PlaceField, type PlaceValue } from '../marketplace/components/PlaceField.tsx';
import { useVehicles } from '../verification/api.ts';
import { usePublishRun } from './api.ts';

export interface RunFormValues {
  from: PlaceValue;
  to: PlaceValue;
  fromRadiusKm: string;
  toRadiusKm: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  vehicleId: string;
  seats: string;
  bags: string;
  seatPrice: string;
  vehiclePrice: string;
  autoQuote: boolean;
  afterBookingId?: string;
}

export const EMPTY_RUN: RunFormValues = {
  from: { locality: '', postcode: '', address: '' },
  to: { locality: '', postcode: '', address: '' },
  fromRadiusKm: String(RUN_LIMITS.radiusDefaultKm),
  toRadiusKm: String(RUN_LIMITS.radiusDefaultKm),
  date: '',
  windowStart: '',
  windowEnd: '',
  vehicleId: '',
  seats: '',
  bags: '0',
  seatPrice: '',
  vehiclePrice: '',
  autoQuote: false,
};

export function PublishRunForm({
  initial,
  title,
  onPublished,
}: {
  initial: RunFormValues;
  title: string;
  onPublished: () => void;
}) {
  const id = useId();
  const vehicles = useVehicles();
  const publish = usePublishRun();
  const [v, setV] = useState<RunFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof RunFormValues>(k: K, value: RunFormValues[K]) => setV({ ...v, [k]: value });
  const usable = (vehicles.data ?? []).filter((car) => car.usable);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const body = {
      from: { locality: v.from.locality, postcode: v.from.postcode, address: v.from.address },
      to: { locality: v.to.locality, postcode: v.to.postcode, address: v.to.address },
      fromRadiusKm: v.fromRadiusKm,
      toRadiusKm: v.toRadiusKm,
      date: v.date,
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      ...(v.vehicleId ? { vehicleId: v.vehicleId } : {}),
      seats: v.seats,
      bags: v.bags,
      seatPrice: v.seatPrice,
      vehiclePrice: v.vehiclePrice,
      autoQuote: v.autoQuote,
      ...(v.afterBookingId ? { afterBookingId: v.afterBookingId } : {}),
    };
    const parsed = publishRunSchema().safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await publish.mutateAsync(body as never);
      onPublished();
    } catch (err) {
      if (err instanceof ApiError) {
        const found: Record<string, string> = {};
        for (const issue of err.issues ?? []) found[issue.path.split('.')[0] ?? ''] ??= issue.message;
        setErrors(found);
        setFormError(err.message);
      } else setFormError('The run could not be published. Please try again.');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <PlaceField
            label="From"
            name="from"
            value={v.from}
            onChange={(p) => set('from', p)}
            error={errors.from}
          />
          <Field
            label="Pick up within (km)"
            type="number"
            inputMode="decimal"
            min={RUN_LIMITS.radiusMinKm}
            max={RUN_LIMITS.radiusMaxKm}
            value={v.fromRadiusKm}
            error={errors.fromRadiusKm}
            onChange={(e) => set('fromRadiusKm', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <PlaceField label="To" name="to" value={v.to} onChange={(p) => set('to', p)} error={errors.to} />
          <Field
            label="Drop off within (km)"
            type="number"
            inputMode="decimal"
            min={RUN_LIMITS.radiusMinKm}
            max={RUN_LIMITS.radiusMaxKm}
            value={v.toRadiusKm}
            error={errors.toRadiusKm}
            onChange={(e) => set('toRadiusKm', e.target.value)}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field
          label="Date"
          type="date"
          value={v.date}
          error={errors.date}
          onChange={(e) => set('date', e.target.value)}
        />
        <Field
          label="Leaving from (Sydney time)"
          type="time"
          value={v.windowStart}
          error={errors.windowStart}
          onChange={(e) => set('windowStart', e.target.value)}
        />
        <Field
          label="Leaving by (Sydney time)"
          type="time"
          value={v.windowEnd}
          error={errors.windowEnd}
          onChange={(e) => set('windowEnd', e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-vehicle`} className="text-sm font-medium text-slate-800">
          Vehicle
        </label>
        <select
          id={`${id}-vehicle`}
          className="h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
          value={v.vehicleId}
          aria-invalid={errors.vehicleId ? true : undefined}
          aria-describedby={errors.vehicleId ? `${id}-vehicle-error` : undefined}
          onChange={(e) => set('vehicleId', e.target.value)}
        >
          <option value="">{usable.length === 1 ? 'My vehicle' : 'Choose a vehicle'}</option>
          {usable.map((car) => (
            <option key={car.id} value={car.id}>
              {car.label}, {plural(car.seats, 'seat')}
            </option>
          ))}
        </select>
        {errors.vehicleId && (
          <p id={`${id}-vehicle-error`} className="text-sm text-red-700">
            {errors.vehicleId}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Field
          label="Seats free"
          type="number"
          inputMode="numeric"
          min={1}
          value={v.seats}
          error={errors.seats}
          onChange={(e) => set('seats', e.target.value)}
        />
        <Field
          label="Bags free"
          type="number"
          inputMode="numeric"
          min={0}
          value={v.bags}
          error={errors.bags}
          onChange={(e) => set('bags', e.target.value)}
        />
        <Field
          label="Price a seat ($)"
          inputMode="decimal"
          value={v.seatPrice}
          error={errors.seatPrice}
          onChange={(e) => set('seatPrice', e.target.value)}
        />
        <Field
          label="Whole vehicle ($)"
          inputMode="decimal"
          value={v.vehiclePrice}
          error={errors.vehiclePrice}
          hint="Optional"
          onChange={(e) => set('vehiclePrice', e.target.value)}
        />
      </div>
      <Checkbox
        label="Quote this run automatically on open trip requests that fit it"
        checked={v.autoQuote}
        onCheckedChange={(c) => set('autoQuote', c)}
      />
      <FormError message={formError} />
      <Button type="submit" disabled={publish.isPending} className="self-start">
        {publish.isPending ? 'Publishing...' : 'Publish run'}
      </Button>
    </form>
  );
}
