/** QuoteDtos: the driver appears by company, first name, rating and completed trips; never a contact detail. */
import { eq, inArray } from 'drizzle-orm';
import type { QuoteBundleDto, QuoteDto } from '../../../shared/marketplace/api.ts';
import type { QuoteStatus } from '../../../shared/marketplace/constants.ts';
import type { Db } from '../../db/client.ts';
import { drivers, quotes, rides, users } from '../../db/schema/index.ts';
import { completedTrips, ratingSummaries } from '../ratings/summary.ts';
import { firstNameOf } from '../rides/dto.ts';

export type QuoteRow = typeof quotes.$inferSelect;

export async function toQuoteDtos(db: Db, rows: QuoteRow[]): Promise<QuoteDto[]> {
  const driverIds = [...new Set(rows.map((r) => r.driverId))];
  if (driverIds.length === 0) return [];
  const bundleIds = [...new Set(rows.flatMap((r) => (r.bundleId ? [r.bundleId] : [])))];
  const [people, summaries, trips, halves] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        companyName: drivers.companyName,
      })
      .from(users)
      .leftJoin(drivers, eq(drivers.userId, users.id))
      .where(inArray(users.id, driverIds)),
    ratingSummaries(db, driverIds),
    completedTrips(db, driverIds),
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
  const person = new Map(people.map((p) => [p.id, p]));
  return rows.map((q) => {
    const p = person.get(q.driverId);
    return {
      id: q.id,
      rideId: q.rideId,
      status: q.status as QuoteStatus,
      priceCents: q.priceCents,
      message: q.message,
      vehicle: q.vehicle,
      validUntil: q.validUntil.toISOString(),
      rideVersion: q.rideVersion,
      createdAt: q.createdAt.toISOString(),
      updatedAt: q.updatedAt.toISOString(),
      driver: {
        id: q.driverId,
        companyName: p?.companyName ?? '',
        firstName: firstNameOf(p?.fullName ?? ''),
        avatarUrl: p?.avatarUrl ?? null,
        rating: summaries.get(q.driverId) ?? { average: null, count: 0 },
        completedTrips: trips.get(q.driverId) ?? 0,
      },
      bundle: bundleOf(q),
    };
  });
}

export async function toQuoteDto(db: Db, row: QuoteRow): Promise<QuoteDto> {
  const [dto] = await toQuoteDtos(db, [row]);
  return dto!;
}
