/**
 * "Publish your drive back" on the driver's booking page (issue 31 item 2): shown when this booking's
 * drop-off is more than 40 km from their base and no drive back is published for it yet; the link opens
 * /driver-runs with the run form filled in from the booking.
 */
import { Link } from 'react-router';
import { RUN_TEXT } from '../../../shared/marketplace/runs.ts';
import { Card } from '../../components/ui/card.tsx';
import { useDriveBacks } from './api.ts';

export function DriveBackOffer({ bookingId }: { bookingId: string }) {
  const offers = useDriveBacks(bookingId);
  const offer = offers.data?.[0];
  if (!offer) return null;
  return (
    <Card className="flex flex-col gap-2 border-sun-300 bg-sun-50" data-testid="drive-back">
      <h2 className="text-lg font-semibold">{RUN_TEXT.driveBackTitle}</h2>
      <p>{RUN_TEXT.driveBackBody(offer.distanceKm)}</p>
      <Link
        to={`/driver-runs?booking=${offer.bookingId}`}
        className="self-start font-semibold text-brand-600 underline underline-offset-4"
      >
        {RUN_TEXT.driveBackTitle}
      </Link>
    </Card>
  );
}
