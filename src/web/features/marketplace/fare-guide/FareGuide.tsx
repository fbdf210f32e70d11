/**
 * The fare guide (issue 31 item 3): what people paid for trips like this one and how soon drivers answer,
 * for a customer (trip page, /book-ride) or a driver (the quote form). Updates quietly: no live region,
 * since it changes as the form is typed in.
 */
import { useQuery } from '@tanstack/react-query';
import { Banknote, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  FARE_GUIDE_TEXT,
  type FareGuideDto,
  passengerBand,
} from '../../../../shared/marketplace/fare-guide.ts';
import { api } from '../../../lib/api.ts';

interface Point {
  lat: number;
  lng: number;
}

export interface FareGuideProps {
  pickup: Point | null;
  destination: Point | null;
  passengers: number;
  audience: 'customer' | 'driver';
}

/** How long the form must sit still before the guide is asked for again. */
const DEBOUNCE_MS = 400;

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Five decimals (about a metre): the same place typed twice is the same question. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function useFareGuide(pickup: Point | null, destination: Point | null, passengers: number) {
  const key =
    pickup && destination && passengers >= 1
      ? [
          round(pickup.lat),
          round(pickup.lng),
          round(destination.lat),
          round(destination.lng),
          passengerBand(passengers).min,
        ]
      : null;
  const settled = useDebounced(key ? key.join(',') : null, DEBOUNCE_MS);
  return useQuery({
    meta: { errorToast: false },
    queryKey: ['fare-guide', settled],
    queryFn: () => {
      const [pickupLat, pickupLng, destinationLat, destinationLng] = settled!.split(',');
      const q = new URLSearchParams({
        pickupLat: pickupLat!,
        pickupLng: pickupLng!,
        destinationLat: destinationLat!,
        destinationLng: destinationLng!,
        passengers: String(passengers),
      });
      return api<FareGuideDto>(`/api/fare-guide?${q}`);
    },
    enabled: settled !== null,
    staleTime: 5 * 60_000,
    // The last answer stays while the next is fetched: the box does not flicker as the form changes.
    placeholderData: (previous) => previous,
  });
}

export function FareGuide({ pickup, destination, passengers, audience }: FareGuideProps) {
  const guide = useFareGuide(pickup, destination, passengers);
  if (!pickup || !destination) return null;
  const data = guide.data;
  if (!data) {
    if (guide.isError) return <p className="text-sm text-slate-600">{FARE_GUIDE_TEXT.failed}</p>;
    return guide.isFetching ? <p className="text-sm text-slate-600">{FARE_GUIDE_TEXT.loading}</p> : null;
  }
  const g = data.guide;
  return (
    <section
      aria-label={FARE_GUIDE_TEXT.heading}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm wrap-anywhere"
      data-testid="fare-guide"
    >
      <p className="flex items-start gap-2">
        <Banknote className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span>
          {g ? (
            <>
              <strong className="font-semibold">
                {audience === 'driver' ? FARE_GUIDE_TEXT.driverRange(g) : FARE_GUIDE_TEXT.customerRange(g)}
              </strong>
              <span className="block text-slate-600">{FARE_GUIDE_TEXT.basis(g)}</span>
            </>
          ) : (
            FARE_GUIDE_TEXT.indicative(data.indicative)
          )}
        </span>
      </p>
      {audience === 'customer' && data.firstQuoteMinutes !== null && (
        <p className="flex items-start gap-2">
          <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span>{FARE_GUIDE_TEXT.firstQuote(data.firstQuoteMinutes, data.firstQuoteScope)}</span>
        </p>
      )}
    </section>
  );
}
