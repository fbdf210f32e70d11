/**
 * "Report a problem with this trip" (issue 30 item 6), for either side of a booking on its page: a dialog
 * with what went wrong (late, no-show, not as booked, safety, fare dispute, other) and what happened. It
 * files an issue linked to the booking (POST /api/issues with the bookingId, one Idempotency-Key per
 * submit), which admins see with the booking and which adds "problem reported" to the booking's history.
 */

import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { IssueRecord } from '../../../shared/validation/issues.ts';
import {
  TRIP_PROBLEM_CATEGORIES,
  TRIP_PROBLEM_CATEGORY_HINTS,
  TRIP_PROBLEM_CATEGORY_LABELS,
  TRIP_PROBLEM_DESCRIPTION_MAX,
  TRIP_PROBLEM_MESSAGES,
  type TripProblemCategory,
  tripProblemSchema,
} from '../../../shared/validation/trip-problems.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSubmitKey } from '../../lib/submit-key.ts';

export interface ReportTripProblemProps {
  bookingId: string;
  viewerRole: 'customer' | 'driver';
}

type FieldName = 'category' | 'description';

export function ReportTripProblem({ bookingId, viewerRole }: ReportTripProblemProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="self-start">
          Report a problem with this trip
        </Button>
      </Dialog.Trigger>
      {open && (
        <ProblemDialog
          bookingId={bookingId}
          viewerRole={viewerRole}
          busy={busy}
          setBusy={setBusy}
          onDone={() => setOpen(false)}
        />
      )}
    </Dialog.Root>
  );
}

function ProblemDialog({
  bookingId,
  viewerRole,
  busy,
  setBusy,
  onDone,
}: ReportTripProblemProps & { busy: boolean; setBusy: (busy: boolean) => void; onDone: () => void }) {
  const qc = useQueryClient();
  const [category, setCategory] = useState<TripProblemCategory | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  // One Idempotency-Key per report: a retry after a dropped connection files it once.
  const submitKey = useSubmitKey();
  const form = useRef<HTMLFormElement>(null);
  const [errorRound, setErrorRound] = useState(0);
  const ids = { category: useId(), description: useId() };
  const otherSide = viewerRole === 'customer' ? 'driver' : 'customer';

  // After a refused submit, the focus moves to the first field in error (WCAG 3.3.1).
  useEffect(() => {
    if (errorRound === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorRound]);
  const showErrors = (next: Partial<Record<FieldName, string>>) => {
    setErrors(next);
    setErrorRound((n) => n + 1);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = tripProblemSchema.safeParse({ bookingId, category: category || undefined, description });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      if (next.category || next.description) return showErrors(next);
      setError(parsed.error.issues[0]?.message ?? TRIP_PROBLEM_MESSAGES.failed);
      return;
    }
    setBusy(true);
    try {
      await submitKey.run(parsed.data, (idempotencyKey) =>
        api<{ issue: IssueRecord }>('/api/issues', { body: parsed.data, idempotencyKey }),
      );
      setBusy(false);
      void qc.invalidateQueries({ queryKey: ['bookings'] });
      toast({
        title: TRIP_PROBLEM_MESSAGES.sentTitle,
        description:
          parsed.data.category === 'safety' ? TRIP_PROBLEM_MESSAGES.sentSafety : TRIP_PROBLEM_MESSAGES.sent,
        variant: 'success',
      });
      onDone();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.issues?.length) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const issue of err.issues) {
          if (issue.path === 'category' || issue.path === 'description') next[issue.path] ??= issue.message;
        }
        if (next.category || next.description) return showErrors(next);
      }
      setError(err instanceof ApiError ? err.message : TRIP_PROBLEM_MESSAGES.failed);
    }
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl"
        onOpenAutoFocus={(e) => {
          // Straight to the first choice rather than the close button.
          e.preventDefault();
          form.current?.querySelector<HTMLElement>('input')?.focus();
        }}
        onInteractOutside={(e) => busy && e.preventDefault()}
        onEscapeKeyDown={(e) => busy && e.preventDefault()}
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-xl font-bold text-brand-900">
            Report a problem with this trip
          </Dialog.Title>
          <Dialog.Close asChild>
            <Button variant="ghost" size="sm" aria-label="Close" disabled={busy}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </div>
        <Dialog.Description className="text-base">
          Our team gets it with this booking and replies by e-mail. The {otherSide} sees in the booking's
          history that a problem was reported and what kind, not what you write.
        </Dialog.Description>
        <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.category ? `${ids.category}-error` : undefined}
          >
            <legend className="mb-1 font-semibold text-slate-800">
              What went wrong?<span aria-hidden="true"> *</span>
            </legend>
            {TRIP_PROBLEM_CATEGORIES.map((c) => (
              <label
                key={c}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
                  errors.category ? 'border-red-700' : 'border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name={ids.category}
                  value={c}
                  checked={category === c}
                  onChange={() => {
                    setCategory(c);
                    setErrors((e) => ({ ...e, category: undefined }));
                  }}
                  aria-invalid={errors.category ? true : undefined}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                />
                <span className="flex flex-col">
                  <span className="font-medium">{TRIP_PROBLEM_CATEGORY_LABELS[c]}</span>
                  <span className="text-sm text-slate-700">{TRIP_PROBLEM_CATEGORY_HINTS[c]}</span>
                </span>
              </label>
            ))}
            {errors.category && (
              <p id={`${ids.category}-error`} className="text-sm text-red-700">
                {errors.category}
              </p>
            )}
          </fieldset>
          {category === 'safety' && (
            <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              If anyone is in danger now, call <strong>000</strong> (police, ambulance, fire) first.
            </p>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.description} className="font-semibold text-slate-800">
              What happened?<span aria-hidden="true"> *</span>
            </label>
            <p id={`${ids.description}-hint`} className="text-sm text-slate-700">
              When, where and what was said or done: at least 10 characters.
            </p>
            <textarea
              id={ids.description}
              required
              rows={4}
              maxLength={TRIP_PROBLEM_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((x) => ({ ...x, description: undefined }));
              }}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={cn(
                `${ids.description}-hint`,
                errors.description && `${ids.description}-error`,
              )}
              className={cn(
                'rounded-md border bg-white px-3 py-2 text-base text-slate-900',
                errors.description ? 'border-red-700' : 'border-slate-400',
              )}
            />
            {errors.description && (
              <p id={`${ids.description}-error`} className="text-sm text-red-700">
                {errors.description}
              </p>
            )}
          </div>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="secondary" disabled={busy}>
                Back
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
