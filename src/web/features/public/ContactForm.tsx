/** The /support contact form (SPEC §3 Contact form, §7 send-email): to the support address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { Honeypot, SelectField, sendForm, TextAreaField } from './form-parts.tsx';
import { type ContactInput, contactSchema } from './form-schemas.ts';
import { SentNotice } from './SentNotice.tsx';

export function ContactForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, z.output<typeof contactSchema>>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', phone: '', userType: '', subject: '', message: '', website: '' },
  });

  const onSubmit = handleSubmit(async (data) => {
    setError(null);
    const text = [
      `Name: ${data.name}`,
      `E-mail: ${data.email}`,
      data.phone ? `Phone: ${data.phone}` : null,
      data.userType ? `I am a: ${data.userType}` : null,
      `Subject: ${data.subject}`,
      '',
      data.message,
    ]
      .filter((l) => l !== null)
      .join('\n');
    const result = await sendForm('contact', data, text);
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
      aria-label="Contact support"
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
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <SelectField
          label="I am a (optional)"
          error={errors.userType?.message}
          options={[
            { value: '', label: 'Choose one' },
            { value: 'customer', label: 'Rider (customer)' },
            { value: 'driver', label: 'Driver (shuttle business)' },
          ]}
          {...register('userType')}
        />
      </div>
      <Field label="Subject" required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" required error={errors.message?.message} {...register('message')} />
      <Honeypot {...register('website')} />
      <FormError message={error} />
      <p className="text-sm text-slate-600">Fields marked * are required.</p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
