/**
 * Issue 16: no input shape produces a 5xx. The probe found one 500 in 3,471 fuzz cases (a sign-in password
 * over 128 characters). This test takes every /api route from the app's own route table (a new route is
 * fuzzed without anyone adding it here) and sends each FUZZ_RUNS generated requests (fast-check, fixed
 * seed): JSON bodies built from the field names our schemas use with hostile values, any JSON at all, and
 * odd path parameters and query strings; as the actor that reaches furthest into the route (an admin for
 * /api/admin, a driver for driver routes, a customer otherwise). Every answer must be below 500.
 *
 * Then, for every route that checks a JSON body with a zod schema (noted by the app as it runs:
 * src/server/http/body-schemas.ts), FUZZ_RUNS more bodies generated from that schema itself: values of its
 * types, formats, patterns, lengths and enums, some with one field spoiled.
 *
 * A longer run: FUZZ_RUNS=1000 FUZZ_SEED=<any> npx vitest run --project api tests/api/fuzz.test.ts
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../src/server/http/body-limit.ts';
import { bodySchemas } from '../../src/server/http/body-schemas.ts';
import {
  makeAdmin,
  oneDatabaseKind,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { insertCustomer, insertDriver, insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';
import { bodiesOf, unboundedStrings } from './schema-arbitrary.ts';

/**
 * Requests per route: 100, or FUZZ_RUNS. One database (oneDatabaseKind(): PostgreSQL when DATABASE_URL is
 * set, what production uses, else PGlite): what is fuzzed is the request handling, the same code on both,
 * and PGlite is the same PostgreSQL engine. Until issue 29 PGlite also got the first 25 of the same
 * requests, which found nothing PostgreSQL did not and cost about a minute of CI (issue 29: CI time).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/**
 * Routes that would end the actor's session or account, which the rest of the run needs, and the event
 * stream, which never ends (its input is its query only: live-updates.test.ts).
 */
const SKIPPED = new Set([
  'POST /api/account/sign-out',
  'DELETE /api/me',
  'POST /api/me/sessions/revoke-others',
  'GET /api/notifications/stream',
]);

/**
 * The routes that take no JSON body (nothing to generate from a schema): uploads are multipart
 * (files.test.ts, driver-verification.test.ts), Stripe's webhook is its signed payload, and the rest are
 * actions whose path says everything. Every other route that changes something must note its body schema
 * (src/server/http/body-schemas.ts), or the schema-driven test below fails naming it.
 */
const WITHOUT_JSON_BODY = new Set([
  'POST /api/drivers/me/submit',
  'DELETE /api/drivers/me/vehicles/:id',
  'POST /api/drivers/me/vehicles/:id/photo',
  'POST /api/drivers/me/documents',
  'DELETE /api/drivers/me/documents/:id',
  'POST /api/admin/users/:id/resend-confirmation',
  'POST /api/admin/users/:id/password-reset',
  'POST /api/quotes/:id/withdraw',
  'POST /api/quotes/:id/ask-again',
  'POST /api/fares/:id/retire',
  'POST /api/bookings/:id/complete',
  'POST /api/billing/statements/:id/checkout',
  'POST /api/stripe/webhook',
  'POST /api/sms/inbound',
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'POST /api/files',
  'DELETE /api/files/:id',
  'POST /api/avatars',
  'POST /api/dev/rides/:id/pickup-passed',
  'POST /api/dev/billing/month-end',
]);

/** The field names our request schemas use (src/shared/validation, the route modules). */
const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'fullName',
  'phone',
  'userType',
  'bspNumber',
  'companyName',
  'abn',
  'rideId',
  'quoteId',
  'bookingId',
  'price',
  'message',
  'reason',
  'stars',
  'comment',
  'body',
  'title',
  'description',
  'category',
  'priority',
  'status',
  'amount',
  'reference',
  'method',
  'code',
  'flag',
  'note',
  'role',
  'pickup',
  'destination',
  'locality',
  'postcode',
  'address',
  'date',
  'time',
  'passengers',
  'luggageBags',
  'largeItems',
  'needs',
  'budget',
  'notes',
  'flightNumber',
  'returnTrip',
  'pair',
  'acceptFare',
  'seats',
  'make',
  'model',
  'colour',
  'registration',
  'vehicleId',
  'kind',
  'expiresOn',
  'days',
  'hours',
  'from',
  'to',
  'area',
  'radiusKm',
  'token',
  'name',
  'subject',
  'type',
  'formData',
  'events',
  'consent',
  'pageViews',
  'url',
  'stack',
  'context',
  'severity',
  'endpoint',
  'keys',
  'email_enabled',
  'push',
  'settings',
  'fontScale',
  'highContrast',
  'reducedMotion',
  'avatarUrl',
  'userId',
  'q',
  'cursor',
  'limit',
  'period',
  'bio',
  'languages',
  'serviceAreas',
];

/** Values that have broken servers: long, empty, odd types, odd numbers, odd text. */
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(5_000),
    'y'.repeat(70_000),
    '\u0000',
    '%00',
    '<script>alert(1)</script>',
  ),
  fc.constantFrom(
    "'; drop table users; --",
    '../../etc/passwd',
    '{{7*7}}',
    '$' + '{7*7}',
    '\u202e',
    '🚐'.repeat(500),
  ),
  fc.constantFrom('2026-02-30', '9999-12-31', '0000-00-00', '25:61', 'NaN', 'Infinity', '-0', '1e309'),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), {
    maxKeys: 3,
  }),
);

/** This run's real records: requests that name them reach the code behind the lookups. */
interface Known {
  emails: string[];
  ids: string[];
  /** People the administrator's actions (suspend, delete, change role) may land on: not the run's actors. */
  victims: string[];
}

const isoDate = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const place = fc.record({
  locality: fc.constantFrom('Nelson Bay', 'Williamtown', 'Shoal Bay', 'Nowhere'),
  postcode: fc.constantFrom('2315', '2318', '2316', '9999'),
  address: fc.string({ maxLength: 300 }),
});

/**
 * For the fields where it matters, values that pass their first checks, so a request gets past validation
 * to the code behind it (where the 500 the probe found was): real addresses and ids, dates and times in
 * their formats, numbers around their limits, the enums' values.
 */
function plausible(known: Known): Partial<Record<string, fc.Arbitrary<unknown>>> {
  const id = fc.constantFrom(...known.ids);
  const secret = fc.oneof(fc.string({ minLength: 8, maxLength: 140 }), fc.constant('z'.repeat(129)));
  const money = fc.oneof(
    fc.integer({ min: -10, max: 100_000 }),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
  );
  return {
    email: fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress()),
    password: secret,
    confirmPassword: secret,
    currentPassword: secret,
    newPassword: secret,
    rideId: id,
    quoteId: id,
    bookingId: id,
    vehicleId: id,
    userId: id,
    date: isoDate,
    expiresOn: isoDate,
    from: isoDate,
    to: isoDate,
    time: fc.constantFrom('00:00', '09:30', '23:59', '02:30'),
    price: money,
    amount: money,
    budget: money,
    passengers: fc.integer({ min: -1, max: 100 }),
    luggageBags: fc.integer({ min: -1, max: 100 }),
    seats: fc.integer({ min: -1, max: 100 }),
    stars: fc.integer({ min: -1, max: 7 }),
    userType: fc.constantFrom('customer', 'driver', 'admin'),
    role: fc.constantFrom('customer', 'driver', 'admin'),
    method: fc.constantFrom('cash', 'card', 'transfer', 'totp', 'backup_code'),
    fullName: fc.constantFrom('Ada Lovelace', "Mia O'Brien", 'A'),
    phone: fc.constantFrom('0412 345 678', '+61412345678', '02 4981 1234'),
    pickup: place,
    destination: place,
  };
}

/**
 * The body as sent. Mostly a form that looks right (each plausible field present or not) with a few
 * fields made hostile, so the request gets past the first check and a single bad value meets the code
 * behind it; also any mix of our field names, any JSON, and text that is not JSON at all.
 */
function bodyOf(known: Known): fc.Arbitrary<string> {
  const good = plausible(known);
  const names = Object.keys(good);
  const almostRight = fc
    .record(
      Object.fromEntries(names.map((name) => [name, good[name]!])) as Record<string, fc.Arbitrary<unknown>>,
      { requiredKeys: [] },
    )
    .chain((form) =>
      fc
        .dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: 3 })
        .map((bad) => JSON.stringify({ ...form, ...bad })),
    );
  const anyFields = fc
    .dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: 8 })
    .map((v) => JSON.stringify(v));
  return fc.oneof(
    { weight: 5, arbitrary: almostRight },
    { weight: 2, arbitrary: anyFields },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('not json', '{', '[]', '"x"', 'null', '{"a":'.repeat(200)) },
  );
}

function pathParamOf(known: Known, admin = false): fc.Arbitrary<string> {
  // The administrator's actions never land on the run's own people, so later routes still have them.
  const ids = admin ? [...known.victims, ...known.ids.slice(3)] : known.ids;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom('not-a-uuid', 'me', '0', '-1', '%2e%2e', 'x'.repeat(3_000), "'", 'null'),
    },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
  );
}

const query = fc.dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: 4 });

function substitute(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? 'x'));
}

function queryString(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

type Person = Awaited<ReturnType<typeof signedInClient>>;

describe.each(oneDatabaseKind())('fuzz every API route (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let admin: Person;
  let routes: { method: string; path: string }[];
  let known: Known;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer' }),
      signedInClient(server, { userType: 'driver' }),
      signedInClient(server, { userType: 'customer' }),
    ]);
    await setVehicle(server.db, driver.userId);
    await makeAdmin(server, admin);
    admin.client = server.client();
    expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(200);
    // Some records to name: a trip, a quote and a booking between the two, and the people.
    const ride = await insertRide(server.db, customer.userId);
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 9_000,
    });
    const open = await insertRide(server.db, customer.userId);
    const vehicles = (await (await driver.client.get('/api/drivers/me/vehicles')).json()) as {
      items: { id: string }[];
    };
    known = {
      victims: [
        await insertCustomer(server.db, 'Vic Tim'),
        await insertCustomer(server.db, 'Vera Tim'),
        await insertDriver(server.db, { dataDir: server.deps.env.DATA_DIR }),
      ],
      emails: [customer.email, driver.email, admin.email],
      ids: [customer.userId, driver.userId, admin.userId, ride.id, quote.id, open.id, vehicles.items[0]!.id],
    };
    const accepted = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    if (accepted.status === 201)
      known.ids.push(((await accepted.json()) as { booking: { id: string } }).booking.id);

    // The route table of the running app: every route, including ones added after this test was written.
    const seen = new Set<string>();
    routes = server.app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
      .filter((r) => {
        const key = `${r.method} ${r.path}`;
        if (seen.has(key) || SKIPPED.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((r) => ({ method: r.method, path: r.path }));
    expect(routes.length).toBeGreaterThan(100);
  });
  afterAll(() => server?.close());

  /**
   * Starts every rate and flood limit afresh: a hundred requests to one route must not spend the next
   * route's allowance, or its requests would stop at 429 before the code behind it.
   */
  async function freshHour() {
    await server.db.execute(sql`delete from rate_limits`);
    await server.db.execute(sql`delete from sign_in_guards`);
  }

  /** The actor that reaches furthest into a route, as a new client address each time (no per-address limit). */
  function as(path: string): TestClient {
    const who =
      path.startsWith('/api/admin') || path === '/api/drivers/:userId'
        ? admin
        : /^\/api\/(drivers|quotes|billing|driver-documents|vehicles|runs|fares)/.test(path) &&
            !path.endsWith('/accept') &&
            !path.endsWith('/book') &&
            // Issue 32: a customer asks a quote's driver (POST /api/quotes/:id/questions).
            !path.endsWith('/questions')
          ? driver
          : customer;
    const client = server.client();
    for (const [k, v] of who.client.cookies) client.cookies.set(k, v);
    return client;
  }

  it(`probe: answers ${RUNS} generated requests per route without a 5xx`, async () => {
    const failures: string[] = [];
    const body = bodyOf(known);
    for (const [index, route] of routes.entries()) {
      const pathParam = pathParamOf(known, route.path.startsWith('/api/admin'));
      await freshHour();
      const params = (route.path.match(/:[A-Za-z]+/g) ?? []).length;
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const cases = fc.sample(
        fc.record({ values: fc.array(pathParam, { minLength: params, maxLength: params }), body, query }),
        { numRuns: RUNS, seed: SEED + index },
      );
      for (const c of cases) {
        const path = substitute(route.path, c.values) + (hasBody ? '' : queryString(c.query));
        const res = await as(route.path).request(path, {
          method: route.method,
          body: hasBody ? c.body : undefined,
        });
        const text = await res.text();
        if (res.status >= 500) {
          failures.push(
            `${route.method} ${path.slice(0, 200)} ${hasBody ? c.body.slice(0, 300) : ''} -> ${res.status} ${text.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it(`answers ${RUNS} requests per route generated from the route's own zod schema without a 5xx`, async () => {
    // The schemas the app noted while answering the test above (it reaches every route's body check).
    const table = new Set(routes.map((r) => `${r.method} ${r.path}`));
    // A schema is noted when a request first reaches the route's check; a route whose generated requests
    // never got that far (an id of the wrong kind each time) is tried with each known id until one does.
    for (const key of table) {
      if (key.startsWith('GET ') || bodySchemas().has(key) || WITHOUT_JSON_BODY.has(key)) continue;
      const [method, routePath] = key.split(' ') as [string, string];
      const admin = routePath.startsWith('/api/admin');
      const pool = admin ? [...known.victims, ...known.ids.slice(3)] : known.ids;
      let combos: string[][] = [[]];
      for (const _ of routePath.match(/:[A-Za-z]+/g) ?? [])
        combos = combos.flatMap((c) => pool.map((id) => [...c, id]));
      for (const values of combos) {
        await as(routePath).request(substitute(routePath, values), { method, body: '{}' });
        if (bodySchemas().has(key)) break;
      }
    }
    const noted = [...bodySchemas()].filter(([key]) => table.has(key));
    const unnoted = [...table].filter(
      (key) => !key.startsWith('GET ') && !bodySchemas().has(key) && !WITHOUT_JSON_BODY.has(key),
    );
    expect(unnoted, 'routes that change something without a noted body schema').toEqual([]);
    const failures: string[] = [];
    const overrides = plausible(known);
    for (const [index, [key, schema]] of noted.entries()) {
      const bodies = bodiesOf(schema, overrides);
      expect(bodies, `${key}: zod could not describe its schema`).not.toBeNull();
      const [method, routePath] = key.split(' ') as [string, string];
      const pathParam = pathParamOf(known, routePath.startsWith('/api/admin'));
      await freshHour();
      const params = (routePath.match(/:[A-Za-z]+/g) ?? []).length;
      // Two in three as generated; one in three with one field spoiled by a hostile value.
      const body = fc.oneof(
        { weight: 2, arbitrary: bodies! },
        {
          weight: 1,
          arbitrary: fc
            .tuple(bodies!, fc.constantFrom(...FIELDS), hostile)
            .map(([b, field, bad]) =>
              b && typeof b === 'object' && !Array.isArray(b) ? { ...b, [field]: bad } : bad,
            ),
        },
      );
      const cases = fc.sample(
        fc.record({ values: fc.array(pathParam, { minLength: params, maxLength: params }), body }),
        { numRuns: RUNS, seed: SEED + 1_000 + index },
      );
      for (const c of cases) {
        const path = substitute(routePath, c.values);
        const sent = JSON.stringify(c.body) ?? 'null';
        const res = await as(routePath).request(path, { method, body: sent });
        const text = await res.text();
        if (res.status >= 500) {
          failures.push(
            `${method} ${path.slice(0, 200)} ${sent.slice(0, 300)} -> ${res.status} ${text.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('probe: every route refuses control characters in its body and its query with 400 (issue 28 finding 7)', async () => {
    // NUL and the rest of C0 but tab and line breaks: the one check (http/control-characters.ts) answers
    // before any route code, whoever asks. Each route gets each character once, in the body (beside the
    // fields its schema expects, when the app noted one; as a form field for the upload routes) or, for
    // GET and DELETE, in the query. The liveness and readiness probes read nothing of the request.
    const characters = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f'];
    const probes = new Set(['/api/health', '/api/ready']);
    const multipartOnly = (path: string) =>
      BODY_LIMITS.some((r) => r.path === path && r.accepts?.every((t) => t === 'multipart/form-data'));
    const urlencodedOnly = (path: string) =>
      BODY_LIMITS.some(
        (r) => r.path === path && r.accepts?.every((t) => t === 'application/x-www-form-urlencoded'),
      );
    const overrides = plausible(known);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !probes.has(r.path))) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const schema = bodySchemas().get(`${route.method} ${route.path}`);
      const [sample] = schema
        ? fc.sample(bodiesOf(schema, overrides) ?? fc.constant({}), { numRuns: 1, seed: SEED })
        : [{}];
      const base = sample && typeof sample === 'object' && !Array.isArray(sample) ? sample : {};
      const path = substitute(route.path, known.ids.slice(0, (route.path.match(/:[A-Za-z]+/g) ?? []).length));
      for (const ch of characters) {
        const form = new FormData();
        form.append('note', `before${ch}after`);
        const res = multipartOnly(route.path)
          ? await as(route.path).postForm(path, form)
          : urlencodedOnly(route.path)
            ? await as(route.path).request(path, {
                method: route.method,
                body: new URLSearchParams({ note: `before${ch}after` }).toString(),
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              })
            : hasBody
              ? await as(route.path).request(path, {
                  method: route.method,
                  body: JSON.stringify({ ...base, note: `before${ch}after` }),
                })
              : await as(route.path).request(`${path}?q=${encodeURIComponent(`a${ch}b`)}`, {
                  method: route.method,
                });
        const text = await res.text();
        if (res.status !== 400 || !text.includes('control characters')) {
          failures.push(
            `${route.method} ${route.path} ${JSON.stringify(ch)} -> ${res.status} ${text.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('every string a route takes in its body has a maximum length', () => {
    // The schemas the app noted in the tests above (run them first: this one reads what they left).
    expect(bodySchemas().size).toBeGreaterThan(50);
    const unbounded = [...bodySchemas()].flatMap(([key, schema]) =>
      unboundedStrings(schema).map((at) => `${key}: ${at}`),
    );
    expect(unbounded).toEqual([]);
  });
});
