/**
 * Issue 32 item 5, against the real server on both databases: the customer asks the driver of a live quote
 * a question before booking (POST /api/quotes/:id/questions). It is masked like drivers' questions, seen
 * only by the customer and that driver (another driver reads neither it nor its count), the driver is told
 * and answers, the customer is told of the answer; limits hold with 100 requests at once; bad input, other
 * people's quotes and closed quotes are refused without a change.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import { CONTACT_MASK } from '../../src/shared/marketplace/mask-contacts.ts';
import { notificationPath } from '../../src/shared/marketplace/notification-types.ts';
import {
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionCountsDto,
  type RideAnswerDto,
  type RideQuestionDto,
  type RideQuestionsDto,
} from '../../src/shared/validation/questions.ts';
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
import { insertQuote, insertRide, notificationsOf, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

describe.each(databaseKinds())('customers ask a driver about their quote (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let otherCustomer: Person;
  let quoted: Person;
  let otherDriver: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, otherCustomer, quoted, otherDriver, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 345 678' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Other Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, quoted.userId);
    await setVehicle(server.db, otherDriver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An open trip of the customer's with a live quote from `quoted` and one from `otherDriver`. */
  const tripWithQuotes = async () => {
    const ride = await insertRide(server.db, customer.userId);
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: quoted.userId });
    const other = await insertQuote(server.db, { rideId: ride.id, driverId: otherDriver.userId });
    return { ride, quote, other };
  };
  const ask = (who: Person, quoteId: string, body: unknown) =>
    who.client.post(`/api/quotes/${quoteId}/questions`, body);
  const answer = (who: Person, rideId: string, questionId: string, body: unknown) =>
    who.client.post(`/api/rides/${rideId}/questions/${questionId}/answer`, body);
  const thread = async (who: Person, rideId: string) => {
    const res = await who.client.get(`/api/rides/${rideId}/questions`);
    expect(res.status).toBe(200);
    return (await res.json()) as RideQuestionsDto;
  };
  const counts = async (who: Person, rideId: string) => {
    const res = await who.client.get(`/api/ride-questions/counts?rideIds=${rideId}`);
    return ((await res.json()) as QuestionCountsDto).counts[rideId];
  };
  const stored = (rideId: string) =>
    rows<{ kind: string; author_id: string; recipient_id: string | null; body: string; masked: boolean }>(
      server.db,
      sql`select kind, author_id, recipient_id, body, masked from ride_questions
          where ride_id = ${rideId} order by created_at, id`,
    );

  it('the question reaches only that driver, masked; the driver is told, answers, and the customer is told', async () => {
    const { ride, quote } = await tripWithQuotes();
    const res = await ask(customer, quote.id, {
      body: '  Is the booster seat included? Text me on 0412 345 678 or cara@example.com  ',
    });
    expect(res.status).toBe(201);
    const { question } = (await res.json()) as { question: RideQuestionDto };
    const maskedBody = `Is the booster seat included? Text me on ${CONTACT_MASK}`;
    expect(question).toMatchObject({
      rideId: ride.id,
      askedBy: 'The customer',
      mine: true,
      toDriver: 'Port Stephens Shuttles',
      body: maskedBody,
      masked: true,
      answer: null,
      canAnswer: false,
    });
    expect(await stored(ride.id)).toEqual([
      {
        kind: 'question',
        author_id: customer.userId,
        recipient_id: quoted.userId,
        body: maskedBody,
        masked: true,
      },
    ]);

    // The driver is told, with a link to the trip's card where they answer.
    const [told] = await notificationsOf(server, quoted.userId, 'customer_question');
    expect(told).toMatchObject({ related_id: ride.id, title: 'A customer asked about your quote' });
    expect(told!.message).toContain(
      'The customer asked about your quote for the trip Nelson Bay to Newcastle Airport',
    );
    expect(told!.message).not.toContain('0412');
    expect(notificationPath('customer_question', ride.id)).toBe(`/available-rides#questions-${ride.id}`);
    expect(await notificationsOf(server, otherDriver.userId, 'customer_question')).toEqual([]);
    // The e-mail's button opens the trip's card, where the driver answers.
    await runDeliveryRound({ db: server.db, env: server.deps.env });
    const mails = await rows<{ subject: string; text: string }>(
      server.db,
      sql`select subject, text from mail_outbox where "to" = ${quoted.email}
          and meta->>'notificationType' = 'customer_question'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A customer asked about your quote');
    expect(mails[0]!.text).toContain(`${server.baseUrl}/available-rides#questions-${ride.id}`);
    expect(mails[0]!.text).not.toContain('0412');

    // The driver reads it as theirs to answer; the other driver does not see it, nor count it.
    const driverView = await thread(quoted, ride.id);
    expect(driverView.items.map((q) => [q.askedBy, q.toDriver, q.body, q.canAnswer])).toEqual([
      ['The customer', 'you', maskedBody, true],
    ]);
    expect(await counts(quoted, ride.id)).toEqual({ questions: 1, unanswered: 1 });
    expect((await thread(otherDriver, ride.id)).items).toEqual([]);
    expect(await counts(otherDriver, ride.id)).toEqual({ questions: 0, unanswered: 0 });
    // The other driver cannot answer it either (drivers answer only questions put to them).
    const stranger = await answer(otherDriver, ride.id, question.id, { body: 'I can do it cheaper.' });
    expect(stranger.status).toBe(403);
    // The customer cannot answer their own question.
    expect((await answer(customer, ride.id, question.id, { body: 'Me again.' })).status).toBe(404);

    const res2 = await answer(quoted, ride.id, question.id, {
      body: 'Yes, the booster is included. Call 0498 765 432 for anything else.',
    });
    expect(res2.status).toBe(201);
    const { answer: a } = (await res2.json()) as { answer: RideAnswerDto };
    expect(a).toMatchObject({
      answeredBy: 'You',
      body: `Yes, the booster is included. Call ${CONTACT_MASK} for anything else.`,
      masked: true,
    });
    const [back] = await notificationsOf(server, customer.userId, 'customer_question_answered');
    expect(back).toMatchObject({ related_id: ride.id, title: 'A driver answered your question' });
    expect(back!.message).toContain('Port Stephens Shuttles answered your question about the trip');
    expect(back!.message).not.toContain('0498');
    expect(notificationPath('customer_question_answered', ride.id)).toBe(
      `/driver-matching/${ride.id}#questions`,
    );

    // The customer reads the answer under their question; nothing is waiting any more.
    const customerView = await thread(customer, ride.id);
    expect(customerView.items[0]).toMatchObject({
      toDriver: 'Port Stephens Shuttles',
      canAnswer: false,
      answer: { answeredBy: 'Port Stephens Shuttles', body: a.body },
    });
    expect(await counts(quoted, ride.id)).toEqual({ questions: 1, unanswered: 0 });
    expect((await thread(otherDriver, ride.id)).items).toEqual([]);
    // A second answer is refused.
    const again = await answer(quoted, ride.id, question.id, { body: 'And a bottle of water.' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: 'conflict', message: QUESTION_MESSAGES.alreadyAnswered });
    // An admin reads everything, read-only.
    expect((await thread(admin, ride.id)).items).toHaveLength(1);
  });

  it("drivers' questions stay visible to every driver beside the private ones", async () => {
    const { ride, quote } = await tripWithQuotes();
    const pub = await otherDriver.client.post(`/api/rides/${ride.id}/questions`, { body: 'How many bags?' });
    expect(pub.status).toBe(201);
    expect((await ask(customer, quote.id, { body: 'Do you take card?' })).status).toBe(201);
    expect((await thread(otherDriver, ride.id)).items.map((q) => q.body)).toEqual(['How many bags?']);
    expect((await thread(quoted, ride.id)).items.map((q) => q.body)).toEqual([
      'How many bags?',
      'Do you take card?',
    ]);
    const mine = await thread(customer, ride.id);
    expect(mine.items.map((q) => [q.body, q.canAnswer, q.toDriver])).toEqual([
      ['How many bags?', true, null],
      ['Do you take card?', false, 'Port Stephens Shuttles'],
    ]);
  });

  it("another customer's quote, a missing quote and a bad id read 404; drivers are refused; bad input is 400", async () => {
    const { ride, quote } = await tripWithQuotes();
    expect((await ask(otherCustomer, quote.id, { body: 'Hello?' })).status).toBe(404);
    expect((await ask(customer, '00000000-0000-4000-8000-000000000000', { body: 'Hello?' })).status).toBe(
      404,
    );
    expect((await ask(customer, 'not-a-uuid', { body: 'Hello?' })).status).toBe(404);
    expect((await ask(quoted, quote.id, { body: 'Hello?' })).status).toBe(403);
    for (const body of [{}, { body: '   ' }, { body: 'x'.repeat(1001) }, { body: 42 }]) {
      const res = await ask(customer, quote.id, body);
      expect(res.status).toBe(400);
    }
    const notJson = await customer.client.request(`/api/quotes/${quote.id}/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect(await stored(ride.id)).toEqual([]);
  });

  it('a withdrawn quote, or a trip no longer open, is 409 and changes nothing', async () => {
    const { ride, quote } = await tripWithQuotes();
    await server.db.execute(sql`update quotes set status = 'withdrawn' where id = ${quote.id}`);
    const withdrawn = await ask(customer, quote.id, { body: 'Still on?' });
    expect(withdrawn.status).toBe(409);
    expect(await errorOf(withdrawn)).toEqual({ code: 'conflict', message: QUESTION_MESSAGES.quoteNotLive });
    const other = await tripWithQuotes();
    await server.db.execute(sql`update rides set status = 'cancelled' where id = ${other.ride.id}`);
    const closed = await ask(customer, other.quote.id, { body: 'Still on?' });
    expect(closed.status).toBe(409);
    expect(await errorOf(closed)).toEqual({ code: 'conflict', message: QUESTION_MESSAGES.closedCancelled });
    expect(await stored(ride.id)).toEqual([]);
    expect(await stored(other.ride.id)).toEqual([]);
  });

  it('the limits hold with 100 questions sent at once: 3 to one driver about one trip, 10 an hour', async () => {
    const busy = await signedInClient(server, { userType: 'customer', fullName: 'Bea Busy' });
    const ride = await insertRide(server.db, busy.userId);
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: quoted.userId });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => ask(busy, quote.id, { body: `Question ${i}?` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(QUESTION_LIMITS.customerPerDriverPerHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - QUESTION_LIMITS.customerPerDriverPerHour);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe(QUESTION_MESSAGES.customerDriverHourly(60));
    expect(await stored(ride.id)).toHaveLength(QUESTION_LIMITS.customerPerDriverPerHour);

    // Across trips and drivers: 10 an hour, then the hourly limit, at once too.
    const trips = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const r = await insertRide(server.db, busy.userId);
        return insertQuote(server.db, { rideId: r.id, driverId: quoted.userId });
      }),
    );
    const burst = await Promise.all(trips.map((q) => ask(busy, q.id, { body: 'Card or cash?' })));
    const ok = burst.filter((r) => r.status === 201).length;
    expect(ok).toBe(QUESTION_LIMITS.customerPerHour - QUESTION_LIMITS.customerPerDriverPerHour);
    const over = burst.find((r) => r.status === 429)!;
    expect((await errorOf(over)).message).toBe(QUESTION_MESSAGES.customerAskHourly(60));
    const [total] = await rows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from ride_questions where author_id = ${busy.userId}`,
    );
    expect(Number(total!.n)).toBe(QUESTION_LIMITS.customerPerHour);
  });
});
