/**
 * The booking page's lead card (issue 18): what matters on the day, together and large. When and where
 * the pickup is (with a map link and the calendar file), who to call (the other side's phone as a big
 * button), and the vehicle to look for, plate included. An administrator sees the same, without a call
 * button: both phones are in the contacts below.
 */
import { CalendarPlus, Car, Clock, MapPin, Navigation, Phone } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { phoneDisplay } from '../../../lib/phone-display.ts';
import { placeLabel } from './RideSummary.tsx';

/** A search on the map for what was typed (the street address), not the locality's centre. */
function mapHref(place: BookingDto['ride']['pickup']) {
  const query = `${placeLabel(place)} NSW, Australia`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function DayOfTrip({ b }: { b: BookingDto }) {
  const v = b.driver.vehicle;
  const other =
    b.viewerRole === 'customer'
      ? { who: b.driverCard.businessName, contact: b.driver.contact }
      : b.viewerRole === 'driver'
        ? { who: b.customer.contact.name, contact: b.customer.contact }
        : null;
  const phone = other?.contact.phone ? phoneDisplay(other.contact.phone) : null;
  const vehicle = [v.color, v.make, v.model].filter(Boolean).join(' ') || 'Vehicle';
  return (
    <section
      aria-labelledby="day-of-trip"
      className="overflow-hidden rounded-2xl border border-brand-200 bg-white shadow-raised"
      data-testid="day-of-trip"
    >
      <h2 id="day-of-trip" className="bg-brand-900 px-5 py-3 text-lg font-bold text-white">
        On the day
      </h2>
      <div className="grid gap-5 p-5 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="flex items-start gap-3">
            <Clock className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-semibold text-slate-700">Pickup</span>
              <span className="text-2xl font-bold text-slate-900">{formatSydney(b.ride.pickupAt)}</span>
              <span className="block text-sm text-slate-700">Sydney time</span>
            </span>
          </p>
          <p className="flex items-start gap-3 wrap-anywhere">
            <MapPin className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-semibold text-slate-700">From</span>
              <span className="text-lg font-semibold text-slate-900">{placeLabel(b.ride.pickup)}</span>
              <span className="block text-slate-800">to {placeLabel(b.ride.destination)}</span>
            </span>
          </p>
          <p className="flex flex-wrap gap-x-5 gap-y-2 pl-9">
            <a
              href={mapHref(b.ride.pickup)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold text-brand-600 underline underline-offset-4"
            >
              <Navigation className="h-4 w-4" aria-hidden="true" /> Open the pickup in Maps
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a
              href={`/api/bookings/${b.id}/calendar.ics`}
              download
              className="inline-flex items-center gap-1.5 font-semibold text-brand-600 underline underline-offset-4"
            >
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
            </a>
          </p>
        </div>
        <div className="flex flex-col gap-4">
          <p className="flex items-start gap-3 wrap-anywhere">
            <Car className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-semibold text-slate-700">Look for</span>
              <span className="text-lg font-semibold text-slate-900" data-testid="day-vehicle">
                {vehicle}
              </span>
              {v.registration && (
                <span className="mt-1 block">
                  <span className="sr-only">Number plate </span>
                  <span className="inline-block rounded-md border-2 border-slate-900 bg-white px-2 py-0.5 font-mono text-lg font-bold tracking-widest text-slate-900">
                    {v.registration}
                  </span>
                </span>
              )}
              <span className="block text-sm text-slate-700">{b.driverCard.businessName}</span>
            </span>
          </p>
          {other &&
            (phone ? (
              <a
                href={phone.href}
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                <Phone className="h-5 w-5 shrink-0" aria-hidden="true" />
                Call {other.who}, {phone.text}
              </a>
            ) : (
              <p className="text-slate-700">{BOOKING_STATE_TEXT.noPhone}</p>
            ))}
        </div>
      </div>
    </section>
  );
}
