/**
 * /undo-email-change?token=... (issue 28, finding 8): the link e-mailed to the old address when the
 * account's e-mail address changed. Opening it does nothing by itself (mail scanners open links); the button
 * posts the token, which puts the old address back and signs out every device. Whoever moved the account
 * needed its password, so the page then leads to a password reset.
 */
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES, type UndoEmailChangeAnswer } from '../../shared/email-change.ts';
import { Button } from '../components/ui/button.tsx';
import { FormError } from '../components/ui/field.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { ApiError, api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function UndoEmailChangePage() {
  usePageMeta('Undo E-mail Change', 'Put back the e-mail address of your account.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const { refresh } = useAuth();
  const [restored, setRestored] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : EMAIL_CHANGE_MESSAGES.undoInvalid);
  const [pending, setPending] = useState(false);

  const undo = async () => {
    setError(null);
    setPending(true);
    try {
      const answer = await api<UndoEmailChangeAnswer>('/api/account/undo-email-change', { body: { token } });
      setRestored(answer.email);
      // This browser, if it was signed in to the account, is signed out like every other.
      await refresh().catch(() => null);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500 && err.status !== 0
          ? err.message
          : 'The change could not be undone just now. Please try again.',
      );
    } finally {
      setPending(false);
    }
  };

  if (restored) {
    return (
      <AuthCard title="Your e-mail address is back">
        <div role="status" className="flex flex-col gap-4">
          <CheckCircle2 className="h-12 w-12 self-center text-green-700" aria-hidden="true" />
          <p className="text-slate-700">
            Your account uses <strong className="wrap-anywhere">{restored}</strong> again, and every device
            that was signed in to it has been signed out.
          </p>
          <p className="text-slate-700">
            Whoever changed the address needed your password. Choose a new password now, so they cannot sign
            in again.
          </p>
          <Button asChild>
            <Link to="/forgot-password">Reset my password</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Undo the e-mail change"
      subtitle="Use this if you did not change the e-mail address of your account yourself."
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          Undoing puts back the address this link was sent to and signs out every device signed in to the
          account. Then reset your password.
        </p>
        <FormError message={error} />
        {token && (
          <Button type="button" onClick={undo} disabled={pending}>
            {pending ? 'Undoing...' : 'Undo the change'}
          </Button>
        )}
        <p className="text-sm text-slate-700">
          Changed it yourself? There is nothing to do.{' '}
          <Link to="/login" className="text-brand-600 underline underline-offset-4">
            Go to sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
