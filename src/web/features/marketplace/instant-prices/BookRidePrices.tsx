/**
 * /book-ride's instant prices (issue 31 item 1): as soon as the route, the date and time and the
 * passengers are filled in, the fixed prices that fit the trip so far. What booking does is the page's.
 */
import type { ReactNode } from 'react';
import { sydneyToUtc } from '../../../../shared/marketplace/time.ts';
import type { TripFormValues } from '../components/TripForm.tsx';
import { type PriceListTrip, usePriceList } from './api.ts';
import { InstantPrices, type InstantPricesProps } from './InstantPrices.tsx';

const count = (s: string) => {
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** The form as the price list needs it, or null while the route, time or passengers are missing. */
export function priceListTripOf(v: TripFormValues): PriceListTrip | null {
  const { pickup, destination } = v;
  if (pickup.lat === undefined || pickup.lng === undefined) return null;
  if (destination.lat === undefined || destination.lng === undefined) return null;
  const pickupAt = v.date && v.time ? sydneyToUtc(v.date, v.time) : null;
  const passengers = count(v.passengers);
  if (!pickupAt || pickupAt.getTime() <= Date.now() || passengers < 1) return null;
  return {
    pickup: { lat: pickup.lat, lng: pickup.lng },
    destination: { lat: destination.lat, lng: destination.lng },
    pickupAt,
    passengers,
    bags: count(v.luggageBags),
    infantSeats: count(v.needs.infantSeats),
    childSeats: count(v.needs.childSeats),
    boosterSeats: count(v.needs.boosterSeats),
    wheelchair: v.needs.wheelchair,
  };
}

export default function BookRidePrices({
  values,
  onBook,
  askForQuotes,
}: {
  values: TripFormValues;
  onBook: InstantPricesProps['onBook'];
  askForQuotes: ReactNode;
}) {
  const prices = usePriceList(priceListTripOf(values));
  return (
    <InstantPrices
      items={prices.data}
      onBook={onBook}
      askForQuotes={askForQuotes}
      onStale={() => void prices.refetch()}
    />
  );
}
