/**
 * Issue 33 item 2: overload by a burst, honestly answered. 2,000 accepts at once on 20 trips (10 quotes
 * each) give exactly one booking per trip and only 201, 200, 409 or 503 server_busy with Retry-After; the
 * accept that committed a booking is answered 201 with it (its answer used to be read after the commit on
 * another pooled connection, and under load 8 of 20 customers whose trip was booked were told 503); every
 * trip whose customer retries gets booked; then 1,000 board reads at once give no database_unavailable.
 *
 * The scenario is bench/burst/accept-burst.ts, the same one `npx tsx bench/accept-burst.ts` measures. The
 * queue of requests waiting for a connection is bounded at 100 here (1,000 in production) so that the
 * burst reliably overflows it on this machine: what is asserted is what clients are told when it does.
 * PostgreSQL only: PGlite has no connection pool. In the timing project (one file at a time): the client
 * and the server share this process, and with another API file beside it on 2 cores the server once took
 * more than the 15 s header timeout to read some of the 1,000 reads (Node answered 408): its accept queue
 * (Node's default backlog, 511) had overflowed, and a dropped handshake is retried only after seconds;
 * the server now listens with a backlog of 4,096 (server.ts LISTEN_BACKLOG).
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBurst, setUpBurst, tally } from '../../bench/burst/accept-burst.ts';
import { startServer, type TestServer } from '../api/helpers.ts';

const OPTS = { trips: 20, drivers: 10, accepts: 2_000, reads: 1_000, retryDeadlineMs: 60_000 };

/**
 * Linux's count of connections dropped because a listening socket's accept queue was full (TcpExt
 * ListenOverflows), or null where /proc/net/netstat is not there.
 */
function listenOverflows(): number | null {
  if (!existsSync('/proc/net/netstat')) return null;
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
  const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
  const at = names.indexOf('ListenOverflows');
  return at > 0 ? Number(values[at]) : null;
}

describe.skipIf(!process.env.DATABASE_URL)('a burst of accepts and board reads (postgres)', () => {
  let server: TestServer;
  let report: Awaited<ReturnType<typeof runBurst>>;
  let overflowed: number | null = null;
  beforeAll(async () => {
    server = await startServer('postgres', { poolMaxWaiting: 100 });
    const set = await setUpBurst(server.baseUrl, OPTS, 'test');
    const before = listenOverflows();
    report = await runBurst(set, OPTS);
    const after = listenOverflows();
    overflowed = before === null || after === null ? null : after - before;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers every accept 201, 200, 409 or 503 server_busy with Retry-After', () => {
    const answers = tally(report.acceptAnswers);
    expect(Object.keys(answers).filter((k) => !['201', '200', '409', '503 server_busy'].includes(k))).toEqual(
      [],
    );
    expect(report.acceptAnswers.filter((a) => a.status === 503 && a.retryAfter !== '2')).toEqual([]);
  });

  it('books each trip once, and the accept that booked it is answered 201 naming the booking', () => {
    for (const trip of report.trips) {
      expect(trip.bookedAfterBurst.length).toBeLessThanOrEqual(1);
      const created = report.acceptAnswers.filter(
        (a) => a.status === 201 && report.trips[a.trip]!.rideId === trip.rideId,
      );
      expect(created.map((a) => a.bookingId)).toEqual(trip.bookedAfterBurst);
    }
  });

  it('books every trip whose customer retries, none twice', () => {
    expect(report.trips.map((t) => t.bookedAfterRetry.length)).toEqual(Array(OPTS.trips).fill(1));
  });

  it('queues every connection of the bursts: none dropped for a full accept queue (Linux)', () => {
    // With Node's default backlog (511) the 1,000 reads overflowed it (10,607 drops in one run); a dropped
    // handshake is retried after seconds, and its request was answered 408 past the headers timeout.
    // Where the kernel does not count them (not Linux) there is nothing to read: taken as none.
    expect(overflowed ?? 0).toBe(0);
  });

  it('answers 1,000 board reads at once without database_unavailable', () => {
    const answers = tally(report.readAnswers);
    expect(Object.keys(answers).filter((k) => k !== '200' && k !== '503 server_busy')).toEqual([]);
    expect(answers['200']).toBeGreaterThan(0);
  });
});
