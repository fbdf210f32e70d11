/** The /support contact form (SPEC §3 Contact form, §7 send-email): to the support address. */
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from './form-parts.tsx';
import { contactSchema } from './form-schemas.ts';
import { MessageForm } from './MessageForm.tsx';

export function ContactForm() {
  return (
    <MessageForm
      type="contact"
      label="Contact support"
      submitLabel="Send message"
      schema={contactSchema}
      defaultValues={{ name: '', email: '', phone: '', userType: '', subject: '', message: '', website: '' }}
      ownLines={(data) => [
        data.phone ? `Phone: ${data.phone}` : null,
        data.userType ? `I am a: ${data.userType}` : null,
      ]}
      ownFields={({ register, errors }) => (
        <>
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
        </>
      )}
    />
  );
}
