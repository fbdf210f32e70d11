/**
 * What the contact and driver-support forms share (SPEC §3, §7 send-email): name and e-mail, two optional
 * fields of each form's own, subject, message, the honeypot, sending with the e-mail's text, the error and
 * the sent notice. Every field of both forms is text, so the form's values are strings by name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormRegister, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { Honeypot, sendForm, TextAreaField } from './form-parts.tsx';
import { SentNotice } from './SentNotice.tsx';

type Values = Record<string, string> & {
  name: string;
  email: string;
  subject: string;
  message: string;
  website: string;
};

export interface MessageFormProps {
  type: 'contact' | 'driver-support';
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  schema: z.ZodType;
  /** Every field's starting value ('' each), the two of this form's own included. */
  defaultValues: Record<string, string>;
  /** This form's own lines of the e-mail, after the name and e-mail ('Phone: ...'); null leaves one out. */
  ownLines: (data: Record<string, string>) => (string | null)[];
  /** This form's own two fields, beside the name and e-mail. */
  ownFields: (form: { register: UseFormRegister<Values>; errors: FieldErrors<Values> }) => ReactNode;
}

export function MessageForm({
  type,
  label,
  submitLabel,
  schema,
  defaultValues,
  ownLines,
  ownFields,
}: MessageFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    // Both schemas describe text fields only (form-schemas.ts); the resolver's own typing cannot follow a
    // schema passed in, so it is told the values' shape here.
    resolver: zodResolver(schema as z.ZodType<Values, Values>) as unknown as Resolver<Values>,
    defaultValues: defaultValues as Values,
  });

  const onSubmit = handleSubmit(async (data) => {
    setError(null);
    const text = [
      `Name: ${data.name}`,
      `E-mail: ${data.email}`,
      ...ownLines(data),
      `Subject: ${data.subject}`,
      '',
      data.message,
    ]
      .filter((l) => l !== null)
      .join('\n');
    const result = await sendForm(type, data, text);
    if (result.ok) {
      setSentTo(data.name);
      reset();
    } else setError(result.message);
  });

  if (sentTo) return <SentNotice name={sentTo} onAnother={() => setSentTo(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="relative flex flex-col gap-4">
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
        {ownFields({ register, errors })}
      </div>
      <Field label="Subject" required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" required error={errors.message?.message} {...register('message')} />
      <Honeypot {...register('website')} />
      <FormError message={error} />
      <p className="text-sm text-slate-600">Fields marked * are required.</p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}
