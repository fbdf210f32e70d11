/**
 * POST /api/runs/:id/cancel: the driver cancels their run, with a reason. One conditional UPDATE decides
 * (open -> cancelled, with when), so no seat is sold after it: a booking in flight waits on the run's row
 * and then finds it cancelled. Its live automatic quotes are withdrawn (their customers told), and each
 * booking on it is cancelled through the normal booking cancellation path as the driver (the customer told,
 * their trip open again for other drivers' quotes, the seats given back).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RUN_CONFLICTS } from '../../../shared/marketplace/runs.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookings, quotes, rides, runs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { cancelBooking } from '../bookings/service.ts';
import { notify } from '../notifications/service.ts';
import { LIVE, tripName } from '../quotes/rules.ts';
import { conflict, runName, uuid } from './rules.ts';

export async function cancelRun(db: Db, user: SessionUser, id: string, reason: string): Promise<void> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [mine] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, id), eq(runs.driverId, user.id)))
    .limit(1);
  if (!mine) throw notFound();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [cancelled] = await tx
      .update(runs)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(runs.id, id), eq(runs.status, 'open')))
      .returning();
    if (!cancelled) throw conflict(RUN_CONFLICTS.alreadyCancelled);
    const withdrawn = await tx
      .update(quotes)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(and(eq(quotes.runId, id), inArray(quotes.status, LIVE)))
      .returning({ rideId: quotes.rideId });
    for (const q of withdrawn) {
      const [ride] = await tx.select().from(rides).where(eq(rides.id, q.rideId)).limit(1);
      if (!ride) continue;
      await notify(tx, {
        userId: ride.customerId,
        type: 'quote_withdrawn',
        title: 'Quote withdrawn',
        message: `The driver cancelled their run ${runName(cancelled)}, so their quote for your trip ${tripName(ride)} was withdrawn: "${reason}".`,
        relatedId: ride.id,
      });
    }
  });
  const booked = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.runId, id), eq(bookings.status, 'confirmed')));
  for (const b of booked) {
    try {
      await cancelBooking(db, user, b.id, `The driver cancelled the run: ${reason}`);
    } catch (err) {
      // Cancelled by its customer meanwhile: nothing left to do for it.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
}
