/** The /support contact form (SPEC §3 Contact form, §7 send-email): to the support address. */
import { contactSchema } from './form-schemas.ts';
import { MessageForm } from './MessageForm.tsx';
import { ownFields } from './own-fields.tsx';

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
      ownFields={ownFields({
        text: { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
        choice: {
          name: 'userType',
          label: 'I am a (optional)',
          options: [
            { value: 'customer', label: 'Rider (customer)' },
            { value: 'driver', label: 'Driver (shuttle business)' },
          ],
        },
      })}
    />
  );
}
