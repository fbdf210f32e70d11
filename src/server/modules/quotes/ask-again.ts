/**
 * POST /api/quotes/:id/ask-again (issue 31): the customer asks the driver of a lapsed quote to quote again,
 * once per quote, while the request is open and its pickup more than 2 hours away. One conditional UPDATE
 * sets asked_again_at (so 100 taps ask once); the driver is told ('quote_asked_again', relatedId: the ride),
 * and renews with one tap from their card.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { QUOTE_LAPSE_CONFLICTS, QUOTE_LAPSE_TEXT } from '../../../shared/marketplace/quote-lapse-messages.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';
import { firstNameOf } from '../rides/dto.ts';
import { toQuoteDto } from './dto.ts';
import { conflict, tripName, uuid } from './rules.ts';

const HOUR = 3_600_000;

/** Lapsed: expired, or past its validity while the sweep has not yet run. */
const lapsed = sql`(${quotes.status} = 'expired' or (${quotes.status} = 'pending' and ${quotes.validUntil} <= now()))`;

export async function askAgain(db: Db, user: SessionUser, id: string): Promise<QuoteDto> {
  if (!uuid.safeParse(id).success) throw notFound();
  // Only the request's customer sees the quote; anyone else reads 404.
  const [found] = await db
    .select({ quote: quotes, ride: rides })
    .from(quotes)
    .innerJoin(rides, eq(rides.id, quotes.rideId))
    .where(and(eq(quotes.id, id), eq(rides.customerId, user.id)))
    .limit(1);
  if (!found) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [asked] = await tx
      .update(quotes)
      .set({ askedAgainAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(quotes.id, id),
          isNull(quotes.askedAgainAt),
          lapsed,
          sql`exists (select 1 from rides r where r.id = ${quotes.rideId} and r.status = 'open'
                       and r.pickup_at > now() + make_interval(hours => ${QUOTE_LIMITS.closesBeforePickupHours}))`,
        ),
      )
      .returning();
    if (!asked) throw refusal(found.quote, found.ride, new Date());
    await notify(tx, {
      userId: asked.driverId,
      type: 'quote_asked_again',
      title: QUOTE_LAPSE_TEXT.askedAgain.title,
      message: QUOTE_LAPSE_TEXT.askedAgain.message(
        firstNameOf(user.fullName) || 'The customer',
        tripName(found.ride),
      ),
      relatedId: found.ride.id,
    });
    return asked;
  });
  return toQuoteDto(db, row);
}

/** Why the UPDATE changed nothing, read from what was loaded before it (for the message only). */
function refusal(
  quote: typeof quotes.$inferSelect,
  ride: typeof rides.$inferSelect,
  now: Date,
): ReturnType<typeof conflict> {
  if (quote.askedAgainAt) return conflict(QUOTE_LAPSE_CONFLICTS.alreadyAsked);
  if (ride.status !== 'open') return conflict(QUOTE_LAPSE_CONFLICTS.askRideClosed);
  if (ride.pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * HOUR <= now.getTime()) {
    return conflict(QUOTE_LAPSE_CONFLICTS.tooLate);
  }
  const isLapsed = quote.status === 'expired' || (quote.status === 'pending' && quote.validUntil <= now);
  if (!isLapsed && (quote.status === 'pending' || quote.status === 'needs_confirmation')) {
    return conflict(QUOTE_LAPSE_CONFLICTS.notExpired);
  }
  // Asked a moment ago by a concurrent request, or a quote that ended another way (withdrawn, declined).
  return conflict(isLapsed ? QUOTE_LAPSE_CONFLICTS.alreadyAsked : QUOTE_LAPSE_CONFLICTS.cannotAsk);
}
