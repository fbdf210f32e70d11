/**
 * Issue 30 item 6: a problem reported from a booking (POST /api/issues with a bookingId and a trip
 * category) reaches the admin with the booking attached (list, filter, page), shows in the booking's
 * timeline, alerts every admin once (urgently for safety), carries the booking in the e-mails (and the
 * admin's replies), honours Idempotency-Key, and is refused to anyone who is not a side of the booking.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminIssueDetailDto, AdminIssueDto } from '../../src/shared/admin/issues.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import type { IssueRecord } from '../../src/shared/validation/issues.ts';
import {
  databaseKinds,
  errorOf,
  latestMail,
  makeAdmin,
  readMailbox,
  resetFloodLimits,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertRide, setVehicle } from './marketplace-fixtures.ts';
import { insertBooking, notificationsAbout } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

/** Tue 6 Apr 2027, 5:30 am in Sydney (AEST, after daylight saving ends on 4 Apr). */
const PICKUP = new Date('2027-04-05T19:30:00Z');
const SUPPORT = 'support@shuttlequote.example';

describe.each(databaseKinds())('problems reported on a booking (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let stranger: Person;
  let admin: Person;
  let admin2: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, stranger, admin, admin2] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
      }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
      signedInClient(server, { userType: 'customer', fullName: 'Abe Admin' }),
    ]);
    await makeAdmin(server, admin);
    await makeAdmin(server, admin2);
    await setVehicle(server.db, driver.userId);
  });
  afterAll(async () => {
    await server?.close();
  });
  // Each test reports more than the hourly flood limit of issue reports would allow one person.
  beforeEach(async () => {
    await resetFloodLimits(server.db);
  });

  async function booking() {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    const { bookingId } = await insertBooking(server.db, ride.id, customer.userId, driver.userId);
    return bookingId;
  }
  async function report(who: Person, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return who.client.post('/api/issues', body, { headers });
  }
  async function reported(who: Person, body: Record<string, unknown>) {
    const res = await report(who, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { issue: IssueRecord }).issue;
  }
  const adminList = async (q = '') => {
    const res = await admin.client.get(`/api/admin/issues?${q}`);
    expect(res.status, q).toBe(200);
    return ((await res.json()) as { issues: AdminIssueDto[] }).issues;
  };
  const adminDetail = async (id: string) => {
    const res = await admin.client.get(`/api/admin/issues/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as AdminIssueDetailDto;
  };
  const historyOf = async (who: Person, bookingId: string) => {
    const res = await who.client.get(`/api/bookings/${bookingId}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { booking: BookingDto }).booking.history;
  };
  const countOf = async (query: ReturnType<typeof sql>) =>
    (await rows<{ n: number }>(server.db, query))[0]!.n;

  it('a problem reported from a booking reaches the admin with the booking: trip, date and both sides', async () => {
    const bookingId = await booking();
    const issue = await reported(customer, {
      bookingId,
      category: 'late',
      description: 'The driver came 25 minutes after the pickup time and we nearly missed the flight.',
    });
    expect(issue).toMatchObject({
      bookingId,
      category: 'late',
      priority: 'medium',
      status: 'pending',
      userType: 'customer',
      title: 'Problem with booking on Tue 6 Apr 2027: Late',
    });

    const expected = {
      id: bookingId,
      status: 'confirmed',
      pickupAt: PICKUP.toISOString(),
      trip: 'Nelson Bay to Newcastle Airport',
      customer: { id: customer.userId, name: 'Cara Whitfield', email: customer.email },
      driver: {
        id: driver.userId,
        name: 'Dana Driverson',
        businessName: 'Port Stephens Shuttles',
        email: driver.email,
      },
    };
    const listed = (await adminList()).find((i) => i.id === issue.id);
    expect(listed?.booking).toEqual(expected);
    expect((await adminList('kind=trip')).map((i) => i.id)).toContain(issue.id);
    expect((await adminList('kind=app')).map((i) => i.id)).not.toContain(issue.id);
    expect((await adminList('category=late')).map((i) => i.id)).toContain(issue.id);
    const detail = await adminDetail(issue.id);
    expect(detail.issue.booking).toEqual(expected);
    expect(detail.issue.description).toContain('25 minutes after the pickup time');

    // An app-wide issue has no booking and is not a trip problem.
    const app = await reported(customer, {
      title: 'The map is slow',
      description: 'The map takes ten seconds to appear on my phone.',
      category: 'bug',
      priority: 'low',
    });
    expect(app.bookingId).toBeNull();
    expect((await adminList()).find((i) => i.id === app.id)?.booking).toBeNull();
    expect((await adminList('kind=trip')).map((i) => i.id)).not.toContain(app.id);
    expect((await adminList('kind=app')).map((i) => i.id)).toContain(app.id);
    expect((await admin.client.get('/api/admin/issues?kind=other')).status).toBe(400);
  });

  it("it shows in the booking's timeline for both sides, with who and the category", async () => {
    const bookingId = await booking();
    await reported(driver, {
      bookingId,
      category: 'not_as_booked',
      description: 'The customer booked for 3 passengers and 6 people were waiting with 9 bags.',
    });
    for (const who of [customer, driver]) {
      const history = await historyOf(who, bookingId);
      expect(history.filter((h) => h.type === 'problem_reported')).toEqual([
        expect.objectContaining({ by: 'driver', note: 'Vehicle or driver not as booked' }),
      ]);
    }
    const [event] = await rows<{ actor_id: string }>(
      server.db,
      sql`select actor_id from booking_events where booking_id = ${bookingId} and type = 'problem_reported'`,
    );
    expect(event?.actor_id).toBe(driver.userId);
    const listed = (await adminList('kind=trip')).find((i) => i.booking?.id === bookingId);
    expect(listed).toMatchObject({ userType: 'driver', priority: 'high', category: 'not_as_booked' });
  });

  it('a safety report is critical and notifies every admin exactly once; other problems notify them too', async () => {
    const bookingId = await booking();
    const safety = await reported(customer, {
      bookingId,
      category: 'safety',
      description: 'The driver was using his phone while driving on the highway at night.',
    });
    expect(safety.priority).toBe('critical');
    const admins = await rows<{ id: string }>(server.db, sql`select id from users where user_type = 'admin'`);
    expect(admins.map((a) => a.id).sort()).toEqual([admin.userId, admin2.userId].sort());
    const sent = await notificationsAbout(server.db, safety.id);
    expect(sent.map((n) => n.user_id).sort()).toEqual([admin.userId, admin2.userId].sort());
    for (const n of sent) {
      expect(n).toMatchObject({
        type: 'trip_problem_reported',
        title: 'Urgent: a safety problem on a trip',
        related_id: safety.id,
      });
      expect(n.message).toBe(
        'The customer of the booking Nelson Bay to Newcastle Airport, Tue 6 Apr 2027, 5:30 am, reported: Safety.',
      );
    }
    // Nobody but the admins: not the driver it may be about, not the reporter.
    expect(sent.some((n) => [customer.userId, driver.userId].includes(n.user_id))).toBe(false);

    const fare = await reported(driver, {
      bookingId,
      category: 'fare_dispute',
      description: 'The customer refused to pay the agreed fare at the airport.',
    });
    const fareSent = await notificationsAbout(server.db, fare.id);
    expect(fareSent).toHaveLength(2);
    expect(fareSent[0]).toMatchObject({ title: 'A problem on a trip: Fare dispute' });
  });

  it('refusals: not a side of the booking reads 404; a bad category or short description is 400; nothing is written', async () => {
    const bookingId = await booking();
    const written = () =>
      countOf(
        sql`select (select count(*) from issues where booking_id = ${bookingId})::int +
                   (select count(*) from booking_events where booking_id = ${bookingId} and type = 'problem_reported')::int +
                   (select count(*) from notifications where type = 'trip_problem_reported')::int as n`,
      );
    const before = await written();
    const good = { bookingId, category: 'late', description: 'The driver was very late for the pickup.' };

    for (const who of [stranger, admin]) {
      const res = await report(who, good);
      expect(res.status).toBe(404);
    }
    const missing = await report(customer, { ...good, bookingId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);

    const badCategory = await report(customer, { ...good, category: 'bug' });
    expect(badCategory.status).toBe(400);
    expect((await errorOf(badCategory)).issues).toEqual([
      { path: 'category', message: 'Choose what went wrong.' },
    ]);
    const short = await report(customer, { ...good, description: '  too late ' });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).issues).toEqual([
      { path: 'description', message: 'Tell us what happened in at least 10 characters.' },
    ]);
    const badBooking = await report(customer, { ...good, bookingId: 'booking-1' });
    expect(badBooking.status).toBe(400);
    expect((await errorOf(badBooking)).issues?.[0]?.message).toBe('Choose the booking the problem is about.');
    const nullBooking = await report(customer, { ...good, bookingId: null });
    expect(nullBooking.status).toBe(400);

    expect(await written()).toBe(before);
  });

  it('a cancelled booking can still be reported on: problems are often about the cancellation', async () => {
    const bookingId = await booking();
    await server.db.execute(
      sql`update bookings set status = 'cancelled', cancelled_at = now(), cancelled_by = ${driver.userId},
            cancel_reason = 'Van broke down' where id = ${bookingId}`,
    );
    const issue = await reported(customer, {
      bookingId,
      category: 'no_show',
      description: 'The driver cancelled an hour before pickup and then stopped answering the phone.',
    });
    expect(issue).toMatchObject({ bookingId, category: 'no_show', priority: 'high' });
    expect((await adminDetail(issue.id)).issue.booking?.status).toBe('cancelled');
    expect((await historyOf(customer, bookingId)).map((h) => h.type)).toContain('problem_reported');
  });

  it('the e-mails carry the booking: to support, the thank-you, and the admin reply with a link to it', async () => {
    const bookingId = await booking();
    const issue = await reported(customer, {
      bookingId,
      category: 'late',
      description: 'Forty minutes late with no message at all, we took a taxi.',
    });
    const toSupport = (await readMailbox(server.baseUrl, SUPPORT)).find(
      (m) => m.kind === 'issue' && (m.meta as { issueId?: string }).issueId === issue.id,
    );
    expect(toSupport?.subject).toBe('[Issue][medium] Problem with booking on Tue 6 Apr 2027: Late');
    expect(toSupport?.text).toContain(
      `Booking: Nelson Bay to Newcastle Airport, Tue 6 Apr 2027, 5:30 am (${server.deps.env.APP_URL}/admin/bookings/${bookingId})`,
    );
    expect(toSupport?.text).toContain(`Customer: Cara Whitfield <${customer.email}>`);
    expect(toSupport?.text).toContain(`Driver: Port Stephens Shuttles <${driver.email}>`);
    const thanks = await latestMail(server.baseUrl, customer.email, 'issue');
    expect(thanks.text).toContain(
      'It is about your booking: Nelson Bay to Newcastle Airport, Tue 6 Apr 2027, 5:30 am.',
    );
    expect(thanks.text).toContain(`${server.deps.env.APP_URL}/booking/${bookingId}`);

    const res = await admin.client.post(`/api/admin/issues/${issue.id}/reply`, {
      body: 'We are sorry, Cara. We have spoken to the driver and refunded the fare difference.',
    });
    expect(res.status).toBe(201);
    const reply = await latestMail(server.baseUrl, customer.email, 'issue-reply');
    expect(reply.subject).toBe('Re: Problem with booking on Tue 6 Apr 2027: Late');
    expect(reply.text).toContain(
      'About your booking: Nelson Bay to Newcastle Airport, Tue 6 Apr 2027, 5:30 am.',
    );
    expect(reply.text).toContain(`${server.deps.env.APP_URL}/booking/${bookingId}`);
    expect(reply.html).toContain(`/booking/${bookingId}`);
  });

  it('Idempotency-Key: a retried report files one issue, one timeline entry, one notification per admin', async () => {
    const bookingId = await booking();
    const body = {
      bookingId,
      category: 'other',
      description: 'The child seat we booked was not fitted and the driver had none.',
    };
    const key = { 'Idempotency-Key': `trip-problem-${bookingId}` };
    const first = await report(customer, body, key);
    expect(first.status).toBe(201);
    const again = await report(customer, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const a = ((await first.json()) as { issue: IssueRecord }).issue;
    const b = ((await again.json()) as { issue: IssueRecord }).issue;
    expect(b.id).toBe(a.id);
    expect(await countOf(sql`select count(*)::int as n from issues where booking_id = ${bookingId}`)).toBe(1);
    expect(
      await countOf(
        sql`select count(*)::int as n from booking_events where booking_id = ${bookingId} and type = 'problem_reported'`,
      ),
    ).toBe(1);
    expect(await notificationsAbout(server.db, a.id)).toHaveLength(2);
  });
});
