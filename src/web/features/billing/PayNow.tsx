/**
 * "Pay now" (issue 15): opens Stripe's hosted Checkout page for the statement. The statement turns paid
 * only when Stripe confirms it to the server; a refused start shows SPEC §8's payment error.
 */
import { useMutation } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api.ts';
import { PaymentError } from './PaymentError.tsx';

export function PayNow({ statementId, label }: { statementId: string; label: string }) {
  const start = useMutation({
    meta: { errorToast: false },
    mutationFn: () =>
      api<{ url: string }>(`/api/billing/statements/${statementId}/checkout`, { method: 'POST' }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <Button
        onClick={() => start.mutate()}
        disabled={start.isPending || start.isSuccess}
        className="self-start"
      >
        <CreditCard className="h-4 w-4" aria-hidden="true" />
        {start.isPending || start.isSuccess ? 'Opening secure payment...' : label}
      </Button>
      {start.error && <PaymentError detail={start.error.message} />}
    </div>
  );
}
