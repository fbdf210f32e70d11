/** Change the password: the current one, then the new one twice (the shared password rules). */
import { type FormEvent, useState } from 'react';
import { VALIDATION } from '../../../shared/messages.ts';
import { passwordField } from '../../../shared/validation/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, FormNotice } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useChangePassword } from './api.ts';

export function PasswordChangeForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    setFormError(null);
    const found: typeof errors = {};
    if (!current) found.current = 'Please enter your current password.';
    const parsed = passwordField.safeParse(next);
    if (!parsed.success) found.next = parsed.error.issues[0]?.message;
    if (next !== confirm) found.confirm = VALIDATION.passwordsDoNotMatch;
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setDone('Your password has been changed. Other devices have been signed out.');
        },
        onError: (err) =>
          setFormError(err instanceof ApiError ? err.message : 'Your password could not be changed.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" aria-label="Change password">
      <FormError message={formError} />
      <FormNotice message={done} />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current}
        required
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        hint="At least 8 characters."
        required
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
