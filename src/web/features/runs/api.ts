/** The runs API (issue 31 item 2) as React Query hooks: search, one run, the driver's runs and offers. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import type { DriveBackOfferDto, MyRunDto, RunDto } from '../../../shared/marketplace/runs.ts';
import type { BookRunInput, PublishRunInput } from '../../../shared/validation/runs.ts';
import { api } from '../../lib/api.ts';
import { useSubmitKey } from '../../lib/submit-key.ts';

export interface RunSearchParams {
  from?: string;
  to?: string;
  date?: string;
}

export function runSearchQuery(p: RunSearchParams): string {
  const q = new URLSearchParams();
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  if (p.date) q.set('date', p.date);
  return q.toString();
}

export function useRunSearch(p: RunSearchParams, enabled = true) {
  const query = runSearchQuery(p);
  return useQuery({
    queryKey: ['runs', 'search', query],
    queryFn: () => api<{ items: RunDto[] }>(`/api/runs?${query}`).then((r) => r.items),
    enabled,
  });
}

export function useRun(id: string | null) {
  return useQuery({
    meta: { errorToast: false },
    queryKey: ['runs', 'one', id],
    queryFn: () => api<{ run: RunDto }>(`/api/runs/${id}`).then((r) => r.run),
    enabled: Boolean(id),
  });
}

export function useMyRuns() {
  return useQuery({
    queryKey: ['runs', 'mine'],
    queryFn: () => api<{ items: MyRunDto[] }>('/api/runs/mine').then((r) => r.items),
  });
}

export function useDriveBacks(bookingId?: string, enabled = true) {
  return useQuery({
    queryKey: ['runs', 'drive-backs', bookingId ?? 'all'],
    queryFn: () =>
      api<{ items: DriveBackOfferDto[] }>(
        `/api/runs/drive-backs${bookingId ? `?bookingId=${encodeURIComponent(bookingId)}` : ''}`,
      ).then((r) => r.items),
    enabled,
  });
}

export function usePublishRun() {
  const qc = useQueryClient();
  return useMutation({
    // The form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: PublishRunInput) => api<{ run: RunDto }>('/api/runs', { body }).then((r) => r.run),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs'] }),
  });
}

export function useCancelRun() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<{ run: RunDto }>(`/api/runs/${id}/cancel`, { body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs'] }),
  });
}

export function useBookRun(id: string) {
  const qc = useQueryClient();
  // One Idempotency-Key per submit: a double click or a retry never books twice.
  const submitKey = useSubmitKey();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (body: BookRunInput) =>
      submitKey.run(body, (idempotencyKey) =>
        api<{ booking: BookingDto }>(`/api/runs/${id}/book`, { body, idempotencyKey }).then((r) => r.booking),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['runs'] }),
  });
}
