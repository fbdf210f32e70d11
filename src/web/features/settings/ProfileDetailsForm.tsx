/**
 * Name, phone and e-mail editing for /profile (self-contained: drop <ProfileDetailsForm /> into the page).
 * The e-mail changes only after the link sent to the new address is opened.
 */
import { type FormEvent, useState } from 'react';
import { VALIDATION } from '../../../shared/messages.ts';
import { emailField, fullNameField } from '../../../shared/validation/auth.ts';
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
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [emailNotice, setEmailNotice] = useState<string | null>(null);
  if (!user || user.isTest) return null;

  const saveDetails = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = nameRule.safeParse(fullName);
    setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    update.mutate(
      { fullName: parsed.data, phone: phone.trim() },
      {
        onSuccess: async () => {
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
    if (!parsed.success) return;
    changeEmail.mutate(
      { newEmail: parsed.data },
      {
        onSuccess: () => {
          setEmailNotice(
            `We sent a confirmation link to ${parsed.data}. Your e-mail address changes when you open it.`,
          );
          setNewEmail('');
        },
        onError: (err) =>
          setEmailError(err instanceof ApiError ? err.message : 'The change could not be requested.'),
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
        <Field
          label="Full name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          autoComplete="name"
          error={nameError}
          required
        />
        <Field
          label="Phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          autoComplete="tel"
          hint="Shared with your driver or customer only after a booking."
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
        <Field
          label="New e-mail address"
          type="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          autoComplete="email"
          error={emailError}
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
