/**
 * An administrator's action that asks for a reason (issues 13 and 14): a button that opens a dialog with the
 * reason (required where it matters: it is kept in the audit log, and some people read it), any extra
 * fields, sends it, and shows the API's refusal in the dialog if there is one.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';

export interface ReasonDialogProps {
  /** The opening button's text: "Approve", "Suspend account". */
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Checks `{ reason }`; its first message is shown under the field. */
  schema: z.ZodType<{ reason: string }>;
  reasonLabel: string;
  /** Without a reason field (a plain confirmation). */
  noReason?: boolean;
  /** Fields before the reason (a role to choose). */
  extra?: ReactNode;
  variant?: ButtonProps['variant'];
  onConfirm: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({
  label,
  title,
  description,
  confirmLabel,
  schema,
  reasonLabel,
  noReason = false,
  extra,
  variant = 'primary',
  onConfirm,
}: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reasonId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    let value = '';
    if (!noReason) {
      const parsed = schema.safeParse({ reason });
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message ?? null);
        reasonRef.current?.focus();
        return;
      }
      value = parsed.data.reason;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await onConfirm(value);
      setBusy(false);
      setOpen(false);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) {
          setReason('');
          setFieldError(null);
          setError(null);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant={variant} size="sm">
          {label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl"
          onOpenAutoFocus={(e) => {
            if (extra) return;
            e.preventDefault();
            (noReason ? confirmRef : reasonRef).current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-brand-900">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" disabled={busy}>
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className="text-base">{description}</div>
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {extra}
            {!noReason && (
              <div className="flex flex-col gap-1">
                <label htmlFor={reasonId} className="font-medium text-slate-800">
                  {reasonLabel}
                </label>
                <textarea
                  ref={reasonRef}
                  id={reasonId}
                  rows={3}
                  maxLength={1000}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? `${reasonId}-error` : undefined}
                  className="rounded-md border border-slate-400 px-3 py-2 text-base"
                />
                {fieldError && (
                  <p id={`${reasonId}-error`} className="text-sm text-red-700">
                    {fieldError}
                  </p>
                )}
              </div>
            )}
            <FormError message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary" disabled={busy}>
                  Back
                </Button>
              </Dialog.Close>
              <Button ref={confirmRef} type="submit" variant={variant} disabled={busy}>
                {busy ? 'Saving...' : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
