/** /reset-password (SPEC §2.6, §4): new password and confirmation, then /login after 3 s. */
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RESET_SUCCESS_REDIRECT_MS } from '../../shared/constants.ts';
import { ACCOUNT } from '../../shared/messages.ts';
import { resetPasswordSchema } from '../../shared/validation/auth.ts';
import { Button } from '../components/ui/button.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { ApiError, api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';

export default function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Choose a new password for your account.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(linkError || !token ? INVALID_LINK : null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // A signed-in user without a reset link has nothing to do here.
  useEffect(() => {
    if (status === 'authenticated' && user && !token) navigate('/dashboard', { replace: true });
  }, [status, user, token, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await api('/api/account/reset-password', { body: { ...values, token } });
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 400 ? err.message : ACCOUNT.resetFailed);
    }
  });

  if (done) {
    return (
      <AuthCard title="Password updated">
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden="true" />
          <p className="text-slate-700">Your password has been changed. Taking you to sign in...</p>
          <Link to="/login" className="text-brand-600 underline underline-offset-4">
            Sign in now
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormError message={error} />
        {error === INVALID_LINK ? (
          <Button asChild variant="secondary">
            <Link to="/forgot-password">Ask for a new link</Link>
          </Button>
        ) : (
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Reset password'}
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
