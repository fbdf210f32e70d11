/** The customer and driver sign-up forms (SPEC §2.6, §5), one component, the shared schemas. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TOAST } from '../../../../shared/constants.ts';
import { ACCOUNT } from '../../../../shared/messages.ts';
import { PHONE_MESSAGES } from '../../../../shared/validation/phone.ts';
import { customerSignupSchema, driverSignupSchema } from '../../../../shared/validation/signup.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { LaunchNotice } from './LaunchNotice.tsx';

type DriverValues = z.input<typeof driverSignupSchema>;

export function SignupForm({ userType }: { userType: 'customer' | 'driver' }) {
  const isDriver = userType === 'driver';
  const [serverError, setServerError] = useState<{ message: string } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DriverValues>({
    resolver: zodResolver(
      (isDriver ? driverSignupSchema : customerSignupSchema) as typeof driverSignupSchema,
    ),
    defaultValues: { fullName: '', email: '', phone: '', password: '', bspNumber: '', companyName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const body = isDriver
        ? { ...values, userType }
        : {
            fullName: values.fullName,
            email: values.email,
            phone: values.phone,
            password: values.password,
            userType,
          };
      await api('/api/account/signup', { body });
      setSentTo(values.email);
      toast({
        title: 'Account created',
        description: 'Check your inbox for a confirmation e-mail.',
        variant: 'success',
        duration: TOAST.signupSuccessMs,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status > 0 && err.status < 500) {
        setServerError({ message: err.message });
      } else {
        setServerError({
          message: isDriver ? ACCOUNT.errorCreatingDriverAccount : ACCOUNT.createAccountFailed,
        });
      }
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck className="h-12 w-12 text-brand-600" aria-hidden="true" />
        <h2 className="text-xl font-bold">Check your email</h2>
        <p className="text-slate-700">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to confirm your address, then sign
          in.
        </p>
        <p className="text-sm text-slate-700">
          Already have an account with this address? The e-mail tells you how to sign in instead.
        </p>
        <Button asChild variant="secondary">
          <Link to="/login">Go to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <LaunchNotice />
      <Field
        label="Full name"
        autoComplete="name"
        required
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        placeholder="0412 345 678"
        hint={isDriver ? PHONE_MESSAGES.driverHint : PHONE_MESSAGES.hint}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      {isDriver && (
        <>
          <Field
            label="BSP number"
            required
            hint="Your NSW Point to Point Transport Commission booking service provider number."
            error={errors.bspNumber?.message}
            {...register('bspNumber')}
          />
          <Field
            label="Company name (optional)"
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register('companyName')}
          />
        </>
      )}
      {serverError && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p>{serverError.message}</p>
        </div>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : isDriver ? 'Register as a driver' : 'Create account'}
      </Button>
    </form>
  );
}
