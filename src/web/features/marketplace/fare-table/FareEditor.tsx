/**
 * The fare editor (issue 31 item 1): a fixed price from a place or an area to another, for one of the
 * driver's vehicles, with its extras, days, hours and notice. The ends use the trip form's place search
 * (PlaceField); a named place (an airport, a wharf) defaults to 2 km around it, a locality to 5 km, and
 * "within N km" is the radius field. The fare guide for the route sits beside the price, as in the quote
 * form. The same schema checks it here and in the API; the API's refusals are shown by their field.
 */
import { type FormEvent, useState } from 'react';
import type { DriverVehicleDto } from '../../../../shared/marketplace/api.ts';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../../../shared/marketplace/constants.ts';
import { FARE_LIMITS, type FareDto } from '../../../../shared/marketplace/fares.ts';
import { plural } from '../../../../shared/plural.ts';
import { fareInputSchema } from '../../../../shared/validation/fares.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/choice.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { PlaceField, type PlaceValue } from '../components/PlaceField.tsx';
import { FareGuide } from '../fare-guide/FareGuide.tsx';
import { useSaveFare } from './api.ts';

interface FareForm {
  vehicleId: string;
  from: PlaceValue;
  fromRadius: string;
  to: PlaceValue;
  toRadius: string;
  price: string;
  maxPassengers: string;
  maxBags: string;
  includedPassengers: string;
  extraPassengerPrice: string;
  childSeats: boolean;
  childSeatPrice: string;
  afterHours: boolean;
  afterStart: string;
  afterEnd: string;
  afterPrice: string;
  days: Weekday[];
  hoursStart: string;
  hoursEnd: string;
  noticeHours: string;
}

const dollars = (cents: number) => String(cents / 100);

function formOf(f: FareDto | null, vehicles: DriverVehicleDto[]): FareForm {
  const place = (e: FareDto['from']): PlaceValue => ({
    // The name as the suburb text; no address, so choosing another place names it afresh.
    locality: e.name,
    postcode: '',
    address: '',
    lat: e.lat,
    lng: e.lng,
  });
  const empty: PlaceValue = { locality: '', postcode: '', address: '' };
  const v = vehicles[0];
  return {
    vehicleId: f?.vehicleId ?? v?.id ?? '',
    from: f ? place(f.from) : empty,
    fromRadius: f ? String(f.from.radiusKm) : String(FARE_LIMITS.localityRadiusKm),
    to: f ? place(f.to) : empty,
    toRadius: f ? String(f.to.radiusKm) : String(FARE_LIMITS.localityRadiusKm),
    price: f ? dollars(f.priceCents) : '',
    maxPassengers: f ? String(f.maxPassengers) : String(v?.seats ?? 4),
    maxBags: f ? String(f.maxBags) : String(v?.luggageBags ?? 4),
    includedPassengers: f?.includedPassengers ? String(f.includedPassengers) : '',
    extraPassengerPrice: f?.extraPassengerCents ? dollars(f.extraPassengerCents) : '',
    childSeats: f ? f.childSeatCents !== null : false,
    childSeatPrice: f && f.childSeatCents !== null ? dollars(f.childSeatCents) : '0',
    afterHours: Boolean(f?.afterHours),
    afterStart: f?.afterHours?.start ?? '22:00',
    afterEnd: f?.afterHours?.end ?? '05:00',
    afterPrice: f?.afterHours ? dollars(f.afterHours.cents) : '',
    days: f?.days ?? [...WEEKDAYS],
    hoursStart: f?.hoursStart ?? '00:00',
    hoursEnd: f?.hoursEnd ?? '23:59',
    noticeHours: String((f?.minNoticeMinutes ?? FARE_LIMITS.minNoticeDefaultMinutes) / 60),
  };
}

/** A number typed in a field: '' and words stay as they are, so the schema names the field. */
const num = (s: string): unknown => (s.trim() === '' || Number.isNaN(Number(s)) ? s : Number(s));

function bodyOf(v: FareForm) {
  const end = (p: PlaceValue, radius: string) => ({
    name: (p.address || p.locality).trim(),
    lat: p.lat,
    lng: p.lng,
    radiusKm: num(radius),
  });
  return {
    vehicleId: v.vehicleId,
    from: end(v.from, v.fromRadius),
    to: end(v.to, v.toRadius),
    price: num(v.price),
    maxPassengers: num(v.maxPassengers),
    maxBags: num(v.maxBags),
    includedPassengers: v.includedPassengers.trim() === '' ? null : num(v.includedPassengers),
    extraPassengerPrice: v.extraPassengerPrice.trim() === '' ? 0 : num(v.extraPassengerPrice),
    childSeatPrice: v.childSeats ? num(v.childSeatPrice) : null,
    afterHours: v.afterHours ? { start: v.afterStart, end: v.afterEnd, price: num(v.afterPrice) } : null,
    days: v.days,
    hoursStart: v.hoursStart,
    hoursEnd: v.hoursEnd,
    minNoticeMinutes:
      typeof num(v.noticeHours) === 'number' ? Math.round(Number(v.noticeHours) * 60) : v.noticeHours,
  };
}

type Errors = Partial<Record<string, string>>;

/** A named place (its name filled in as the address) is a point: 2 km; a locality is an area: 5 km. */
const defaultRadius = (p: PlaceValue) =>
  String(
    p.address && p.address !== p.locality ? FARE_LIMITS.namedPlaceRadiusKm : FARE_LIMITS.localityRadiusKm,
  );

export function FareEditor({
  fare,
  vehicles,
  onDone,
}: {
  fare: FareDto | null;
  vehicles: DriverVehicleDto[];
  onDone: (saved: FareDto | null) => void;
}) {
  const [v, setV] = useState<FareForm>(() => formOf(fare, vehicles));
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFare();
  const set = <K extends keyof FareForm>(k: K, value: FareForm[K]) => setV((old) => ({ ...old, [k]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = bodyOf(v);
    const parsed = fareInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const i of parsed.error.issues) next[i.path.slice(0, 2).join('.')] ??= i.message;
      setErrors(next);
      setError('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: fare?.id ?? null, body });
      onDone(saved);
    } catch (err) {
      if (err instanceof ApiError) {
        const next: Errors = {};
        for (const i of err.issues ?? []) next[i.path] ??= i.message;
        setErrors(next);
        setError(err.message);
      } else setError('The price could not be saved. Please try again.');
    }
  }

  const placeError = (k: 'from' | 'to') => errors[`${k}.name`] ?? errors[`${k}.lat`] ?? errors[`${k}.lng`];
  const point = (p: PlaceValue) =>
    p.lat !== undefined && p.lng !== undefined ? { lat: p.lat, lng: p.lng } : null;
  const title = fare ? 'Change this price' : 'Add a fixed price';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="fare-editor-heading"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="fare-editor-heading" className="text-xl font-bold">
        {title}
      </h2>
      <FormError message={error} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <PlaceField
            label="From"
            name="from"
            withAddress={false}
            value={v.from}
            onChange={(p) =>
              setV((old) => ({ ...old, from: p, fromRadius: p.lat ? defaultRadius(p) : old.fromRadius }))
            }
            error={placeError('from')}
          />
          <Field
            label="Pick up within (km of it)"
            type="number"
            inputMode="decimal"
            min={FARE_LIMITS.radiusKmMin}
            max={FARE_LIMITS.radiusKmMax}
            step="0.5"
            value={v.fromRadius}
            onChange={(e) => set('fromRadius', e.target.value)}
            error={errors['from.radiusKm']}
            hint="2 km around a named place, 5 km around a suburb, or any distance up to 100 km."
          />
        </div>
        <div className="flex flex-col gap-2">
          <PlaceField
            label="To"
            name="to"
            withAddress={false}
            value={v.to}
            onChange={(p) =>
              setV((old) => ({ ...old, to: p, toRadius: p.lat ? defaultRadius(p) : old.toRadius }))
            }
            error={placeError('to')}
          />
          <Field
            label="Drop off within (km of it)"
            type="number"
            inputMode="decimal"
            min={FARE_LIMITS.radiusKmMin}
            max={FARE_LIMITS.radiusKmMax}
            step="0.5"
            value={v.toRadius}
            onChange={(e) => set('toRadius', e.target.value)}
            error={errors['to.radiusKm']}
          />
        </div>
      </div>
      <FareGuide
        pickup={point(v.from)}
        destination={point(v.to)}
        passengers={Math.max(1, Number.parseInt(v.maxPassengers, 10) || 1)}
        audience="driver"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="fare-vehicle" className="text-sm font-medium text-slate-800">
          Vehicle
        </label>
        <select
          id="fare-vehicle"
          className="h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
          value={v.vehicleId}
          aria-invalid={errors.vehicleId ? true : undefined}
          aria-describedby={errors.vehicleId ? 'fare-vehicle-error' : undefined}
          onChange={(e) => set('vehicleId', e.target.value)}
        >
          {vehicles.map((car) => (
            <option key={car.id} value={car.id}>
              {car.label} ({plural(car.seats, 'seat')}, {plural(car.luggageBags, 'bag')})
            </option>
          ))}
        </select>
        {errors.vehicleId && (
          <p id="fare-vehicle-error" className="text-sm text-red-700">
            {errors.vehicleId}
          </p>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field
          label="Price (AUD)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          required
          value={v.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
        />
        <Field
          label="Most passengers"
          type="number"
          inputMode="numeric"
          min={1}
          value={v.maxPassengers}
          onChange={(e) => set('maxPassengers', e.target.value)}
          error={errors.maxPassengers}
        />
        <Field
          label="Most bags"
          type="number"
          inputMode="numeric"
          min={0}
          value={v.maxBags}
          onChange={(e) => set('maxBags', e.target.value)}
          error={errors.maxBags}
        />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Extras (optional)</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="The price covers up to (passengers)"
            type="number"
            inputMode="numeric"
            min={1}
            value={v.includedPassengers}
            onChange={(e) => set('includedPassengers', e.target.value)}
            error={errors.includedPassengers}
            hint="Leave empty when the price covers every passenger."
          />
          <Field
            label="Each passenger over that (AUD)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={v.extraPassengerPrice}
            onChange={(e) => set('extraPassengerPrice', e.target.value)}
            error={errors.extraPassengerPrice}
          />
        </div>
        <Checkbox
          label="I offer child seats and boosters"
          checked={v.childSeats}
          onCheckedChange={(c) => set('childSeats', c)}
        />
        {v.childSeats && (
          <Field
            label="Per child seat or booster (AUD, 0 for free)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={v.childSeatPrice}
            onChange={(e) => set('childSeatPrice', e.target.value)}
            error={errors.childSeatPrice}
          />
        )}
        <Checkbox
          label="After-hours surcharge"
          checked={v.afterHours}
          onCheckedChange={(c) => set('afterHours', c)}
        />
        {v.afterHours && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field
              label="From (Sydney time)"
              type="time"
              value={v.afterStart}
              onChange={(e) => set('afterStart', e.target.value)}
              error={errors['afterHours.start']}
            />
            <Field
              label="Until"
              type="time"
              value={v.afterEnd}
              onChange={(e) => set('afterEnd', e.target.value)}
              error={errors['afterHours.end']}
            />
            <Field
              label="Surcharge (AUD)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={v.afterPrice}
              onChange={(e) => set('afterPrice', e.target.value)}
              error={errors['afterHours.price']}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">When it is sold</legend>
        <div
          className="flex flex-wrap gap-x-4 gap-y-2"
          role="group"
          aria-label="Days"
          aria-describedby={errors.days ? 'fare-days-error' : undefined}
        >
          {WEEKDAYS.map((d) => (
            <Checkbox
              key={d}
              label={WEEKDAY_LABELS[d]}
              checked={v.days.includes(d)}
              onCheckedChange={(c) =>
                set(
                  'days',
                  c ? WEEKDAYS.filter((x) => x === d || v.days.includes(x)) : v.days.filter((x) => x !== d),
                )
              }
            />
          ))}
        </div>
        {errors.days && (
          <p id="fare-days-error" className="text-sm text-red-700">
            {errors.days}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field
            label="Pickups from (Sydney time)"
            type="time"
            value={v.hoursStart}
            onChange={(e) => set('hoursStart', e.target.value)}
            error={errors.hoursStart}
          />
          <Field
            label="Pickups until"
            type="time"
            value={v.hoursEnd}
            onChange={(e) => set('hoursEnd', e.target.value)}
            error={errors.hoursEnd}
          />
          <Field
            label="Minimum notice (hours)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.5"
            value={v.noticeHours}
            onChange={(e) => set('noticeHours', e.target.value)}
            error={errors.minNoticeMinutes}
          />
        </div>
        <p className="text-sm text-slate-700">
          Customers see this price only when your availability (driver profile) also covers the pickup time.
        </p>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : fare ? 'Save changes' : 'Add this price'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
