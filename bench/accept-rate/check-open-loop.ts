/**
 * Checks that bench/accept-rate/open-loop.ts measures what it claims, against a local server whose
 * behaviour is known (exits 1 when a check fails):
 *
 *  1. Open loop: a server that answers one request at a time, 10 ms each (100 a second), offered 200 a
 *     second for 2 s. The k-th request is due at 5k ms and done at 10(k+1) ms, so latency grows to about
 *     2 s and 100 a second are achieved. A closed-loop client (autocannon) would instead have slowed to the
 *     server's pace and reported ~10 ms x its connections.
 *  2. No coordinated omission: against a server that answers at once, the client's own event loop is
 *     blocked for 300 ms; the requests due meanwhile leave late, and their latency must include that wait.
 *
 *   npx tsx bench/accept-rate/check-open-loop.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop, quantile } from './open-loop.ts';

async function serve(handler: http.RequestListener): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const failures: string[] = [];
function check(what: string, ok: boolean, detail: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${detail}`);
  if (!ok) failures.push(what);
}
const request = () => ({ method: 'POST', path: '/', headers: {}, body: '{}' });

// 1. A server of one request at a time, 10 ms each.
{
  let busyUntil = 0;
  const server = await serve((req, res) => {
    req.resume();
    const at = Math.max(performance.now(), busyUntil) + 10;
    busyUntil = at;
    setTimeout(() => res.end('ok'), at - performance.now());
  });
  const result = await openLoop({
    origin: server.origin,
    rate: 200,
    durationS: 2,
    request,
    timeoutMs: 30_000,
  });
  await server.close();
  const latencies = result.answers.map((a) => a.latencyMs);
  const ok = result.answers.filter((a) => a.status === 200).length;
  const achieved = ok / (result.spanMs / 1000);
  check('every request answered', ok === 400, `${ok} of 400`);
  check(
    'sent on schedule',
    quantile(
      result.answers.map((a) => a.sendLagMs),
      0.99,
    ) < 50,
    `send lag p99 ${quantile(
      result.answers.map((a) => a.sendLagMs),
      0.99,
    ).toFixed(1)} ms`,
  );
  check(
    "achieved the server's pace, not the offered rate",
    achieved > 85 && achieved < 110,
    `${achieved.toFixed(1)} answers/s`,
  );
  check(
    'latency grows with the queue',
    quantile(latencies, 1) > 1800 && quantile(latencies, 1) < 2600,
    `p50 ${quantile(latencies, 0.5).toFixed(0)} ms, max ${quantile(latencies, 1).toFixed(0)} ms (expected ~1,000 and ~2,000)`,
  );
  check(
    'one connection per request in flight',
    result.socketsOpened > 150,
    `${result.socketsOpened} connections opened`,
  );
}

// 2. A server that answers at once; the client blocked for 300 ms after 0.5 s.
{
  const server = await serve((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  setTimeout(() => {
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // The client's event loop is busy: nothing is sent or read.
    }
  }, 500);
  const result = await openLoop({
    origin: server.origin,
    rate: 200,
    durationS: 1.5,
    request,
    timeoutMs: 30_000,
  });
  await server.close();
  const latencies = result.answers.map((a) => a.latencyMs);
  check(
    "the client's stall is in the latency",
    quantile(latencies, 1) > 250,
    `max ${quantile(latencies, 1).toFixed(0)} ms, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, ` +
      `${latencies.filter((l) => l > 100).length} requests over 100 ms`,
  );
}

if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
