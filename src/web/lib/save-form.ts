/** Saving a form: a failed save's errors by field and message, and useSaveForm() (check, save, show). */
import { type FormEvent, useState } from 'react';
import { ApiError } from './api.ts';

export interface SaveFailure {
  /** The API's message for each field it refused, by the field's path ('offers.bikes'); null when none. */
  fieldErrors: Record<string, string> | null;
  /** The API's own message, else `fallback` (a network failure, a bug). */
  message: string;
}

export function saveFailure(err: unknown, fallback: string): SaveFailure {
  if (!(err instanceof ApiError)) return { fieldErrors: null, message: fallback };
  const fieldErrors = err.issues?.length
    ? Object.fromEntries(err.issues.map((i) => [i.path, i.message]))
    : null;
  return { fieldErrors, message: err.message };
}

/**
 * A form's submit that checks, then saves. The check's errors by field stop it; a failed save shows the
 * API's errors by field and its message. Each submit clears the last message first.
 */
export function useSaveForm({
  fallback,
  check,
  save,
}: {
  /** The message when the save fails without the API's own (a network failure, a bug). */
  fallback: string;
  /** The form's errors by field, {} when it may be saved. */
  check: () => Record<string, string>;
  /** The save and what follows it (a toast, a reset); `form` is the submitted form. */
  save: (form: HTMLFormElement) => Promise<void>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const next = check();
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save(e.currentTarget);
    } catch (err) {
      const failure = saveFailure(err, fallback);
      if (failure.fieldErrors) setErrors(failure.fieldErrors);
      setError(failure.message);
    }
  }
  return { errors, error, onSubmit };
}
