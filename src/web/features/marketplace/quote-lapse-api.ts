/** Issue 31's two one-tap actions on a quote: the driver renews it, the customer asks a lapsed one again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { api } from '../../lib/api.ts';

/** POST /api/quotes/:id/renew: the same price, valid until 2 hours before pickup. */
export function useRenewQuote() {
  const qc = useQueryClient();
  return useMutation({
    // The card shows its own error beside the button.
    meta: { errorToast: false },
    mutationFn: (id: string) => api<{ quote: QuoteDto }>(`/api/quotes/${id}/renew`, { body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['quotes'] });
      void qc.invalidateQueries({ queryKey: ['available-rides'] });
    },
  });
}

/** POST /api/quotes/:id/ask-again: tells the driver of a lapsed quote, once. */
export function useAskAgain() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => api<{ quote: QuoteDto }>(`/api/quotes/${id}/ask-again`, { body: {} }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['quotes'] }),
  });
}

/**
 * Lapsed: expired, or still 'pending' past its validity because the sweep (once a minute) has not run yet;
 * either way it can no longer be booked, and reads "Expired".
 */
export function isLapsed(q: Pick<QuoteDto, 'status' | 'validUntil'>, now = Date.now()): boolean {
  return q.status === 'expired' || (q.status === 'pending' && new Date(q.validUntil).getTime() <= now);
}
