/** Admin booking oversight (issue 14) as React Query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookingDetailDto,
  AdminBookingListDto,
  BookingFlag,
} from '../../../../shared/admin/bookings.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['admin', 'bookings'] as const;

export function useAdminBookings(search: string, cursor: string | null) {
  const qs = new URLSearchParams(search);
  if (cursor) qs.set('cursor', cursor);
  return useQuery({
    queryKey: [...KEY, 'list', qs.toString()],
    queryFn: () => api<AdminBookingListDto>(`/api/admin/bookings?${qs}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useAdminBooking(id: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => api<AdminBookingDetailDto>(`/api/admin/bookings/${id}`),
    meta: { errorToast: false },
  });
}

export type BookingAction =
  | { kind: 'cancel'; reason: string }
  | { kind: 'flag'; flag: BookingFlag | null; reason: string }
  | { kind: 'note'; body: string };

export function useBookingAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (a: BookingAction) =>
      api<AdminBookingDetailDto>(`/api/admin/bookings/${id}/${a.kind === 'note' ? 'notes' : a.kind}`, {
        method: 'POST',
        body:
          a.kind === 'cancel'
            ? { reason: a.reason }
            : a.kind === 'flag'
              ? { flag: a.flag, reason: a.reason }
              : { body: a.body },
      }),
    onSuccess: (detail) => {
      qc.setQueryData([...KEY, 'detail', id], detail);
      void qc.invalidateQueries({ queryKey: [...KEY, 'list'] });
      // The booking page above the panel reads the booking as its parties do.
      void qc.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
