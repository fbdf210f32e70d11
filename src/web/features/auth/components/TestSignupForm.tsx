/**
 * The browser-only test sign-up (SPEC §2.6, §3 Test session): writes a test session to this tab's
 * session storage and opens /dashboard. Nothing reaches the API, which never trusts it. Not in production.
 */
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT } from '../../../../shared/messages.ts';
import { testDriverSignupSchema, testSignupSchema } from '../../../../shared/validation/auth.ts';
import { isProductionApp } from '../../../app/config.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { useAuth } from '../AuthProvider.tsx';
import { writeTestSession } from '../storage.ts';
import { LaunchNotice } from './LaunchNotice.tsx';

export function TestSignupForm({ driverOnly }: { driverOnly?: boolean }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [userType, setUserType] = useState<'customer' | 'driver' | 'admin'>(
    driverOnly ? 'driver' : 'customer',
  );

  if (isProductionApp) {
    return <p className="text-slate-700">Test accounts are not available on this site.</p>;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const parsed = driverOnly
      ? testDriverSignupSchema.safeParse(data)
      : testSignupSchema.safeParse({ ...data, userType });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ACCOUNT.errorCreatingTestAccount);
    try {
      const v = parsed.data as { fullName: string; email: string; bspNumber?: string; companyName?: string };
      writeTestSession({
        email: v.email,
        name: v.fullName,
        userType: driverOnly ? 'driver' : userType,
        id: crypto.randomUUID(),
        driverBsp: v.bspNumber,
        driverCompany: v.companyName,
      });
      await refresh().catch(() => null);
      navigate('/dashboard');
    } catch {
      setError(ACCOUNT.errorCreatingTestAccount);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <LaunchNotice />
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        A test account lives only in this browser tab: no e-mail is sent and nothing is saved.
      </p>
      <Field label="Full name" name="fullName" autoComplete="name" />
      <Field label="Email" name="email" type="email" autoComplete="email" />
      {driverOnly ? (
        <>
          <Field label="BSP number" name="bspNumber" />
          <Field label="Company name (optional)" name="companyName" autoComplete="organization" />
        </>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Account type</legend>
          {(['customer', 'driver', 'admin'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="userType"
                value={t}
                checked={userType === t}
                onChange={() => setUserType(t)}
                className="h-4 w-4"
              />
              {t[0]!.toUpperCase() + t.slice(1)}
            </label>
          ))}
        </fieldset>
      )}
      <FormError message={error} />
      <Button type="submit">Create test account</Button>
      {!driverOnly && (
        <p className="text-center text-sm">
          <Link to="/signup/test-driver" className="text-brand-600 underline underline-offset-4">
            Test driver sign-up with a BSP number
          </Link>
        </p>
      )}
    </form>
  );
}
