/**
 * Overload by a burst (issue 33 item 2): N accepts sent at once on a few trips, then a burst of board
 * reads, against a running server. Used by `bench/accept-burst.ts` (the numbers in bench/README.md) and by
 * tests/timing/accept-burst.test.ts (the same scenario, asserted).
 *
 * Set-up through the API: `trips` customers post one trip each, `drivers` verified drivers quote every
 * trip. The burst: `accepts` POST /api/quotes/:id/accept at once, spread evenly over the trips and each
 * trip's quotes (its customer pressing Accept on every card, many times). Then every customer whose trip
 * is not booked retries, one accept at a time, honouring Retry-After, as a client should. Then `reads`
 * GET /api/rides/available at once, spread over the drivers.
 */

import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import { type ApiClient, jsonOf, Observed } from '../chaos/http.ts';
import { createUser, type SimUser } from '../chaos/load.ts';
import { sleep } from '../chaos/util.ts';

export interface BurstOptions {
  trips: number;
  drivers: number;
  accepts: number;
  reads: number;
  /** How long the retry phase may take before the trips still unbooked are given up. */
  retryDeadlineMs: number;
}

export interface AcceptAnswer {
  trip: number;
  quoteId: string;
  /** HTTP status, or the network error. */
  status: number | string;
  code: string | null;
  retryAfter: string | null;
  bookingId: string | null;
  ms: number;
}

export interface BurstReport {
  acceptAnswers: AcceptAnswer[];
  /** Wall time of the accept burst, first request sent to last answer. */
  acceptBurstMs: number;
  /** Per trip: the bookings it has after the burst, and the booking ids the burst's answers named. */
  trips: {
    rideId: string;
    bookedAfterBurst: string[];
    answeredBookings: string[];
    bookedAfterRetry: string[];
  }[];
  retryAttempts: number;
  retryMs: number;
  readAnswers: { status: number | string; code: string | null; ms: number }[];
  readBurstMs: number;
}

/** Tally of statuses and error codes: '201', '409', '503 server_busy', 'ECONNRESET'... */
export function tally(answers: { status: number | string; code: string | null }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key =
      a.code && typeof a.status === 'number' && a.status >= 500 ? `${a.status} ${a.code}` : `${a.status}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

export function percentileMs(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A week ahead at 10:00 Sydney, inside every driver's hours; a different trip per customer. */
function tripBody(index: number) {
  return {
    pickup: { locality: 'Nelson Bay', postcode: '2315', address: `${index + 1} Stockton Street` },
    destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
    date: utcToSydney(new Date(Date.now() + 7 * 86_400_000)).date,
    time: '10:00',
    passengers: 2,
    luggageBags: 1,
    largeItems: [],
    budget: 90,
    notes: `burst trip ${index + 1}`,
    flightNumber: '',
  };
}

function must(what: string, result: Awaited<ReturnType<ApiClient['request']>>, want: number[]) {
  if (!result.ok) throw new Error(`${what}: ${result.error}`);
  if (!want.includes(result.status))
    throw new Error(`${what} answered ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
}

async function inBatches<T>(items: T[], size: number, work: (item: T, index: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)));
  }
}

interface Trip {
  customer: SimUser;
  rideId: string;
  quoteIds: string[];
}

export async function setUpBurst(baseUrl: string, opts: BurstOptions, runId: string) {
  const observed = new Observed();
  const customers: SimUser[] = [];
  const drivers: SimUser[] = [];
  await inBatches(
    Array.from({ length: opts.trips }, (_, i) => i),
    5,
    async (i) => void customers.push(await createUser(baseUrl, observed, runId, 'customer', i)),
  );
  await inBatches(
    Array.from({ length: opts.drivers }, (_, i) => i),
    5,
    async (i) => void drivers.push(await createUser(baseUrl, observed, runId, 'driver', i)),
  );
  const trips: Trip[] = [];
  for (const [i, customer] of customers.entries()) {
    const res = must(
      'POST /api/rides',
      await customer.client.request('POST', '/api/rides', { body: tripBody(i) }),
      [201],
    );
    trips.push({ customer, rideId: jsonOf<{ ride: { id: string } }>(res)!.ride.id, quoteIds: [] });
  }
  for (const [d, driver] of drivers.entries()) {
    for (const trip of trips) {
      const res = must(
        'POST /api/quotes',
        await driver.client.request('POST', '/api/quotes', {
          body: { rideId: trip.rideId, price: 80 + d, message: 'Door to door, bags included (burst run).' },
        }),
        [201],
      );
      trip.quoteIds.push(jsonOf<{ quote: { id: string } }>(res)!.quote.id);
    }
  }
  return { customers, drivers, trips };
}

async function accept(trip: Trip, index: number, quoteId: string): Promise<AcceptAnswer> {
  const started = Date.now();
  const res = await trip.customer.client.request('POST', `/api/quotes/${quoteId}/accept`, {
    body: { acceptFare: true },
    timeoutMs: 120_000,
  });
  const ms = Date.now() - started;
  if (!res.ok)
    return { trip: index, quoteId, status: res.error, code: null, retryAfter: null, bookingId: null, ms };
  const body = jsonOf<{ booking?: { id: string }; error?: { code: string } }>(res);
  return {
    trip: index,
    quoteId,
    status: res.status,
    code: body?.error?.code ?? null,
    retryAfter: res.headers.get('retry-after'),
    bookingId: body?.booking?.id ?? null,
    ms,
  };
}

/** The trip's live bookings, as its customer sees them. */
async function bookingsOf(trip: Trip): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const res = await trip.customer.client.request('GET', `/api/bookings?rideId=${trip.rideId}`);
    if (res.ok && res.status === 200) {
      const body = jsonOf<{
        bookings?: { id: string; status: string }[];
        items?: { id: string; status: string }[];
      }>(res);
      const list = body?.bookings ?? body?.items ?? [];
      return list.filter((b) => b.status === 'confirmed').map((b) => b.id);
    }
    if (attempt > 20) throw new Error(`GET /api/bookings answered ${res.ok ? res.status : res.error}`);
    await sleep(500);
  }
}

export async function runBurst(
  set: Awaited<ReturnType<typeof setUpBurst>>,
  opts: BurstOptions,
): Promise<BurstReport> {
  const { trips, drivers } = set;
  // The accepts: request i goes to trip i % trips, and to that trip's quote (i / trips) % quotes.
  const plan = Array.from({ length: opts.accepts }, (_, i) => {
    const t = i % trips.length;
    const trip = trips[t]!;
    return { t, trip, quoteId: trip.quoteIds[Math.floor(i / trips.length) % trip.quoteIds.length]! };
  });
  const burstStarted = Date.now();
  const acceptAnswers = await Promise.all(plan.map((p) => accept(p.trip, p.t, p.quoteId)));
  const acceptBurstMs = Date.now() - burstStarted;

  const after = await Promise.all(trips.map(bookingsOf));

  // Retry: each customer whose trip is not booked presses Accept on its quotes in turn, one at a time,
  // waiting Retry-After after a busy answer, until one books.
  const retryStarted = Date.now();
  let retryAttempts = 0;
  await Promise.all(
    trips.map(async (trip, t) => {
      if (after[t]!.length > 0) return;
      for (let n = 0; Date.now() - retryStarted < opts.retryDeadlineMs; n++) {
        retryAttempts += 1;
        const a = await accept(trip, t, trip.quoteIds[n % trip.quoteIds.length]!);
        if (a.status === 201 || a.status === 200) return;
        const wait = a.retryAfter ? Number(a.retryAfter) * 1000 : 500;
        await sleep(Number.isFinite(wait) ? wait : 500);
      }
    }),
  );
  const retryMs = Date.now() - retryStarted;
  const final = await Promise.all(trips.map(bookingsOf));

  const readsStarted = Date.now();
  const readAnswers = await Promise.all(
    Array.from({ length: opts.reads }, async (_, i) => {
      const driver = drivers[i % drivers.length]!;
      const started = Date.now();
      const res = await driver.client.request('GET', '/api/rides/available', { timeoutMs: 120_000 });
      const ms = Date.now() - started;
      if (!res.ok) return { status: res.error as number | string, code: null, ms };
      return { status: res.status, code: jsonOf<{ error?: { code: string } }>(res)?.error?.code ?? null, ms };
    }),
  );
  const readBurstMs = Date.now() - readsStarted;

  return {
    acceptAnswers,
    acceptBurstMs,
    trips: trips.map((trip, t) => ({
      rideId: trip.rideId,
      bookedAfterBurst: after[t]!,
      answeredBookings: [
        ...new Set(
          acceptAnswers
            .filter((a) => a.trip === t && (a.status === 201 || a.status === 200) && a.bookingId)
            .map((a) => a.bookingId!),
        ),
      ],
      bookedAfterRetry: final[t]!,
    })),
    retryAttempts,
    retryMs,
    readAnswers,
    readBurstMs,
  };
}
