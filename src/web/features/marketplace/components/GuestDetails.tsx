/**
 * The last step of posting without an account (issue 31): name, e-mail and mobile. The trip is saved as a
 * draft and an e-mail goes out; its link confirms the address, signs the guest in and puts the trip live.
 * The fields are checked with the same schema as the API, and kept in sessionStorage as they are typed.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { GUEST_POST_MESSAGES } from '../../../../shared/marketplace/guest-post-messages.ts';
import { guestPersonSchema } from '../../../../shared/validation/guest-post.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import type { toRequestBody } from './TripForm.tsx';
import { type GuestPersonValues, readPersonDraft, savePersonDraft } from './trip-draft-storage.ts';

type Errors = Partial<Record<keyof GuestPersonValues, string>>;

function errorsOf(v: GuestPersonValues): Errors {
  const parsed = guestPersonSchema.safeParse(v);
  if (parsed.success) return {};
  const out: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof GuestPersonValues;
    out[key] ??= issue.message;
  }
  return out;
}

export function GuestDetails({
  trip,
  summary,
  onBack,
  onSent,
}: {
  trip: ReturnType<typeof toRequestBody>;
  summary: string;
  onBack: () => void;
  onSent: (email: string) => void;
}) {
  const [v, setV] = useState<GuestPersonValues>(readPersonDraft);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = submitted ? errorsOf(v) : {};
  const set = (k: keyof GuestPersonValues, value: string) =>
    setV((old) => {
      const next = { ...old, [k]: value };
      savePersonDraft(next);
      return next;
    });

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errorsOf(v)).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      await api('/api/rides/guest', { body: { trip, person: v } });
      onSent(v.email.trim());
    } catch (err) {
      setServerError(
        err instanceof ApiError ? err.message : 'Your trip could not be posted. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="guest-details" className="flex flex-col gap-4">
      <h2 id="guest-details" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        Last step: who is travelling?
      </h2>
      <p className="rounded-md bg-slate-50 p-3 text-slate-800" data-testid="trip-summary">
        {summary}{' '}
        <button
          type="button"
          onClick={onBack}
          className="min-h-11 font-medium text-brand-800 underline underline-offset-2"
        >
          Change the trip
        </button>
      </p>
      <p className="text-slate-700">
        No password needed now: we e-mail you a link that confirms your address and puts your trip live. The
        driver you book sees your name and mobile.
      </p>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Full name"
          autoComplete="name"
          value={v.fullName}
          onChange={(e) => set('fullName', e.target.value)}
          error={errors.fullName}
          required
        />
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          required
        />
        <Field
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={v.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
          hint="The driver calls it on the day of the trip."
          required
        />
        <FormError message={serverError} />
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? 'Posting...' : 'Post my trip'}
        </Button>
      </form>
    </section>
  );
}

export function GuestSent({ email }: { email: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      aria-labelledby="guest-sent"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="guest-sent" ref={ref} tabIndex={-1} className="text-xl font-bold text-brand-950">
        Check your e-mail
      </h2>
      <p className="text-brand-950">{GUEST_POST_MESSAGES.checkEmail}</p>
      <p className="text-brand-950">
        We sent it to <strong>{email}</strong>. Nothing is posted to drivers until you open the link.
      </p>
    </section>
  );
}
