/**
 * The day of the trip's calls (issue 30) as React Query mutations: the driver's status, position sharing
 * and positions, the no-show; the customer's signals and dispute; "the trip didn't happen" for either
 * side. Each answers the booking as its caller now sees it, which replaces the page's copy at once (the
 * live event that follows refreshes everything else).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import type {
  CustomerSignalInput,
  PositionInput,
  TripStatus,
} from '../../../../shared/marketplace/trip-status.ts';
import { api } from '../../../lib/api.ts';
import { MARKETPLACE_KEYS } from '../api.ts';

type BookingAnswer = { booking: BookingDto };

/** A mutation on one booking whose answer is the booking: the page shows it at once, then refreshes. */
function useBookingMutation<T>(id: string, call: (input: T) => Promise<BookingAnswer>) {
  const qc = useQueryClient();
  return useMutation({
    // Every control shows its own error beside it.
    meta: { errorToast: false },
    mutationFn: call,
    onSuccess: (answer) => qc.setQueryData(['bookings', id], answer.booking),
    onSettled: () => {
      for (const key of MARKETPLACE_KEYS) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}

export function useSetTripStatus(id: string) {
  return useBookingMutation(id, (status: TripStatus) =>
    api<BookingAnswer>(`/api/bookings/${id}/trip-status`, { body: { status } }),
  );
}

export function useCustomerSignal(id: string) {
  return useBookingMutation(id, (signal: CustomerSignalInput) =>
    api<BookingAnswer>(`/api/bookings/${id}/customer-signal`, { body: signal }),
  );
}

export function usePositionSharing(id: string) {
  return useBookingMutation(id, (on: boolean) =>
    api<BookingAnswer>(`/api/bookings/${id}/position-sharing`, { method: 'PUT', body: { on } }),
  );
}

export function useMarkNoShow(id: string) {
  return useBookingMutation(id, (note: string) =>
    api<BookingAnswer>(`/api/bookings/${id}/no-show`, { body: note ? { note } : {} }),
  );
}

export function useDisputeNoShow(id: string) {
  return useBookingMutation(id, (reason: string) =>
    api<BookingAnswer>(`/api/bookings/${id}/no-show-dispute`, { body: { reason } }),
  );
}

export function useReportNotHappened(id: string) {
  return useBookingMutation(id, (reason: string) =>
    api<BookingAnswer>(`/api/bookings/${id}/not-happened`, { body: { reason } }),
  );
}

/** One position from the driver's phone: true when stored, false when within 10 s of the last (202). */
export const sendPosition = (id: string, position: PositionInput) =>
  api<{ stored: boolean }>(`/api/bookings/${id}/position`, { body: position }).then((r) => r.stored);
