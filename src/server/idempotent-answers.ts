/**
 * How each route that honours Idempotency-Key builds its answer again from the id its transaction recorded,
 * for a retry of a request that died after committing (http/idempotency.ts, ADR 012). Each gives the same
 * status and body as the route's own handler.
 */
import { and, eq } from 'drizzle-orm';
import { issues } from './db/schema/index.ts';
import { notFound } from './http/errors.ts';
import type { Rebuilders } from './http/idempotency.ts';
import { loadBookingDto } from './modules/bookings/dto.ts';
import { instantBookingAnswer } from './modules/fares/instant-routes.ts';
import { toRecord } from './modules/issues/routes.ts';
import { acceptedAnswer } from './modules/quotes/accept.ts';
import { submittedQuoteAnswer } from './modules/quotes/submit.ts';
import { givenRatingAnswer } from './modules/ratings/service.ts';
import { createdRideAnswer } from './modules/rides/create.ts';

export const idempotentAnswers: Rebuilders = {
  'POST /api/rides': async (deps, c, rideId) =>
    c.json(await createdRideAnswer(deps.db, c.get('user')!.id, rideId), 201),
  'POST /api/quotes': async (deps, c, effect) => {
    const { quote, otherLegQuote, created } = await submittedQuoteAnswer(deps.db, c.get('user')!, effect);
    return c.json(otherLegQuote ? { quote, otherLegQuote } : { quote }, created ? 201 : 200);
  },
  'POST /api/quotes/:id/accept': async (deps, c, bookingId) =>
    c.json(await acceptedAnswer(deps.db, c.get('user')!, bookingId), 201),
  'POST /api/runs/:id/book': async (deps, c, bookingId) =>
    c.json({ booking: await loadBookingDto(deps.db, c.get('user')!, bookingId) }, 201),
  'POST /api/rides/:id/book-instant': async (deps, c, bookingId) =>
    c.json(await instantBookingAnswer(deps.db, c.get('user')!, bookingId), 201),
  'POST /api/ratings': async (deps, c, ratingId) =>
    c.json({ rating: await givenRatingAnswer(deps.db, c.get('user')!, ratingId) }, 201),
  'POST /api/issues': async (deps, c, issueId) => {
    const [row] = await deps.db
      .select()
      .from(issues)
      .where(and(eq(issues.id, issueId), eq(issues.userId, c.get('user')!.id)));
    if (!row) throw notFound();
    return c.json({ issue: toRecord(row) }, 201);
  },
  'POST /api/send-email': async (_deps, c, messageId) => c.json({ success: true, messageId }),
};
