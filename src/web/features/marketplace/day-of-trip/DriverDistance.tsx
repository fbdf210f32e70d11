/**
 * "About 6 min away, 4.2 km" (issue 30): the customer's estimate from the driver's latest shared position
 * (straight line times the road factor, at town speed; computed by the API), while the driver is on the
 * way. It changes as the page refreshes on the event stream; not a live region (it would talk every 10 s).
 */
import { Navigation } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { clockTime } from './format.ts';
import { DAY_TEXT } from './texts.ts';

export function DriverDistance({ b }: { b: BookingDto }) {
  if (b.tripStatus !== 'on_the_way' || b.status !== 'confirmed') return null;
  const p = b.driverPosition;
  if (!p) {
    return (
      <p className="text-slate-700" data-testid="driver-distance">
        {b.sharingPosition ? DAY_TEXT.waitingPosition : DAY_TEXT.noPosition}
      </p>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <Navigation className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p>
        <span className="block text-xl font-bold text-slate-900" data-testid="driver-distance">
          {DAY_TEXT.distance(p.etaMinutes, p.distanceKm)}
        </span>
        <span className="block text-sm text-slate-700">
          By road, estimated from the driver's position at {clockTime(p.recordedAt)}.
        </span>
      </p>
    </div>
  );
}
