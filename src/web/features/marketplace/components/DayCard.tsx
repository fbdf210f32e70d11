/** The parts both "On the day" cards are built from (DayOfTrip.tsx, DriverDayOfTrip.tsx). */
import { CalendarPlus, Clock, type LucideIcon, MapPin, Navigation, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { cn } from '../../../lib/cn.ts';
import { phoneDisplay } from '../../../lib/phone-display.ts';
import { placeLabel } from './RideSummary.tsx';

const linkClass =
  'inline-flex items-center gap-1.5 font-semibold text-brand-600 underline underline-offset-4';

/** A search on the map for what was typed (the street address), not the locality's centre. */
export function mapHref(place: BookingDto['ride']['pickup']) {
  const query = `${placeLabel(place)}, Australia`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The vehicle in words ("White Toyota HiAce"), or "Vehicle" when nothing is known of it. */
export function vehicleName(v: BookingDto['driver']['vehicle']) {
  return [v.color, v.make, v.model].filter(Boolean).join(' ') || 'Vehicle';
}

/** The card: the "On the day" region and its two columns (the children). */
export function DayCard({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="day-of-trip"
      className="overflow-hidden rounded-2xl border border-brand-200 bg-white shadow-raised"
      data-testid="day-of-trip"
    >
      <h2 id="day-of-trip" className="bg-brand-900 px-5 py-3 text-lg font-bold text-white">
        On the day
      </h2>
      <div className="grid gap-5 p-5 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** One fact, large, beside its icon: a small label, then what the children say. */
export function DayFact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <p className="flex items-start gap-3 wrap-anywhere">
      <Icon className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
      <span>
        <span className="block text-sm font-semibold text-slate-700">{label}</span>
        {children}
      </span>
    </p>
  );
}

/**
 * When and where: the pickup time (Sydney time), the pickup place under `label` with the line about the
 * destination under it, then the links to the pickup in Maps and to the booking's calendar file.
 */
export function DayPickup({ b, label, destination }: { b: BookingDto; label: string; destination: string }) {
  return (
    <>
      <DayFact icon={Clock} label="Pickup">
        <span className="text-2xl font-bold text-slate-900">{formatSydney(b.ride.pickupAt)}</span>
        <span className="block text-sm text-slate-700">Sydney time</span>
      </DayFact>
      <DayFact icon={MapPin} label={label}>
        <span className="text-lg font-semibold text-slate-900">{placeLabel(b.ride.pickup)}</span>
        <span className="block text-slate-800">{destination}</span>
      </DayFact>
      <p className="flex flex-wrap gap-x-5 gap-y-2 pl-9">
        <a href={mapHref(b.ride.pickup)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <Navigation className="h-4 w-4" aria-hidden="true" /> Open the pickup in Maps
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={`/api/bookings/${b.id}/calendar.ics`} download className={linkClass}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
        </a>
      </p>
    </>
  );
}

/** "Call {name}, {number}" as a big button, or that there is no phone number to call. */
export function CallButton({ name, phone, large }: { name: string; phone: string | null; large?: boolean }) {
  const shown = phone ? phoneDisplay(phone) : null;
  if (!shown) return <p className="text-slate-700">{BOOKING_STATE_TEXT.noPhone}</p>;
  return (
    <a
      href={shown.href}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-700',
        large ? 'min-h-14 text-lg' : 'min-h-12',
      )}
    >
      <Phone className="h-5 w-5 shrink-0" aria-hidden="true" />
      Call {name}, {shown.text}
    </a>
  );
}
