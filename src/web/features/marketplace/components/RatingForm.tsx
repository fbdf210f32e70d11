/** 1-5 stars and an optional comment, once per completed booking. */
import { type FormEvent, useState } from 'react';
import { ratingInputSchema } from '../../../../shared/validation/marketplace.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSubmitRating } from '../api.ts';

export function RatingForm({
  bookingId,
  about,
  onRated,
}: {
  bookingId: string;
  about: string;
  /** Called once saved: the form is about to go, and the page moves focus to what replaces it. */
  onRated?: () => void;
}) {
  const submit = useSubmitRating();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ratingInputSchema.safeParse({ stars, comment });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    try {
      await submit.mutateAsync({ bookingId, stars, comment });
      toast({ title: 'Thank you for rating', variant: 'success' });
      onRated?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your rating could not be saved.');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <fieldset>
        <legend className="text-sm font-medium">Rate {about}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name={`stars-${bookingId}`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`text-3xl peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-800 ${n <= stars ? 'text-amber-600' : 'text-slate-300'}`}
              >
                ★
              </span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`rating-comment-${bookingId}`} className="text-sm font-medium">
          Comment (optional)
        </label>
        <textarea
          id={`rating-comment-${bookingId}`}
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className="rounded-md border border-slate-400 px-3 py-2"
        />
      </div>
      <FormError message={error} />
      <Button type="submit" size="sm" className="self-start" disabled={submit.isPending}>
        Submit rating
      </Button>
    </form>
  );
}
