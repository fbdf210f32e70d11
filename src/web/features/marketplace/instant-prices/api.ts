/**
 * The instant prices' calls (issue 31 item 1): the price list for the /book-ride form so far (debounced,
 * like the fare guide), a posted trip's prices, and booking one with an Idempotency-Key per click.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import type { InstantPricesAnswer } from '../../../../shared/marketplace/fares.ts';
import type { BookInstantInput } from '../../../../shared/validation/fares.ts';
import { api } from '../../../lib/api.ts';
import { useSubmitKey } from '../../../lib/submit-key.ts';
import { useDebounced } from '../fare-guide/FareGuide.tsx';

/** The trip as the price list needs it; null until route, time and passengers are filled in. */
export interface PriceListTrip {
  pickup: { lat: number; lng: number };
  destination: { lat: number; lng: number };
  pickupAt: Date;
  passengers: number;
  bags: number;
  infantSeats: number;
  childSeats: number;
  boosterSeats: number;
  wheelchair: 'none' | 'folding' | 'seated';
}

const DEBOUNCE_MS = 400;

function queryOf(t: PriceListTrip): string {
  return new URLSearchParams({
    pickupLat: t.pickup.lat.toFixed(5),
    pickupLng: t.pickup.lng.toFixed(5),
    destinationLat: t.destination.lat.toFixed(5),
    destinationLng: t.destination.lng.toFixed(5),
    pickupAt: t.pickupAt.toISOString(),
    passengers: String(t.passengers),
    bags: String(t.bags),
    infantSeats: String(t.infantSeats),
    childSeats: String(t.childSeats),
    boosterSeats: String(t.boosterSeats),
    wheelchair: t.wheelchair,
  }).toString();
}

/** GET /api/fares/prices for the form so far (nothing asked until it is complete enough). */
export function usePriceList(trip: PriceListTrip | null) {
  const settled = useDebounced(trip ? queryOf(trip) : null, DEBOUNCE_MS);
  return useQuery({
    meta: { errorToast: false },
    queryKey: ['fare-prices', settled],
    queryFn: () => api<InstantPricesAnswer>(`/api/fares/prices?${settled}`).then((r) => r.items),
    enabled: settled !== null,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/rides/:id/instant-prices: a posted trip's prices (its customer only). */
export function useRidePrices(rideId: string, enabled: boolean) {
  return useQuery({
    meta: { errorToast: false },
    queryKey: ['rides', rideId, 'instant-prices'],
    queryFn: () => api<InstantPricesAnswer>(`/api/rides/${rideId}/instant-prices`).then((r) => r.items),
    enabled,
  });
}

/** POST /api/rides/:id/book-instant: one Idempotency-Key per click, so a retry never books twice. */
export function useBookInstant() {
  const qc = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ rideId, ...body }: BookInstantInput & { rideId: string }) =>
      submitKey.run({ rideId, ...body }, (idempotencyKey) =>
        api<{ booking: BookingDto }>(`/api/rides/${rideId}/book-instant`, { body, idempotencyKey }).then(
          (r) => r.booking,
        ),
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['rides'] });
      void qc.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
