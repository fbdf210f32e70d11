/**
 * /admin-dashboard, issue 31: how the period's bookings were made (quotes, instant prices, seats and whole
 * vehicles on runs) and what runs sold. Each figure's definition is written under it rather than in a
 * tooltip, so it reads the same by touch, keyboard and screen reader.
 */
import type { DashboardDto } from '../../../../shared/admin/dashboard.ts';
import { BOOKING_ORIGIN_LABELS, BOOKING_ORIGINS } from '../../../../shared/marketplace/booking-origin.ts';
import { Figure, percent } from './Figure.tsx';

const km = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

export function BookingOrigins({ d, headingId }: { d: DashboardDto; headingId: string }) {
  const o = d.origins;
  const counts = BOOKING_ORIGINS.map(
    (origin) => `${o.byOrigin[origin]} ${BOOKING_ORIGIN_LABELS[origin].toLowerCase()}`,
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="booking-origins">
      <h2 id={headingId} className="text-xl font-bold">
        How bookings were made
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Instant bookings"
          value={percent(o.instantShare)}
          detail={`${o.byOrigin.instant} of ${o.bookings} bookings made in the period (${counts.join(', ')})`}
        />
        <Figure label="Runs published" value={o.runsPublished} detail="Drives drivers offered seats on" />
        <Figure
          label="Seats sold on runs"
          value={o.seatsSold}
          detail={`Confirmed or completed; plus ${o.byOrigin.run_vehicle} whole-vehicle bookings`}
        />
        <Figure
          label="Kilometres filled on runs"
          value={`${km.format(o.runKm)} km`}
          detail="Trip distance of run bookings (seats or whole vehicle), confirmed or completed: kilometres driven with passengers that would have been driven empty. Each booking counts its own trip."
        />
      </dl>
    </section>
  );
}
