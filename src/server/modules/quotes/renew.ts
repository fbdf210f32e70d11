/**
 * POST /api/quotes/:id/renew (issue 31): the driver renews their quote with one tap: the same price, a new
 * validity (until 2 hours before pickup, or their shorter choice again), the lapse warning cleared. A live
 * quote, or an expired one whose request is still open and whose driver has no other live quote on it
 * (it becomes live again). One conditional UPDATE decides; the customer is told ('quote_updated').
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { QUOTE_LAPSE_CONFLICTS, QUOTE_LAPSE_TEXT } from '../../../shared/marketplace/quote-lapse-messages.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { quoteInputSchema } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { isRaceError } from '../bookings/db-errors.ts';
import { notify } from '../notifications/service.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { type QuoteRow, toQuoteDto } from './dto.ts';
import { conflict, driverDisplayName, myQuote, resolveValidUntil, tripName } from './rules.ts';

/** The body may be empty (until 2 hours before pickup) or carry the driver's shorter choice. */
export const renewQuoteSchema = quoteInputSchema.pick({ validForHours: true, validUntil: true });

const HOUR = 3_600_000;

export async function renewQuote(
  db: Db,
  user: SessionUser,
  id: string,
  input: z.output<typeof renewQuoteSchema>,
): Promise<QuoteDto> {
  const quote = await myQuote(db, user, id);
  // The gate (issue 13) as for quoting: only a verified driver with documents in force renews.
  await requireQuotingDriver(db, user);
  try {
    const row = await db.transaction(async (tx) => {
      // The quote's request, and for a pair quote both legs: FOR SHARE, as when quoting, so an accept or an
      // edit of the request waits for this renewal and this renewal for them.
      const halves = quote.bundleId
        ? await tx
            .select({ id: quotes.id, rideId: quotes.rideId })
            .from(quotes)
            .where(and(eq(quotes.bundleId, quote.bundleId), eq(quotes.driverId, user.id)))
        : [{ id: quote.id, rideId: quote.rideId }];
      const legs = await tx
        .select()
        .from(rides)
        .where(
          inArray(
            rides.id,
            halves.map((h) => h.rideId),
          ),
        )
        .orderBy(rides.id)
        .for('share');
      const now = new Date();
      if (legs.some((r) => r.status === 'booked')) throw conflict(MARKETPLACE_CONFLICTS.alreadyBooked);
      if (legs.some((r) => r.status !== 'open')) throw conflict(QUOTE_LAPSE_CONFLICTS.rideClosed);
      const first = legs.reduce((a, b) => (a.pickupAt <= b.pickupAt ? a : b));
      if (first.pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * HOUR <= now.getTime()) {
        throw conflict(QUOTE_LAPSE_CONFLICTS.tooLate);
      }
      const validUntil = resolveValidUntil(input, first.pickupAt, now);
      // One statement: a live quote stays live, an expired one comes back while its request is open and
      // its driver has nothing else live on it (the partial unique index would refuse a second one anyway).
      const renewed = await tx
        .update(quotes)
        .set({
          status: sql`case when ${quotes.rideVersion} = (select r.version from rides r where r.id = ${quotes.rideId})
                      then 'pending' else 'needs_confirmation' end`,
          validUntil,
          lapseWarnedAt: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            inArray(
              quotes.id,
              halves.map((h) => h.id),
            ),
            eq(quotes.driverId, user.id),
            sql`(${quotes.status} = 'pending'
                 or (${quotes.status} = 'expired' and not exists (
                       select 1 from quotes o
                        where o.ride_id = ${quotes.rideId} and o.driver_id = ${quotes.driverId}
                          and o.id <> ${quotes.id} and o.status in ('pending', 'needs_confirmation'))))`,
            sql`exists (select 1 from rides r where r.id = ${quotes.rideId} and r.status = 'open'
                         and r.pickup_at > now() + make_interval(hours => ${QUOTE_LIMITS.closesBeforePickupHours}))`,
          ),
        )
        .returning();
      // A pair is one offer: both halves come back, or neither.
      if (renewed.length !== halves.length) throw conflict(QUOTE_LAPSE_CONFLICTS.cannotRenew);
      const self = renewed.find((r) => r.id === quote.id) as QuoteRow;
      const ride = legs.find((r) => r.id === self.rideId)!;
      const priceCents = renewed.reduce((sum, r) => sum + r.priceCents, 0);
      await notify(tx, {
        userId: ride.customerId,
        type: 'quote_updated',
        title: QUOTE_LAPSE_TEXT.renewed.title,
        message: QUOTE_LAPSE_TEXT.renewed.message(
          await driverDisplayName(tx, user.id),
          priceCents,
          tripName(ride),
          validUntil,
        ),
        relatedId: ride.id,
      });
      return self;
    });
    return toQuoteDto(db, row);
  } catch (err) {
    // Another live quote appeared on the request in the meantime: the unique index answered.
    if (isRaceError(err)) throw conflict(QUOTE_LAPSE_CONFLICTS.cannotRenew);
    throw err;
  }
}
