/**
 * The driver's vehicles on /driver-profile (issue 13): each with its photo, details and whether a quote
 * may name it; add, edit, add a photo, remove. Errors show at their fields, as the API words them.
 */
import { useId, useState } from 'react';
import type { DriverVehicleDto } from '../../../shared/marketplace/api.ts';
import { vehicleInputSchema } from '../../../shared/validation/driver-business.ts';
import { IMAGE_MIME_TYPES } from '../../../shared/validation/uploads.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/choice.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveForm } from '../../lib/save-form.ts';
import { useRemoveVehicle, useSaveVehicle, useVehiclePhoto, useVehicles } from './api.ts';

type VehicleForm = {
  make: string;
  model: string;
  year: string;
  plate: string;
  colour: string;
  seats: string;
  luggageBags: string;
  childSeats: string;
  wheelchairAccessible: boolean;
  trailer: boolean;
};

const EMPTY: VehicleForm = {
  make: '',
  model: '',
  year: '',
  plate: '',
  colour: '',
  seats: '',
  luggageBags: '0',
  childSeats: '0',
  wheelchairAccessible: false,
  trailer: false,
};

function toForm(v: DriverVehicleDto): VehicleForm {
  return {
    make: v.make,
    model: v.model,
    year: String(v.year),
    plate: v.plate,
    colour: v.colour,
    seats: String(v.seats),
    luggageBags: String(v.luggageBags),
    childSeats: String(v.childSeats),
    wheelchairAccessible: v.wheelchairAccessible,
    trailer: v.trailer,
  };
}

/** "Wheelchair accessible · 2 child seats · Trailer", or '' with none. */
export function vehicleFeatures(v: {
  wheelchairAccessible: boolean;
  childSeats: number;
  trailer: boolean;
}): string {
  return [
    v.wheelchairAccessible ? 'Wheelchair accessible' : '',
    v.childSeats ? `${v.childSeats} child ${v.childSeats === 1 ? 'seat' : 'seats'}` : '',
    v.trailer ? 'Trailer' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function VehicleEditor({ vehicle, onDone }: { vehicle?: DriverVehicleDto; onDone: () => void }) {
  const save = useSaveVehicle();
  const [f, setF] = useState<VehicleForm>(vehicle ? toForm(vehicle) : EMPTY);
  const set = (k: keyof VehicleForm) => (e: { target: { value: string } }) =>
    setF((o) => ({ ...o, [k]: e.target.value }));
  const { errors, error, onSubmit } = useSaveForm({
    fallback: 'The vehicle could not be saved.',
    check: () => {
      const parsed = vehicleInputSchema.safeParse(f);
      const next: Record<string, string> = {};
      if (!parsed.success) for (const i of parsed.error.issues) next[i.path.join('.')] ??= i.message;
      return next;
    },
    save: async () => {
      await save.mutateAsync({ id: vehicle?.id, body: f });
      toast({ title: vehicle ? 'Vehicle saved' : 'Vehicle added', variant: 'success' });
      onDone();
    },
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label="Make" value={f.make} onChange={set('make')} error={errors.make} required />
        <Field label="Model" value={f.model} onChange={set('model')} error={errors.model} required />
        <Field
          label="Year"
          type="number"
          inputMode="numeric"
          value={f.year}
          onChange={set('year')}
          error={errors.year}
          required
        />
        <Field
          label="Registration plate"
          value={f.plate}
          onChange={set('plate')}
          error={errors.plate}
          required
        />
        <Field label="Colour" value={f.colour} onChange={set('colour')} error={errors.colour} />
        <Field
          label="Passenger seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          hint="Not counting the driver"
          value={f.seats}
          onChange={set('seats')}
          error={errors.seats}
          required
        />
        <Field
          label="Luggage (bags)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={f.luggageBags}
          onChange={set('luggageBags')}
          error={errors.luggageBags}
        />
        <Field
          label="Child seats"
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          value={f.childSeats}
          onChange={set('childSeats')}
          error={errors.childSeats}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox
          label="Wheelchair accessible"
          checked={f.wheelchairAccessible}
          onCheckedChange={(on) => setF((o) => ({ ...o, wheelchairAccessible: on }))}
        />
        <Checkbox
          label="Tows a luggage trailer"
          checked={f.trailer}
          onCheckedChange={(on) => setF((o) => ({ ...o, trailer: on }))}
        />
      </div>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : vehicle ? 'Save vehicle' : 'Add vehicle'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function VehicleRow({ vehicle }: { vehicle: DriverVehicleDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveVehicle();
  const photo = useVehiclePhoto();
  const photoId = useId();
  if (editing) return <VehicleEditor vehicle={vehicle} onDone={() => setEditing(false)} />;
  const features = vehicleFeatures(vehicle);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row"
      data-testid="vehicle"
    >
      {vehicle.photoUrl ? (
        <img
          src={vehicle.photoUrl}
          alt={`${vehicle.make} ${vehicle.model}`}
          className="h-28 w-40 rounded-md object-cover"
        />
      ) : (
        <div className="flex h-28 w-40 items-center justify-center rounded-md bg-slate-100 text-sm text-slate-600">
          No photo yet
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold">{vehicle.label}</h3>
        <p className="text-sm">
          {vehicle.seats} passenger {vehicle.seats === 1 ? 'seat' : 'seats'} · {vehicle.luggageBags}{' '}
          {vehicle.luggageBags === 1 ? 'bag' : 'bags'}
          {vehicle.colour ? ` · ${vehicle.colour}` : ''}
        </p>
        {features && <p className="text-sm">{features}</p>}
        <p className={`text-sm font-medium ${vehicle.usable ? 'text-green-800' : 'text-amber-800'}`}>
          {vehicle.usable
            ? 'Can be quoted: safety inspection approved and current'
            : 'Cannot be quoted yet: needs an approved, current safety inspection (see Documents)'}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <label
            htmlFor={photoId}
            className="inline-flex h-9 cursor-pointer items-center rounded-md border border-slate-300 px-3 text-sm font-semibold focus-within:outline focus-within:outline-2"
          >
            {photo.isPending ? 'Uploading...' : vehicle.photoUrl ? 'Change photo' : 'Add photo'}
            <input
              id={photoId}
              type="file"
              accept={IMAGE_MIME_TYPES.join(',')}
              className="sr-only"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setError(null);
                try {
                  await photo.mutateAsync({ id: vehicle.id, file });
                  toast({ title: 'Photo saved', variant: 'success' });
                } catch (err) {
                  setError(err instanceof ApiError ? err.message : 'The photo could not be uploaded.');
                }
              }}
            />
          </label>
          {confirming ? (
            <>
              <Button
                type="button"
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                onClick={async () => {
                  setError(null);
                  try {
                    await remove.mutateAsync(vehicle.id);
                  } catch (err) {
                    setConfirming(false);
                    setError(err instanceof ApiError ? err.message : 'The vehicle could not be removed.');
                  }
                }}
              >
                Yes, remove {vehicle.plate}
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          )}
        </div>
        <FormError message={error} />
      </div>
    </li>
  );
}

export function VehiclesSection() {
  const vehicles = useVehicles();
  const [adding, setAdding] = useState(false);
  return (
    <Card className="flex flex-col gap-4">
      <h2 id="vehicles" tabIndex={-1} className="text-xl font-bold">
        Vehicles
      </h2>
      <p className="text-sm text-slate-700">
        Each quote names the vehicle that will do the trip, and customers see it. A vehicle can be quoted once
        its safety inspection is approved.
      </p>
      {vehicles.isPending ? (
        <Loading />
      ) : (
        <ul className="flex flex-col gap-3">
          {(vehicles.data ?? []).map((v) => (
            <VehicleRow key={v.id} vehicle={v} />
          ))}
          {vehicles.data?.length === 0 && !adding && <li className="text-sm">No vehicles yet.</li>}
        </ul>
      )}
      {adding ? (
        <VehicleEditor onDone={() => setAdding(false)} />
      ) : (
        <Button type="button" variant="secondary" className="self-start" onClick={() => setAdding(true)}>
          Add a vehicle
        </Button>
      )}
    </Card>
  );
}
