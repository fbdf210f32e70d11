/** The driver's fare table calls (issue 31 item 1): list, add, change, retire. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FareDto } from '../../../../shared/marketplace/fares.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['fares', 'mine'] as const;

export function useMyFares() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api<{ items: FareDto[] }>('/api/fares/mine').then((r) => r.items),
  });
}

export function useSaveFare() {
  const qc = useQueryClient();
  return useMutation({
    // The editor shows the refusal next to its fields.
    meta: { errorToast: false },
    // The editor's body as typed (numbers where it could read them): the API's schema decides.
    mutationFn: ({ id, body }: { id: string | null; body: unknown }) =>
      api<{ fare: FareDto }>(id ? `/api/fares/${id}` : '/api/fares', {
        method: id ? 'PUT' : 'POST',
        body,
      }).then((r) => r.fare),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRetireFare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ fare: FareDto }>(`/api/fares/${id}/retire`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
