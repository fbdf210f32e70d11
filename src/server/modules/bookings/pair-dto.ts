/**
 * A return pair booked together (issue 32, ADR 014): two bookings sharing a bundle id, one per leg. Each
 * booking's DTO carries the other leg (its ride, status and fare) and both legs' total, so every page,
 * list and e-mail can show the pair as one booking with two legs while each leg keeps its own status.
 */
import type { BookingDto, BookingLegDto, BookingPairDto } from '../../../shared/marketplace/api.ts';
import type { BookingStatus } from '../../../shared/marketplace/constants.ts';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { loadRideDtos } from './ride-dtos.ts';

type BookingRow = typeof bookings.$inferSelect;

/** Who cancelled a booking, by role (the other leg's short form of dto.ts's cancellationOf). */
function cancelledByRole(b: BookingRow): BookingLegDto['cancelledBy'] {
  if (b.status !== 'cancelled') return null;
  if (b.cancelledBy === b.customerId) return 'customer';
  if (b.cancelledBy === b.driverId) return 'driver';
  return 'admin';
}

/** The pair of each booking in `rows` that was booked together with another (by booking id). */
export async function loadBookingPairs(db: Db, rows: BookingRow[]): Promise<Map<string, BookingPairDto>> {
  const result = new Map<string, BookingPairDto>();
  const bundleIds = [...new Set(rows.flatMap((r) => (r.bundleId ? [r.bundleId] : [])))];
  if (bundleIds.length === 0) return result;
  const mates = await db.select().from(bookings).where(anyOf(bookings.bundleId, bundleIds));
  const ridesById = await loadRideDtos(
    db,
    mates.map((m) => m.rideId),
  );
  for (const row of rows) {
    if (!row.bundleId) continue;
    const other = mates.find((m) => m.bundleId === row.bundleId && m.id !== row.id);
    const ride = ridesById.get(row.rideId);
    const otherRide = other && ridesById.get(other.rideId);
    if (!other || !ride || !otherRide) continue;
    const leg = ride.pair?.leg ?? (otherRide.pair?.leg === 'outbound' ? 'return' : 'outbound');
    result.set(row.id, {
      bundleId: row.bundleId,
      leg,
      totalCents: row.priceCents + other.priceCents,
      other: {
        id: other.id,
        status: other.status as BookingStatus,
        leg: leg === 'outbound' ? 'return' : 'outbound',
        priceCents: other.priceCents,
        ride: otherRide,
        cancelledBy: cancelledByRole(other),
        cancelledAt: other.cancelledAt?.toISOString() ?? null,
        cancelReason: other.cancelReason,
      },
    });
  }
  return result;
}

/**
 * A party's list (issue 32): a return pair booked together shows once, one entry standing for both legs
 * (its `pair.other` is the other leg): the first leg still confirmed, else the first leg, by pickup. In
 * pickup order: what is still confirmed soonest first, then the rest (completed, cancelled) latest first.
 */
export function partyList(items: BookingDto[]): BookingDto[] {
  const standsFor = (b: BookingDto): boolean => {
    const o = b.pair?.other;
    if (!o || !items.some((x) => x.id === o.id)) return true;
    const live = (s: string) => s === 'confirmed';
    if (live(b.status) !== live(o.status)) return live(b.status);
    return (
      b.ride.pickupAt.localeCompare(o.ride.pickupAt) < 0 ||
      (b.ride.pickupAt === o.ride.pickupAt && b.id < o.id)
    );
  };
  const kept = items.filter(standsFor);
  const upcoming = kept
    .filter((b) => b.status === 'confirmed')
    .sort((a, b) => a.ride.pickupAt.localeCompare(b.ride.pickupAt));
  const rest = kept
    .filter((b) => b.status !== 'confirmed')
    .sort((a, b) => b.ride.pickupAt.localeCompare(a.ride.pickupAt));
  return [...upcoming, ...rest];
}
