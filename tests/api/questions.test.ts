/**
 * Questions before booking, against the real server: a driver asks on an open trip, every driver who can
 * see the trip reads the thread, the customer answers once; contact details are masked before they are
 * stored; both sides are notified (in-app, e-mail, live); the thread closes with the trip; limits and bad
 * input.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideQuestions } from '../../src/server/db/schema/index.ts';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import { CONTACT_MASK } from '../../src/shared/marketplace/mask-contacts.ts';
import {
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionCountsDto,
  type RideAnswerDto,
  type RideQuestionDto,
  type RideQuestionsDto,
} from '../../src/shared/validation/questions.ts';
import { EventStream } from './event-stream.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import {
  expectNoContact,
  hoursFromNow,
  insertDriver,
  insertQuote,
  insertRide,
  notificationsOf,
  setVehicle,
} from './marketplace-fixtures.ts';
import { insertBooking } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

const NOT_FOUND = { code: 'not_found', message: 'Not found' };

describe.each(databaseKinds())('questions before booking (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let asker: Person;
  let reader: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, asker, reader, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 345 678' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
        phone: '0498 765 432',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, asker.userId);
    await setVehicle(server.db, reader.userId);
    // A driver without a company name is shown by first name.
    await server.db.execute(sql`update drivers set company_name = null where user_id = ${reader.userId}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const thread = async (who: Person, rideId: string) => {
    const res = await who.client.get(`/api/rides/${rideId}/questions`);
    expect(res.status).toBe(200);
    return (await res.json()) as RideQuestionsDto;
  };
  const ask = (who: Person, rideId: string, body: unknown) =>
    who.client.post(`/api/rides/${rideId}/questions`, body);
  const answer = (who: Person, rideId: string, questionId: string, body: unknown) =>
    who.client.post(`/api/rides/${rideId}/questions/${questionId}/answer`, body);
  const asked = async (who: Person, rideId: string, body: string) => {
    const res = await ask(who, rideId, { body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { question: RideQuestionDto }).question;
  };
  const storedRows = (rideId: string) =>
    rows<{
      id: string;
      author_id: string;
      kind: string;
      question_id: string | null;
      body: string;
      masked: boolean;
      created_at: string;
    }>(server.db, sql`select * from ride_questions where ride_id = ${rideId} order by created_at, id`);
  const openStream = async (who: Person) => {
    const opened = await EventStream.open(who.client, `${server.baseUrl}/api/notifications/stream`);
    expect(opened.status).toBe(200);
    const stream = opened.stream!;
    expect((await stream.next()).event).toBe('ready');
    return stream;
  };

  it('a driver asks; the question is stored masked with its author and time; the customer is notified in-app, live and by e-mail', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const stream = await openStream(customer);
    try {
      const before = Date.now();
      const res = await ask(asker, ride.id, {
        body: '  Is there room for a pram? Call me on 0498 765 432 or dana@psshuttles.com.au, flight QF1504 at 5:30 is fine.  ',
      });
      expect(res.status).toBe(201);
      const { question } = (await res.json()) as { question: RideQuestionDto };
      const expected = `Is there room for a pram? Call me on ${CONTACT_MASK}, flight QF1504 at 5:30 is fine.`;
      expect(question).toMatchObject({
        rideId: ride.id,
        askedBy: 'Port Stephens Shuttles',
        mine: true,
        body: expected,
        masked: true,
        answer: null,
      });

      const [stored] = await storedRows(ride.id);
      expect(stored).toMatchObject({
        id: question.id,
        author_id: asker.userId,
        kind: 'question',
        question_id: null,
        body: expected,
        masked: true,
      });
      expect(new Date(stored!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);

      const [n] = await notificationsOf(server, customer.userId, 'question_asked');
      expect(n).toMatchObject({ related_id: ride.id, title: 'A driver asked about your trip' });
      expect(n!.message).toContain(
        'Port Stephens Shuttles asked about your trip Nelson Bay to Newcastle Airport',
      );
      expect(n!.message).toContain(CONTACT_MASK);
      expect(n!.message).not.toContain('0498');

      // The customer's open page hears of it at once.
      const change = await stream.nextOf(['change']);
      expect(JSON.parse(change.data)).toMatchObject({ kind: 'notification' });
    } finally {
      stream.close();
    }

    // The existing delivery sends it by e-mail, linking to the trip's page.
    await runDeliveryRound({ db: server.db, env: server.deps.env });
    const mails = await rows<{ subject: string; text: string }>(
      server.db,
      sql`select subject, text from mail_outbox where "to" = ${customer.email} and kind = 'notification'
          and meta->>'notificationType' = 'question_asked'`,
    );
    expect(mails).toHaveLength(1);
    // Issue 32: the trip by its named place, and a button that answers the question.
    expect(mails[0]!.subject).toMatch(/^A driver asked about your trip Nelson Bay → Newcastle Airport, /);
    expect(mails[0]!.text).toContain(`Answer the question: ${server.baseUrl}/driver-matching/${ride.id}`);
    expect(mails[0]!.text).not.toContain('0498');
  });

  it('every driver who can see the trip reads the whole thread, the driver shown by company or first name, never contact details', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const first = await asked(asker, ride.id, 'Do you need a child seat?');
    const second = await asked(reader, ride.id, 'How many surfboards exactly?');

    const seenByReader = await thread(reader, ride.id);
    expect(seenByReader.canAsk).toBe(true);
    expect(seenByReader.canAnswer).toBe(false);
    expect(seenByReader.closedReason).toBeNull();
    expect(seenByReader.items.map((q) => [q.id, q.askedBy, q.mine, q.body])).toEqual([
      [first.id, 'Port Stephens Shuttles', false, 'Do you need a child seat?'],
      [second.id, 'Ned', true, 'How many surfboards exactly?'],
    ]);
    const json = JSON.stringify(seenByReader);
    expectNoContact(json, { email: asker.email, phone: '0498 765 432', surname: 'Driverson' });
    expectNoContact(json, { email: customer.email, phone: '0412 345 678', surname: 'Whitfield' });
    expect(json).not.toContain(asker.userId);

    // A company name carrying a phone number is shown masked.
    await server.db.execute(
      sql`update drivers set company_name = 'Fast Cabs 0411 222 333' where user_id = ${asker.userId}`,
    );
    try {
      const masked = await thread(reader, ride.id);
      expect(masked.items[0]!.askedBy).toBe(`Fast Cabs ${CONTACT_MASK}`);
    } finally {
      await server.db.execute(
        sql`update drivers set company_name = 'Port Stephens Shuttles' where user_id = ${asker.userId}`,
      );
    }

    // The customer and an admin see it too.
    const forCustomer = await thread(customer, ride.id);
    expect(forCustomer).toMatchObject({ canAsk: false, canAnswer: true, closedReason: null });
    expect(forCustomer.items).toHaveLength(2);
    const forAdmin = await thread(admin, ride.id);
    expect(forAdmin).toMatchObject({ canAsk: false, canAnswer: false });
    expect(forAdmin.items).toHaveLength(2);

    // The counts the trip cards show.
    const counts = await reader.client.get(`/api/ride-questions/counts?rideIds=${ride.id},not-a-uuid`);
    expect(counts.status).toBe(200);
    expect(((await counts.json()) as QuestionCountsDto).counts).toEqual({
      [ride.id]: { questions: 2, unanswered: 2 },
    });
  });

  it('the customer answers once, masked; the asking driver is notified, a quoting driver sees it live; a second answer is 409', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const question = await asked(asker, ride.id, 'Is there a child seat?');
    // The reader holds a live quote: they follow the thread.
    await insertQuote(server.db, { rideId: ride.id, driverId: reader.userId });
    const readerStream = await openStream(reader);
    try {
      const res = await answer(customer, ride.id, question.id, {
        body: 'Yes, one booster for a 5 year old. Text me on +61 412 345 678 or @cara_w',
      });
      expect(res.status).toBe(201);
      const { answer: a } = (await res.json()) as { answer: RideAnswerDto };
      expect(a).toMatchObject({
        body: `Yes, one booster for a 5 year old. Text me on ${CONTACT_MASK}`,
        masked: true,
      });

      const change = await readerStream.nextOf(['change']);
      expect(JSON.parse(change.data)).toEqual({ kind: 'ride_questions', id: ride.id });
    } finally {
      readerStream.close();
    }

    const stored = await storedRows(ride.id);
    expect(stored.map((r) => [r.kind, r.author_id, r.question_id, r.masked])).toEqual([
      ['question', asker.userId, null, false],
      ['answer', customer.userId, question.id, true],
    ]);
    expect(stored[1]!.body).not.toMatch(/412|cara_w/);

    const [n] = await notificationsOf(server, asker.userId, 'question_answered');
    expect(n).toMatchObject({ related_id: ride.id, title: 'Your question was answered' });
    expect(n!.message).toContain(
      'The customer answered your question about the trip Nelson Bay to Newcastle Airport',
    );
    expect(await notificationsOf(server, reader.userId, 'question_answered')).toEqual([]);

    // The drivers see the answer under the question.
    const seen = await thread(reader, ride.id);
    expect(seen.items[0]!.answer?.body).toBe(`Yes, one booster for a 5 year old. Text me on ${CONTACT_MASK}`);

    // Issue 32 item 9: an answered question stops counting as waiting, for every reader of the count.
    for (const who of [reader, asker, customer]) {
      const counts = await who.client.get(`/api/ride-questions/counts?rideIds=${ride.id}`);
      expect(((await counts.json()) as QuestionCountsDto).counts).toEqual({
        [ride.id]: { questions: 1, unanswered: 0 },
      });
    }

    const again = await answer(customer, ride.id, question.id, { body: 'Actually two boosters.' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: 'conflict', message: QUESTION_MESSAGES.alreadyAnswered });
    expect(await storedRows(ride.id)).toHaveLength(2);
  });

  it('two answers sent at once: exactly one is stored, the other is 409', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const question = await asked(asker, ride.id, 'Any room for a bike?');
    const results = await Promise.all([
      answer(customer, ride.id, question.id, { body: 'Yes, one bike.' }),
      answer(customer, ride.id, question.id, { body: 'Yes, two bikes.' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const answers = (await storedRows(ride.id)).filter((r) => r.kind === 'answer');
    expect(answers).toHaveLength(1);
  });

  it('is read-only once the trip is booked (409), still readable by its customer and the quoting drivers; others read 404', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const question = await asked(asker, ride.id, 'Is the flight QF1504?');
    const bookedBy = await insertDriver(server.db, { companyName: 'Bay Coaches' });
    await insertQuote(server.db, { rideId: ride.id, driverId: asker.userId, status: 'declined' });
    await insertBooking(server.db, ride.id, customer.userId, bookedBy);

    const res = await ask(asker, ride.id, { body: 'One more thing?' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'conflict', message: QUESTION_MESSAGES.closedBooked });
    const late = await answer(customer, ride.id, question.id, { body: 'Yes.' });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(QUESTION_MESSAGES.closedBooked);
    expect(await storedRows(ride.id)).toHaveLength(1);

    expect(await thread(customer, ride.id)).toMatchObject({
      canAsk: false,
      canAnswer: false,
      closedReason: QUESTION_MESSAGES.closedBooked,
    });
    // The asker quoted on it: they still see the thread, read-only.
    expect(await thread(asker, ride.id)).toMatchObject({
      canAsk: false,
      closedReason: QUESTION_MESSAGES.closedBooked,
    });
    // The reader never quoted: a booked trip is no longer theirs to see.
    const hidden = await reader.client.get(`/api/rides/${ride.id}/questions`);
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toEqual(NOT_FOUND);
  });

  it('is read-only once the trip is cancelled or expired, or its pickup has passed', async () => {
    const cancelled = await insertRide(server.db, customer.userId, { status: 'cancelled' });
    const expired = await insertRide(server.db, customer.userId, { status: 'expired' });
    const passed = await insertRide(server.db, customer.userId, { pickupAt: hoursFromNow(-1) });
    for (const [ride, message] of [
      [cancelled, QUESTION_MESSAGES.closedCancelled],
      [expired, QUESTION_MESSAGES.closedExpired],
      [passed, QUESTION_MESSAGES.closedPickupPassed],
    ] as const) {
      await insertQuote(server.db, { rideId: ride.id, driverId: asker.userId, status: 'declined' });
      const res = await ask(asker, ride.id, { body: 'Still on?' });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'conflict', message });
      expect(await storedRows(ride.id)).toHaveLength(0);
    }
  });

  it("another customer's trip, a trip that does not exist and a bad id read as 404; roles are kept apart", async () => {
    const ride = await insertRide(server.db, customer.userId);
    const question = await asked(asker, ride.id, 'Child seat?');
    for (const res of [
      await otherCustomer.client.get(`/api/rides/${ride.id}/questions`),
      await ask(otherCustomer, ride.id, { body: 'Hello?' }),
      await answer(otherCustomer, ride.id, question.id, { body: 'Yes' }),
      await customer.client.get('/api/rides/00000000-0000-4000-8000-000000000000/questions'),
      await customer.client.get('/api/rides/not-a-uuid/questions'),
      await answer(customer, ride.id, '00000000-0000-4000-8000-000000000000', { body: 'Yes' }),
      await answer(customer, ride.id, 'nope', { body: 'Yes' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual(NOT_FOUND);
    }
    // The trip's own customer answers; they do not ask. A driver cannot answer.
    const own = await ask(customer, ride.id, { body: 'Me?' });
    expect(own.status).toBe(403);
    expect((await errorOf(own)).message).toBe(QUESTION_MESSAGES.onlyDrivers);
    expect((await answer(asker, ride.id, question.id, { body: 'I answer myself' })).status).toBe(403);
    expect((await server.client().get(`/api/rides/${ride.id}/questions`)).status).toBe(401);
    // Another customer's trip is left out of the counts.
    const counts = await otherCustomer.client.get(`/api/ride-questions/counts?rideIds=${ride.id}`);
    expect(((await counts.json()) as QuestionCountsDto).counts).toEqual({});
    expect(await storedRows(ride.id)).toHaveLength(1);
  });

  it('bad input is a clear 400 and changes nothing', async () => {
    const ride = await insertRide(server.db, customer.userId);
    const question = await asked(asker, ride.id, 'Luggage trailer?');
    const cases: [unknown, string][] = [
      [{ body: '' }, QUESTION_MESSAGES.bodyRequired],
      [{ body: '   \n ' }, QUESTION_MESSAGES.bodyRequired],
      [{}, QUESTION_MESSAGES.bodyRequired],
      [{ body: 42 }, QUESTION_MESSAGES.bodyRequired],
      [{ body: 'x'.repeat(QUESTION_LIMITS.bodyMax + 1) }, QUESTION_MESSAGES.bodyTooLong],
      // Within the limit as typed, over it once 30 addresses become the (longer) notice.
      [
        { body: Array.from({ length: 30 }, (_, i) => `a${i}@b.io`).join(' x ') },
        QUESTION_MESSAGES.tooLongMasked,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ask(asker, ride.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const err = await errorOf(res);
      expect(err).toMatchObject({ code: 'validation', message });
      expect(err.issues?.[0]?.path).toBe('body');
    }
    const notJson = await asker.client.post(`/api/rides/${ride.id}/questions`, 'not json', {
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const emptyAnswer = await answer(customer, ride.id, question.id, { body: ' ' });
    expect(emptyAnswer.status).toBe(400);
    expect((await errorOf(emptyAnswer)).message).toBe(QUESTION_MESSAGES.answerRequired);
    const longAnswer = await answer(customer, ride.id, question.id, { body: 'y'.repeat(1001) });
    expect(longAnswer.status).toBe(400);
    // Exactly the limit is fine.
    expect((await ask(asker, ride.id, { body: 'z'.repeat(QUESTION_LIMITS.bodyMax) })).status).toBe(201);
    expect(await storedRows(ride.id)).toHaveLength(2);
    expect(await notificationsOf(server, asker.userId, 'question_answered')).not.toContainEqual(
      expect.objectContaining({ related_id: ride.id }),
    );
  });

  it('limits a driver to 3 questions a trip and 10 an hour, with Retry-After and a clear message', async () => {
    const driver = await signedInClient(server, { userType: 'driver', fullName: 'Rita Ratelimit' });
    const rides = await Promise.all(Array.from({ length: 4 }, () => insertRide(server.db, customer.userId)));
    for (let i = 0; i < QUESTION_LIMITS.driverPerTripPerHour; i++)
      await asked(driver, rides[0]!.id, `Q${i}?`);
    const perTrip = await ask(driver, rides[0]!.id, { body: 'One too many?' });
    expect(perTrip.status).toBe(429);
    const retry = Number(perTrip.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3_500);
    expect(retry).toBeLessThanOrEqual(3_600);
    expect(await errorOf(perTrip)).toEqual({
      code: 'rate_limited',
      message: QUESTION_MESSAGES.driverTripHourly(60),
    });
    expect(await storedRows(rides[0]!.id)).toHaveLength(3);

    // 3 + 3 + 3 + 1 = 10 across trips, then the hourly limit.
    for (const ride of rides.slice(1, 3)) {
      for (let i = 0; i < 3; i++) await asked(driver, ride.id, `Q${i}?`);
    }
    await asked(driver, rides[3]!.id, 'Tenth?');
    const hourly = await ask(driver, rides[3]!.id, { body: 'Eleventh?' });
    expect(hourly.status).toBe(429);
    expect(hourly.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(hourly)).message).toBe(QUESTION_MESSAGES.driverHourly(60));
    expect(await storedRows(rides[3]!.id)).toHaveLength(1);
  });

  it('limits a customer to 30 answers an hour', async () => {
    const busy = await signedInClient(server, { userType: 'customer', fullName: 'Bea Busy' });
    const ride = await insertRide(server.db, busy.userId);
    const questions = await server.db
      .insert(rideQuestions)
      .values(
        Array.from({ length: QUESTION_LIMITS.customerAnswersPerHour + 1 }, (_, i) => ({
          rideId: ride.id,
          authorId: asker.userId,
          kind: 'question',
          body: `Question ${i}?`,
        })),
      )
      .returning({ id: rideQuestions.id });
    for (const q of questions.slice(0, -1)) {
      expect((await answer(busy, ride.id, q.id, { body: 'Yes.' })).status).toBe(201);
    }
    const over = await answer(busy, ride.id, questions.at(-1)!.id, { body: 'Yes.' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(over)).toEqual({
      code: 'rate_limited',
      message: QUESTION_MESSAGES.customerHourly(60),
    });
    const answers = (await storedRows(ride.id)).filter((r) => r.kind === 'answer');
    expect(answers).toHaveLength(QUESTION_LIMITS.customerAnswersPerHour);
  });
});
