/**
 * The simulated marketplace: customers and drivers who sign up through the API (confirming from the
 * development mailbox), each with an open live stream; customers post trips steadily, drivers quote them.
 * Every write carries an Idempotency-Key and a marker the checks find it by.
 */
import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import { ApiClient, idempotentWrite, jsonOf, newKey, type Observed, type WriteRecord } from './http.ts';
import { LiveStream } from './sse.ts';
import { log, now, pollUntil, sleep } from './util.ts';

export interface SimUser {
  label: string;
  role: 'customer' | 'driver';
  email: string;
  userId: string;
  client: ApiClient;
  stream: LiveStream;
}

const PASSWORD = 'Chaos-Monkey-2026';
const NAMES = [
  'Casey Morgan',
  'Riley Hughes',
  'Jordan Price',
  'Avery Collins',
  'Harper Quinn',
  'Morgan Ellis',
  'Taylor Brooks',
  'Jamie Foster',
  'Quinn Harper',
  'Drew Sullivan',
  'Rowan Mitchell',
  'Sage Bennett',
];

function ipFor(index: number) {
  return `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

function okOrThrow(what: string, result: Awaited<ReturnType<ApiClient['request']>>, want: number[]) {
  if (!result.ok) throw new Error(`${what}: ${result.error}`);
  if (!want.includes(result.status))
    throw new Error(`${what} answered ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
}

/** Signs up, confirms from /api/dev/mailbox, signs in; a driver also sets availability every day 06:00-20:00. */
export async function createUser(
  baseUrl: string,
  observed: Observed,
  runId: string,
  role: 'customer' | 'driver',
  index: number,
): Promise<SimUser> {
  const label = `${role === 'customer' ? 'customer' : 'driver'}${index + 1}`;
  const email = `chaos-${runId}-${label}@example.com`;
  const ip = ipFor(index + (role === 'driver' ? 100 : 0));
  const client = new ApiClient(baseUrl, ip, observed);
  const signup = okOrThrow(
    `sign-up of ${email}`,
    await client.request('POST', '/api/account/signup', {
      body: {
        fullName: NAMES[(index + (role === 'driver' ? 6 : 0)) % NAMES.length],
        email,
        password: PASSWORD,
        userType: role,
        // A mobile number is required at sign-up.
        phone: '0412 345 678',
        ...(role === 'driver'
          ? { bspNumber: `BSP-${7000 + index}`, companyName: `Chaos Shuttles ${index + 1}` }
          : {}),
      },
    }),
    [201],
  );
  const userId = (jsonOf<{ user: { id: string } }>(signup)?.user.id ?? '') as string;
  const link = await pollUntil(
    async () => {
      const res = await client.request('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      if (!res.ok || res.status !== 200) {
        throw new Error(
          `GET /api/dev/mailbox answered ${res.ok ? res.status : res.error} (is APP_ENV=development?)`,
        );
      }
      const mail = jsonOf<{ messages: { kind: string; text: string }[] }>(res)?.messages.find(
        (m) => m.kind === 'verify-email',
      );
      return mail?.text.match(/https?:\/\/[^\s<>"]+/)?.[0];
    },
    { intervalMs: 200, timeoutMs: 15_000 },
  );
  if (!link) throw new Error(`no confirmation e-mail for ${email} in /api/dev/mailbox`);
  okOrThrow(`confirmation link of ${email}`, await client.request('GET', link), [302]);
  okOrThrow(
    `sign-in of ${email}`,
    await client.request('POST', '/api/account/sign-in', { body: { email, password: PASSWORD } }),
    [200],
  );
  if (role === 'driver') {
    okOrThrow(
      `PUT /api/drivers/me for ${email}`,
      await client.request('PUT', '/api/drivers/me', {
        body: {
          companyName: `Chaos Shuttles ${index + 1}`,
          bspNumber: `BSP-${7000 + index}`,
          vehicle: {
            make: 'Toyota',
            model: 'HiAce',
            year: 2022,
            color: 'White',
            registration: `CH${index}OS`,
            capacity: 12,
          },
          insurance: { provider: 'NRMA', policyNumber: `POL-${index}`, expiryDate: '2030-06-30' },
          availability: {
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            hours: { start: '06:00', end: '20:00' },
          },
        },
      }),
      [200],
    );
    // Verified as an admin would after reviewing documents (the dev route, APP_ENV=development): an
    // unverified driver may not quote, and the run made 80 answers of 403 and no bookings (issue 33).
    okOrThrow(
      `verifying ${email}`,
      await client.request('POST', `/api/dev/drivers/${userId}/verify`, {
        body: { seats: 12, luggageBags: 12 },
      }),
      [200],
    );
  }
  const stream = new LiveStream(label, userId, client, `${baseUrl}/api/notifications/stream`);
  return { label, role, email, userId, client, stream };
}

export interface LoadOptions {
  runId: string;
  /** Trips per second, all customers together. */
  rate: number;
  /** Share of writes whose first 2xx answer is thrown away (as if lost) and retried with the same key. */
  lostAnswers: number;
  /** A write gives up ('unresolved') after this long. */
  writeDeadlineMs: number;
}

/** Pickup a week ahead at 09:30 Sydney (inside every driver's hours), the same trip each time. */
function tripBody(marker: string) {
  return {
    pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
    destination: { locality: 'Williamtown', postcode: '2318', address: 'Newcastle Airport' },
    date: utcToSydney(new Date(now() + 7 * 86_400_000)).date,
    time: '09:30',
    passengers: 2,
    luggageBags: 1,
    largeItems: [],
    budget: 80,
    notes: marker,
    flightNumber: '',
  };
}

export class Load {
  readonly writes: WriteRecord[] = [];
  private stopping = false;
  private customersDone = false;
  private hardStop = false;
  private readonly queues: string[][];
  private loops: Promise<void>[] = [];
  private customerLoops: Promise<void>[] = [];
  private tripSeq = 0;

  constructor(
    private readonly customers: SimUser[],
    private readonly drivers: SimUser[],
    private readonly opts: LoadOptions,
  ) {
    this.queues = drivers.map(() => []);
  }

  private lose(seq: number) {
    if (this.opts.lostAnswers <= 0) return false;
    const every = Math.max(2, Math.round(1 / this.opts.lostAnswers));
    return seq % every === Math.floor(every / 2);
  }

  start() {
    this.customerLoops = this.customers.map((c, i) => this.customerLoop(c, i));
    this.loops = [...this.customerLoops, ...this.drivers.map((d, i) => this.driverLoop(d, i))];
  }

  /** Stops posting trips, lets drivers quote what is queued (bounded), waits for writes in flight. */
  async stop(timeoutMs: number) {
    this.stopping = true;
    const all = Promise.all(this.loops);
    await Promise.race([
      Promise.all(this.customerLoops).then(() => {
        this.customersDone = true;
      }),
      sleep(timeoutMs),
    ]);
    this.customersDone = true;
    const finished = await Promise.race([all.then(() => true), sleep(timeoutMs).then(() => false)]);
    if (!finished) {
      log('load: writes still retrying at the end; abandoning them (they count as unresolved)');
      this.hardStop = true;
      await all;
    }
  }

  private async customerLoop(user: SimUser, index: number) {
    const interval = (1000 * this.customers.length) / this.opts.rate;
    // Spread the customers over the interval.
    let next = now() + (interval * index) / this.customers.length;
    let seq = 0;
    while (!this.stopping) {
      const wait = next - now();
      if (wait > 0) await sleep(wait);
      if (this.stopping) break;
      // ±25% jitter: a steady rate, but faults do not always land at the same point of a write.
      next = Math.max(next + interval * (0.75 + Math.random() * 0.5), now());
      seq += 1;
      const tripSeq = this.tripSeq++;
      const marker = `chaos-${this.opts.runId}-${user.label}-${seq}`;
      const record: WriteRecord = { kind: 'trip', key: newKey(), marker, startedAt: now(), attempts: 0 };
      this.writes.push(record);
      await idempotentWrite(user.client, '/api/rides', 'POST /api/rides', tripBody(marker), record, {
        deadlineMs: this.opts.writeDeadlineMs,
        loseFirstAnswer: this.lose(seq),
        aborted: () => this.hardStop,
        idOf: (b) => (b as { ride?: { id?: string } } | null)?.ride?.id,
      });
      if (record.outcome === 'acked' && record.id && this.drivers.length > 0) {
        this.queues[tripSeq % this.drivers.length]!.push(record.id);
      }
    }
  }

  private async driverLoop(user: SimUser, index: number) {
    const queue = this.queues[index]!;
    let seq = 0;
    while (!this.hardStop) {
      const rideId = queue.shift();
      if (!rideId) {
        if (this.customersDone) break;
        await sleep(100);
        continue;
      }
      seq += 1;
      const record: WriteRecord = {
        kind: 'quote',
        key: newKey(),
        rideId,
        driverId: user.userId,
        startedAt: now(),
        attempts: 0,
      };
      this.writes.push(record);
      await idempotentWrite(
        user.client,
        '/api/quotes',
        'POST /api/quotes',
        { rideId, price: 85 + index, message: 'Door to door, bags included (chaos run).' },
        record,
        {
          deadlineMs: this.opts.writeDeadlineMs,
          loseFirstAnswer: this.lose(seq),
          aborted: () => this.hardStop,
          idOf: (b) => (b as { quote?: { id?: string } } | null)?.quote?.id,
        },
      );
    }
  }

  /** The first write acknowledged by an attempt sent at or after `at`: its ack time, or null. */
  firstAckAfter(at: number): number | null {
    let best: number | null = null;
    for (const w of this.writes) {
      if (w.outcome === 'acked' && w.ackSentAt! >= at && (best === null || w.ackAt! < best)) best = w.ackAt!;
    }
    return best;
  }

  counts() {
    const c = { trips: 0, quotes: 0, acked: 0, rejected: 0, unresolved: 0, inFlight: 0 };
    for (const w of this.writes) {
      if (w.kind === 'trip') c.trips += 1;
      else c.quotes += 1;
      if (w.outcome) c[w.outcome] += 1;
      else c.inFlight += 1;
    }
    return c;
  }
}
