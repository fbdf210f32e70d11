/** The quotes of one open request, side by side, each with its accept step; live through the shell's stream. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RideDto } from '../../../../shared/marketplace/api.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { seenPrice, useAcceptQuote, useRideQuotes } from '../api.ts';
import { QuoteCard } from './QuoteCard.tsx';

export function RideQuotes({ ride }: { ride: RideDto }) {
  const quotes = useRideQuotes(ride.id);
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  if (quotes.isPending) return <Loading text="Loading quotes..." />;
  if (quotes.error) return <p role="alert">Quotes could not be loaded: {quotes.error.message}</p>;
  const items = quotes.data;
  if (items.length === 0) {
    return <p className="text-slate-700">No quotes yet. They appear here as soon as drivers send them.</p>;
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-live="polite">
      {items.map((q) => (
        <QuoteCard
          key={q.id}
          quote={q}
          ride={ride}
          accepting={accept.isPending && accept.variables?.quoteId === q.id}
          error={error?.id === q.id ? error.message : null}
          onAccept={async () => {
            setError(null);
            try {
              const res = await accept.mutateAsync({ quoteId: q.id, priceCents: seenPrice(q) });
              toast({
                title: 'Booked',
                description: 'Your driver has been told. Their contact details are on the booking.',
                variant: 'success',
              });
              navigate(`/booking/${res.booking.id}`);
            } catch (err) {
              setError({
                id: q.id,
                message: err instanceof ApiError ? err.message : 'The booking failed. Please try again.',
              });
            }
          }}
        />
      ))}
    </div>
  );
}
