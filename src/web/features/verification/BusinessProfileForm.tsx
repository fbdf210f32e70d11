/**
 * The driver's business record on /driver-profile (driver, admin): the details matching and quotes read, with
 * what the vehicles offer (child seats, boosters, wheelchair, pram, boards, bikes, pets), and availability.
 * Errors show after a submit, clear as soon as their field is fixed, and a submit with errors moves focus to
 * the first one.
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../shared/marketplace/constants.ts';
import {
  WHEELCHAIR_OFFER_LABELS,
  WHEELCHAIR_OFFERS,
  type WheelchairOffer,
} from '../../../shared/marketplace/needs.ts';
import { formatAbn } from '../../../shared/marketplace/verification.ts';
import { driverProfileSchema } from '../../../shared/validation/driver-business.ts';
import { formatPhone } from '../../../shared/validation/phone.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { UserAvatar } from '../avatars/OwnAvatar.tsx';
import { type DriverProfileDto, useSaveDriverProfile } from '../marketplace/api.ts';
import { PlaceField, type PlaceValue } from '../marketplace/components/PlaceField.tsx';

const EMPTY_PLACE: PlaceValue = { locality: '', postcode: '', address: '' };

type Form = {
  companyName: string;
  bspNumber: string;
  abn: string;
  businessPhone: string;
  businessEmail: string;
  base: PlaceValue;
  serviceRadiusKm: string;
  description: string;
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
    abn: formatAbn(d.abn),
    businessPhone: d.businessPhone ? formatPhone(d.businessPhone) : '',
    businessEmail: d.businessEmail,
    base: d.base ? { locality: d.base.locality, postcode: d.base.postcode, address: '' } : EMPTY_PLACE,
    serviceRadiusKm: String(d.serviceRadiusKm),
    description: d.description,
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
    abn: f.abn,
    businessPhone: f.businessPhone,
    businessEmail: f.businessEmail,
    base:
      f.base.locality && f.base.postcode ? { locality: f.base.locality, postcode: f.base.postcode } : null,
    serviceRadiusKm: f.serviceRadiusKm,
    description: f.description,
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

export function BusinessProfileForm({ profile, userId }: { profile: DriverProfileDto; userId?: string }) {
  const { user } = useAuth();
  const save = useSaveDriverProfile(userId);
  const [f, setF] = useState<Form>(() => toForm(profile));
  const [submitted, setSubmitted] = useState(false);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
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
    setServerErrors({});
    try {
      await save.mutateAsync(body as never);
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.issues?.length) {
        setServerErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
        setFocusFirstError((n) => n + 1);
      }
      setError(err instanceof ApiError ? err.message : 'Your profile could not be saved.');
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <h2 id="business" tabIndex={-1} className="text-xl font-bold sm:col-span-2">
          Business
        </h2>
        <p className="text-sm text-slate-700 sm:col-span-2">
          What customers see on your quotes, and what we check before you can quote.
        </p>
        {!userId && user && (
          <div className="flex items-center gap-4 sm:col-span-2" data-testid="business-logo">
            <UserAvatar
              userId={user.id}
              src={user.avatarUrl}
              name={user.fullName}
              email={user.email}
              size="xl"
            />
            <p className="text-sm text-slate-700">
              Your logo or photo: customers see it beside your quotes. Choose the picture to change it (PNG,
              JPEG, GIF or WebP, up to 2 MB).
            </p>
          </div>
        )}
        <Field
          label="Trading name"
          hint="Leave empty if you trade under your own name"
          value={f.companyName}
          onChange={set('companyName')}
          error={errors.companyName ?? serverErrors.companyName}
        />
        <Field
          label="ABN"
          inputMode="numeric"
          autoComplete="off"
          hint="11 digits, for example 51 824 753 556"
          value={f.abn}
          onChange={set('abn')}
          error={errors.abn ?? serverErrors.abn}
        />
        <Field
          label="BSP number (authorisation)"
          value={f.bspNumber}
          onChange={set('bspNumber')}
          error={errors.bspNumber ?? serverErrors.bspNumber}
          required
        />
        <Field
          label="Business phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="A mobile: customers call it on the day of the trip, once they have booked"
          value={f.businessPhone}
          onChange={set('businessPhone')}
          error={errors.businessPhone ?? serverErrors.businessPhone}
        />
        <Field
          label="Business e-mail (optional)"
          type="email"
          autoComplete="email"
          hint="Shown to customers on their booking; your account e-mail otherwise"
          value={f.businessEmail}
          onChange={set('businessEmail')}
          error={errors.businessEmail ?? serverErrors.businessEmail}
        />
        <div className="sm:col-span-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PlaceField
            label="Base locality"
            name="base"
            withAddress={false}
            value={f.base}
            onChange={(v) => setF((o) => ({ ...o, base: v }))}
            error={errors.base ?? serverErrors.base}
          />
          <Field
            label="Service radius (km)"
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            hint="How far from your base you pick people up"
            value={f.serviceRadiusKm}
            onChange={set('serviceRadiusKm')}
            error={errors.serviceRadiusKm ?? serverErrors.serviceRadiusKm}
          />
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor="business-description" className="text-sm font-medium text-slate-800">
            Short description (optional)
          </label>
          <textarea
            id="business-description"
            rows={3}
            maxLength={600}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            aria-describedby="business-description-hint"
            value={f.description}
            onChange={set('description')}
          />
          <p id="business-description-hint" className="text-xs text-slate-600">
            What you do best, in a sentence or two: shown on your public driver page.
          </p>
        </div>
      </Card>
      <Card className="flex flex-col gap-4" data-testid="offers">
        <h2 className="text-xl font-bold">What your vehicles offer</h2>
        <p className="text-sm text-slate-700">
          Trips that need more than this (a child seat you do not carry, a wheelchair user who stays
          seated...) are not sent to you, and Available rides hides them unless you choose to see every trip.
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
          You are told about new requests whose pickup falls on these days and hours, inside your service
          area, and fits one of your vehicles.
        </p>
      </Card>
      <FormError message={error} />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
