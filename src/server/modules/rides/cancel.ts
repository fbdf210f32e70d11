/**
 * Cancelling requests: the customer cancels an open one (POST /api/rides/:id/cancel), through the step it
 * shares with an admin suspending the customer (admin/user-actions.ts): the live quotes are declined, a
 * return pair's other half with them, and every quoting driver is told.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { notify, notifyAll } from '../notifications/service.ts';
import { decorate } from './decorate.ts';
import type { RideRow } from './dto.ts';
import { LIVE, notOpen, tripSummary } from './rules.ts';

/** What the drivers whose quotes a cancellation declines are told. */
export interface DeclinedWords {
  /** The notification of each declined quote, naming its request. */
  title: string;
  message: (ride: RideRow) => string;
  /** To the drivers of a return-pair quote whose other half (on a leg still open) is declined with it. */
  otherHalves: string;
}

/**
 * Cancels the open requests `which` selects, with `reason`, and declines their live quotes: a return-pair
 * quote is one offer for both legs, so its other half goes too, and every driver is told. Returns the
 * requests cancelled; none (and nothing changed) when `which` selects no open request.
 */
export async function cancelOpenRides(
  tx: Db,
  which: SQL[],
  reason: string,
  words: DeclinedWords,
): Promise<RideRow[]> {
  const cancelled = await tx
    .update(rides)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(and(...which, sql`${rides.status} = 'open'`))
    .returning();
  if (cancelled.length === 0) return cancelled;
  const declined = await tx
    .update(quotes)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(
      and(
        inArray(
          quotes.rideId,
          cancelled.map((r) => r.id),
        ),
        inArray(quotes.status, LIVE),
      ),
    )
    .returning({ driverId: quotes.driverId, bundleId: quotes.bundleId, rideId: quotes.rideId });
  await declineOtherHalves(tx, declined, words.otherHalves);
  const byId = new Map(cancelled.map((r) => [r.id, r]));
  const told = new Set<string>();
  for (const q of declined) {
    // One message per offer: a return-pair quote whose two legs were both cancelled is one offer.
    const key = q.bundleId ?? `${q.driverId}:${q.rideId}`;
    if (told.has(key)) continue;
    told.add(key);
    const ride = byId.get(q.rideId)!;
    await notify(tx, {
      userId: q.driverId,
      type: 'quote_declined',
      title: words.title,
      message: words.message(ride),
      relatedId: ride.id,
    });
  }
  return cancelled;
}

/** What the drivers who quoted are told when the customer cancels the request (issue 32, item 6). */
export const CUSTOMER_CANCELLED = {
  title: 'The customer cancelled this request',
  message: (ride: RideRow) =>
    `The customer cancelled this request (${tripSummary(ride)}), so your quote no longer stands. There is nothing more to do.`,
  otherHalves:
    'The customer cancelled one leg of this return trip, so your price for both legs no longer stands. You can quote the other leg on its own.',
} as const satisfies DeclinedWords;

/** The other leg of a return trip (posted together), or null. */
async function otherLegId(tx: Db, ride: Pick<RideRow, 'id' | 'outboundRideId'>): Promise<string | null> {
  if (ride.outboundRideId) return ride.outboundRideId;
  const [back] = await tx
    .select({ id: rides.id })
    .from(rides)
    .where(eq(rides.outboundRideId, ride.id))
    .limit(1);
  return back?.id ?? null;
}

/**
 * Cancels an open request (its customer only); live quotes are declined and their drivers told "The
 * customer cancelled this request". With `bothLegs`, the other leg of a return trip goes too if still open.
 */
export async function cancelRide(
  db: Db,
  customerId: string,
  id: string,
  reason: string,
  bothLegs = false,
): Promise<RideDto> {
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [own] = await tx
      .select({ id: rides.id, outboundRideId: rides.outboundRideId })
      .from(rides)
      .where(and(eq(rides.id, id), eq(rides.customerId, customerId)));
    if (!own) throw notFound();
    const other = bothLegs ? await otherLegId(tx, own) : null;
    const ids = other ? [own.id, other] : [own.id];
    const cancelled = await cancelOpenRides(
      tx,
      [inArray(rides.id, ids), eq(rides.customerId, customerId)],
      reason,
      CUSTOMER_CANCELLED,
    ).then((list) => list.filter((r) => r.id === own.id));
    // The other leg may be booked or over already: then only this one is cancelled, as asked.
    const [mine] = cancelled;
    if (!mine) {
      const [current] = await tx
        .select({ status: rides.status })
        .from(rides)
        .where(and(eq(rides.id, id), eq(rides.customerId, customerId)));
      throw current ? notOpen(current.status) : notFound();
    }
    return mine;
  });
  return (await decorate(db, [row]))[0]!;
}

/**
 * After quotes were declined (their leg was cancelled or booked), the live other halves of any return-pair
 * quotes among them are declined too, and their drivers told why.
 */
export async function declineOtherHalves(
  tx: Db,
  declined: { bundleId: string | null }[],
  message: string,
): Promise<void> {
  const bundleIds = [...new Set(declined.flatMap((q) => (q.bundleId ? [q.bundleId] : [])))];
  if (bundleIds.length === 0) return;
  const halves = await tx
    .update(quotes)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(and(inArray(quotes.bundleId, bundleIds), inArray(quotes.status, LIVE)))
    .returning({ driverId: quotes.driverId, rideId: quotes.rideId });
  await notifyAll(
    tx,
    halves.map((q) => ({
      userId: q.driverId,
      type: 'quote_declined' as const,
      title: 'Return-trip quote declined',
      message,
      relatedId: q.rideId,
    })),
  );
}
