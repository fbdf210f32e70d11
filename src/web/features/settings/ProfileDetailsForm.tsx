/**
 * Name, mobile number and e-mail editing for /profile and /driver-profile (self-contained: drop
 * <ProfileDetailsForm /> into the page). The mobile number is the one thing the other side of a booking
 * needs on the day, so it comes first, says why, and an account without one is told so. The e-mail changes
 * only after the link sent to the new address is opened, and asking for it needs the current password
 * (issue 28); that link lands back here with ?emailChanged=true, or ?error= when it no longer works.
 */
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES } from '../../../shared/email-change.ts';
import { VALIDATION } from '../../../shared/messages.ts';
import { emailField, fullNameField } from '../../../shared/validation/auth.ts';
import { formatPhone, normalisePhone, PHONE_MESSAGES } from '../../../shared/validation/phone.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, FormNotice } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useChangeEmail, useUpdateProfile } from './api.ts';

const nameRule = fullNameField(VALIDATION.fullNameRequired);

export function ProfileDetailsForm() {
  const { user, refresh } = useAuth();
  const update = useUpdateProfile();
  const changeEmail = useChangeEmail();
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [phone, setPhone] = useState(user?.phone ? formatPhone(user.phone) : '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [emailPassword, setEmailPassword] = useState('');
  const [emailPasswordError, setEmailPasswordError] = useState<string | undefined>();
  const [params] = useSearchParams();
  // Where the new address's confirmation link lands (the API's verify-email callback).
  const [emailNotice, setEmailNotice] = useState<string | null>(() =>
    params.get('emailChanged') === 'true' && !params.get('error')
      ? 'Your new e-mail address is confirmed: the account now uses it.'
      : null,
  );
  const linkError = params.get('emailChanged') === 'true' && params.get('error');
  if (!user || user.isTest) return null;
  const isDriver = user.userType === 'driver';

  const saveDetails = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = nameRule.safeParse(fullName);
    const mobile = normalisePhone(phone);
    setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    setPhoneError(mobile.ok ? undefined : mobile.message);
    if (!parsed.success || !mobile.ok) return;
    update.mutate(
      { fullName: parsed.data, phone: mobile.e164 },
      {
        onSuccess: async (saved) => {
          if (saved.user.phone) setPhone(formatPhone(saved.user.phone));
          await refresh().catch(() => null);
          toast({
            title: 'Profile updated',
            description: 'Your details have been saved.',
            variant: 'success',
          });
        },
        onError: (err) =>
          setFormError(err instanceof ApiError ? err.message : 'Your details could not be saved.'),
      },
    );
  };

  const requestEmailChange = (e: FormEvent) => {
    e.preventDefault();
    setEmailNotice(null);
    const parsed = emailField.safeParse(newEmail);
    setEmailError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    setEmailPasswordError(emailPassword ? undefined : EMAIL_CHANGE_MESSAGES.passwordRequired);
    if (!parsed.success || !emailPassword) return;
    changeEmail.mutate(
      { newEmail: parsed.data, password: emailPassword },
      {
        onSuccess: () => {
          setEmailNotice(
            `We sent a confirmation link to ${parsed.data}. Your e-mail address changes when you open it.`,
          );
          setNewEmail('');
          setEmailPassword('');
        },
        onError: (err) => {
          // A wrong or missing password is shown at the password field; anything else at the address.
          const atPassword = err instanceof ApiError && err.issues?.some((i) => i.path === 'password');
          if (atPassword) setEmailPasswordError(err.message);
          else setEmailError(err instanceof ApiError ? err.message : 'The change could not be requested.');
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <form
        onSubmit={saveDetails}
        noValidate
        className="flex max-w-md flex-col gap-4"
        aria-label="Your details"
      >
        <FormError message={formError} />
        {!user.phone && (
          <div
            role="status"
            className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">Add your mobile number</p>
            <p>
              {isDriver
                ? 'Your customers need it to reach you on the day of a trip.'
                : 'Your driver needs it to reach you on the day of your trip.'}
            </p>
          </div>
        )}
        <div className="rounded-lg border-2 border-brand-400/40 bg-brand-400/5 p-4">
          <Field
            label="Mobile number"
            type="tel"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="tel"
            placeholder="0412 345 678"
            className="text-lg font-medium"
            hint={isDriver ? PHONE_MESSAGES.driverHint : PHONE_MESSAGES.hint}
            error={phoneError}
            required
          />
        </div>
        <Field
          label="Full name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          autoComplete="name"
          error={nameError}
          required
        />
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save details'}
          </Button>
        </div>
      </form>
      <form
        onSubmit={requestEmailChange}
        noValidate
        className="flex max-w-md flex-col gap-4"
        aria-label="Change e-mail address"
      >
        <p className="text-sm">
          Current e-mail address: <span className="font-medium">{user.email}</span>
        </p>
        <FormNotice message={emailNotice} />
        <FormError message={linkError ? EMAIL_CHANGE_MESSAGES.confirmationRevoked : null} />
        <Field
          label="New e-mail address"
          type="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          autoComplete="email"
          error={emailError}
        />
        <Field
          label="Current password"
          type="password"
          value={emailPassword}
          onChange={(e) => setEmailPassword(e.target.value)}
          autoComplete="current-password"
          hint="Needed to change the address. Your current address is told when the change takes effect."
          error={emailPasswordError}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={changeEmail.isPending}>
            {changeEmail.isPending ? 'Sending...' : 'Change e-mail address'}
          </Button>
        </div>
      </form>
    </div>
  );
}
