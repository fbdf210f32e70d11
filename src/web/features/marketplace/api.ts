/** The marketplace API as React Query hooks: one place for every call the pages make. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingDto,
  DriverProfileDto,
  NotificationDto,
  Page,
  QuoteDto,
  RatingDto,
  RatingSummary,
  RideDto,
} from '../../../shared/marketplace/api.ts';
import type { DriverProfileInput } from '../../../shared/validation/driver-business.ts';
import type { QuoteInput, RideRequestInput } from '../../../shared/validation/marketplace.ts';
import { api } from '../../lib/api.ts';
import { useSubmitKey } from '../../lib/submit-key.ts';

export interface PlaceOption {
  locality: string;
  postcode: string;
  lat: number;
  lng: number;
  label: string;
}

export type AvailableRide = RideDto & {
  myQuote?: { id: string; status: string; priceCents: number; pairTotalCents?: number | null } | null;
};
export type MyQuote = QuoteDto & { ride: RideDto };

export interface RatingsOverview {
  received: RatingDto[];
  given: RatingDto[];
  pending: { bookingId: string; ride: RideDto; otherName: string }[];
  summary: RatingSummary;
}

/** Every marketplace query key starts with one of these, so a live event can refresh them together. */
export const MARKETPLACE_KEYS = [
  'rides',
  'quotes',
  'bookings',
  'ratings',
  'notifications',
  'available-rides',
  'admin-today',
] as const;

export const searchPlaces = (q: string) =>
  api<{ items: PlaceOption[] }>(`/api/places?q=${encodeURIComponent(q)}`).then((r) => r.items);

export function useMyRides() {
  return useQuery({ queryKey: ['rides', 'mine'], queryFn: () => api<{ items: RideDto[] }>('/api/rides') });
}

export function useRide(id: string | undefined) {
  return useQuery({
    // The page shows a not-found state itself.
    meta: { errorToast: false },
    queryKey: ['rides', id],
    queryFn: () => api<{ ride: RideDto }>(`/api/rides/${id}`).then((r) => r.ride),
    enabled: Boolean(id),
  });
}

export function useRideMatches(id: string | undefined) {
  return useQuery({
    // The page shows a not-found state itself.
    meta: { errorToast: false },
    queryKey: ['rides', id, 'matches'],
    queryFn: () => api<{ count: number }>(`/api/rides/${id}/matches`).then((r) => r.count),
    enabled: Boolean(id),
  });
}

export function useCreateRide() {
  const qc = useQueryClient();
  // One Idempotency-Key per submit: a double click or a retry never posts the trip twice.
  const submitKey = useSubmitKey();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: RideRequestInput) =>
      submitKey.run(body, (idempotencyKey) =>
        api<{ ride: RideDto; returnRide: RideDto | null }>('/api/rides', { body, idempotencyKey }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rides'] }),
  });
}

export function useEditRide(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: Omit<RideRequestInput, 'returnTrip'>) =>
      api<{ ride: RideDto }>(`/api/rides/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rides'] }),
  });
}

export function useCancelRide(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { reason: string; bothLegs?: boolean }) => api(`/api/rides/${id}/cancel`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rides'] }),
  });
}

export function useRideQuotes(rideId: string | undefined) {
  return useQuery({
    // The page shows a not-found state itself.
    meta: { errorToast: false },
    queryKey: ['quotes', 'ride', rideId],
    queryFn: () => api<{ items: QuoteDto[] }>(`/api/quotes?rideId=${rideId}`).then((r) => r.items),
    enabled: Boolean(rideId),
  });
}

/** The price a customer accepts: a quote's own, or for a return-pair quote the total for both legs. */
export const seenPrice = (q: Pick<QuoteDto, 'priceCents' | 'bundle'>) => q.bundle?.totalCents ?? q.priceCents;

export function useAcceptQuote() {
  const qc = useQueryClient();
  // A retry of an accept whose answer was lost gets the booking it made.
  const submitKey = useSubmitKey();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    // The price the customer saw: if the driver changed it meanwhile, the API refuses instead of booking it.
    mutationFn: ({ quoteId, priceCents }: { quoteId: string; priceCents: number }) =>
      submitKey.run({ quoteId, priceCents }, (idempotencyKey) =>
        api<{ booking: BookingDto; pairBooking: BookingDto | null }>(`/api/quotes/${quoteId}/accept`, {
          body: { acceptFare: true, priceCents },
          idempotencyKey,
        }),
      ),
    onSettled: () => {
      for (const key of MARKETPLACE_KEYS) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}

export function useAvailableRides(params: URLSearchParams, enabled = true) {
  const qs = params.toString();
  return useQuery({
    // A driver who may not quote yet (403 driver_not_verified) sees the checklist instead, not a toast.
    meta: { errorToast: false },
    enabled,
    queryKey: ['available-rides', qs],
    queryFn: () => api<Page<AvailableRide>>(`/api/rides/available${qs ? `?${qs}` : ''}`),
  });
}

export function useSubmitQuote() {
  const qc = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    // `pair: true` quotes both legs of a return trip for one price (`price` is the total).
    mutationFn: (body: QuoteInput & { rideId: string; pair?: boolean }) =>
      submitKey.run(body, (idempotencyKey) =>
        api<{ quote: QuoteDto; otherLegQuote?: QuoteDto }>('/api/quotes', { body, idempotencyKey }),
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['available-rides'] });
      void qc.invalidateQueries({ queryKey: ['quotes'] });
    },
  });
}

export function useMyQuotes(enabled = true) {
  return useQuery({
    queryKey: ['quotes', 'mine'],
    queryFn: () => api<{ items: MyQuote[] }>('/api/quotes/mine').then((r) => r.items),
    enabled,
  });
}

export function useQuoteAction() {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: ({ id, action, body }: { id: string; action: 'withdraw' | 'confirm'; body?: unknown }) =>
      api(`/api/quotes/${id}/${action}`, { body: body ?? {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['quotes'] });
      void qc.invalidateQueries({ queryKey: ['available-rides'] });
    },
  });
}

export function useBookings(enabled = true) {
  return useQuery({
    queryKey: ['bookings'],
    queryFn: () => api<{ items: BookingDto[] }>('/api/bookings').then((r) => r.items),
    enabled,
  });
}

export function useBooking(id: string | undefined) {
  return useQuery({
    // The page shows a not-found state itself.
    meta: { errorToast: false },
    queryKey: ['bookings', id],
    queryFn: () => api<{ booking: BookingDto }>(`/api/bookings/${id}`).then((r) => r.booking),
    enabled: Boolean(id),
  });
}

export function useBookingAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: ({ action, reason }: { action: 'cancel' | 'complete'; reason?: string }) =>
      api(`/api/bookings/${id}/${action}`, { body: action === 'cancel' ? { reason } : {} }),
    onSettled: () => {
      for (const key of MARKETPLACE_KEYS) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}

export function useRatings(enabled = true) {
  return useQuery({ queryKey: ['ratings'], queryFn: () => api<RatingsOverview>('/api/ratings'), enabled });
}

export function useSubmitRating() {
  const qc = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { bookingId: string; stars: number; comment?: string }) =>
      submitKey.run(body, (idempotencyKey) => api('/api/ratings', { body, idempotencyKey })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['ratings'] });
      void qc.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}

export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: ['notifications'],
    // `unread` is counted up to 100 (the bell shows "99+"): modules/notifications/service.ts.
    queryFn: () => api<{ items: NotificationDto[]; unread: number }>('/api/notifications'),
    enabled,
  });
}

export function useMarkNotifications() {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (id: string | 'all') =>
      api(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** The signed-in driver's record, or (for an admin) the record of the driver `userId`. */
export function useDriverProfile(enabled = true, userId?: string) {
  const path = `/api/drivers/${userId ?? 'me'}`;
  return useQuery({
    // The page shows a not-found state itself.
    meta: { errorToast: false },
    queryKey: ['drivers', userId ?? 'me'],
    queryFn: () => api<{ driver: DriverProfileDto }>(path).then((r) => r.driver),
    enabled,
  });
}

export function useSaveDriverProfile(userId?: string) {
  const qc = useQueryClient();
  return useMutation({
    // Every form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: DriverProfileInput) =>
      api<{ driver: DriverProfileDto }>(`/api/drivers/${userId ?? 'me'}`, { method: 'PUT', body }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['drivers'] });
      qc.invalidateQueries({ queryKey: ['verification'] });
    },
  });
}

export type { DriverProfileDto };
