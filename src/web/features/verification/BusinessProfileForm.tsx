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
import { formatPhone, PHONE_MESSAGES } from '../../../shared/validation/phone.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox, RadioGroup } from '../../components/ui/choice.tsx';
import { Field, type FieldProps, FormError } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { saveFailure } from '../../lib/save-form.ts';
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

/** The business's text fields, in the order they show: the form's key (the same in the API) and its field. */
const BUSINESS_FIELDS: readonly ({
  key: 'companyName' | 'abn' | 'bspNumber' | 'businessPhone' | 'businessEmail';
} & Pick<FieldProps, 'label' | 'hint' | 'type' | 'inputMode' | 'autoComplete' | 'required'>)[] = [
  { key: 'companyName', label: 'Trading name', hint: 'Leave empty if you trade under your own name' },
  {
    key: 'abn',
    label: 'ABN',
    inputMode: 'numeric',
    autoComplete: 'off',
    hint: '11 digits, for example 51 824 753 556',
  },
  { key: 'bspNumber', label: 'BSP number (authorisation)', required: true },
  {
    key: 'businessPhone',
    label: 'Business phone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    hint: PHONE_MESSAGES.businessHint,
  },
  {
    key: 'businessEmail',
    label: 'Business e-mail (optional)',
    type: 'email',
    autoComplete: 'email',
    hint: 'Shown to customers on their booking; your account e-mail otherwise',
  },
];

/** The counts under "What your vehicles offer": the form's key (offers.{key} in the API) and its field. */
const OFFER_COUNTS: readonly {
  key: 'childSeats' | 'boosterSeats' | 'surfboards' | 'bikes';
  label: string;
  hint?: string;
  max: number;
}[] = [
  { key: 'childSeats', label: 'Child seats', hint: 'Infant capsules and child seats', max: 8 },
  { key: 'boosterSeats', label: 'Booster seats', max: 8 },
  { key: 'surfboards', label: 'Surfboards', max: 10 },
  { key: 'bikes', label: 'Bikes', max: 10 },
];

/** The yes-or-no offers, as checkboxes. */
const OFFER_TOGGLES: readonly { key: 'pram' | 'pets'; label: string }[] = [
  { key: 'pram', label: 'Prams and strollers' },
  { key: 'pets', label: 'Pets' },
];

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
  const fieldError = (k: keyof Form) => errors[k] ?? serverErrors[k];
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
      const failure = saveFailure(err, 'Your profile could not be saved.');
      if (failure.fieldErrors) {
        setServerErrors(failure.fieldErrors);
        setFocusFirstError((n) => n + 1);
      }
      setError(failure.message);
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
        {BUSINESS_FIELDS.map(({ key, ...field }) => (
          <Field key={key} {...field} value={f[key]} onChange={set(key)} error={fieldError(key)} />
        ))}
        <div className="sm:col-span-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PlaceField
            label="Base locality"
            name="base"
            withAddress={false}
            value={f.base}
            onChange={(v) => setF((o) => ({ ...o, base: v }))}
            error={fieldError('base')}
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
            error={fieldError('serviceRadiusKm')}
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
        <h2 id="offers" tabIndex={-1} className="text-xl font-bold">
          What your vehicles offer
        </h2>
        <p className="text-sm text-slate-700">
          Trips that need more than this (a child seat you do not carry, a wheelchair user who stays
          seated...) are not sent to you, and Available rides hides them unless you choose to see every trip.
        </p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {OFFER_COUNTS.map(({ key, label, hint, max }) => (
            <Field
              key={key}
              label={label}
              hint={hint}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              value={f[key]}
              onChange={set(key)}
              error={errors[`offers.${key}`]}
            />
          ))}
        </div>
        <RadioGroup
          legend="Wheelchairs"
          name="offers-wheelchair"
          options={WHEELCHAIR_OFFERS}
          labels={WHEELCHAIR_OFFER_LABELS}
          value={f.wheelchair}
          onChange={(wheelchair) => setF((o) => ({ ...o, wheelchair }))}
        />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {OFFER_TOGGLES.map(({ key, label }) => (
            <Checkbox
              key={key}
              label={label}
              checked={f[key]}
              onCheckedChange={(on) => setF((o) => ({ ...o, [key]: on }))}
            />
          ))}
        </div>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 id="availability" tabIndex={-1} className="text-xl font-bold">
          Availability
        </h2>
        <fieldset>
          <legend className="text-sm font-medium">Days you take trips</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {WEEKDAYS.map((d) => (
              <Checkbox
                key={d}
                label={WEEKDAY_LABELS[d]}
                checked={f.days.includes(d)}
                onCheckedChange={(on) =>
                  setF((o) => ({ ...o, days: on ? [...o.days, d] : o.days.filter((x) => x !== d) }))
                }
              />
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
