/** SPEC §8's payment error, as a box on the page (a cancelled or failed card payment). */
import { CircleAlert } from 'lucide-react';
import { ERROR_CATEGORY_TEXT } from '../../../shared/errors.ts';

export function PaymentError({ detail }: { detail?: string }) {
  const { title, userMessage } = ERROR_CATEGORY_TEXT.payment;
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-950">
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
      <div>
        <p className="font-bold">{title}</p>
        <p>{userMessage}</p>
        {detail && detail !== userMessage && <p className="text-sm">{detail}</p>}
      </div>
    </div>
  );
}
