/**
 * 'Add to calendar': a booking as an iCalendar (.ics) event. The start is the pickup instant in UTC, so
 * every calendar shows it at the right local time; the duration is estimated from the distance. The
 * description carries what was booked (passengers, bags, every need, the flight, the note: issue 30), and
 * the event rings ALARM_HOURS_BEFORE the pickup, when the driver sets off and the customer gets ready.
 *
 * Written from a template (issue 34): the `ics` package built the same text through a schema validation
 * and a formatter per property, about 25x the time per file (bench/ics.ts), for a shape that never
 * changes. Its output stays the reference: tests/unit/ics.test.ts compares the two on generated bookings.
 */
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
  const stamp = icsDate(Date.now());
  // The calendar's method is its first event's (as `ics` wrote it): the earlier leg's.
  const method = legs[0]!.status === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\n${fold(`PRODID:${oneLine(`${opts.brandName}//bookings`)}`)}\r\nMETHOD:${method}\r\nX-PUBLISHED-TTL:PT1H\r\n${legs.map((b) => legEvent(b, opts, stamp)).join('')}END:VCALENDAR\r\n`;
}

/** RFC 5545 TEXT: backslash, newline, semicolon and comma escaped (what `ics` does for these fields). */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');
/** Newlines only, as `ics` writes its other fields. */
const oneLine = (s: string) => s.replace(/\r?\n/g, '\\n');
const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
function icsDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}
/** Lines longer than 75 characters continue on lines starting with a tab (74 after the first). */
function fold(line: string): string {
  if (line.length <= 75) return line;
  const chars = Array.from(line);
  if (chars.length <= 75) return line;
  const parts = [chars.slice(0, 75).join('')];
  for (let i = 75; i < chars.length; i += 74) parts.push(chars.slice(i, i + 74).join(''));
  return parts.join('\r\n\t');
}
const duration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}`;
};

function legEvent(booking: BookingDto, opts: { brandName: string; appUrl: string }, stamp: string): string {
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
  const url = `${opts.appUrl.replace(/\/$/, '')}/booking/${booking.id}`;
  // A cancellation is sent as METHOD:CANCEL of the same UID with a later SEQUENCE, so a calendar that has
  // the trip takes it out (RFC 5546) rather than adding a second, cancelled entry; and rings no reminder.
  const alarm = cancelled
    ? ''
    : `BEGIN:VALARM\r\nACTION:DISPLAY\r\n${fold(`DESCRIPTION:${oneLine(`Shuttle pickup in ${ALARM_HOURS_BEFORE} hours: ${formatSydneyDateTime(ride.pickupAt)} at ${place(ride.pickup)}`)}`)}\r\nTRIGGER:-PT${ALARM_HOURS_BEFORE}H\r\nEND:VALARM\r\n`;
  const lines = [
    'BEGIN:VEVENT',
    fold(`UID:${oneLine(`booking-${booking.id}@${new URL(opts.appUrl).hostname}`)}`),
    fold(`SUMMARY:${text(`Shuttle: ${routeName(ride.pickup, ride.destination)}`)}`),
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDate(new Date(ride.pickupAt).getTime())}`,
    `SEQUENCE:${cancelled ? 1 : 0}`,
    fold(`DESCRIPTION:${text(description)}`),
    fold(`URL:${oneLine(url)}`),
    fold(`GEO:${ride.pickup.lat};${ride.pickup.lng}`),
    fold(`LOCATION:${text(place(ride.pickup))}`),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    `DURATION:${duration(minutes)}`,
  ];
  return `${lines.join('\r\n')}\r\n${alarm}END:VEVENT\r\n`;
}
