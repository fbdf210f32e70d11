/**
 * The trip page's instant prices (issue 31 item 1): while the customer's trip is open, its fixed prices;
 * booking one goes to the booking at once.
 */
import { useNavigate } from 'react-router';
import type { RideDto } from '../../../../shared/marketplace/api.ts';
import { useBookInstant, useRidePrices } from './api.ts';
import { InstantPrices } from './InstantPrices.tsx';

export default function RideInstantPrices({ ride }: { ride: RideDto }) {
  const navigate = useNavigate();
  const open = ride.status === 'open';
  const prices = useRidePrices(ride.id, open);
  const book = useBookInstant();
  if (!open) return null;
  return (
    <InstantPrices
      items={prices.data}
      onStale={() => void prices.refetch()}
      askForQuotes="matching drivers have been told about your trip, and their quotes appear below as they arrive."
      onBook={async (item, priceCents) => {
        const booking = await book.mutateAsync({ rideId: ride.id, fareId: item.fareId, priceCents });
        navigate(`/booking/${booking.id}`);
      }}
    />
  );
}
