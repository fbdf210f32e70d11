/** QuoteDtos: the driver appears as their driver card and the quoted vehicle; never a contact detail. */
import { eq, inArray } from 'drizzle-orm';
import type { DriverCardDto, QuoteBundleDto, QuoteDto } from '../../../shared/marketplace/api.ts';
import type { QuoteStatus } from '../../../shared/marketplace/constants.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { driverCards, vehicleCards } from '../driver-cards/cards.ts';

/** A deleted account's quote still reads. */
const missingCard = (id: string): DriverCardDto => ({
  id,
  businessName: 'Driver',
  companyName: '',
  firstName: '',
  avatarUrl: null,
  verifiedAt: null,
  rating: { average: null, count: 0 },
  completedTrips: 0,
  memberSince: new Date(0).toISOString(),
  medianQuoteMinutes: null,
});

export type QuoteRow = typeof quotes.$inferSelect;

export async function toQuoteDtos(db: Db, rows: QuoteRow[]): Promise<QuoteDto[]> {
  const driverIds = [...new Set(rows.map((r) => r.driverId))];
  if (driverIds.length === 0) return [];
  const bundleIds = [...new Set(rows.flatMap((r) => (r.bundleId ? [r.bundleId] : [])))];
  const [cards, cars, halves] = await Promise.all([
    driverCards(db, driverIds),
    vehicleCards(
      db,
      rows.map((r) => r.vehicleId),
    ),
    bundleIds.length
      ? db
          .select({
            id: quotes.id,
            rideId: quotes.rideId,
            bundleId: quotes.bundleId,
            priceCents: quotes.priceCents,
            outboundRideId: rides.outboundRideId,
          })
          .from(quotes)
          .innerJoin(rides, eq(rides.id, quotes.rideId))
          .where(inArray(quotes.bundleId, bundleIds))
      : Promise.resolve([]),
  ]);
  const bundleOf = (q: QuoteRow): QuoteBundleDto | null => {
    if (!q.bundleId) return null;
    const group = halves.filter((h) => h.bundleId === q.bundleId);
    const self = group.find((h) => h.id === q.id);
    const other = group.find((h) => h.id !== q.id);
    if (!self || !other) return null;
    return {
      id: q.bundleId,
      totalCents: q.priceCents + other.priceCents,
      leg: self.outboundRideId ? 'return' : 'outbound',
      otherLegRideId: other.rideId,
      otherLegQuoteId: other.id,
      otherLegPriceCents: other.priceCents,
    };
  };
  return rows.map((q) => {
    return {
      id: q.id,
      rideId: q.rideId,
      status: q.status as QuoteStatus,
      priceCents: q.priceCents,
      message: q.message,
      vehicle: q.vehicle,
      validUntil: q.validUntil.toISOString(),
      askedAgainAt: q.askedAgainAt?.toISOString() ?? null,
      rideVersion: q.rideVersion,
      createdAt: q.createdAt.toISOString(),
      updatedAt: q.updatedAt.toISOString(),
      driver: cards.get(q.driverId) ?? missingCard(q.driverId),
      vehicleId: q.vehicleId,
      vehicleCard: q.vehicleId ? (cars.get(q.vehicleId) ?? null) : null,
      bundle: bundleOf(q),
    };
  });
}

export async function toQuoteDto(db: Db, row: QuoteRow): Promise<QuoteDto> {
  const [dto] = await toQuoteDtos(db, [row]);
  return dto!;
}
