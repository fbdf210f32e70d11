/**
 * Questions before booking: on an open trip a driver who can see it asks, the trip's customer answers
 * (one answer per question, final once sent), and every driver who can see the trip reads the whole
 * thread. Bodies are masked before they are stored (shared/marketplace/mask-contacts.ts): contact details
 * come with the booking. Once the trip is booked, cancelled or expired the thread is read-only.
 *
 * Who sees a thread is the rule of GET /api/rides/:id (rides/read.ts readRide): the customer who posted
 * the trip, an admin (read only), and a driver while the trip is open, or once they quoted on it or hold
 * its booking. Anyone else reads it as 404.
 *
 * Each question or answer and its notification are written in one transaction; the ride row is held
 * FOR SHARE meanwhile, so a booking or cancellation of the trip waits for it, and it for them.
 *
 * Issue 32: the customer may also ask one driver about that driver's live quote (askAboutQuote). Such a
 * question has a recipient (ride_questions.recipient_id): only the customer, that driver and an admin see
 * it and its answer, that driver answers it, and each side is told in turn. It is limited as drivers'
 * questions are (per driver and trip, and per hour), with the same atomic counters.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import { maskContacts } from '../../../shared/marketplace/mask-contacts.ts';
import type { DriverStanding } from '../../../shared/marketplace/verification.ts';
import type { Role } from '../../../shared/roles.ts';
import {
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionCountsDto,
  type RideAnswerDto,
  type RideQuestionDto,
  type RideQuestionsDto,
} from '../../../shared/validation/questions.ts';
import type { Db } from '../../db/client.ts';
import { bookings, drivers, quotes, rideQuestions, rides, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';
import { publish } from '../../services/realtime.ts';
import { notify } from '../notifications/service.ts';
import { firstNameOf, type RideRow } from '../rides/dto.ts';
import { loadStanding, notVerifiedError, requireQuotingDriver } from '../verification/standing.ts';

export interface Viewer {
  id: string;
  role: Role;
}

/** The live event that tells a page showing a thread to fetch it again. */
export const QUESTIONS_EVENT = 'ride_questions';

const LIVE_QUOTES = [...LIVE_QUOTE_STATUSES];
const LIVE_BOOKING = ['confirmed', 'completed'];
const HOUR_MS = 3_600_000;
const EXCERPT_MAX = 140;

const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Why a trip's thread is read-only, or null while questions are open. */
export function closedReason(ride: Pick<RideRow, 'status' | 'pickupAt'>, now = new Date()): string | null {
  switch (ride.status) {
    case 'open':
      return ride.pickupAt <= now ? QUESTION_MESSAGES.closedPickupPassed : null;
    case 'cancelled':
      return QUESTION_MESSAGES.closedCancelled;
    case 'expired':
      return QUESTION_MESSAGES.closedExpired;
    default:
      return QUESTION_MESSAGES.closedBooked;
  }
}

async function rideById(db: Db, id: string): Promise<RideRow | null> {
  const [row] = await db.select().from(rides).where(eq(rides.id, id)).limit(1);
  return row ?? null;
}

/**
 * Why a driver may not see a trip's thread, or null when they may (as readRide): once they quoted on it or
 * hold its booking; while it is open, only if they pass the gate, as for the list of open trips (issue 28:
 * 403 `driver_not_verified`); anything else reads as 404. `standing` is asked at most once per call site.
 */
async function driverRefusal(
  db: Db,
  ride: RideRow,
  driverId: string,
  standing: () => Promise<DriverStanding | null>,
): Promise<AppError | null> {
  if (await hasTakenPart(db, ride, driverId)) return null;
  if (ride.status !== 'open') return notFound();
  const mine = await standing();
  return mine && !mine.canQuote ? notVerifiedError(mine) : null;
}

/** Standing of a driver, loaded on first use and then remembered (one call site, one driver). */
function standingOnce(db: Db, driverId: string): () => Promise<DriverStanding | null> {
  let loaded: Promise<DriverStanding | null> | undefined;
  return () => {
    loaded ??= loadStanding(db, driverId);
    return loaded;
  };
}

/** The driver quoted on the trip or holds its live booking. */
async function hasTakenPart(db: Db, ride: RideRow, driverId: string): Promise<boolean> {
  const [quoted] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.rideId, ride.id), eq(quotes.driverId, driverId)))
    .limit(1);
  if (quoted) return true;
  const [booked] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.rideId, ride.id),
        eq(bookings.driverId, driverId),
        inArray(bookings.status, LIVE_BOOKING),
      ),
    )
    .limit(1);
  return Boolean(booked);
}

/** The trip as `viewer` may see its thread, or 404. */
async function visibleRide(db: Db, viewer: Viewer, rideId: string): Promise<RideRow> {
  const ride = await rideById(db, rideId);
  if (!ride) throw notFound();
  if (viewer.role === 'admin' || ride.customerId === viewer.id) return ride;
  if (viewer.role !== 'driver') throw notFound();
  const refusal = await driverRefusal(db, ride, viewer.id, standingOnce(db, viewer.id));
  if (refusal) throw refusal;
  return ride;
}

/** Company name, else first name: how drivers appear in a thread (never contact details). */
async function driverNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, companyName: drivers.companyName })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(inArray(users.id, ids));
  // A company name is free text: "Bay Shuttles 0412 345 678" must not pass on what the thread masks.
  return new Map(
    rows.map((r) => [
      r.id,
      maskContacts(r.companyName?.trim() || firstNameOf(r.fullName) || 'A driver').text,
    ]),
  );
}

type QuestionRow = typeof rideQuestions.$inferSelect;

const answerDto = (row: QuestionRow, answeredBy: string): RideAnswerDto => ({
  id: row.id,
  answeredBy,
  body: row.body,
  masked: row.masked,
  createdAt: row.createdAt.toISOString(),
});

/** A question the viewer may see: a driver's (seen by all who see the trip), or one they are party to. */
const canSee = (q: Pick<QuestionRow, 'recipientId' | 'authorId'>, viewer: Viewer) =>
  viewer.role === 'admin' ||
  q.recipientId === null ||
  q.recipientId === viewer.id ||
  q.authorId === viewer.id;

/** The SQL form of canSee over ride_questions rows (an answer is read through its question). */
const visibleSql = (viewer: Viewer) =>
  viewer.role === 'admin'
    ? undefined
    : or(
        isNull(rideQuestions.recipientId),
        eq(rideQuestions.recipientId, viewer.id),
        eq(rideQuestions.authorId, viewer.id),
      );

/** GET /api/rides/:id/questions: the whole thread, oldest question first, each with its answer. */
export async function readThread(db: Db, viewer: Viewer, rideId: string): Promise<RideQuestionsDto> {
  const ride = await visibleRide(db, viewer, rideId);
  const rows = await db
    .select()
    .from(rideQuestions)
    .where(eq(rideQuestions.rideId, ride.id))
    .orderBy(asc(rideQuestions.createdAt), asc(rideQuestions.id));
  const questions = rows.filter((r) => r.kind === 'question' && canSee(r, viewer));
  const answers = new Map(rows.filter((r) => r.kind === 'answer').map((r) => [r.questionId!, r]));
  const drivers = questions.flatMap((q) => [
    q.authorId,
    q.recipientId ?? q.authorId,
    answers.get(q.id)?.authorId ?? q.authorId,
  ]);
  const names = await driverNames(
    db,
    [...new Set(drivers)].filter((id) => id !== ride.customerId),
  );
  const closed = closedReason(ride);
  const nameOf = (userId: string) =>
    userId === viewer.id
      ? 'You'
      : userId === ride.customerId
        ? 'The customer'
        : (names.get(userId) ?? 'A driver');
  const items: RideQuestionDto[] = questions.map((q) => {
    const answer = answers.get(q.id);
    const answerer = q.recipientId ?? ride.customerId;
    return {
      id: q.id,
      rideId: q.rideId,
      askedBy: q.authorId === ride.customerId ? 'The customer' : (names.get(q.authorId) ?? 'A driver'),
      mine: q.authorId === viewer.id,
      toDriver: q.recipientId
        ? q.recipientId === viewer.id
          ? 'you'
          : (names.get(q.recipientId) ?? 'A driver')
        : null,
      body: q.body,
      masked: q.masked,
      createdAt: q.createdAt.toISOString(),
      answer: answer ? answerDto(answer, nameOf(answer.authorId)) : null,
      canAnswer: closed === null && !answer && answerer === viewer.id,
    };
  });
  return {
    items,
    canAsk: viewer.role === 'driver' && closed === null,
    canAnswer: ride.customerId === viewer.id && closed === null,
    closedReason: closed,
  };
}

/** The body as it will be stored: masked, and still within the limit. */
function maskedBody(body: string): { body: string; masked: boolean } {
  const { text, masked } = maskContacts(body);
  const trimmed = text.trim();
  if (trimmed.length > QUESTION_LIMITS.bodyMax) {
    throw new AppError(400, 'validation', QUESTION_MESSAGES.tooLongMasked, [
      { path: 'body', message: QUESTION_MESSAGES.tooLongMasked },
    ]);
  }
  return { body: trimmed, masked };
}

async function limit(db: Db, key: string, max: number, message: (minutes: number) => string) {
  const result = await hitRateLimit(db, key, { max, windowMs: HOUR_MS });
  if (result.allowed) return;
  throw new AppError(429, 'rate_limited', message(Math.ceil(result.retryAfterSeconds / 60)), undefined, {
    'Retry-After': String(result.retryAfterSeconds),
  });
}

const tripName = (ride: RideRow) => rideRoute(ride, { words: true });

const excerpt = (body: string) =>
  body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : body;

/**
 * Drivers following a thread: those who asked on the trip or hold a live quote on it. They get a live
 * event when the thread changes, so an open page shows it without a reload.
 */
async function followers(tx: Db, rideId: string): Promise<string[]> {
  const askers = await tx
    .selectDistinct({ id: rideQuestions.authorId })
    .from(rideQuestions)
    .where(and(eq(rideQuestions.rideId, rideId), eq(rideQuestions.kind, 'question')));
  const quoting = await tx
    .selectDistinct({ id: quotes.driverId })
    .from(quotes)
    .where(and(eq(quotes.rideId, rideId), inArray(quotes.status, LIVE_QUOTES)));
  return [...new Set([...askers, ...quoting].map((r) => r.id))];
}

async function tellFollowers(tx: Db, rideId: string, except: string[]) {
  for (const userId of await followers(tx, rideId)) {
    if (!except.includes(userId)) await publish(tx, { userId, kind: QUESTIONS_EVENT, id: rideId });
  }
}

/** The ride, held FOR SHARE for the rest of the transaction, and still taking questions; else 409. */
async function lockOpenRide(tx: Db, rideId: string): Promise<RideRow> {
  const [ride] = await tx.select().from(rides).where(eq(rides.id, rideId)).for('share');
  if (!ride) throw notFound();
  const closed = closedReason(ride);
  if (closed) throw conflict(closed);
  return ride;
}

/** POST /api/rides/:id/questions: a driver who can see the open trip asks; its customer is told. */
export async function askQuestion(
  db: Db,
  viewer: Viewer,
  rideId: string,
  input: { body: string },
): Promise<RideQuestionDto> {
  const ride = await visibleRide(db, viewer, rideId);
  if (viewer.role !== 'driver') throw new AppError(403, 'forbidden', QUESTION_MESSAGES.onlyDrivers);
  // The gate (issue 13): asking is part of quoting.
  await requireQuotingDriver(db, viewer);
  const closed = closedReason(ride);
  if (closed) throw conflict(closed);
  const { body, masked } = maskedBody(input.body);
  await limit(
    db,
    `question-trip:${viewer.id}:${ride.id}`,
    QUESTION_LIMITS.driverPerTripPerHour,
    QUESTION_MESSAGES.driverTripHourly,
  );
  await limit(db, `question:${viewer.id}`, QUESTION_LIMITS.driverPerHour, QUESTION_MESSAGES.driverHourly);

  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockOpenRide(tx, ride.id);
    const [question] = await tx
      .insert(rideQuestions)
      .values({ rideId: locked.id, authorId: viewer.id, kind: 'question', body, masked })
      .returning();
    const name = (await driverNames(tx, [viewer.id])).get(viewer.id) ?? 'A driver';
    await notify(tx, {
      userId: locked.customerId,
      type: 'question_asked',
      title: 'A driver asked about your trip',
      message: `${name} asked about your trip ${tripName(locked)}: "${excerpt(body)}"`,
      relatedId: locked.id,
    });
    await tellFollowers(tx, locked.id, [viewer.id]);
    return question!;
  });
  const name = (await driverNames(db, [viewer.id])).get(viewer.id) ?? 'A driver';
  return {
    id: row.id,
    rideId: row.rideId,
    askedBy: name,
    mine: true,
    body: row.body,
    masked: row.masked,
    createdAt: row.createdAt.toISOString(),
    answer: null,
    toDriver: null,
    canAnswer: false,
  };
}

/**
 * POST /api/quotes/:id/questions (issue 32): the trip's customer asks the driver of a live quote about it,
 * before booking. Only the two of them (and an admin) see it; the driver is told and answers. Someone
 * else's quote, or a quote that does not exist, reads as 404; a closed trip or a quote no longer live, 409.
 */
export async function askAboutQuote(
  db: Db,
  viewer: Viewer,
  quoteId: string,
  input: { body: string },
): Promise<RideQuestionDto> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  if (!quote) throw notFound();
  const ride = await rideById(db, quote.rideId);
  if (!ride || ride.customerId !== viewer.id) throw notFound();
  const closed = closedReason(ride);
  if (closed) throw conflict(closed);
  if (!LIVE_QUOTES.includes(quote.status as (typeof LIVE_QUOTES)[number])) {
    throw conflict(QUESTION_MESSAGES.quoteNotLive);
  }
  const { body, masked } = maskedBody(input.body);
  await limit(
    db,
    `customer-question:${viewer.id}:${ride.id}:${quote.driverId}`,
    QUESTION_LIMITS.customerPerDriverPerHour,
    QUESTION_MESSAGES.customerDriverHourly,
  );
  await limit(
    db,
    `customer-question:${viewer.id}`,
    QUESTION_LIMITS.customerPerHour,
    QUESTION_MESSAGES.customerAskHourly,
  );

  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockOpenRide(tx, ride.id);
    // The quote may have been withdrawn or declined since it was read: it is held until the question is in.
    const [live] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.id, quote.id))
      .for('share');
    if (!live || !LIVE_QUOTES.includes(live.status as (typeof LIVE_QUOTES)[number])) {
      throw conflict(QUESTION_MESSAGES.quoteNotLive);
    }
    const [question] = await tx
      .insert(rideQuestions)
      .values({
        rideId: locked.id,
        authorId: viewer.id,
        recipientId: quote.driverId,
        kind: 'question',
        body,
        masked,
      })
      .returning();
    await notify(tx, {
      userId: quote.driverId,
      type: 'customer_question',
      title: 'A customer asked about your quote',
      message: `The customer asked about your quote for the trip ${tripName(locked)}: "${excerpt(body)}"`,
      relatedId: locked.id,
    });
    return question!;
  });
  const name = (await driverNames(db, [quote.driverId])).get(quote.driverId) ?? 'A driver';
  return {
    id: row.id,
    rideId: row.rideId,
    askedBy: 'The customer',
    mine: true,
    toDriver: name,
    body: row.body,
    masked: row.masked,
    createdAt: row.createdAt.toISOString(),
    answer: null,
    canAnswer: false,
  };
}

/**
 * POST /api/rides/:id/questions/:questionId/answer: the trip's customer answers a question, once; the
 * driver who asked is told, and the other drivers following the thread see it live.
 */
export async function answerQuestion(
  db: Db,
  viewer: Viewer,
  rideId: string,
  questionId: string,
  input: { body: string },
): Promise<RideAnswerDto> {
  const ride = await rideById(db, rideId);
  if (!ride) throw notFound();
  const [question] = await db
    .select()
    .from(rideQuestions)
    .where(
      and(
        eq(rideQuestions.id, questionId),
        eq(rideQuestions.rideId, ride.id),
        eq(rideQuestions.kind, 'question'),
      ),
    )
    .limit(1);
  // Issue 32: a customer's question to one driver is answered by that driver; every other question by
  // the trip's customer. Other drivers are refused as before (403, whatever the ids); others read 404.
  const toMe = Boolean(question?.recipientId) && question?.recipientId === viewer.id;
  if (!toMe && viewer.role === 'driver') {
    throw new AppError(403, 'forbidden', QUESTION_MESSAGES.onlyCustomerAnswers);
  }
  if (!toMe && (ride.customerId !== viewer.id || !question || question.recipientId)) throw notFound();
  const closed = closedReason(ride);
  if (closed) throw conflict(closed);
  const { body, masked } = maskedBody(input.body);
  if (toMe) {
    await limit(
      db,
      `driver-answer:${viewer.id}`,
      QUESTION_LIMITS.driverAnswersPerHour,
      QUESTION_MESSAGES.driverAnswersHourly,
    );
  } else {
    await limit(
      db,
      `answer:${viewer.id}`,
      QUESTION_LIMITS.customerAnswersPerHour,
      QUESTION_MESSAGES.customerHourly,
    );
  }

  const asked = question!;
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockOpenRide(tx, ride.id);
    // The question row is the lock that makes "one answer per question" hold under concurrent answers.
    await tx
      .select({ id: rideQuestions.id })
      .from(rideQuestions)
      .where(eq(rideQuestions.id, asked.id))
      .for('update');
    const [existing] = await tx
      .select({ id: rideQuestions.id })
      .from(rideQuestions)
      .where(and(eq(rideQuestions.questionId, asked.id), eq(rideQuestions.kind, 'answer')))
      .limit(1);
    if (existing) throw conflict(QUESTION_MESSAGES.alreadyAnswered);
    const [answer] = await tx
      .insert(rideQuestions)
      .values({
        rideId: locked.id,
        authorId: viewer.id,
        kind: 'answer',
        questionId: asked.id,
        body,
        masked,
      })
      .returning();
    if (toMe) {
      const name = (await driverNames(tx, [viewer.id])).get(viewer.id) ?? 'The driver';
      await notify(tx, {
        userId: asked.authorId,
        type: 'customer_question_answered',
        title: 'A driver answered your question',
        message: `${name} answered your question about the trip ${tripName(locked)}: "${excerpt(body)}"`,
        relatedId: locked.id,
      });
    } else {
      await notify(tx, {
        userId: asked.authorId,
        type: 'question_answered',
        title: 'Your question was answered',
        message: `The customer answered your question about the trip ${tripName(locked)}: "${excerpt(body)}"`,
        relatedId: locked.id,
      });
      await tellFollowers(tx, locked.id, [asked.authorId, viewer.id]);
    }
    return answer!;
  });
  return answerDto(row, 'You');
}

/**
 * GET /api/ride-questions/counts?rideIds=a,b: for the trip cards of /available-rides, how many questions
 * each trip has and how many are unanswered. Trips the viewer cannot see are left out.
 */
export async function questionCounts(db: Db, viewer: Viewer, rideIds: string[]): Promise<QuestionCountsDto> {
  const counts: QuestionCountsDto['counts'] = {};
  if (rideIds.length === 0) return { counts };
  const found = await db.select().from(rides).where(inArray(rides.id, rideIds));
  const visible: string[] = [];
  const standing = standingOnce(db, viewer.id);
  for (const ride of found) {
    if (viewer.role === 'admin' || ride.customerId === viewer.id) visible.push(ride.id);
    else if (viewer.role === 'driver' && !(await driverRefusal(db, ride, viewer.id, standing)))
      visible.push(ride.id);
  }
  if (visible.length === 0) return { counts };
  // A join, not a correlated `not exists`: inside a subquery over the same table an unqualified column
  // named the inner row, so every question counted as unanswered (issue 32 item 9). One answer a question
  // at most, so the join adds no rows.
  const answers = alias(rideQuestions, 'answers');
  const rows = await db
    .select({
      rideId: rideQuestions.rideId,
      questions: sql<number>`count(*)::int`,
      unanswered: sql<number>`(count(*) filter (where ${answers.id} is null))::int`,
    })
    .from(rideQuestions)
    .leftJoin(answers, and(eq(answers.questionId, rideQuestions.id), eq(answers.kind, 'answer')))
    .where(
      and(inArray(rideQuestions.rideId, visible), eq(rideQuestions.kind, 'question'), visibleSql(viewer)),
    )
    .groupBy(rideQuestions.rideId);
  for (const id of visible) counts[id] = { questions: 0, unanswered: 0 };
  for (const r of rows)
    counts[r.rideId] = { questions: Number(r.questions), unanswered: Number(r.unanswered) };
  return { counts };
}
