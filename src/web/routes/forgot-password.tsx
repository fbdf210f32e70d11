/** /forgot-password (SPEC §2.6, §4): e-mail entry, then 'Check your email'. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT } from '../../shared/messages.ts';
import { forgotPasswordSchema } from '../../shared/validation/auth.ts';
import { Button } from '../components/ui/button.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { ApiError, api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Get a link by e-mail to choose a new password.');
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await api('/api/account/forgot-password', { body: { email } });
      setSentTo(email);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : ACCOUNT.resetEmailFailed);
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="h-12 w-12 text-brand-600" aria-hidden="true" />
          <p className="text-slate-700">
            If an account exists for <strong>{sentTo}</strong>, we sent a link to choose a new password. It
            works for 1 hour.
          </p>
          <Button onClick={() => navigate('/login')}>Return to login</Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a reset link."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormError message={error} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="text-brand-600 underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
