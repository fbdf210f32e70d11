/**
 * When a driver may no longer take new trips (a document expired, an admin suspended them), their live
 * quotes are withdrawn: each customer is told (`quote_withdrawn`), the quote shows "Withdrawn", and the
 * withdrawal is recorded. Booked trips stay; admins follow them up (GET /api/admin/follow-ups).
 * Call inside the transaction of the change.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import type { Db } from '../../db/client.ts';
import { drivers, quotes, rides, users } from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { firstNameOf } from '../rides/dto.ts';
import { recordVerificationEvent } from './events.ts';

/**
 * Withdraws the driver's live quotes (only those naming `vehicleId`, when given; both halves of a return
 * pair together) and tells each customer once per trip. `why` completes "... withdrew their quote for your
 * trip X because ...". Returns the withdrawn quote ids.
 */
export async function withdrawQuotesOfDriver(
  tx: Db,
  opts: { driverId: string; why: string; vehicleId?: string | null; actorId?: string | null },
): Promise<string[]> {
  const live = [...LIVE_QUOTE_STATUSES];
  const first = await tx
    .update(quotes)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(
      and(
        eq(quotes.driverId, opts.driverId),
        inArray(quotes.status, live),
        opts.vehicleId ? eq(quotes.vehicleId, opts.vehicleId) : undefined,
      ),
    )
    .returning({ id: quotes.id, rideId: quotes.rideId, bundleId: quotes.bundleId });
  // The other half of a pair quote is one offer with it, whatever vehicle it names.
  const bundleIds = [...new Set(first.flatMap((q) => (q.bundleId ? [q.bundleId] : [])))];
  const halves = bundleIds.length
    ? await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: sql`now()` })
        .where(and(inArray(quotes.bundleId, bundleIds), inArray(quotes.status, live)))
        .returning({ id: quotes.id, rideId: quotes.rideId, bundleId: quotes.bundleId })
    : [];
  const withdrawn = [...first, ...halves];
  if (withdrawn.length === 0) return [];

  const [who] = await tx
    .select({ companyName: drivers.companyName, fullName: users.fullName })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, opts.driverId))
    .limit(1);
  const name = who?.companyName?.trim() || firstNameOf(who?.fullName ?? '') || 'A driver';
  const rideIds = [...new Set(withdrawn.map((q) => q.rideId))];
  const trips = await tx.select().from(rides).where(inArray(rides.id, rideIds));
  for (const ride of trips) {
    await notify(tx, {
      userId: ride.customerId,
      type: 'quote_withdrawn',
      title: 'Quote withdrawn',
      message: `${name} can't take new trips at the moment (${opts.why}), so their quote for your trip ${rideRoute(ride, { words: true })} was withdrawn. Your other quotes are unchanged.`,
      relatedId: ride.id,
    });
  }
  await recordVerificationEvent(tx, {
    driverId: opts.driverId,
    actorId: opts.actorId ?? null,
    action: 'quotes_withdrawn',
    reason: `${withdrawn.length} live ${withdrawn.length === 1 ? 'quote' : 'quotes'} withdrawn: ${opts.why}`,
  });
  return withdrawn.map((q) => q.id);
}
