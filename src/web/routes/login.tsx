/** /login (SPEC §2.5, §4 Sign-in, §8 sign-in page mapping), with the code step of two-factor sign-in. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PAGE, UI_TEXT } from '../../shared/messages.ts';
import { type SignInInput, signInSchema } from '../../shared/validation/auth.ts';
import { Button } from '../components/ui/button.tsx';
import { Field, FormError, FormNotice } from '../components/ui/field.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm.tsx';
import { loginErrorMessage } from '../features/auth/login-errors.ts';
import { clearStoredAuth } from '../features/auth/storage.ts';
import { useSignInRedirect } from '../features/auth/useSignInRedirect.ts';
import { usePageMeta } from '../lib/page-meta.ts';

/** Where to go after signing in: `?next=` when it is a path of this app (never another site), else /dashboard. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/dashboard';
}

export default function LoginPage() {
  usePageMeta('Sign In', 'Sign in to book shuttle rides or quote for trips in Port Stephens.');
  const { status, user, signIn } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const redirectAfterSignIn = useSignInRedirect();
  // Kept from the first render: the address's other messages are removed from it below.
  const [next] = useState(() => safeNext(params.get('next')));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // After a right password, an account with two-factor sign-in is asked for its code (issue 14).
  const [codeStep, setCodeStep] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  // Messages carried in the address are shown once, then removed from it.
  useEffect(() => {
    if (params.get('timeout') === 'true') setError(LOGIN_PAGE.sessionExpired);
    if (params.get('signed_out') === 'true') setError(LOGIN_PAGE.signedOutByAdmin);
    const linkError = params.get('error');
    if (params.has('magic_link'))
      setError('This sign-in link is invalid or has expired. Please ask for a new one.');
    else if (linkError)
      setError('This confirmation link is invalid or has expired. Sign in to get a new one.');
    else if (params.get('confirmed') === 'true')
      setNotice('Your e-mail address is confirmed. You can sign in now.');
    if (params.get('clear_auth') === 'true') clearStoredAuth();
    if (
      ['timeout', 'signed_out', 'confirmed', 'clear_auth', 'error', 'magic_link'].some((k) => params.has(k))
    ) {
      setParams({}, { replace: true });
    }
  }, [params, setParams]);

  // Already signed in: straight to the dashboard (or where `?next=` says).
  useEffect(() => {
    if (status === 'authenticated' && user && !user.isTest && !isSubmitting && !codeStep)
      navigate(next, { replace: true });
  }, [status, user, isSubmitting, codeStep, navigate, next]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setNotice(null);
    try {
      const { twoFactorRequired } = await signIn(values.email.trim(), values.password);
      if (twoFactorRequired) {
        setCodeStep(true);
        return;
      }
      await redirectAfterSignIn(next);
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  });

  if (codeStep) {
    return (
      <AuthCard title="Two-factor sign-in" subtitle="Your password is right. One more step.">
        <SecondFactorForm
          onSignedIn={() => redirectAfterSignIn(next)}
          onRestart={(message) => {
            setCodeStep(false);
            setError(message ?? null);
          }}
        />
      </AuthCard>
    );
  }

  const fieldError = errors.email?.message ?? errors.password?.message;
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here?{' '}
          <Link to="/signup" className="font-semibold text-brand-600 underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormNotice message={notice} />
        <Field label="Email" type="email" autoComplete="email" {...register('email')} />
        <Field label="Password" type="password" autoComplete="current-password" {...register('password')} />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-600 underline underline-offset-4">
            Forgot your password?
          </Link>
        </p>
        <FormError message={error ?? fieldError} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? UI_TEXT.signingIn : 'Sign in'}
        </Button>
        <p className="text-center text-sm text-slate-700">
          Prefer a link by e-mail?{' '}
          <Link to="/password-auth" className="text-brand-600 underline underline-offset-4">
            Sign in with a one-time link
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
