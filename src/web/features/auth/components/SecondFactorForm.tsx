/**
 * The code step of signing in (issue 14): after a right password, an account with two-factor sign-in on is
 * asked for the 6-digit code from its authenticator app, or one of its backup codes.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { secondFactorSchema, TWO_FACTOR, TWO_FACTOR_MESSAGES } from '../../../../shared/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../AuthProvider.tsx';

/** Refusals after which this code step is over: the password has to be entered again. */
const RESTART_CODES = new Set(['auth/two-factor-expired', 'auth/account-suspended']);

export function SecondFactorForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void> | void;
  /** Back to the password, with the reason when the server ended the code step. */
  onRestart: (message?: string) => void;
}) {
  const { verifyCode } = useAuth();
  const [method, setMethod] = useState<'totp' | 'backup_code'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The field takes focus when the step appears (and again when the method changes, below).
  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = secondFactorSchema.safeParse({ method, code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyCode({ method, code });
      await onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && RESTART_CODES.has(err.code)) {
        onRestart(err.message);
        return;
      }
      setError(err instanceof ApiError ? err.message : TWO_FACTOR_MESSAGES.invalidCode);
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const totp = method === 'totp';
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Two-factor code"
    >
      <p className="text-sm text-slate-700">
        {totp
          ? 'Open your authenticator app and enter the 6-digit code it shows for ShuttleQuote.'
          : 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.'}
      </p>
      <Field
        ref={input}
        label={totp ? 'Authentication code' : 'Backup code'}
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={totp ? TWO_FACTOR.codeDigits + 2 : 11}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            setMethod(totp ? 'backup_code' : 'totp');
            setCode('');
            setError(null);
            input.current?.focus();
          }}
        >
          {totp ? 'Use a backup code instead' : 'Use the authenticator app instead'}
        </Button>
        <Button type="button" variant="link" size="sm" onClick={() => onRestart()}>
          Start again
        </Button>
      </p>
    </form>
  );
}
