/**
 * The fare receipt on a completed booking (issue 15): the driver marks the trip paid (how, and how much
 * when less than the agreed fare was paid); both sides then see the receipt, issued in the driver's
 * business name with its ABN. The customer also gets it as a notification and e-mail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  formatAbn,
  RECEIPT_MESSAGES,
  RECEIPT_METHODS,
  type ReceiptDto,
  type ReceiptMethod,
} from '../../../shared/billing.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../shared/marketplace/time.ts';
import { markPaidSchema } from '../../../shared/validation/billing.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, api } from '../../lib/api.ts';

const receiptKey = (bookingId: string) => ['bookings', bookingId, 'receipt'] as const;

function useReceipt(bookingId: string) {
  return useQuery({
    queryKey: receiptKey(bookingId),
    queryFn: () => api<{ receipt: ReceiptDto | null }>(`/api/bookings/${bookingId}/receipt`),
    meta: { errorToast: false },
  });
}

function MarkPaidForm({ bookingId, fareCents }: { bookingId: string; fareCents: number }) {
  const qc = useQueryClient();
  const id = useId();
  const [method, setMethod] = useState<ReceiptMethod | ''>('');
  const [amount, setAmount] = useState((fareCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const save = useMutation({
    meta: { errorToast: false },
    mutationFn: (body: { method: ReceiptMethod; amount: number }) =>
      api<{ receipt: ReceiptDto }>(`/api/bookings/${bookingId}/receipt`, {
        method: 'POST',
        body,
      }),
    onSuccess: ({ receipt }) => {
      qc.setQueryData(receiptKey(bookingId), { receipt });
      toast({ title: `Receipt ${receipt.number} sent to the customer`, variant: 'success' });
    },
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setAmountError(undefined);
    const parsed = markPaidSchema.safeParse({ method: method || undefined, amount });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'amount') return setAmountError(issue.message);
      return setError(issue?.message ?? null);
    }
    if (Math.round((parsed.data.amount ?? 0) * 100) > fareCents) {
      return setAmountError(RECEIPT_MESSAGES.amountRange);
    }
    try {
      await save.mutateAsync({ method: parsed.data.method, amount: parsed.data.amount ?? fareCents / 100 });
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The payment could not be recorded. Please try again.',
      );
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p>
        Once the customer has paid you, record it here: they get a receipt in your business name by e-mail and
        in the app.
      </p>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">How did the customer pay?</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(Object.keys(RECEIPT_METHODS) as ReceiptMethod[]).map((m) => (
            <label key={m} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                className="h-5 w-5 accent-brand-600"
              />
              {RECEIPT_METHODS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="max-w-xs">
        <Field
          label="Amount paid (AUD)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError}
          hint={`The agreed fare is ${formatAud(fareCents)}.`}
        />
      </div>
      <FormError message={error} />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        Mark as paid and send receipt
      </Button>
    </form>
  );
}

function ReceiptDetails({ r }: { r: ReceiptDto }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm wrap-anywhere" data-testid="receipt">
      <dt className="font-semibold">Receipt</dt>
      <dd>{r.number}</dd>
      <dt className="font-semibold">From</dt>
      <dd>
        {r.issuer.name}
        {r.issuer.abn && ` (ABN ${formatAbn(r.issuer.abn)})`}
      </dd>
      <dt className="font-semibold">To</dt>
      <dd>{r.customerName}</dd>
      <dt className="font-semibold">Trip</dt>
      <dd>
        {r.trip}, {formatSydney(r.pickupAt)}
      </dd>
      <dt className="font-semibold">Paid</dt>
      <dd>
        {formatAud(r.amountCents)} by {RECEIPT_METHODS[r.method].toLowerCase()}
      </dd>
      <dt className="font-semibold">Recorded</dt>
      <dd>{formatSydney(r.paidAt)} (Sydney time)</dd>
    </dl>
  );
}

/** On a completed booking, for its two parties. */
export function BookingReceipt({
  bookingId,
  viewerRole,
  fareCents,
}: {
  bookingId: string;
  viewerRole: 'customer' | 'driver';
  fareCents: number;
}) {
  const receipt = useReceipt(bookingId);
  if (receipt.isPending || receipt.error) return null;
  const r = receipt.data.receipt;
  if (!r && viewerRole === 'customer') {
    return (
      <Card className="flex flex-col gap-2">
        <h2 className="text-xl font-bold">Receipt</h2>
        <p className="text-sm text-slate-700">
          Your receipt appears here, and by e-mail, once the driver records your payment.
        </p>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <ReceiptText className="h-5 w-5" aria-hidden="true" />
        {r ? 'Receipt' : 'Payment from the customer'}
      </h2>
      {r ? (
        <>
          <ReceiptDetails r={r} />
          <p className="text-sm text-slate-700">
            {viewerRole === 'driver'
              ? 'The customer has this receipt by e-mail and in the app.'
              : 'The fare you paid the driver directly. Keep this receipt for your records.'}
          </p>
        </>
      ) : (
        <MarkPaidForm bookingId={bookingId} fareCents={fareCents} />
      )}
    </Card>
  );
}
