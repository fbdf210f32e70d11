/**
 * Ratings: after a completed booking each side rates the other once (1-5 stars, optional comment). A rating
 * stays hidden from the rated person until both have rated or 7 days have passed (see summary.ts).
 */

import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { RatingDto, RatingSummary, RideDto } from '../../../shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { ratingInputSchema } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, ratings, rides, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { rideRoute } from '../../services/places.ts';
import { loadRideDtos } from '../bookings/ride-dtos.ts';
import { notify } from '../notifications/service.ts';
import { ratingSummaries, visibleRating } from './summary.ts';

const uuid = z.uuid();
const conflict = (message: string) => new AppError(409, 'conflict', message);

export const submitRatingSchema = ratingInputSchema.extend({
  bookingId: z
    .string({ error: 'Choose the trip to rate.' })
    .min(1, { error: 'Choose the trip to rate.' })
    .max(100, { error: 'Choose the trip to rate.' }),
});

const rater = alias(users, 'rater');
const ratee = alias(users, 'ratee');

async function ratingDtos(db: Db, where: ReturnType<typeof and>, visibleOnly: boolean): Promise<RatingDto[]> {
  const rows = await db
    .select({ rating: ratings, fromName: rater.fullName, toName: ratee.fullName })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .innerJoin(ratee, eq(ratee.id, ratings.rateeId))
    .where(and(where, visibleOnly ? sql`${visibleRating('ratings')}` : undefined))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(500);
  return rows.map(({ rating: r, fromName, toName }) => ({
    id: r.id,
    bookingId: r.bookingId,
    stars: r.stars,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    fromName,
    toName,
  }));
}

export async function rateTrip(
  db: Db,
  user: SessionUser,
  input: z.output<typeof submitRatingSchema>,
): Promise<RatingDto> {
  if (!uuid.safeParse(input.bookingId).success) throw notFound();
  const [booking] = await db
    .select({ booking: bookings, ride: rides })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(
      and(
        eq(bookings.id, input.bookingId),
        or(eq(bookings.customerId, user.id), eq(bookings.driverId, user.id)),
      ),
    )
    .limit(1);
  if (!booking) throw notFound();
  const b = booking.booking;
  if (b.status !== 'completed') throw conflict(MARKETPLACE_CONFLICTS.rateNotCompleted);
  const byCustomer = b.customerId === user.id;
  const rateeId = byCustomer ? b.driverId : b.customerId;

  const id = await db.transaction(async (tx) => {
    // The unique index (booking, rater) decides "once", even for two requests at the same moment.
    const [saved] = await tx
      .insert(ratings)
      .values({ bookingId: b.id, raterId: user.id, rateeId, stars: input.stars, comment: input.comment })
      .onConflictDoNothing({ target: [ratings.bookingId, ratings.raterId] })
      .returning({ id: ratings.id });
    if (!saved) throw conflict(MARKETPLACE_CONFLICTS.alreadyRated);
    await recordIdempotentEffect(tx as unknown as Db, saved.id);
    await tx.insert(bookingEvents).values({ bookingId: b.id, type: 'rated', actorId: user.id, note: '' });
    const [theirs] = await tx
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.bookingId, b.id), eq(ratings.raterId, rateeId)))
      .limit(1);
    const trip = rideRoute(booking.ride, { words: true });
    await notify(tx, {
      userId: rateeId,
      type: 'rating_received',
      title: byCustomer ? 'Your customer rated the trip' : 'Your driver rated the trip',
      message: theirs
        ? `You have both rated the trip ${trip}: the ratings are now visible.`
        : `You have a new rating for the trip ${trip}. It becomes visible once you rate them too, or after 7 days.`,
      relatedId: b.id,
    });
    return saved.id;
  });
  const [dto] = await ratingDtos(db, eq(ratings.id, id), false);
  return dto!;
}

/** The answer rateTrip gave, built again from the rating's id (see http/idempotency.ts). */
export async function givenRatingAnswer(db: Db, user: SessionUser, ratingId: string): Promise<RatingDto> {
  const [dto] = await ratingDtos(db, and(eq(ratings.id, ratingId), eq(ratings.raterId, user.id))!, false);
  if (!dto) throw notFound();
  return dto;
}

export interface MyRatings {
  received: RatingDto[];
  given: RatingDto[];
  pending: { bookingId: string; ride: RideDto; otherName: string }[];
  summary: RatingSummary;
}

export async function myRatings(db: Db, user: SessionUser): Promise<MyRatings> {
  const waiting = await db
    .select({
      bookingId: bookings.id,
      rideId: bookings.rideId,
      customerId: bookings.customerId,
      driverId: bookings.driverId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'completed'),
        or(eq(bookings.customerId, user.id), eq(bookings.driverId, user.id)),
        sql`not exists (select 1 from ratings r where r.booking_id = ${bookings.id} and r.rater_id = ${user.id})`,
      ),
    )
    .orderBy(desc(bookings.completedAt))
    .limit(200);
  const otherIds = waiting.map((w) => (w.customerId === user.id ? w.driverId : w.customerId));
  const [received, given, summaries, ridesById, others] = await Promise.all([
    ratingDtos(db, eq(ratings.rateeId, user.id), true),
    ratingDtos(db, eq(ratings.raterId, user.id), false),
    ratingSummaries(db, [user.id]),
    loadRideDtos(
      db,
      waiting.map((w) => w.rideId),
    ),
    otherIds.length
      ? db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, otherIds))
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(others.map((o) => [o.id, o.fullName]));
  return {
    received,
    given,
    pending: waiting.map((w) => ({
      bookingId: w.bookingId,
      ride: ridesById.get(w.rideId)!,
      otherName: nameOf.get(w.customerId === user.id ? w.driverId : w.customerId) ?? '',
    })),
    summary: summaries.get(user.id) ?? { average: null, count: 0 },
  };
}
