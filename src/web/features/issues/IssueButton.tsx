/**
 * The 'Report an Issue' dialog (SPEC §2.8, §5 Issue form, §8 Issue submission), signed-in only. Its 'Log
 * Issue' buttons are in the header on wide screens and in the Menu and the footer on narrower ones, so
 * nothing floats over the page (issue 12); they open it through openIssueReport (shell/focus.ts).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { TOAST } from '../../../shared/constants.ts';
import {
  ISSUE_CATEGORIES,
  ISSUE_CATEGORY_LABELS,
  ISSUE_DEFAULTS,
  ISSUE_MESSAGES,
  ISSUE_PRIORITIES,
  ISSUE_PRIORITY_LABELS,
  type IssueRecord,
  issueSchema,
} from '../../../shared/validation/issues.ts';
import { checkFile, IMAGE_UPLOAD_RULES, UPLOAD_MESSAGES } from '../../../shared/validation/uploads.ts';
import { onOpenIssueReport, returnFocus } from '../../app/shell/focus.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSubmitKey } from '../../lib/submit-key.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { detectFileType, postMultipart } from '../files/upload-client.ts';

type FieldName = 'title' | 'description' | 'category' | 'priority' | 'screenshot';
const EMPTY = {
  title: '',
  description: '',
  category: ISSUE_DEFAULTS.category,
  priority: ISSUE_DEFAULTS.priority,
};

/** §8: a missing endpoint or table reads as "System Not Ready"; anything else as the generic error. */
function failureToast(err: unknown) {
  const notReady =
    (err instanceof ApiError && err.status === 404) ||
    (err instanceof Error && (/not found/i.test(err.message) || /relation .*issues/i.test(err.message))) ||
    (err instanceof Error && !err.message);
  if (notReady) {
    toast({
      title: ISSUE_MESSAGES.notReadyTitle,
      description: ISSUE_MESSAGES.notReady,
      variant: 'destructive',
      duration: 5_000,
    });
  } else {
    toast({ title: ISSUE_MESSAGES.errorTitle, description: ISSUE_MESSAGES.error, variant: 'destructive' });
  }
}

export function IssueButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const returnTo = useRef<Element | null>(null);
  const allowed = Boolean(user && !user.isTest);
  useEffect(() => {
    if (!allowed) return;
    return onOpenIssueReport((target) => {
      returnTo.current = target;
      setOpen(true);
    });
  }, [allowed]);
  // Signed-in only (§6); a browser-only test session has no account to file it under.
  if (!allowed) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) returnTo.current = document.activeElement;
        setOpen(next);
      }}
    >
      {open && <IssueDialog onClose={() => setOpen(false)} returnTo={returnTo} />}
    </Dialog.Root>
  );
}

function IssueDialog({
  onClose,
  returnTo,
}: {
  onClose: () => void;
  returnTo: { readonly current: Element | null };
}) {
  const [values, setValues] = useState<{
    title: string;
    description: string;
    category: string;
    priority: string;
  }>(EMPTY);
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // After a refused submit, the focus moves to the first field in error (WCAG 3.3.1, issue 12).
  const form = useRef<HTMLFormElement>(null);
  const [errorRound, setErrorRound] = useState(0);
  useEffect(() => {
    if (errorRound === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorRound]);
  const showErrors = (next: Partial<Record<FieldName, string>>) => {
    setErrors(next);
    setErrorRound((n) => n + 1);
  };
  // One Idempotency-Key per submit: a retry of the same report files one issue.
  const submitKey = useSubmitKey();
  const ids = { description: useId(), screenshot: useId() };

  const set = (name: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function onScreenshot(file: File | undefined) {
    setErrors((e) => ({ ...e, screenshot: undefined }));
    setScreenshot(null);
    if (!file) return;
    const sniffed = await detectFileType(file);
    if (!sniffed?.startsWith('image/')) {
      setErrors((e) => ({ ...e, screenshot: UPLOAD_MESSAGES.invalidImage(file.type || 'unknown') }));
      return;
    }
    const check = checkFile(file, sniffed, IMAGE_UPLOAD_RULES);
    if (!check.ok) {
      setErrors((e) => ({ ...e, screenshot: check.message }));
      return;
    }
    setScreenshot(file);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = issueSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      showErrors(next);
      return;
    }
    setSubmitting(true);
    try {
      const form = new FormData();
      for (const [k, v] of Object.entries(parsed.data)) form.append(k, v);
      if (screenshot) form.append('screenshot', screenshot, screenshot.name);
      const result = await submitKey.run({ ...parsed.data, screenshot }, (idempotencyKey) =>
        postMultipart<{ issue: IssueRecord; warning?: string }>('/api/issues', form, undefined, undefined, {
          'idempotency-key': idempotencyKey,
        }),
      );
      toast({
        title: ISSUE_MESSAGES.submittedTitle,
        description: ISSUE_MESSAGES.submitted,
        variant: 'success',
      });
      if (result.warning) {
        const warning = result.warning;
        // One toast at a time: the screenshot warning follows the success message.
        setTimeout(() => toast({ title: 'Screenshot', description: warning }), TOAST.defaultMs);
      }
      setValues(EMPTY);
      setScreenshot(null);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.issues?.length) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const issue of err.issues) next[issue.path as FieldName] ??= issue.message;
        showErrors(next);
      } else if (err instanceof ApiError && err.status === 401) {
        toast({
          title: ISSUE_MESSAGES.errorTitle,
          description: ISSUE_MESSAGES.loginRequired,
          variant: 'destructive',
        });
      } else {
        failureToast(err);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl"
        onInteractOutside={(e) => submitting && e.preventDefault()}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus(returnTo.current);
        }}
        onEscapeKeyDown={(e) => submitting && e.preventDefault()}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <Dialog.Title className="text-lg font-bold text-brand-900">Report an Issue</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-700">
              Tell us what went wrong or what could be better. We will reply by e-mail.
            </Dialog.Description>
          </div>
          <Dialog.Close
            className="rounded-md p-2 hover:bg-slate-100"
            aria-label="Close"
            disabled={submitting}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </div>
        <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <Field
            label="Issue Title"
            required
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            maxLength={200}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.description} className="text-sm font-medium text-slate-800">
              Description<span aria-hidden="true"> *</span>
            </label>
            <textarea
              id={ids.description}
              required
              rows={4}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${ids.description}-error` : undefined}
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
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label="Category"
              value={values.category}
              options={ISSUE_CATEGORIES}
              labels={ISSUE_CATEGORY_LABELS}
              error={errors.category}
              onChange={(v) => set('category', v)}
            />
            <SelectField
              label="Priority"
              value={values.priority}
              options={ISSUE_PRIORITIES}
              labels={ISSUE_PRIORITY_LABELS}
              error={errors.priority}
              onChange={(v) => set('priority', v)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.screenshot} className="text-sm font-medium text-slate-800">
              Screenshot (optional)
            </label>
            <input
              id={ids.screenshot}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={submitting}
              onChange={(e) => void onScreenshot(e.target.files?.[0])}
              aria-invalid={errors.screenshot ? true : undefined}
              aria-describedby={errors.screenshot ? `${ids.screenshot}-error` : undefined}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
            />
            {errors.screenshot && (
              <p id={`${ids.screenshot}-error`} className="text-sm text-red-700">
                {errors.screenshot}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Issue'}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** A labelled select of the dialog, its options worded by `labels`, with its error under it. */
function SelectField<T extends string>({
  label,
  value,
  options,
  labels,
  error,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        className={cn(
          'h-11 rounded-md border bg-white px-3 text-base text-slate-900',
          error ? 'border-red-700' : 'border-slate-400',
        )}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
