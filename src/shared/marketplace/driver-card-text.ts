/**
 * The driver card in words (issue 13): the verified date, member since, how fast the driver usually
 * quotes, and the quoted vehicle. One place, so the quote, the booking and the public page say the same.
 */
import { dateTimeFormat } from '../intl.ts';
import type { VehicleCardDto } from './api.ts';

/** "Nov 2026" on the Sydney calendar. */
function monthYear(iso: string): string {
  return dateTimeFormat({ month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** "Verified Nov 2026"; null when not verified now. */
export function verifiedText(verifiedAt: string | null): string | null {
  if (!verifiedAt) return null;
  return `Verified ${monthYear(verifiedAt)}`;
}

/** "Member since Mar 2025". */
export function memberSinceText(memberSince: string): string {
  return `Member since ${monthYear(memberSince)}`;
}

/** "Usually quotes within 15 min", "within 2 h", "within 1 day"; null with no quotes yet. */
export function quoteSpeedText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return `Usually quotes within ${Math.max(5, Math.ceil(minutes / 5) * 5)} min`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `Usually quotes within ${hours} h`;
  const days = Math.ceil(hours / 24);
  return `Usually quotes within ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "Wheelchair accessible · 2 child seats · Trailer", or '' with none. */
export function vehicleFeaturesText(
  v: Pick<VehicleCardDto, 'wheelchairAccessible' | 'childSeats' | 'trailer'>,
): string {
  return [
    v.wheelchairAccessible ? 'Wheelchair accessible' : '',
    v.childSeats ? `${v.childSeats} child ${v.childSeats === 1 ? 'seat' : 'seats'}` : '',
    v.trailer ? 'Luggage trailer' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "2022 Toyota HiAce, white · 11 seats · 12 bags". */
export function vehicleCardText(v: VehicleCardDto): string {
  const name = `${v.year} ${v.make} ${v.model}${v.colour ? `, ${v.colour.toLowerCase()}` : ''}`;
  return [
    name,
    `${v.seats} ${v.seats === 1 ? 'seat' : 'seats'}`,
    `${v.luggageBags} ${v.luggageBags === 1 ? 'bag' : 'bags'}`,
  ].join(' · ');
}
