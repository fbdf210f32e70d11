/** /driver-profile (driver, admin): the business record that matching and quotes read. */
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../shared/marketplace/constants.ts';
import { driverProfileSchema } from '../../shared/validation/marketplace.ts';
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
  };
}

function ProfileForm({ profile, userId }: { profile: DriverProfileDto; userId?: string }) {
  const save = useSaveDriverProfile(userId);
  const [f, setF] = useState<Form>(() => toForm(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setF(toForm(profile)), [profile]);
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setF((o) => ({ ...o, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = {
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
    };
    const parsed = driverProfileSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[i.path.join('.')] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setError(null);
    try {
      await save.mutateAsync(body as never);
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your profile could not be saved.');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card className="grid gap-4 sm:grid-cols-2">
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
      <Card className="grid gap-4 sm:grid-cols-3">
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
      <Card className="grid gap-4 sm:grid-cols-3">
        <h2 className="text-xl font-bold sm:col-span-3">Insurance</h2>
        <Field label="Insurer" value={f.provider} onChange={set('provider')} />
        <Field label="Policy number" value={f.policyNumber} onChange={set('policyNumber')} />
        <Field
          label="Expiry date"
          type="date"
          value={f.expiryDate}
          onChange={set('expiryDate')}
          error={errors['insurance.expiryDate']}
        />
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
        <div className="grid gap-4 sm:grid-cols-2">
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
