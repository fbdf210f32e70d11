/** The /driver-support form (SPEC §3 Driver support, §7 send-email): to the drivers address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { Honeypot, SelectField, sendForm, TextAreaField } from './form-parts.tsx';
import { type DriverSupportInput, driverSupportSchema } from './form-schemas.ts';
import { SentNotice } from './SentNotice.tsx';

export function DriverSupportForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DriverSupportInput, unknown, z.output<typeof driverSupportSchema>>({
    resolver: zodResolver(driverSupportSchema),
    defaultValues: {
      name: '',
      email: '',
      driverLicense: '',
      urgency: '',
      subject: '',
      message: '',
      website: '',
    },
  });

  const onSubmit = handleSubmit(async (data) => {
    setError(null);
    const text = [
      `Name: ${data.name}`,
      `E-mail: ${data.email}`,
      data.driverLicense ? `Driver licence: ${data.driverLicense}` : null,
      data.urgency ? `Urgency: ${data.urgency}` : null,
      `Subject: ${data.subject}`,
      '',
      data.message,
    ]
      .filter((l) => l !== null)
      .join('\n');
    const result = await sendForm('driver-support', data, text);
    if (result.ok) {
      setSentTo(data.name);
      reset();
    } else setError(result.message);
  });

  if (sentTo) return <SentNotice name={sentTo} onAnother={() => setSentTo(null)} />;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Driver support request"
      className="relative flex flex-col gap-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Driver licence number (optional)"
          autoComplete="off"
          error={errors.driverLicense?.message}
          {...register('driverLicense')}
        />
        <SelectField
          label="Urgency (optional)"
          error={errors.urgency?.message}
          options={[
            { value: '', label: 'Choose one' },
            { value: 'low', label: 'Low: a question, no rush' },
            { value: 'medium', label: 'Medium: affects upcoming trips' },
            { value: 'high', label: 'High: affects a trip today' },
          ]}
          {...register('urgency')}
        />
      </div>
      <Field label="Subject" required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" required error={errors.message?.message} {...register('message')} />
      <Honeypot {...register('website')} />
      <FormError message={error} />
      <p className="text-sm text-slate-600">Fields marked * are required.</p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Sending...' : 'Send request'}
      </Button>
    </form>
  );
}
