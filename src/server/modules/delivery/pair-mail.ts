/**
 * The e-mails of a return pair booked together (issue 32): one booking with two legs. The confirmation to
 * each side (booking_confirmed, quote_accepted) names both legs with their dates and times and the price
 * for both, and lays out each leg's details; a cancelled leg's e-mail names the leg. The e-mail renderer
 * calls these beside its own words (delivery/mail.ts); each returns null for any other booking, so its
 * words stand.
 */
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { formatSydneyDateTime, formatSydneyShort } from '../../../shared/marketplace/time.ts';
import type { EmailSection } from '../../services/email-layout.ts';

const CONFIRMED_KINDS = ['booking_confirmed', 'quote_accepted'];

/** '$310' for whole dollars, '$310.50' otherwise. */
const short = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-AU')}` : formatAud(cents);

/** The other leg as a booking of its own (same parties, driver and vehicle), to lay out like this one. */
function otherLegBooking(b: BookingDto): BookingDto | null {
  const o = b.pair?.other;
  if (!o) return null;
  return { ...b, id: o.id, status: o.status, ride: o.ride, priceCents: o.priceCents, pair: null };
}

/** The pair's legs in trip order: [outbound, return]. */
function legsOf(b: BookingDto): [BookingDto, BookingDto] | null {
  const other = otherLegBooking(b);
  if (!other || !b.pair) return null;
  return b.pair.leg === 'outbound' ? [b, other] : [other, b];
}

/** The subject for a pair's confirmation or a cancelled leg; `trip` is the worker's name for this leg's trip. */
export function pairMailSubject(type: string, b: BookingDto, trip: string, driver: string): string | null {
  const legs = legsOf(b);
  if (!legs || !b.pair) return null;
  const [out, back] = legs;
  const dates = `${formatSydneyShort(out.ride.pickupAt)} and back ${formatSydneyShort(back.ride.pickupAt)}`;
  switch (type) {
    case 'booking_confirmed':
      return `Return trip booked: ${trip}, ${dates} with ${driver}`;
    case 'quote_accepted':
      return `New return booking ${short(b.pair.totalCents)} for both legs: ${trip}, ${dates}`;
    case 'booking_cancelled':
      return `${b.pair.leg === 'outbound' ? 'Outbound' : 'Return'} leg cancelled: ${trip}, ${formatSydneyShort(b.ride.pickupAt)}`;
    default:
      return null;
  }
}

/** The opening sentence of a pair's confirmation. */
export function pairMailLead(type: string, b: BookingDto): string | null {
  const legs = legsOf(b);
  if (!legs || !b.pair || !CONFIRMED_KINDS.includes(type)) return null;
  const [out, back] = legs;
  const at = (x: BookingDto) => `${formatSydneyDateTime(x.ride.pickupAt)} (Sydney time)`;
  const total = formatAud(b.pair.totalCents);
  const driver = b.driver.companyName || b.driver.contact.name;
  const onTheDay = 'Keep this e-mail: it has everything you need on both days.';
  return type === 'booking_confirmed'
    ? `Your return trip is booked with ${driver}, both legs for ${total}: the outbound leg on ${at(out)} and the return leg on ${at(back)}. ${onTheDay}`
    : `${b.customer.contact.name} accepted your quote of ${total} for both legs of a return trip: the outbound leg on ${at(out)} and the return leg on ${at(back)}. ${onTheDay}`;
}

/**
 * A pair's confirmation: both legs, each with its own details (`layout` is the worker's bookingSections),
 * then the other side and the vehicle once.
 */
export function pairMailSections(
  type: string,
  b: BookingDto,
  layout: (b: BookingDto) => EmailSection[],
): EmailSection[] | null {
  const legs = legsOf(b);
  if (!legs || !b.pair || !CONFIRMED_KINDS.includes(type)) return null;
  const [out, back] = legs.map(layout) as [EmailSection[], EmailSection[]];
  const shared = new Set(['Vehicle', 'Number plate']);
  const leg = (s: EmailSection[], title: string, keepCar: boolean): EmailSection => ({
    title,
    rows: s[0]!.rows.filter((r) => keepCar || !shared.has(r.label)),
  });
  const both: EmailSection = {
    title: 'Your return trip',
    rows: [
      { label: 'Both legs', value: `${formatAud(b.pair.totalCents)} agreed for the return trip` },
      { label: 'Outbound', value: `${formatSydneyDateTime(legs[0].ride.pickupAt)} (Sydney time)` },
      { label: 'Return', value: `${formatSydneyDateTime(legs[1].ride.pickupAt)} (Sydney time)` },
    ],
  };
  return [
    both,
    leg(out, 'Outbound leg', true),
    leg(back, 'Return leg', false),
    ...(b.pair.leg === 'outbound' ? out : back).slice(1),
  ];
}
