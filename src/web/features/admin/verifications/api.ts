/** The admin review of drivers (issue 13) as React Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FollowUpBookingDto,
  VerificationDetailDto,
  VerificationQueueItemDto,
} from '../../../../shared/marketplace/api.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['admin-verifications'] as const;

export function useVerificationQueue(status: string) {
  return useQuery({
    queryKey: [...KEY, 'queue', status],
    queryFn: () =>
      api<{ items: VerificationQueueItemDto[] }>(
        `/api/admin/verifications?status=${encodeURIComponent(status)}`,
      ).then((r) => r.items),
  });
}

export function useFollowUps() {
  return useQuery({
    queryKey: [...KEY, 'follow-ups'],
    queryFn: () => api<{ items: FollowUpBookingDto[] }>('/api/admin/follow-ups').then((r) => r.items),
  });
}

export function useVerificationDetail(driverId: string) {
  return useQuery({
    meta: { errorToast: false },
    queryKey: [...KEY, 'detail', driverId],
    queryFn: () => api<VerificationDetailDto>(`/api/admin/verifications/${driverId}`),
  });
}

export type DriverDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** A decision on the driver or on one document; answers the refreshed detail. */
export function useDecision(driverId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (d: { target: 'driver' | 'document'; id: string; decision: string; reason: string }) =>
      api<VerificationDetailDto>(
        d.target === 'driver'
          ? `/api/admin/verifications/${d.id}/${d.decision}`
          : `/api/admin/documents/${d.id}/${d.decision}`,
        { method: 'POST', body: { reason: d.reason } },
      ),
    onSuccess: (detail) => {
      qc.setQueryData([...KEY, 'detail', driverId], detail);
      qc.invalidateQueries({ queryKey: [...KEY, 'queue'] });
      qc.invalidateQueries({ queryKey: [...KEY, 'follow-ups'] });
    },
  });
}
