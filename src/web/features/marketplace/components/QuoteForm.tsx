/** A driver's quote for one request: price, what it includes, vehicle, and (optionally) how long it holds. */
import { type FormEvent, useState } from 'react';
import { quoteInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSubmitQuote } from '../api.ts';

export function QuoteForm({
  rideId,
  initial,
  onDone,
}: {
  rideId: string;
  initial?: { price: string; message: string };
  onDone?: () => void;
}) {
  const submit = useSubmitQuote();
  const [price, setPrice] = useState(initial?.price ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [vehicle, setVehicle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = { price, message, ...(vehicle.trim() ? { vehicle } : {}) };
    const parsed = quoteInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await submit.mutateAsync({ rideId, ...body, price: Number(price) });
      onDone?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The quote could not be sent.');
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <Field
        label="Your price (AUD)"
        type="number"
        inputMode="decimal"
        step="0.01"
        min={1}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={errors.price}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`quote-message-${rideId}`} className="text-sm font-medium">
          What the price includes
        </label>
        <textarea
          id={`quote-message-${rideId}`}
          rows={2}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="rounded-md border border-slate-400 bg-white px-3 py-2"
          aria-invalid={errors.message ? true : undefined}
        />
        {errors.message && <p className="text-sm text-red-700">{errors.message}</p>}
      </div>
      <Field
        label="Vehicle (optional: defaults to your profile's vehicle)"
        value={vehicle}
        onChange={(e) => setVehicle(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" size="sm" className="self-start" disabled={submit.isPending}>
        {submit.isPending ? 'Sending...' : initial ? 'Update quote' : 'Send quote'}
      </Button>
    </form>
  );
}
