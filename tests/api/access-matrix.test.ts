/**
 * Issue 16: the access matrix. Every API route in the app's own route table x six actors, with the status
 * each must get: a guest, customer A, customer B, driver A, driver B and an administrator. The records a
 * request names belong to customer A and driver A (a trip, a quote, a booking, a file, an issue, a
 * statement, a vehicle, a document, a notification...), so B's answer shows whether one person can reach
 * another's record (it must read as 404, SPEC: "Another user's record reads as 404").
 *
 * A route missing from MATRIX fails the run: a new route cannot ship without someone deciding who may call
 * it. The expected statuses are for the request as sent: a valid request, so an allowed actor gets its 2xx;
 * where the allowed answer is a business refusal (a 409 because the state does not allow it, a 400 because
 * the request is deliberately harmless, e.g. a wrong current password), the comment says so — what matters
 * is that it is not 401, 403 or 404, i.e. the actor got past access.
 *
 * Mutations get a fresh record per actor (the `request` builders run once per cell), so one actor's
 * change does not decide another's answer.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSettings } from '../../src/server/modules/billing/settings.ts';
import { issueStatements } from '../../src/server/modules/billing/statements.ts';
import { monthEnd } from './billing-fixtures.ts';
import {
  makeAdmin,
  oneDatabaseKind,
  PASSWORD,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertCustomer, insertDriver, insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';
import { insertBooking, profileBody, rideBody, sydneyDateIn } from './ride-fixtures.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const ACTORS = ['guest', 'customer', 'otherCustomer', 'driver', 'otherDriver', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

type Person = Awaited<ReturnType<typeof signedInClient>>;

/** One request of one cell: a path, and a JSON body or a multipart form. */
interface Cell {
  path: string;
  body?: unknown;
  form?: FormData;
}

interface Entry {
  /** Statuses in ACTORS order: guest, customer A, customer B, driver A, driver B, admin. */
  expect: string;
  request: (w: World, actor: Actor) => Cell | Promise<Cell>;
}

/** The people and the records of customer A and driver A, and builders of fresh ones. */
interface World {
  server: TestServer;
  people: Record<Exclude<Actor, 'guest'>, Person>;
  ride: { id: string };
  quote: { id: string };
  booking: string;
  question: string;
  file: string;
  issue: string;
  screenshot: string;
  avatar: string;
  notification: string;
  vehicle: string;
  document: string;
  statement: string;
  png: Buffer;
  freshRide(): Promise<string>;
  freshQuote(): Promise<string>;
  freshBooking(opts?: { pickupPassed?: boolean; completed?: boolean }): Promise<string>;
  freshIssue(): Promise<string>;
  freshUser(): Promise<string>;
  freshDriver(verified: boolean): Promise<string>;
  /** A document of driver A's, uploaded and not yet reviewed. */
  freshDocument(): Promise<string>;
  pngForm(field: string, extra?: Record<string, string>): FormData;
}

const REASON = { reason: 'Checked with both parties by phone.' };
/** A fare of driver A's vehicle (issue 31), from Newcastle Airport to Nelson Bay. */
const fareBody = (vehicleId: string, price = 139) => ({
  vehicleId,
  from: { name: 'Newcastle Airport (NTL)', lat: -32.795, lng: 151.834, radiusKm: 2 },
  to: { name: 'Nelson Bay', lat: -32.715, lng: 152.151, radiusKm: 5 },
  price,
  maxPassengers: 6,
  maxBags: 6,
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
});
async function freshFare(w: World): Promise<string> {
  const res = await w.people.driver.client.post('/api/fares', fareBody(w.vehicle));
  expect(res.status).toBe(201);
  return ((await res.json()) as { fare: { id: string } }).fare.id;
}
const someAddress = () => `nobody.${crypto.randomUUID()}@example.com`;
const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A run of driver A's, 5 days ahead: Nelson Bay to Mascot, 11 seats at $45. */
async function freshRun(w: World): Promise<string> {
  const [row] = await rows<{ id: string }>(
    w.server.db,
    sql`insert into runs (driver_id, vehicle_id, from_name, from_lat, from_lng, from_radius_km, to_name, to_lat,
          to_lng, to_radius_km, departs_from, departs_until, seats_total, bags_total, seat_price_cents)
        values (${w.people.driver.userId}, ${w.vehicle}, 'Nelson Bay', -32.715, 152.151, 10, 'Mascot', -33.9296,
          151.1946, 10, now() + interval '5 days', now() + interval '5 days 2 hours', 11, 11, 4500)
        returning id`,
  );
  return row!.id;
}

/**
 * Who may call what. Columns: guest, customer A, customer B, driver A, driver B, admin.
 * Reading the columns: 401 = sign in first; 403 = a role or permission refuses; 404 = another's record.
 */
const MATRIX: Record<string, Entry> = {
  // Probes and public reference data: anyone.
  'GET /api/health': { expect: '200 200 200 200 200 200', request: () => ({ path: '/api/health' }) },
  'GET /api/ready': { expect: '200 200 200 200 200 200', request: () => ({ path: '/api/ready' }) },
  'GET /api/places': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/places?q=nelson' }),
  },
  'GET /api/fare-guide': {
    expect: '200 200 200 200 200 200',
    request: () => ({
      path: '/api/fare-guide?pickupLat=-32.715&pickupLng=152.151&destinationLat=-32.795&destinationLng=151.834&passengers=3',
    }),
  },
  'GET /api/session': { expect: '200 200 200 200 200 200', request: () => ({ path: '/api/session' }) },
  // Issue 31: the fixed prices for a trip, public like the fare guide.
  'GET /api/fares/prices': {
    expect: '200 200 200 200 200 200',
    request: () => ({
      path: `/api/fares/prices?pickupLat=-32.795&pickupLng=151.834&destinationLat=-32.715&destinationLng=152.151&pickupAt=${encodeURIComponent(new Date(Date.now() + 72 * 3_600_000).toISOString())}&passengers=3`,
    }),
  },
  'GET /api/driver-cards/:id': {
    expect: '200 200 200 200 200 200',
    request: (w) => ({ path: `/api/driver-cards/${w.people.driver.userId}` }),
  },
  'GET /api/avatars/initials': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/avatars/initials?name=Ada%20Lovelace' }),
  },
  'GET /api/avatars/file/:userId/:name': {
    expect: '200 200 200 200 200 200',
    request: (w) => ({ path: w.avatar }),
  },
  'POST /api/rpc/get_user_avatar': {
    expect: '401 200 200 200 200 200',
    request: (w) => ({ path: '/api/rpc/get_user_avatar', body: { p_user_id: w.people.customer.userId } }),
  },
  'GET /api/push/public-key': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/push/public-key' }),
  },

  // Accounts: anyone may start these; the answer never depends on who asks.
  'POST /api/account/signup': {
    expect: '201 201 201 201 201 201',
    request: () => ({
      path: '/api/account/signup',
      body: {
        email: `matrix.${Math.random().toString(36).slice(2)}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        fullName: 'Mat Rix',
        phone: '0412 345 678',
        userType: 'customer',
      },
    }),
  },
  'POST /api/account/sign-in': {
    // A fresh account's right password: 200 whoever's browser sends it.
    expect: '200 200 200 200 200 200',
    request: async (w) => {
      const email = `spare.${Math.random().toString(36).slice(2)}@example.com`;
      const res = await w.server.client().post('/api/account/signup', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        fullName: 'Spare Person',
        phone: '0412 345 678',
        userType: 'customer',
      });
      if (res.status !== 201) throw new Error(`spare sign-up: ${res.status}`);
      await w.server.db.execute(sql`update users set email_verified = true where email = ${email}`);
      return { path: '/api/account/sign-in', body: { email, password: PASSWORD } };
    },
  },
  'POST /api/account/two-factor': {
    // No sign-in is waiting for a code in this browser: the same refusal for everyone.
    expect: '401 401 401 401 401 401',
    request: () => ({ path: '/api/account/two-factor', body: { method: 'totp', code: '123456' } }),
  },
  'POST /api/account/sign-out': {
    // Signs out a session of its own (a second sign-in of the same person), not the one the matrix uses.
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/account/sign-out', body: {} }),
  },
  'POST /api/account/forgot-password': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/account/forgot-password', body: { email: someAddress() } }),
  },
  'POST /api/account/reset-password': {
    // A token nobody was sent: the same refusal for everyone.
    expect: '400 400 400 400 400 400',
    request: () => ({
      path: '/api/account/reset-password',
      body: { token: 'not-a-real-token-0123456789', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  },
  'POST /api/account/undo-email-change': {
    // A link nobody was sent (issue 28): the same refusal for everyone.
    expect: '400 400 400 400 400 400',
    request: () => ({
      path: '/api/account/undo-email-change',
      body: { token: 'not-a-real-token-0123456789' },
    }),
  },
  'POST /api/account/magic-link': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/account/magic-link', body: { email: someAddress() } }),
  },
  'POST /api/send-email': {
    // The contact form: anyone, signed in or not.
    expect: '200 200 200 200 200 200',
    request: () => {
      // A different sender each time: a sender's messages are limited too.
      const sender = someAddress();
      return {
        path: '/api/send-email',
        body: {
          type: 'contact',
          subject: 'A question',
          text: '',
          replyTo: sender,
          formData: {
            name: 'Mat Rix',
            email: sender,
            subject: 'A question',
            message: 'Can I book a shuttle for six people?',
          },
        },
      };
    },
  },
  'POST /api/analytics': {
    expect: '202 202 202 202 202 202',
    request: () => ({
      path: '/api/analytics',
      body: {
        consent: { analytics: true },
        timestamp: Date.now(),
        session: {
          id: crypto.randomUUID(),
          startTime: Date.now() - 5_000,
          lastActivity: Date.now(),
          pageViews: 0,
          events: 0,
          isActive: true,
        },
      },
    }),
  },
  'POST /api/client-errors': {
    expect: '202 202 202 202 202 202',
    request: () => ({
      path: '/api/client-errors',
      body: {
        errorId: `err-${crypto.randomUUID()}`,
        category: 'unknown',
        severity: 'high',
        message: 'TypeError: x is undefined',
        occurredAt: new Date().toISOString(),
      },
    }),
  },

  // The signed-in person's own account: everyone signed in, nobody else's.
  'PATCH /api/me': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/me', body: { fullName: 'Same Person' } }),
  },
  'DELETE /api/me': {
    // A wrong password: refused after access, so nobody's account goes.
    expect: '401 400 400 400 400 400',
    request: () => ({ path: '/api/me', body: { password: 'not-my-password' } }),
  },
  'POST /api/me/email': {
    // One's own address again (with a wrong password): refused after access, nothing changes.
    expect: '401 400 400 400 400 400',
    request: (w, actor) => ({
      path: '/api/me/email',
      body: {
        newEmail: actor === 'guest' ? 'x@example.com' : w.people[actor].email,
        password: 'not-my-password',
      },
    }),
  },
  'POST /api/me/password': {
    // The wrong current password: nothing changes.
    expect: '401 400 400 400 400 400',
    request: () => ({
      path: '/api/me/password',
      body: {
        currentPassword: 'not-my-password',
        newPassword: 'Another-Horse-43',
        confirmPassword: 'Another-Horse-43',
      },
    }),
  },
  'GET /api/me/sessions': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/me/sessions' }),
  },
  'POST /api/me/sessions/revoke-others': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/me/sessions/revoke-others', body: {} }),
  },
  'GET /api/me/accessibility': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/me/accessibility' }),
  },
  'PUT /api/me/accessibility': {
    expect: '401 200 200 200 200 200',
    request: () => ({
      path: '/api/me/accessibility',
      body: {
        highContrast: false,
        reducedMotion: false,
        screenReaderEnabled: false,
        fontSizeMultiplier: 1,
        keyboardNavigationEnabled: true,
        focusIndicatorsVisible: true,
      },
    }),
  },
  'GET /api/me/two-factor': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/me/two-factor' }),
  },
  'POST /api/me/two-factor/enable': {
    // The wrong password: nobody's sign-in changes.
    expect: '401 400 400 400 400 400',
    request: () => ({ path: '/api/me/two-factor/enable', body: { password: 'not-my-password' } }),
  },
  'POST /api/me/two-factor/confirm': {
    // No set-up is waiting: refused after access (the admin's finished one answers the wrong code).
    expect: '401 409 409 409 409 400',
    request: () => ({ path: '/api/me/two-factor/confirm', body: { code: '123456' } }),
  },
  'POST /api/me/two-factor/disable': {
    // Not on: refused after access; an administrator may not turn it off at all (403, said so).
    expect: '401 409 409 409 409 403',
    request: () => ({ path: '/api/me/two-factor/disable', body: { password: 'not-my-password' } }),
  },
  'POST /api/me/two-factor/backup-codes': {
    expect: '401 409 409 409 409 400',
    request: () => ({ path: '/api/me/two-factor/backup-codes', body: { password: 'not-my-password' } }),
  },
  'GET /api/notification-preferences': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/notification-preferences' }),
  },
  'PUT /api/notification-preferences': {
    expect: '401 200 200 200 200 200',
    request: () => ({
      path: '/api/notification-preferences',
      body: { kind: 'quote_received', email: true, push: false },
    }),
  },
  'POST /api/push/subscriptions': {
    expect: '401 201 201 201 201 201',
    request: () => ({
      path: '/api/push/subscriptions',
      body: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/push/subscriptions', body: { endpoint: 'https://push.example.com/none' } }),
  },
  'POST /api/rpc/update_user_avatar': {
    // Only one's own uploaded avatar URL may be set: customer A's URL is A's alone.
    expect: '401 200 403 403 403 403',
    request: (w) => ({ path: '/api/rpc/update_user_avatar', body: { p_avatar_url: w.avatar } }),
  },
  'POST /api/avatars': {
    expect: '401 201 201 201 201 201',
    request: (w) => ({ path: '/api/avatars', form: w.pngForm('file') }),
  },

  // Notifications: one's own.
  'GET /api/notifications': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/notifications' }),
  },
  'POST /api/notifications/read-all': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/notifications/read-all', body: {} }),
  },
  'POST /api/notifications/:id/read': {
    expect: '401 200 404 404 404 404',
    request: (w) => ({ path: `/api/notifications/${w.notification}/read`, body: {} }),
  },
  'GET /api/notifications/stream': {
    // The event stream (its first bytes only: readStatus stops there).
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/notifications/stream' }),
  },

  // Trip requests: customers post and own them; drivers see open ones; B sees nothing of A's.
  'POST /api/rides': {
    expect: '401 201 201 403 403 201',
    request: () => ({ path: '/api/rides', body: rideBody() }),
  },
  // Issue 31: a guest posts a draft with name, e-mail and mobile; a signed-in caller posts as usual (409).
  'POST /api/rides/guest': {
    expect: '202 409 409 409 409 409',
    request: () => ({
      path: '/api/rides/guest',
      body: {
        trip: rideBody(),
        person: { fullName: 'Gus Guest', email: someAddress(), phone: '0412 345 678' },
      },
    }),
  },
  // The e-mail link's landing: a guest goes to sign in, a signed-in caller to the trip (their drafts only).
  'GET /api/rides/guest/activate': {
    expect: '302 302 302 302 302 302',
    request: (w) => ({ path: `/api/rides/guest/activate?ride=${w.ride.id}` }),
  },
  'GET /api/rides': { expect: '401 200 200 403 403 200', request: () => ({ path: '/api/rides' }) },
  'GET /api/rides/available': {
    expect: '401 403 403 200 200 200',
    request: () => ({ path: '/api/rides/available' }),
  },
  'GET /api/rides/:id': {
    expect: '401 200 404 200 200 200',
    request: (w) => ({ path: `/api/rides/${w.ride.id}` }),
  },
  'GET /api/rides/:id/matches': {
    expect: '401 200 404 404 404 200',
    request: (w) => ({ path: `/api/rides/${w.ride.id}/matches` }),
  },
  'PATCH /api/rides/:id': {
    expect: '401 200 404 403 403 404',
    request: async (w) => ({
      path: `/api/rides/${await w.freshRide()}`,
      body: { ...rideBody(), version: 1 },
    }),
  },
  'POST /api/rides/:id/cancel': {
    expect: '401 200 404 403 403 404',
    request: async (w) => ({
      path: `/api/rides/${await w.freshRide()}/cancel`,
      body: { reason: 'Plans changed' },
    }),
  },
  'GET /api/rides/:id/questions': {
    expect: '401 200 404 200 200 200',
    request: (w) => ({ path: `/api/rides/${w.ride.id}/questions` }),
  },
  'POST /api/rides/:id/questions': {
    // Customer A is told only drivers ask; B does not learn that A's trip exists.
    expect: '401 403 404 201 201 403',
    request: async (w) => ({
      path: `/api/rides/${await w.freshRide()}/questions`,
      body: { body: 'Is a child seat needed?' },
    }),
  },
  'POST /api/rides/:id/questions/:questionId/answer': {
    expect: '401 201 404 403 403 404',
    request: (w) => ({
      path: `/api/rides/${w.ride.id}/questions/${w.question}/answer`,
      body: { body: 'No child seat, thank you.' },
    }),
  },
  'GET /api/ride-questions/counts': {
    expect: '401 200 200 200 200 200',
    request: () => ({ path: '/api/ride-questions/counts' }),
  },

  // Quotes: drivers quote on open trips; the trip's customer accepts.
  'POST /api/quotes': {
    expect: '401 403 403 201 201 403',
    request: async (w) => ({
      path: '/api/quotes',
      body: { rideId: await w.freshRide(), price: 90, message: 'Door to door.' },
    }),
  },
  'GET /api/quotes': {
    expect: '401 200 404 404 404 200',
    request: (w) => ({ path: `/api/quotes?rideId=${w.ride.id}` }),
  },
  'GET /api/quotes/mine': {
    expect: '401 403 403 200 200 200',
    request: () => ({ path: '/api/quotes/mine' }),
  },
  'POST /api/quotes/:id/accept': {
    expect: '401 201 404 403 403 404',
    request: async (w) => ({
      path: `/api/quotes/${await w.freshQuote()}/accept`,
      body: { acceptFare: true },
    }),
  },
  'POST /api/quotes/:id/withdraw': {
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/quotes/${await w.freshQuote()}/withdraw`, body: {} }),
  },
  'POST /api/quotes/:id/confirm': {
    // The admin holds every permission but has no driver profile to quote from (403, said so).
    expect: '401 403 403 200 404 403',
    request: async (w) => ({ path: `/api/quotes/${await w.freshQuote()}/confirm`, body: {} }),
  },
  'POST /api/quotes/:id/renew': {
    // Issue 31: the quote's driver only; anyone else's quote reads 404 (the admin's too: not theirs).
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/quotes/${await w.freshQuote()}/renew`, body: {} }),
  },
  'POST /api/quotes/:id/questions': {
    // Issue 32: the trip's customer asks the quote's driver; drivers are told only customers ask (403).
    expect: '401 201 404 403 403 404',
    request: async (w) => ({
      path: `/api/quotes/${await w.freshQuote()}/questions`,
      body: { body: 'Is the child seat included in this price?' },
    }),
  },
  'POST /api/quotes/:id/ask-again': {
    // Issue 31: the trip's customer only; the fresh quote is still live, so theirs is a 409 (not lapsed).
    expect: '401 409 404 403 403 404',
    request: async (w) => ({ path: `/api/quotes/${await w.freshQuote()}/ask-again`, body: {} }),
  },

  // Runs (issue 31): anyone searches and reads; drivers publish and cancel their own; customers book.
  'GET /api/runs': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/runs?from=Nelson%20Bay&to=Mascot' }),
  },
  'GET /api/runs/:id': {
    expect: '200 200 200 200 200 200',
    request: async (w) => ({ path: `/api/runs/${await freshRun(w)}` }),
  },
  'GET /api/runs/mine': { expect: '401 403 403 200 200 200', request: () => ({ path: '/api/runs/mine' }) },
  'GET /api/runs/drive-backs': {
    expect: '401 403 403 200 200 200',
    request: () => ({ path: '/api/runs/drive-backs' }),
  },
  'POST /api/runs': {
    // The admin holds every permission but has no driver profile to sell seats from (403, said so).
    expect: '401 403 403 201 201 403',
    request: () => ({
      path: '/api/runs',
      body: {
        from: { locality: 'Nelson Bay', postcode: '2315' },
        to: { locality: 'Mascot', postcode: '2020' },
        date: sydneyDateIn(5),
        windowStart: '06:00',
        windowEnd: '08:00',
        seats: 4,
        seatPrice: 45,
      },
    }),
  },
  'POST /api/runs/:id/cancel': {
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/runs/${await freshRun(w)}/cancel`, body: REASON }),
  },
  'POST /api/runs/:id/book': {
    expect: '401 201 201 403 403 201',
    request: async (w) => ({
      path: `/api/runs/${await freshRun(w)}/book`,
      body: {
        seats: 1,
        priceCents: 4500,
        pickup: { locality: 'Shoal Bay', postcode: '2315' },
        destination: { locality: 'Botany', postcode: '2019' },
      },
    }),
  },
  // Issue 31: drivers' fare tables (the driver's own; the admin holds the permission but no driver profile).
  'GET /api/fares/mine': {
    expect: '401 403 403 200 200 200',
    request: () => ({ path: '/api/fares/mine' }),
  },
  'POST /api/fares': {
    // The body names driver A's vehicle: driver B is refused it (400, not theirs); the admin has no driver
    // profile to sell from (403).
    expect: '401 403 403 201 400 403',
    request: (w) => ({ path: '/api/fares', body: fareBody(w.vehicle) }),
  },
  'PUT /api/fares/:id': {
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/fares/${await freshFare(w)}`, body: fareBody(w.vehicle, 149) }),
  },
  'POST /api/fares/:id/retire': {
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/fares/${await freshFare(w)}/retire`, body: {} }),
  },
  // Issue 31: a posted trip's instant prices and booking, for the trip's customer.
  'GET /api/rides/:id/instant-prices': {
    expect: '401 200 404 404 404 200',
    request: (w) => ({ path: `/api/rides/${w.ride.id}/instant-prices` }),
  },
  'POST /api/rides/:id/book-instant': {
    // No such fare: the trip's customer gets past access to the 409 "no longer available"; the admin may
    // read a trip's prices but not book for its customer (404).
    expect: '401 409 404 403 403 404',
    request: async (w) => ({
      path: `/api/rides/${await w.freshRide()}/book-instant`,
      body: { fareId: crypto.randomUUID(), priceCents: 13900 },
    }),
  },

  // Bookings: the two parties only.
  'GET /api/bookings': { expect: '401 200 200 200 200 200', request: () => ({ path: '/api/bookings' }) },
  'GET /api/bookings/:id': {
    expect: '401 200 404 200 404 200',
    request: (w) => ({ path: `/api/bookings/${w.booking}` }),
  },
  'GET /api/bookings/:id/calendar.ics': {
    expect: '401 200 404 200 404 200',
    request: (w) => ({ path: `/api/bookings/${w.booking}/calendar.ics` }),
  },
  'POST /api/bookings/:id/cancel': {
    expect: '401 200 404 200 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking()}/cancel`,
      body: { reason: 'Plans changed' },
    }),
  },
  'POST /api/bookings/:id/complete': {
    expect: '401 403 404 200 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/complete`,
      body: {},
    }),
  },
  // The day of the trip (issue 30): the driver's actions, the customer's, either side's. Where the allowed
  // actor's answer is 409 the fresh booking is not at that stage (no status set, nothing marked): past access.
  'POST /api/bookings/:id/trip-status': {
    expect: '401 403 404 200 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/trip-status`,
      body: { status: 'on_the_way' },
    }),
  },
  'POST /api/bookings/:id/customer-signal': {
    expect: '401 200 404 403 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/customer-signal`,
      body: { kind: 'at_pickup' },
    }),
  },
  'PUT /api/bookings/:id/position-sharing': {
    expect: '401 403 404 200 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking()}/position-sharing`,
      body: { on: false },
    }),
  },
  'POST /api/bookings/:id/position': {
    // 409 for driver A: a fresh booking has no "On the way" and no sharing yet.
    expect: '401 403 404 409 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/position`,
      body: { lat: -32.72, lng: 152.1 },
    }),
  },
  'POST /api/bookings/:id/no-show': {
    // 409 for driver A: the driver has not arrived.
    expect: '401 403 404 409 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/no-show`,
      body: {},
    }),
  },
  'POST /api/bookings/:id/no-show-dispute': {
    // 409 for customer A: nobody marked a no-show.
    expect: '401 409 404 403 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/no-show-dispute`,
      body: { reason: 'I was at the door the whole time.' },
    }),
  },
  'POST /api/bookings/:id/not-happened': {
    expect: '401 200 404 200 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ pickupPassed: true })}/not-happened`,
      body: { reason: 'Nobody came.' },
    }),
  },
  'GET /api/bookings/:id/receipt': {
    expect: '401 200 404 200 404 404',
    request: (w) => ({ path: `/api/bookings/${w.booking}/receipt` }),
  },
  'POST /api/bookings/:id/receipt': {
    expect: '401 403 404 201 404 404',
    request: async (w) => ({
      path: `/api/bookings/${await w.freshBooking({ completed: true })}/receipt`,
      body: { method: 'cash', amount: 95 },
    }),
  },

  // Ratings: the parties of a completed booking.
  'POST /api/ratings': {
    expect: '401 201 404 201 404 404',
    request: async (w) => ({
      path: '/api/ratings',
      body: { bookingId: await w.freshBooking({ completed: true }), stars: 5, comment: 'On time.' },
    }),
  },
  'GET /api/ratings': {
    expect: '401 200 200 200 200 200',
    request: (w) => ({ path: `/api/ratings?userId=${w.people.driver.userId}` }),
  },

  // Files: one's own.
  'POST /api/files': {
    expect: '401 201 201 201 201 201',
    request: (w) => ({ path: '/api/files', form: w.pngForm('files') }),
  },
  'GET /api/files': { expect: '401 200 200 200 200 200', request: () => ({ path: '/api/files' }) },
  'GET /api/files/:id': {
    expect: '401 200 404 404 404 404',
    request: (w) => ({ path: `/api/files/${w.file}` }),
  },
  'DELETE /api/files/:id': {
    expect: '401 200 404 404 404 404',
    request: async (w, actor) => {
      // A file of A's of its own for this cell.
      if (actor !== 'customer') return { path: `/api/files/${w.file}` };
      const res = await w.people.customer.client.postForm('/api/files', w.pngForm('files'));
      const { files } = (await res.json()) as { files: { id: string }[] };
      return { path: `/api/files/${files[0]!.id}` };
    },
  },

  // Issue reports: anyone signed in reports; the reporter sees their own; admins triage.
  'POST /api/issues': {
    expect: '401 201 201 201 201 201',
    request: () => ({
      path: '/api/issues',
      body: {
        title: 'The map does not load',
        description: 'The map does not load on my phone after I pick a suburb.',
        category: 'bug',
        priority: 'medium',
      },
    }),
  },
  'GET /api/issues': { expect: '401 403 403 403 403 200', request: () => ({ path: '/api/issues' }) },
  'GET /api/issues/screenshots/:name': {
    expect: '401 200 404 404 404 200',
    request: (w) => ({ path: w.screenshot }),
  },

  // Analytics and client errors: admins read.
  'GET /api/analytics/summary': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/analytics/summary' }),
  },
  'GET /api/client-errors': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/client-errors' }),
  },

  // A driver's own business: drivers only.
  'GET /api/drivers/me': { expect: '401 403 403 200 200 404', request: () => ({ path: '/api/drivers/me' }) },
  'PUT /api/drivers/me': {
    expect: '401 403 403 200 200 404',
    request: () => ({ path: '/api/drivers/me', body: profileBody() }),
  },
  'GET /api/drivers/me/standing': {
    expect: '401 403 403 200 200 404',
    request: () => ({ path: '/api/drivers/me/standing' }),
  },
  'POST /api/drivers/me/submit': {
    // Already verified: nothing to submit (refused after access).
    expect: '401 403 403 409 409 404',
    request: () => ({ path: '/api/drivers/me/submit', body: {} }),
  },
  'GET /api/drivers/me/vehicles': {
    expect: '401 403 403 200 200 404',
    request: () => ({ path: '/api/drivers/me/vehicles' }),
  },
  'POST /api/drivers/me/vehicles': {
    expect: '401 403 403 201 201 404',
    request: () => ({
      path: '/api/drivers/me/vehicles',
      body: { make: 'Kia', model: 'Carnival', year: 2021, plate: 'KIA21', seats: 7, luggageBags: 6 },
    }),
  },
  'PUT /api/drivers/me/vehicles/:id': {
    expect: '401 403 403 200 404 404',
    request: (w) => ({
      path: `/api/drivers/me/vehicles/${w.vehicle}`,
      body: { make: 'Toyota', model: 'HiAce', year: 2022, plate: 'ABC123', seats: 12, luggageBags: 12 },
    }),
  },
  'DELETE /api/drivers/me/vehicles/:id': {
    // A's only vehicle carries A's bookings: retiring it is refused after access.
    expect: '401 403 403 409 404 404',
    request: (w) => ({ path: `/api/drivers/me/vehicles/${w.vehicle}` }),
  },
  'POST /api/drivers/me/vehicles/:id/photo': {
    expect: '401 403 403 200 404 404',
    request: (w) => ({ path: `/api/drivers/me/vehicles/${w.vehicle}/photo`, form: w.pngForm('file') }),
  },
  'GET /api/vehicles/:id/photo': {
    expect: '200 200 200 200 200 200',
    request: (w) => ({ path: `/api/vehicles/${w.vehicle}/photo` }),
  },
  'GET /api/drivers/me/documents': {
    expect: '401 403 403 200 200 404',
    request: () => ({ path: '/api/drivers/me/documents' }),
  },
  'POST /api/drivers/me/documents': {
    expect: '401 403 403 201 201 404',
    request: () => ({ path: '/api/drivers/me/documents', form: documentForm() }),
  },
  'DELETE /api/drivers/me/documents/:id': {
    // A document not yet reviewed (a reviewed one stays on record).
    expect: '401 403 403 200 404 404',
    request: async (w) => ({ path: `/api/drivers/me/documents/${await w.freshDocument()}` }),
  },
  'GET /api/driver-documents/:id/file': {
    expect: '404 404 404 200 404 200',
    request: (w) => ({ path: `/api/driver-documents/${w.document}/file` }),
  },

  // Billing: a driver's own statements.
  'GET /api/billing': { expect: '401 403 403 200 200 200', request: () => ({ path: '/api/billing' }) },
  'GET /api/billing/statements/:id': {
    expect: '401 404 404 200 404 200',
    request: (w) => ({ path: `/api/billing/statements/${w.statement}` }),
  },
  'GET /api/billing/statements/:id/pdf': {
    expect: '401 404 404 200 404 200',
    request: (w) => ({ path: `/api/billing/statements/${w.statement}/pdf` }),
  },
  'POST /api/billing/statements/:id/checkout': {
    // Card payments are not set up in tests (no Stripe key): refused after access (409, said so).
    expect: '401 403 403 409 404 404',
    request: (w) => ({ path: `/api/billing/statements/${w.statement}/checkout`, body: {} }),
  },
  'POST /api/stripe/webhook': {
    // Stripe's own call, never a session's: without Stripe set up (as here) it is not there for anyone;
    // with it, an unsigned call is 400 whoever sends it (billing-payments.test.ts).
    expect: '404 404 404 404 404 404',
    request: () => ({ path: '/api/stripe/webhook', body: {} }),
  },
  'POST /api/sms/inbound': {
    // The SMS provider's signed call, never a session's: without Twilio set up (as here) it is not there for
    // anyone; with it, a wrongly signed call is 403 whoever sends it (sms.test.ts).
    expect: '404 404 404 404 404 404',
    request: () => ({ path: '/api/sms/inbound' }),
  },

  // The administration: admins only, everything audited (admin-users.test.ts and friends).
  'GET /api/drivers/:userId': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/drivers/${w.people.driver.userId}` }),
  },
  'PUT /api/drivers/:userId': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/drivers/${w.people.driver.userId}`, body: profileBody() }),
  },
  'GET /api/admin/users': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/users' }),
  },
  'GET /api/admin/users/:id': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/admin/users/${w.people.customer.userId}` }),
  },
  'POST /api/admin/users/:id/suspend': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/users/${await w.freshUser()}/suspend`, body: REASON }),
  },
  'POST /api/admin/users/:id/reinstate': {
    // Not suspended: refused after access.
    expect: '401 403 403 403 403 409',
    request: async (w) => ({ path: `/api/admin/users/${await w.freshUser()}/reinstate`, body: {} }),
  },
  'POST /api/admin/users/:id/role': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({
      path: `/api/admin/users/${await w.freshUser()}/role`,
      body: { role: 'admin', ...REASON },
    }),
  },
  'POST /api/admin/users/:id/resend-confirmation': {
    // Already confirmed: refused after access.
    expect: '401 403 403 403 403 409',
    request: async (w) => ({ path: `/api/admin/users/${await w.freshUser()}/resend-confirmation`, body: {} }),
  },
  'POST /api/admin/users/:id/password-reset': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/users/${await w.freshUser()}/password-reset`, body: {} }),
  },
  'POST /api/admin/users/:id/reset-two-factor': {
    // A fresh account has no second factor: refused after access (issue 28).
    expect: '401 403 403 403 403 409',
    request: async (w) => ({
      path: `/api/admin/users/${await w.freshUser()}/reset-two-factor`,
      body: REASON,
    }),
  },
  'POST /api/admin/users/:id/notes': {
    expect: '401 403 403 403 403 201',
    request: (w) => ({
      path: `/api/admin/users/${w.people.customer.userId}/notes`,
      body: { body: 'Rang them.' },
    }),
  },
  'DELETE /api/admin/users/:id': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/users/${await w.freshUser()}`, body: REASON }),
  },
  'GET /api/admin/audit': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/audit' }),
  },
  'GET /api/admin/bookings': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/bookings' }),
  },
  'GET /api/admin/today': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/today' }),
  },
  'GET /api/admin/bookings/:id': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/admin/bookings/${w.booking}` }),
  },
  'POST /api/admin/bookings/:id/cancel': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/bookings/${await w.freshBooking()}/cancel`, body: REASON }),
  },
  'POST /api/admin/bookings/:id/flag': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({
      path: `/api/admin/bookings/${await w.freshBooking()}/flag`,
      body: { flag: 'disputed', ...REASON },
    }),
  },
  'POST /api/admin/bookings/:id/notes': {
    expect: '401 403 403 403 403 201',
    request: (w) => ({
      path: `/api/admin/bookings/${w.booking}/notes`,
      body: { body: 'Rang the customer.' },
    }),
  },
  'GET /api/admin/issues': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/issues' }),
  },
  'GET /api/admin/issues/:id': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/admin/issues/${w.issue}` }),
  },
  'POST /api/admin/issues/:id/status': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({
      path: `/api/admin/issues/${await w.freshIssue()}/status`,
      body: { status: 'in_progress' },
    }),
  },
  'POST /api/admin/issues/:id/reply': {
    expect: '401 403 403 403 403 201',
    request: (w) => ({ path: `/api/admin/issues/${w.issue}/reply`, body: { body: 'Thanks, we are on it.' } }),
  },
  'GET /api/admin/exports/trip-records.csv': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/exports/trip-records.csv?from=2026-01-01&to=2026-01-31' }),
  },
  'GET /api/admin/exports/completed-trips.csv': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/exports/completed-trips.csv?from=2026-01&to=2026-02' }),
  },
  'GET /api/admin/billing/statements': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/billing/statements' }),
  },
  'GET /api/admin/billing/statements.csv': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/billing/statements.csv' }),
  },
  'POST /api/admin/billing/statements/:id/payments': {
    // Not the whole amount: refused after access, so A's statement stays open for the other rows.
    expect: '401 403 403 403 403 409',
    request: (w) => ({
      path: `/api/admin/billing/statements/${w.statement}/payments`,
      body: { amount: 0.01, reference: 'CBA 123' },
    }),
  },
  'POST /api/admin/billing/statements/:id/void': {
    // No reason: refused after access (admin-billing tests void for real).
    expect: '401 403 403 403 403 400',
    request: (w) => ({ path: `/api/admin/billing/statements/${w.statement}/void`, body: { reason: '' } }),
  },
  'GET /api/admin/verifications': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/verifications' }),
  },
  'GET /api/admin/verifications/:driverId': {
    expect: '401 403 403 403 403 200',
    request: (w) => ({ path: `/api/admin/verifications/${w.people.driver.userId}` }),
  },
  'POST /api/admin/verifications/:driverId/approve': {
    // Nothing submitted: refused after access.
    expect: '401 403 403 403 403 409',
    request: async (w) => ({
      path: `/api/admin/verifications/${await w.freshDriver(false)}/approve`,
      body: {},
    }),
  },
  'POST /api/admin/verifications/:driverId/reject': {
    expect: '401 403 403 403 403 409',
    request: async (w) => ({
      path: `/api/admin/verifications/${await w.freshDriver(false)}/reject`,
      body: REASON,
    }),
  },
  'POST /api/admin/verifications/:driverId/suspend': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({
      path: `/api/admin/verifications/${await w.freshDriver(true)}/suspend`,
      body: REASON,
    }),
  },
  'POST /api/admin/verifications/:driverId/reinstate': {
    expect: '401 403 403 403 403 409',
    request: async (w) => ({
      path: `/api/admin/verifications/${await w.freshDriver(true)}/reinstate`,
      body: REASON,
    }),
  },
  'POST /api/admin/documents/:id/approve': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/documents/${await w.freshDocument()}/approve`, body: {} }),
  },
  'POST /api/admin/documents/:id/reject': {
    expect: '401 403 403 403 403 200',
    request: async (w) => ({ path: `/api/admin/documents/${await w.freshDocument()}/reject`, body: REASON }),
  },
  'GET /api/admin/dashboard': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/dashboard' }),
  },
  'GET /api/admin/follow-ups': {
    expect: '401 403 403 403 403 200',
    request: () => ({ path: '/api/admin/follow-ups' }),
  },

  // Development tools: mounted only when APP_ENV=development (as in tests), for whoever runs it locally.
  'GET /api/dev/mailbox': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/dev/mailbox' }),
  },
  'GET /api/dev/sms': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/dev/sms' }),
  },
  'POST /api/dev/rides/:id/pickup-passed': {
    expect: '200 200 200 200 200 200',
    request: async (w) => ({ path: `/api/dev/rides/${await w.freshRide()}/pickup-passed`, body: {} }),
  },
  'POST /api/dev/drivers/:id/verify': {
    expect: '200 200 200 200 200 200',
    request: async (w) => ({ path: `/api/dev/drivers/${await w.freshDriver(false)}/verify`, body: {} }),
  },
  'POST /api/dev/billing/month-end': {
    expect: '200 200 200 200 200 200',
    request: () => ({ path: '/api/dev/billing/month-end', body: {} }),
  },
  'POST /api/dev/bookings/:id/shift': {
    expect: '200 200 200 200 200 200',
    request: async (w) => ({
      path: `/api/dev/bookings/${await w.freshBooking()}/shift`,
      body: { minutes: 5 },
    }),
  },
};

function documentForm(): FormData {
  const form = new FormData();
  form.append('kind', 'insurance');
  form.append('expiresOn', nextYear());
  form.append('file', new Blob([new Uint8Array(PDF)]), 'insurance.pdf');
  return form;
}

/** The method a key names. */
const methodOf = (key: string) => key.slice(0, key.indexOf(' '));

/** Every cell again with uploads on S3-compatible storage (issue 34 item 4): the rules must not depend on it. */
const RUNS = oneDatabaseKind().flatMap((kind) => [
  { kind, uploads: 'local' as const },
  { kind, uploads: 's3' as const },
]);

describe.each(RUNS)(
  'the access matrix: every API route x six actors ($kind, $uploads uploads)',
  ({ kind, uploads }) => {
    let server: TestServer;
    let s3: TestS3Server | undefined;
    let w: World;
    /** The administrator's backup codes, for a second session without waiting for a new authenticator code. */
    let backupCodes: string[] = [];

    beforeAll(async () => {
      if (uploads === 's3') s3 = await startS3Server();
      server = await startServer(kind, { env: s3?.env });
      const [customer, otherCustomer, driver, otherDriver, admin] = await Promise.all([
        signedInClient(server, { userType: 'customer', fullName: 'Cara Anders' }),
        signedInClient(server, { userType: 'customer', fullName: 'Bea Brown' }),
        signedInClient(server, { userType: 'driver', fullName: 'Dana Anders', companyName: 'A Shuttles' }),
        signedInClient(server, { userType: 'driver', fullName: 'Ben Brown', companyName: 'B Coaches' }),
        signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
      ]);
      await makeAdmin(server, admin);
      admin.client = server.client();
      expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(200);
      const codes = await admin.client.post('/api/me/two-factor/backup-codes', { password: admin.password });
      backupCodes = ((await codes.json()) as { backupCodes: string[] }).backupCodes;
      await setVehicle(server.db, driver.userId);
      await setVehicle(server.db, otherDriver.userId);
      const db = server.db;
      const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      const pngForm = (field: string, extra: Record<string, string> = {}) => {
        const form = new FormData();
        form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
        for (const [k, v] of Object.entries(extra)) form.append(k, v);
        return form;
      };

      const freshRide = async () => (await insertRide(db, customer.userId)).id;
      const freshQuote = async () =>
        (await insertQuote(db, { rideId: await freshRide(), driverId: driver.userId })).id;
      const freshBooking = async (opts: { pickupPassed?: boolean; completed?: boolean } = {}) => {
        const rideId = await freshRide();
        const { bookingId } = await insertBooking(db, rideId, customer.userId, driver.userId);
        if (opts.pickupPassed || opts.completed)
          await db.execute(sql`update rides set pickup_at = now() - interval '2 hours' where id = ${rideId}`);
        if (opts.completed)
          await db.execute(
            sql`update bookings set status = 'completed', completed_at = now() where id = ${bookingId}`,
          );
        return bookingId;
      };

      // Customer A's trip, with driver A's quote and question on it.
      const ride = await insertRide(db, customer.userId);
      const quote = await insertQuote(db, { rideId: ride.id, driverId: driver.userId });
      const asked = await driver.client.post(`/api/rides/${ride.id}/questions`, { body: 'Any large items?' });
      expect(asked.status).toBe(201);
      const question = ((await asked.json()) as { question: { id: string } }).question.id;
      const booking = await freshBooking();

      // A's file, avatar and an issue with a screenshot.
      const up = await customer.client.postForm('/api/files', pngForm('files'));
      expect(up.status).toBe(201);
      const file = ((await up.json()) as { files: { id: string }[] }).files[0]!.id;
      const av = await customer.client.postForm('/api/avatars', pngForm('file'));
      expect(av.status).toBe(201);
      const avatar = ((await av.json()) as { url: string }).url;
      const report = await customer.client.postForm(
        '/api/issues',
        pngForm('screenshot', {
          title: 'The map does not load',
          description: 'The map does not load on my phone after I pick a suburb.',
          category: 'bug',
          priority: 'medium',
        }),
      );
      expect(report.status, await report.clone().text()).toBe(201);
      const issueDto = ((await report.json()) as { issue: { id: string; screenshotUrl: string } }).issue;

      // A notification of A's, driver A's vehicle and a document, and a statement for driver A.
      const [note] = await rows<{ id: string }>(
        db,
        sql`insert into notifications (user_id, type, title, message)
          values (${customer.userId}, 'new_quote', 'New quote', 'A driver quoted.') returning id`,
      );
      const [vehicle] = await rows<{ id: string }>(
        db,
        sql`select id from vehicles where driver_id = ${driver.userId} and retired_at is null limit 1`,
      );
      const photo = await driver.client.postForm(
        `/api/drivers/me/vehicles/${vehicle!.id}/photo`,
        pngForm('file'),
      );
      expect(photo.status).toBe(200);
      const [document] = await rows<{ id: string }>(
        db,
        sql`select id from driver_documents where driver_id = ${driver.userId} and kind = 'insurance' limit 1`,
      );
      const billed = await freshBooking({ pickupPassed: true });
      expect((await driver.client.post(`/api/bookings/${billed}/complete`)).status).toBe(200);
      await issueStatements(db, billingSettings(server.deps.env), monthEnd());
      const [statement] = await rows<{ id: string }>(
        db,
        sql`select id from billing_statements where driver_id = ${driver.userId} limit 1`,
      );
      expect(statement).toBeDefined();

      w = {
        server,
        people: { customer, otherCustomer, driver, otherDriver, admin },
        ride: { id: ride.id },
        quote: { id: quote.id },
        booking,
        question,
        file,
        issue: issueDto.id,
        screenshot: issueDto.screenshotUrl,
        avatar,
        notification: note!.id,
        vehicle: vehicle!.id,
        document: document!.id,
        statement: statement!.id,
        png,
        freshRide,
        freshQuote,
        freshBooking,
        async freshIssue() {
          const [row] = await rows<{ id: string }>(
            db,
            sql`insert into issues (title, description, user_id, user_email)
              values ('Broken thing', 'Something is broken here.', ${customer.userId}, ${customer.email})
              returning id`,
          );
          return row!.id;
        },
        freshUser: () => insertCustomer(db, 'Fresh Person'),
        freshDriver: (verified) => insertDriver(db, { verified, storage: server.deps.env }),
        async freshDocument() {
          const res = await driver.client.postForm('/api/drivers/me/documents', documentForm());
          if (res.status !== 201) throw new Error(`document upload: ${res.status} ${await res.text()}`);
          return ((await res.json()) as { document: { id: string } }).document.id;
        },
        pngForm,
      };
      // On the S3 run every upload above (and the drivers' verification documents) went to the bucket.
      if (s3) expect(existsSync(path.join(server.deps.env.DATA_DIR, 'uploads'))).toBe(false);
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    it('probe: every route in the route table has an entry (no route ships without an access rule), and none is left for a route that is gone', () => {
      const routes = new Set(
        server.app.routes
          .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
          .map((r) => `${r.method} ${r.path}`),
      );
      expect([...routes].filter((r) => !(r in MATRIX))).toEqual([]);
      expect(Object.keys(MATRIX).filter((k) => !routes.has(k))).toEqual([]);
      expect(routes.size).toBeGreaterThan(130);
    });

    /** The person's session as a new browser at a new address (no per-address limit is reached). */
    async function clientFor(actor: Actor, key: string): Promise<TestClient> {
      const client = server.client();
      if (actor === 'guest') return client;
      const person = w.people[actor];
      if (key === 'POST /api/account/sign-out') {
        // A second session of the same person, so the matrix's own session stays. The administrator's second
        // factor is a backup code (a new authenticator code would mean waiting for the next 30 s step).
        let res = await client.post('/api/account/sign-in', {
          email: person.email,
          password: person.password,
        });
        if (actor === 'admin' && res.status === 200)
          res = await client.post('/api/account/two-factor', {
            method: 'backup_code',
            code: backupCodes.pop(),
          });
        if (res.status !== 200) throw new Error(`second sign-in of ${actor}: ${res.status}`);
        return client;
      }
      for (const [k, v] of person.client.cookies) client.cookies.set(k, v);
      return client;
    }

    /** The answer's status, and its text when it is JSON (an error says why). */
    async function send(
      client: TestClient,
      method: string,
      cell: Cell,
    ): Promise<{ status: number; text: string }> {
      const headers: Record<string, string> = { 'x-forwarded-for': client.ip ?? '' };
      const cookie = client.cookieHeader();
      if (cookie) headers.cookie = cookie;
      let res: Response;
      const controller = new AbortController();
      if (cell.form) {
        // Every upload route is a POST: TestClient's multipart request, with its address, origin and cookies.
        res = await client.postForm(cell.path, cell.form);
      } else if (cell.path.endsWith('/stream')) {
        // The event stream never ends: its status and headers are the answer.
        res = await fetch(`${client.baseUrl}${cell.path}`, { headers, signal: controller.signal });
      } else {
        res = await client.request(cell.path, { method, body: cell.body });
      }
      const json = res.headers.get('content-type')?.includes('json') ?? false;
      const text = json ? await res.text() : '';
      if (!json) controller.abort();
      if (!res.bodyUsed) await res.body?.cancel().catch(() => {});
      return { status: res.status, text };
    }

    it.each(Object.keys(MATRIX))('%s', async (key) => {
      const entry = MATRIX[key]!;
      const method = methodOf(key);
      const got: string[] = [];
      const details: string[] = [];
      for (const actor of ACTORS) {
        const cell = await entry.request(w, actor);
        const { status, text } = await send(await clientFor(actor, key), method, cell);
        got.push(String(status));
        details.push(`${actor}: ${status} ${text.slice(0, 160)}`);
      }
      expect(got.join(' '), `${key}\n${details.join('\n')}`).toBe(entry.expect);
    });
  },
);
