/** Reading quotes: the driver's own list, and the quotes of one request side by side for its customer. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { QuoteDto, RideDto } from '../../../shared/marketplace/api.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { loadRideDtos } from '../bookings/ride-dtos.ts';
import { toQuoteDtos } from './dto.ts';
import { uuid } from './rules.ts';

/** The driver's quotes, newest change first, each with its request. */
export async function listMyQuotes(db: Db, user: SessionUser): Promise<(QuoteDto & { ride: RideDto })[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.driverId, user.id))
    .orderBy(desc(quotes.updatedAt), desc(quotes.id))
    .limit(500);
  const [dtos, ridesById] = await Promise.all([
    toQuoteDtos(db, rows),
    loadRideDtos(
      db,
      rows.map((r) => r.rideId),
      { addressesOnlyForBookedDriver: user.id },
    ),
  ]);
  return dtos.map((q) => ({ ...q, ride: ridesById.get(q.rideId)! }));
}

/** The quotes of one request side by side: live ones first by price, then the rest. Owner or admin only. */
export async function listRideQuotes(db: Db, user: SessionUser, rideId: string): Promise<QuoteDto[]> {
  if (!uuid.safeParse(rideId).success) throw notFound();
  const [ride] = await db
    .select({ customerId: rides.customerId })
    .from(rides)
    .where(eq(rides.id, rideId))
    .limit(1);
  if (!ride || (ride.customerId !== user.id && user.role !== 'admin')) throw notFound();
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.rideId, rideId))
    .orderBy(
      sql`case when ${quotes.status} in ('pending', 'needs_confirmation') then 0 when ${quotes.status} = 'accepted' then 1 else 2 end`,
      asc(quotes.priceCents),
      asc(quotes.createdAt),
    );
  return toQuoteDtos(db, rows);
}
