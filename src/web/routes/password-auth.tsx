/**
 * /password-auth (SPEC §2.6, §4): a card with Login, Sign Up and magic-link-sent. Login sends a one-time
 * link (redirecting to /dashboard); if sending fails it falls back to password sign-in.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT } from '../../shared/messages.ts';
import { passwordAuthLoginSchema } from '../../shared/validation/auth.ts';
import { PHONE_MESSAGES } from '../../shared/validation/phone.ts';
import { passwordAuthSignupSchema } from '../../shared/validation/signup.ts';
import { Button } from '../components/ui/button.tsx';
import { Field, FormError, FormNotice } from '../components/ui/field.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { LaunchNotice } from '../features/auth/components/LaunchNotice.tsx';
import { SecondFactorForm } from '../features/auth/components/SecondFactorForm.tsx';
import { loginErrorMessage } from '../features/auth/login-errors.ts';
import { useSignInRedirect } from '../features/auth/useSignInRedirect.ts';
import { ApiError, api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

type Tab = 'login' | 'signup' | 'magic-link-sent' | 'two-factor';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow';

export default function PasswordAuthPage() {
  usePageMeta('Sign In or Sign Up', 'Sign in with a one-time link or create an account.');
  const { status, user, signIn } = useAuth();
  const navigate = useNavigate();
  const redirectAfterSignIn = useSignInRedirect();
  const [tab, setTab] = useState<Tab>('login');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status === 'authenticated' && user && !user.isTest && !busy)
      navigate('/dashboard', { replace: true });
  }, [status, user, busy, navigate]);

  async function onLogin(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = passwordAuthLoginSchema.safeParse({
      email: form.get('email'),
      password: form.get('password'),
    });
    setError(null);
    setNotice(null);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await api('/api/account/magic-link', { body: { email: parsed.data.email } });
      setSentTo(parsed.data.email);
      setTab('magic-link-sent');
    } catch {
      // The one-time link could not be sent: sign in with the password instead.
      try {
        const { twoFactorRequired } = await signIn(parsed.data.email, parsed.data.password);
        // An account with two-factor sign-in gets no link; its code is asked for here (issue 14).
        if (twoFactorRequired) setTab('two-factor');
        else await redirectAfterSignIn('/dashboard');
      } catch (err) {
        setError(loginErrorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  }

  async function onSignup(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = passwordAuthSignupSchema.safeParse(Object.fromEntries(form));
    setError(null);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await api('/api/account/signup', {
        body: {
          fullName: parsed.data.fullName,
          email: parsed.data.email,
          phone: parsed.data.phone,
          password: parsed.data.password,
          userType: 'customer',
        },
      });
      setNotice('Account created. Check your inbox to confirm your e-mail address, then sign in.');
      setTab('login');
    } catch (err) {
      setError(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : ACCOUNT.createAccountFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold">Welcome</h1>
      {tab === 'two-factor' ? (
        <div className="mt-6">
          <SecondFactorForm
            onSignedIn={() => redirectAfterSignIn('/dashboard')}
            onRestart={(message) => {
              setTab('login');
              setError(message ?? null);
            }}
          />
        </div>
      ) : tab === 'magic-link-sent' ? (
        <div role="status" className="mt-6 flex flex-col items-center gap-4 text-center">
          <MailCheck className="h-12 w-12 text-brand-600" aria-hidden="true" />
          <h2 className="text-xl font-bold">Check your email</h2>
          <p className="text-slate-700">
            We sent a one-time sign-in link to <strong>{sentTo}</strong>. It works once, for 15 minutes.
          </p>
          <Button variant="secondary" onClick={() => setTab('login')}>
            Back to login
          </Button>
        </div>
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(v) => {
            setTab(v as Tab);
            setError(null);
          }}
          className="mt-6"
        >
          <Tabs.List aria-label="Sign in or sign up" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              Login
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClass}>
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login" className="mt-6">
            <form onSubmit={onLogin} noValidate className="flex flex-col gap-4">
              <FormNotice message={notice} />
              <Field label="Email" name="email" type="email" autoComplete="email" />
              <Field label="Password" name="password" type="password" autoComplete="current-password" />
              <FormError message={error} />
              <Button type="submit" disabled={busy}>
                {busy ? 'Sending...' : 'Login'}
              </Button>
            </form>
          </Tabs.Content>
          <Tabs.Content value="signup" className="mt-6">
            <form onSubmit={onSignup} noValidate className="flex flex-col gap-4">
              <LaunchNotice />
              <Field label="Full name" name="fullName" autoComplete="name" />
              <Field label="Email" name="email" type="email" autoComplete="email" />
              <Field
                label="Mobile number"
                name="phone"
                type="tel"
                autoComplete="tel"
                hint={PHONE_MESSAGES.hint}
              />
              <Field label="Password" name="password" type="password" autoComplete="new-password" />
              <Field
                label="Confirm password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
              />
              <FormError message={error} />
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating account...' : 'Sign Up'}
              </Button>
            </form>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
