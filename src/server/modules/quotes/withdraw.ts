/** POST /api/quotes/:id/withdraw: the driver takes back a live quote (both halves of a pair quote). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notify } from '../notifications/service.ts';
import { toQuoteDto } from './dto.ts';
import { conflict, driverDisplayName, LIVE, myQuote, tripName } from './rules.ts';

export async function withdrawQuote(db: Db, user: SessionUser, id: string): Promise<QuoteDto> {
  await myQuote(db, user, id);
  const row = await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(quotes)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(and(eq(quotes.id, id), eq(quotes.driverId, user.id), inArray(quotes.status, LIVE)))
      .returning();
    if (!withdrawn) throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
    if (withdrawn.bundleId) {
      // A price for both legs is one offer: withdrawing it withdraws both halves.
      await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: sql`now()` })
        .where(
          and(
            eq(quotes.bundleId, withdrawn.bundleId),
            eq(quotes.driverId, user.id),
            inArray(quotes.status, LIVE),
          ),
        );
    }
    const [ride] = await tx.select().from(rides).where(eq(rides.id, withdrawn.rideId)).limit(1);
    await notify(tx, {
      userId: ride!.customerId,
      type: 'quote_updated',
      title: 'Quote withdrawn',
      message: `${await driverDisplayName(tx, user.id)} withdrew their quote for your trip ${tripName(ride!)}.`,
      relatedId: ride!.id,
    });
    return withdrawn;
  });
  return toQuoteDto(db, row);
}
