/**
 * /driver-profile (driver, admin): the business record that matching and quotes read, with what the
 * vehicles offer (child seats, boosters, wheelchair, pram, boards, bikes, pets). Errors show after a submit,
 * clear as soon as their field is fixed, and a submit with errors moves focus to the first one.
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatLocalDate } from '../../shared/marketplace/booking.ts';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../shared/marketplace/constants.ts';
import {
  WHEELCHAIR_OFFER_LABELS,
  WHEELCHAIR_OFFERS,
  type WheelchairOffer,
} from '../../shared/marketplace/needs.ts';
import { driverProfileSchema } from '../../shared/validation/driver-business.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import {
  type DriverProfileDto,
  useDriverProfile,
  useSaveDriverProfile,
} from '../features/marketplace/api.ts';
import { ProfileDetailsForm } from '../features/settings/ProfileDetailsForm.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

type Form = {
  companyName: string;
  bspNumber: string;
  make: string;
  model: string;
  year: string;
  color: string;
  registration: string;
  capacity: string;
  provider: string;
  policyNumber: string;
  expiryDate: string;
  days: string[];
  start: string;
  end: string;
  childSeats: string;
  boosterSeats: string;
  wheelchair: WheelchairOffer;
  pram: boolean;
  surfboards: string;
  bikes: string;
  pets: boolean;
};

function toForm(d: DriverProfileDto): Form {
  return {
    companyName: d.companyName ?? '',
    bspNumber: d.bspNumber,
    make: d.vehicle.make,
    model: d.vehicle.model,
    year: d.vehicle.year ? String(d.vehicle.year) : '',
    color: d.vehicle.color,
    registration: d.vehicle.registration,
    capacity: String(d.vehicle.capacity),
    provider: d.insurance.provider,
    policyNumber: d.insurance.policyNumber,
    expiryDate: d.insurance.expiryDate,
    days: d.availability.days,
    start: d.availability.hours.start,
    end: d.availability.hours.end,
    childSeats: String(d.offers.childSeats),
    boosterSeats: String(d.offers.boosterSeats),
    wheelchair: d.offers.wheelchair,
    pram: d.offers.pram,
    surfboards: String(d.offers.surfboards),
    bikes: String(d.offers.bikes),
    pets: d.offers.pets,
  };
}

function toBody(f: Form) {
  return {
    companyName: f.companyName,
    bspNumber: f.bspNumber,
    vehicle: {
      make: f.make,
      model: f.model,
      year: f.year ? f.year : undefined,
      color: f.color,
      registration: f.registration,
      capacity: f.capacity,
    },
    insurance: { provider: f.provider, policyNumber: f.policyNumber, expiryDate: f.expiryDate },
    availability: { days: f.days, hours: { start: f.start, end: f.end } },
    offers: {
      childSeats: f.childSeats,
      boosterSeats: f.boosterSeats,
      wheelchair: f.wheelchair,
      pram: f.pram,
      surfboards: f.surfboards,
      bikes: f.bikes,
      pets: f.pets,
    },
  };
}

function errorsOf(f: Form): Record<string, string> {
  const parsed = driverProfileSchema.safeParse(toBody(f));
  const next: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) next[i.path.join('.')] ??= i.message;
  return next;
}

function ProfileForm({ profile, userId }: { profile: DriverProfileDto; userId?: string }) {
  const save = useSaveDriverProfile(userId);
  const [f, setF] = useState<Form>(() => toForm(profile));
  const [submitted, setSubmitted] = useState(false);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setF(toForm(profile)), [profile]);
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setF((o) => ({ ...o, [k]: e.target.value }));
  // After the first submit every change validates again, so a fixed field loses its error at once.
  const errors = useMemo(() => (submitted ? errorsOf(f) : {}), [submitted, f]);
  useEffect(() => {
    if (focusFirstError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(f)).length > 0) {
      setFocusFirstError((n) => n + 1);
      return;
    }
    const body = toBody(f);
    setError(null);
    try {
      await save.mutateAsync(body as never);
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your profile could not be saved.');
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <h2 className="text-xl font-bold sm:col-span-2">Business</h2>
        <Field label="Company name" value={f.companyName} onChange={set('companyName')} />
        <Field
          label="BSP number"
          value={f.bspNumber}
          onChange={set('bspNumber')}
          error={errors.bspNumber}
          required
        />
      </Card>
      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <h2 className="text-xl font-bold sm:col-span-3">Vehicle</h2>
        <Field label="Make" value={f.make} onChange={set('make')} />
        <Field label="Model" value={f.model} onChange={set('model')} />
        <Field
          label="Year"
          type="number"
          inputMode="numeric"
          value={f.year}
          onChange={set('year')}
          error={errors['vehicle.year']}
        />
        <Field label="Colour" value={f.color} onChange={set('color')} />
        <Field label="Registration" value={f.registration} onChange={set('registration')} />
        <Field
          label="Seats for passengers"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={f.capacity}
          onChange={set('capacity')}
          error={errors['vehicle.capacity']}
          required
        />
      </Card>
      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <h2 className="text-xl font-bold sm:col-span-3">Insurance</h2>
        <Field label="Insurer" value={f.provider} onChange={set('provider')} />
        <Field label="Policy number" value={f.policyNumber} onChange={set('policyNumber')} />
        <Field
          label="Expiry date"
          type="date"
          value={f.expiryDate}
          onChange={set('expiryDate')}
          error={errors['insurance.expiryDate']}
          hint={formatLocalDate(f.expiryDate) || undefined}
        />
      </Card>
      <Card className="flex flex-col gap-4" data-testid="offers">
        <h2 className="text-xl font-bold">What your vehicles offer</h2>
        <p className="text-sm text-slate-700">
          Trips that need more than this (a child seat you do not carry, a wheelchair user who stays
          seated...) are not sent to you, and "Only trips I can serve" hides them on Available rides.
        </p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Field
            label="Child seats"
            hint="Infant capsules and child seats"
            type="number"
            inputMode="numeric"
            min={0}
            max={8}
            value={f.childSeats}
            onChange={set('childSeats')}
            error={errors['offers.childSeats']}
          />
          <Field
            label="Booster seats"
            type="number"
            inputMode="numeric"
            min={0}
            max={8}
            value={f.boosterSeats}
            onChange={set('boosterSeats')}
            error={errors['offers.boosterSeats']}
          />
          <Field
            label="Surfboards"
            type="number"
            inputMode="numeric"
            min={0}
            max={10}
            value={f.surfboards}
            onChange={set('surfboards')}
            error={errors['offers.surfboards']}
          />
          <Field
            label="Bikes"
            type="number"
            inputMode="numeric"
            min={0}
            max={10}
            value={f.bikes}
            onChange={set('bikes')}
            error={errors['offers.bikes']}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Wheelchairs</legend>
          <div className="mt-2 flex flex-col gap-2">
            {WHEELCHAIR_OFFERS.map((w) => (
              <label key={w} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="offers-wheelchair"
                  className="mt-0.5 h-4 w-4"
                  checked={f.wheelchair === w}
                  onChange={() => setF((o) => ({ ...o, wheelchair: w }))}
                />
                {WHEELCHAIR_OFFER_LABELS[w]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={f.pram}
              onChange={(e) => setF((o) => ({ ...o, pram: e.target.checked }))}
            />
            Prams and strollers
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={f.pets}
              onChange={(e) => setF((o) => ({ ...o, pets: e.target.checked }))}
            />
            Pets
          </label>
        </div>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-xl font-bold">Availability</h2>
        <fieldset>
          <legend className="text-sm font-medium">Days you take trips</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {WEEKDAYS.map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={f.days.includes(d)}
                  onChange={(e) =>
                    setF((o) => ({
                      ...o,
                      days: e.target.checked ? [...o.days, d] : o.days.filter((x) => x !== d),
                    }))
                  }
                />
                {WEEKDAY_LABELS[d]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="From (Sydney time)" type="time" value={f.start} onChange={set('start')} />
          <Field
            label="To (Sydney time)"
            type="time"
            value={f.end}
            onChange={set('end')}
            error={errors['availability.hours.end']}
          />
        </div>
        <p className="text-sm text-slate-700">
          You are told about new requests whose pickup falls on these days and hours and fits your seats.
        </p>
      </Card>
      <FormError message={error} />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}

export default function DriverProfilePage() {
  usePageMeta('Driver Profile', 'Your shuttle business: BSP number, vehicle, insurance and availability.');
  const { user } = useAuth();
  const { isAdmin } = useRBAC();
  // An admin edits any driver's record from the user list (?user=<id>).
  const [params] = useSearchParams();
  const userId = isAdmin ? (params.get('user') ?? undefined) : undefined;
  const profile = useDriverProfile(Boolean(user && !user.isTest), userId);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Driver profile</h1>
      {!userId && <ProfileDetailsForm />}
      {user?.isTest ? (
        <p>A test session has no saved business record.</p>
      ) : profile.isPending ? (
        <Loading />
      ) : profile.error instanceof ApiError && profile.error.status === 404 ? (
        <p>There is no driver business record for this account.</p>
      ) : profile.error ? (
        <p role="alert">The driver record could not be loaded.</p>
      ) : (
        <ProfileForm profile={profile.data} userId={userId} />
      )}
    </div>
  );
}
