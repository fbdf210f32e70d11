/**
 * Delete the account: typed confirmation and the password. Bookings keep the records the law requires;
 * the personal details are removed.
 */
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useDeleteAccount } from './api.ts';

export function DeleteAccount() {
  const del = useDeleteAccount();
  const { refresh } = useAuth();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    del.mutate(
      { confirm: typed, password },
      {
        onSuccess: async () => {
          await refresh().catch(() => null);
          window.location.assign('/');
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : 'Your account could not be deleted.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" aria-label="Delete account">
      <p className="text-sm">
        Deleting your account signs you out everywhere and removes your name, e-mail address, phone number,
        picture and notification settings. Records of past bookings and ratings are kept without your personal
        details, as the law requires. Upcoming bookings must be cancelled first. This cannot be undone.
      </p>
      <FormError message={error} />
      <Field
        label="Type DELETE to confirm"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        required
      />
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <div>
        <Button
          type="submit"
          variant="destructive"
          disabled={typed !== 'DELETE' || !password || del.isPending}
        >
          {del.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
