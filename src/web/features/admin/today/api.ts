/** /admin/today's data (issue 30): the day's bookings, kept current while the page is open. */
import { useQuery } from '@tanstack/react-query';
import type { AdminTodayDto } from '../../../../shared/marketplace/admin-today.ts';
import { api } from '../../../lib/api.ts';

/**
 * A driver's status change is not an event on the admin's own stream, so the list is read again every
 * 30 s (a driver becomes late by the clock, not by an event); a late alert to this admin, which is, also
 * refreshes it at once ('admin-today' is one of MARKETPLACE_KEYS).
 */
export const TODAY_REFRESH_MS = 30_000;

export function useAdminToday(enabled = true) {
  return useQuery({
    queryKey: ['admin-today'],
    queryFn: () => api<AdminTodayDto>('/api/admin/today'),
    enabled,
    refetchInterval: TODAY_REFRESH_MS,
    meta: { errorToast: false },
  });
}
