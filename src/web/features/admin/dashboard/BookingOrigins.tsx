/**
 * /admin-dashboard, issue 31: how the period's bookings were made (quotes, instant prices, seats and whole
 * vehicles on runs) and what runs sold. The definitions are written under the figures rather than in a
 * tooltip, so it reads the same by touch, keyboard and screen reader.
 */
import type { DashboardDto } from '../../../../shared/admin/dashboard.ts';
import { BOOKING_ORIGIN_LABELS, BOOKING_ORIGINS } from '../../../../shared/marketplace/booking-origin.ts';
import { plural } from '../../../../shared/plural.ts';
import { Figure, percent } from './Figure.tsx';

const km = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

export function BookingOrigins({ d, headingId }: { d: DashboardDto; headingId: string }) {
  const o = d.origins;
  const counts = BOOKING_ORIGINS.map((origin) => `${BOOKING_ORIGIN_LABELS[origin]} ${o.byOrigin[origin]}`);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="booking-origins">
      <h2 id={headingId} className="text-xl font-bold">
        How bookings were made
      </h2>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3 lg:grid-cols-4">
        <Figure
          label="Instant bookings"
          value={percent(o.instantShare)}
          detail={`${o.byOrigin.instant} of ${plural(o.bookings, 'booking', 'bookings')} made`}
        />
        <Figure label="Runs published" value={o.runsPublished} detail="Cancelled ones included" />
        <Figure
          label="Seats sold on runs"
          value={o.seatsSold}
          detail={`And ${plural(o.byOrigin.run_vehicle, 'whole vehicle', 'whole vehicles')}`}
        />
        <Figure
          label="Kilometres filled on runs"
          value={`${km.format(o.runKm)} km`}
          detail="Driven with passengers instead of empty"
        />
      </dl>
      <p className="text-sm text-slate-700">Bookings made in the period, by how: {counts.join(' · ')}.</p>
      <p className="text-sm text-slate-700">
        Seats and kilometres count run bookings still confirmed or completed. Kilometres filled on runs: the
        trip distance of each booking of seats or a whole vehicle on a run, the kilometres driven with
        passengers that would have been driven empty. Each booking counts its own trip.
      </p>
    </section>
  );
}
