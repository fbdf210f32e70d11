/** The confirm-with-reason dialog shell that admin decisions and a booking's cancellation share. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, type ReactElement, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { Button, type ButtonProps } from './button.tsx';
import { FormError } from './field.tsx';

/** The reason field: its label, an optional hint under the label, and its limits. */
export interface ReasonField {
  label: string;
  hint?: string;
  maxLength: number;
  required?: boolean;
  /** Checks `{ reason }`; its first message is shown under the field. */
  schema: z.ZodType<{ reason: string }>;
}

export interface ConfirmDialogProps {
  /** The opening button (a `Button`). */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** Without it, a plain confirmation. */
  reason?: ReasonField;
  /** Fields before the reason (a role to choose); the dialog then focuses its first field. */
  extra?: ReactNode;
  /** The button that closes without doing anything ("Back", "Keep booking"). */
  backLabel: string;
  confirmLabel: string;
  /** The confirm button's text while sending ("Saving..."). */
  busyLabel: string;
  /** Shown when the request fails without an API message. */
  failure: string;
  variant?: ButtonProps['variant'];
  onConfirm: (reason: string) => Promise<unknown>;
  /** After a success; with it the caller moves focus (the trigger may be gone), not the dialog. */
  onDone?: () => void;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A trigger that opens a Radix dialog (focus trapped, Escape closes, focus returns to the trigger): a title
 * and description, any extra fields, an optional reason checked by a schema (its first message under the
 * field), and the API's refusal shown in the dialog. It cannot be closed while the confirmation is sent.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { reason: field, extra, variant = 'primary', onConfirm, onDone } = props;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  function onOpenChange(next: boolean) {
    if (busy) return;
    if (next) {
      setReason('');
      setFieldError(null);
      setError(null);
      done.current = false;
    }
    setOpen(next);
    props.onOpenChange?.(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    let value = '';
    if (field) {
      const parsed = field.schema.safeParse({ reason });
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
      done.current = true;
      setBusy(false);
      onDone?.();
      setOpen(false);
      props.onOpenChange?.(false);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : props.failure);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl"
          onOpenAutoFocus={(e) => {
            // Straight to the one thing to do here: the reason, or the confirmation without one.
            if (extra) return;
            e.preventDefault();
            (field ? reasonRef : confirmRef).current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (done.current && onDone) e.preventDefault();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-brand-900">{props.title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" disabled={busy}>
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className={props.descriptionClassName ?? 'text-base'}>{props.description}</div>
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {extra}
            {field && (
              <ReasonInput
                field={field}
                value={reason}
                onChange={setReason}
                error={fieldError}
                inputRef={reasonRef}
              />
            )}
            <FormError message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary" disabled={busy}>
                  {props.backLabel}
                </Button>
              </Dialog.Close>
              <Button ref={confirmRef} type="submit" variant={variant} disabled={busy}>
                {busy ? props.busyLabel : props.confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReasonInput({
  field,
  value,
  onChange,
  error,
  inputRef,
}: {
  field: ReasonField;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const describedBy = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {field.label}
      </label>
      {field.hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {field.hint}
        </p>
      )}
      <textarea
        ref={inputRef}
        id={id}
        rows={3}
        maxLength={field.maxLength}
        required={field.required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-md border border-slate-400 px-3 py-2 text-base"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
