/**
 * A driver's quote for one request: price, what it includes, the vehicle (one of theirs with a current
 * safety inspection that seats the passengers), and (optionally) how long it holds.
 * For a return trip the driver chooses: both legs for one price (a pair quote), or one leg.
 */
import { type FormEvent, useState } from 'react';
import { VALIDITY_CHOICES } from '../../../../shared/marketplace/quote-lapse-messages.ts';
import { VERIFICATION_MESSAGES } from '../../../../shared/marketplace/verification.ts';
import { plural } from '../../../../shared/plural.ts';
import { quoteInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useVehicles } from '../../verification/api.ts';
import { useSubmitQuote } from '../api.ts';
import { FareGuide } from '../fare-guide/FareGuide.tsx';

export interface PairLegs {
  outboundId: string;
  returnId: string;
  /** 'Fri 27 Nov 2026 9:30 am' */
  outboundWhen: string;
  returnWhen: string;
}

type Scope = 'both' | 'outbound' | 'return';

export function QuoteForm({
  rideId,
  initial,
  onDone,
  pair,
  passengers = 1,
  route,
}: {
  rideId: string;
  initial?: { price: string; message: string };
  onDone?: () => void;
  /** A return trip whose two legs are both open: the driver may quote both for one price. */
  pair?: PairLegs;
  /** The trip's passengers: a vehicle with fewer seats cannot be chosen. */
  passengers?: number;
  /** The trip's two ends: the fare guide (issue 31) shows what customers paid for trips like it. */
  route?: { pickup: { lat: number; lng: number }; destination: { lat: number; lng: number } };
}) {
  const submit = useSubmitQuote();
  const [scope, setScope] = useState<Scope>('both');
  const [price, setPrice] = useState(initial?.price ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const vehicles = useVehicles();
  const usable = (vehicles.data ?? []).filter((v) => v.usable);
  const fits = usable.filter((v) => v.seats >= passengers);
  const [chosen, setChosen] = useState('');
  // Issue 31: the quote lives until 2 hours before pickup unless the driver chooses a shorter time.
  const [validFor, setValidFor] = useState<(typeof VALIDITY_CHOICES)[number]['value']>('');
  // The only vehicle that fits is chosen for the driver.
  const vehicleId = chosen || (fits.length === 1 ? fits[0]!.id : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = {
      price,
      message,
      ...(vehicleId ? { vehicleId } : {}),
      ...(validFor ? { validForHours: Number(validFor) as 24 | 12 | 6 } : {}),
    };
    const parsed = quoteInputSchema.safeParse(body);
    const next: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
    if (!vehicleId) next.vehicleId = VERIFICATION_MESSAGES.vehicleRequired;
    if (Object.keys(next).length > 0) {
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const target =
        !pair || scope === 'both'
          ? { rideId: pair ? pair.outboundId : rideId, ...(pair ? { pair: true } : {}) }
          : { rideId: scope === 'outbound' ? pair.outboundId : pair.returnId };
      await submit.mutateAsync({ ...target, ...body, price: Number(price) });
      onDone?.();
    } catch (err) {
      if (err instanceof ApiError && err.issues?.length)
        setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      setError(err instanceof ApiError ? err.message : 'The quote could not be sent.');
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      {pair && (
        <fieldset>
          <legend className="text-sm font-medium">Quote for</legend>
          <div className="mt-2 flex flex-col gap-2">
            {(
              [
                ['both', 'Both legs, one price'],
                ['outbound', `Outbound leg only (${pair.outboundWhen})`],
                ['return', `Return leg only (${pair.returnWhen})`],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`quote-scope-${rideId}`}
                  className="mt-0.5 h-4 w-4"
                  checked={scope === value}
                  onChange={() => setScope(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {route && <FareGuide {...route} passengers={passengers} audience="driver" />}
      <Field
        label={pair && scope === 'both' ? 'Your price for both legs (AUD)' : 'Your price (AUD)'}
        hint={
          pair && scope === 'both'
            ? 'Split evenly between the two legs: each booking shows its share and the total.'
            : undefined
        }
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`quote-vehicle-${rideId}`} className="text-sm font-medium">
          Vehicle
        </label>
        <select
          id={`quote-vehicle-${rideId}`}
          value={vehicleId}
          onChange={(e) => setChosen(e.target.value)}
          className="h-11 rounded-md border border-slate-400 bg-white px-3"
          aria-invalid={errors.vehicleId ? true : undefined}
          aria-describedby={errors.vehicleId ? `quote-vehicle-${rideId}-error` : undefined}
        >
          <option value="">Choose the vehicle for this trip</option>
          {usable.map((v) => (
            <option key={v.id} value={v.id} disabled={v.seats < passengers}>
              {v.label} · {plural(v.seats, 'seat')}
              {v.seats < passengers ? ` (too small for ${passengers})` : ''}
            </option>
          ))}
        </select>
        {errors.vehicleId && (
          <p id={`quote-vehicle-${rideId}-error`} className="text-sm text-red-700">
            {errors.vehicleId}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`quote-valid-${rideId}`} className="text-sm font-medium">
          Valid until
        </label>
        <select
          id={`quote-valid-${rideId}`}
          value={validFor}
          onChange={(e) => setValidFor(e.target.value as typeof validFor)}
          className="h-11 rounded-md border border-slate-400 bg-white px-3"
          aria-invalid={errors.validForHours ? true : undefined}
          aria-describedby={`quote-valid-${rideId}-hint`}
        >
          {VALIDITY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <p id={`quote-valid-${rideId}-hint`} className="text-sm text-slate-700">
          Never later than 2 hours before pickup. You are reminded 12 hours before it lapses.
        </p>
        {errors.validForHours && <p className="text-sm text-red-700">{errors.validForHours}</p>}
      </div>
      <FormError message={error} />
      {/* Until the driver's vehicles are known the form cannot choose one: sending then would only say
          "Choose the vehicle" about a list the driver cannot see yet. */}
      <Button
        type="submit"
        size="sm"
        className="self-start"
        disabled={submit.isPending || vehicles.isPending}
      >
        {submit.isPending
          ? 'Sending...'
          : vehicles.isPending
            ? 'Loading your vehicles...'
            : initial
              ? 'Update quote'
              : 'Send quote'}
      </Button>
    </form>
  );
}
