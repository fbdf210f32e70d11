/** Pieces the two public forms share: textarea and select with wired errors, the honeypot, sending. */
import { forwardRef, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { ACCOUNT } from '../../../shared/messages.ts';
import { ApiError, api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { SubmitKey } from '../../lib/submit-key.ts';

const control = 'rounded-md border bg-white px-3 text-base text-slate-900';

function Described({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }
>(function TextAreaField({ label, error, hint, className, ...props }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(control, 'py-2', error ? 'border-red-700' : 'border-slate-400', className)}
        {...props}
      />
      <Described id={id} error={error} hint={hint} />
    </div>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: string;
    options: { value: string; label: string }[];
  }
>(function SelectField({ label, error, options, className, ...props }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={cn(control, 'h-11', error ? 'border-red-700' : 'border-slate-400', className)}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Described id={id} error={error} />
    </div>
  );
});

/** A field people never see or reach; bots fill it, and the server then sends nothing. */
export const Honeypot = forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(
  function Honeypot(props, ref) {
    return (
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input ref={ref} type="text" tabIndex={-1} autoComplete="off" {...props} />
        </label>
      </div>
    );
  },
);

export type SendResult = { ok: true } | { ok: false; message: string };

/** One Idempotency-Key per submit of each form: a double click or a retry sends one message. */
const sendKeys = { contact: new SubmitKey(), 'driver-support': new SubmitKey() };

/** POST /api/send-email (SPEC §7). The server picks the recipient and sends the thank-you copy. */
export async function sendForm(
  type: 'contact' | 'driver-support',
  data: { email: string; subject: string; website: string } & Record<string, string>,
  text: string,
): Promise<SendResult> {
  const { website, ...formData } = data;
  const body = { type, subject: data.subject, text, replyTo: data.email, formData, website };
  try {
    await sendKeys[type].run(body, (idempotencyKey) =>
      api<{ success: boolean; messageId: string | null }>('/api/send-email', {
        body,
        timeoutMs: 20_000,
        idempotencyKey,
      }),
    );
    return { ok: true };
  } catch (err) {
    // A rate limit explains itself; anything else is the spec's one failure message.
    if (err instanceof ApiError && err.status === 429) return { ok: false, message: err.message };
    return { ok: false, message: ACCOUNT.emailSendFailed };
  }
}
