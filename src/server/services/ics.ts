/**
 * 'Add to calendar': a booking as an iCalendar (.ics) event. The start is the pickup instant in UTC, so
 * every calendar shows it at the right local time; the duration is estimated from the distance. The
 * description carries what was booked (passengers, bags, every need, the flight, the note: issue 30), and
 * the event rings ALARM_HOURS_BEFORE the pickup, when the driver sets off and the customer gets ready.
 */
import { createEvents, type EventAttributes } from 'ics';
import type { BookingDto } from '../../shared/marketplace/api.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { needsLabels } from '../../shared/marketplace/needs-labels.ts';
import { placeAddress, routeName } from '../../shared/marketplace/place-names.ts';
import { formatSydneyDateTime } from '../../shared/marketplace/time.ts';
import { formatPhone, PHONE_MESSAGES } from '../../shared/validation/phone.ts';

/** Average road speed for the estimate, and the shortest duration a calendar entry gets. */
export const TRIP_SPEED_KMH = 60;
export const TRIP_MIN_MINUTES = 30;
/** The calendar's reminder: this many hours before the pickup. */
export const ALARM_HOURS_BEFORE = 2;

export function estimatedTripMinutes(distanceKm: number): number {
  return Math.max(TRIP_MIN_MINUTES, Math.ceil((distanceKm / TRIP_SPEED_KMH) * 60));
}

/**
 * The booking's calendar file. A return pair booked together (issue 32) is one booking with two legs: its
 * file holds both legs' events, each with its own status.
 */
export function bookingCalendar(booking: BookingDto, opts: { brandName: string; appUrl: string }): string {
  const legs: BookingDto[] = [booking];
  const other = booking.pair?.other;
  if (other) {
    const otherLeg: BookingDto = {
      ...booking,
      id: other.id,
      status: other.status,
      ride: other.ride,
      priceCents: other.priceCents,
    };
    if (booking.pair!.leg === 'outbound') legs.push(otherLeg);
    else legs.unshift(otherLeg);
  }
  const { error, value } = createEvents(legs.map((b) => legEvent(b, opts)));
  if (error || !value) throw error ?? new Error('calendar event could not be built');
  return value;
}

function legEvent(booking: BookingDto, opts: { brandName: string; appUrl: string }): EventAttributes {
  const { ride, driver, customer } = booking;
  // Named places by name (issue 32): "Nelson Bay → Newcastle Airport", the suburb said once in addresses.
  const place = (p: typeof ride.pickup) => placeAddress(p);
  const cancelled = booking.status === 'cancelled';
  const phone = (p: string | null) => (p ? formatPhone(p) : PHONE_MESSAGES.none);
  const v = driver.vehicle;
  const vehicle = [[v.make, v.model].filter(Boolean).join(' '), v.color].filter(Boolean).join(', ');
  const minutes = estimatedTripMinutes(ride.distanceKm);
  const luggage = [
    ride.luggageBags > 0 ? `${ride.luggageBags} ${ride.luggageBags === 1 ? 'bag' : 'bags'}` : '',
    ...ride.largeItems,
  ].filter(Boolean);
  const needs = needsLabels(ride.needs);
  const otherLeg = ride.pair?.otherLegPickupAt
    ? `${ride.pair.leg === 'outbound' ? 'Return leg' : 'Outbound leg'}: ${formatSydneyDateTime(ride.pair.otherLegPickupAt)} (Sydney time)`
    : '';
  const both = booking.pair
    ? `Both legs: ${formatAud(booking.pair.totalCents)} AUD agreed for the return trip.`
    : '';
  const description = [
    `Pickup: ${formatSydneyDateTime(ride.pickupAt)} (Sydney time)`,
    `From: ${place(ride.pickup)}`,
    `To: ${place(ride.destination)}`,
    ride.flightNumber ? `Flight: ${ride.flightNumber}` : '',
    `Passengers: ${ride.passengers}`,
    `Luggage: ${luggage.length ? luggage.join(', ') : 'none'}`,
    needs.length ? `Needs: ${needs.join(', ')}` : '',
    `Agreed fare: ${formatAud(booking.priceCents)} AUD (the most you can be asked to pay; paid to the driver directly).`,
    `Driver: ${[driver.companyName, driver.contact.name].filter(Boolean).join(', ')}, phone ${phone(driver.contact.phone)}`,
    `Vehicle: ${vehicle || 'see booking'}`,
    `Registration: ${v.registration || 'see booking'}`,
    `Customer: ${customer.contact.name}, phone ${phone(customer.contact.phone)}`,
    ride.notes.trim() ? `Notes: ${ride.notes.trim()}` : '',
    both,
    otherLeg,
    `Booking: ${booking.id}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    productId: `${opts.brandName}//bookings`,
    uid: `booking-${booking.id}@${new URL(opts.appUrl).hostname}`,
    title: `Shuttle: ${routeName(ride.pickup, ride.destination)}`,
    start: new Date(ride.pickupAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    location: place(ride.pickup),
    geo: { lat: ride.pickup.lat, lon: ride.pickup.lng },
    description,
    url: `${opts.appUrl.replace(/\/$/, '')}/booking/${booking.id}`,
    // A cancellation is sent as METHOD:CANCEL of the same UID with a later SEQUENCE, so a calendar that
    // has the trip takes it out (RFC 5546) rather than adding a second, cancelled entry.
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    sequence: cancelled ? 1 : 0,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    // No reminder for a cancelled trip.
    ...(cancelled
      ? {}
      : {
          alarms: [
            {
              action: 'display' as const,
              description: `Shuttle pickup in ${ALARM_HOURS_BEFORE} hours: ${formatSydneyDateTime(ride.pickupAt)} at ${place(ride.pickup)}`,
              trigger: { hours: ALARM_HOURS_BEFORE, before: true },
            },
          ],
        }),
  };
}
