/** The confirmation a contact or support form shows once its message was sent. */
import { CheckCircle2 } from 'lucide-react';
import { SUPPORT_HOURS } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';

/** What a form shows once the server accepted the message. */
export function SentNotice({ name, onAnother }: { name: string; onAnother: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl border border-green-300 bg-green-50 p-5">
      <p className="flex items-center gap-2 font-semibold text-green-900">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        Message sent
      </p>
      <p className="text-green-900">
        Thank you, {name}. We have received your message and sent a copy to your e-mail address. We aim to
        reply within {SUPPORT_HOURS.replyWithinHours} hours on business days.
      </p>
      <Button variant="secondary" className="self-start" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
