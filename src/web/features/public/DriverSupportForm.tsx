/** The /driver-support form (SPEC §3 Driver support, §7 send-email): to the drivers address. */
import { driverSupportSchema } from './form-schemas.ts';
import { MessageForm } from './MessageForm.tsx';
import { ownFields } from './own-fields.tsx';

export function DriverSupportForm() {
  return (
    <MessageForm
      type="driver-support"
      label="Driver support request"
      submitLabel="Send request"
      schema={driverSupportSchema}
      defaultValues={{
        name: '',
        email: '',
        driverLicense: '',
        urgency: '',
        subject: '',
        message: '',
        website: '',
      }}
      ownLines={(data) => [
        data.driverLicense ? `Driver licence: ${data.driverLicense}` : null,
        data.urgency ? `Urgency: ${data.urgency}` : null,
      ]}
      ownFields={ownFields({
        text: { name: 'driverLicense', label: 'Driver licence number (optional)', autoComplete: 'off' },
        choice: {
          name: 'urgency',
          label: 'Urgency (optional)',
          options: [
            { value: 'low', label: 'Low: a question, no rush' },
            { value: 'medium', label: 'Medium: affects upcoming trips' },
            { value: 'high', label: 'High: affects a trip today' },
          ],
        },
      })}
    />
  );
}
