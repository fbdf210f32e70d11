/**
 * An open-loop load generator (issue 34 item 2): request i is due at start + i / rate and is sent then,
 * whether or not the earlier ones were answered, each on a socket of its own when none is free (a
 * keep-alive agent without a socket limit). Latency is counted from the time a request was *due*, not
 * from when it left, so a request the client sent late (its event loop busy) or the server made wait in
 * a queue counts all of its wait: no coordinated omission.
 *
 * autocannon's `overallRate` is not that: each of its connections sends its next request only after the
 * previous answer, so 50 connections at 1 s per answer offer 50 a second whatever rate was asked for
 * (issue 34: "200/s offered" was at most about 60).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions {
  /** http://host:port */
  origin: string;
  /** Requests a second. */
  rate: number;
  durationS: number;
  /** The i-th request (0-based). */
  request: (i: number) => OpenLoopRequest;
  /** An answer not complete this long after its request was due counts as 'timeout'. */
  timeoutMs: number;
}

export interface OpenLoopAnswer {
  /** HTTP status, or the network error ('timeout', 'ECONNRESET'...). */
  status: number | string;
  /** The error envelope's code for a 4xx/5xx answer, when it has one. */
  code: string | null;
  /** From the time the request was due to the end of its answer's body (ms). */
  latencyMs: number;
  /** How late the client sent it after it was due (ms): the generator's own lag. */
  sendLagMs: number;
  /** When the answer ended, ms from the first request's due time. */
  doneAtMs: number;
}

export interface OpenLoopResult {
  answers: OpenLoopAnswer[];
  /** Wall time from the first request's due time to the last answer (or failure), ms. */
  spanMs: number;
  /** Sockets the client opened (the connections it needed to keep the schedule). */
  socketsOpened: number;
}

function errorCode(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}

/** Sends `rate x durationS` requests on the fixed schedule and resolves once each is answered or failed. */
export function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const url = new URL(opts.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let socketsOpened = 0;
  const total = Math.round(opts.rate * opts.durationS);
  const intervalMs = 1000 / opts.rate;
  const answers: OpenLoopAnswer[] = [];
  // A little ahead, so the first requests are not late because of the set-up above.
  const start = performance.now() + 20;
  let next = 0;
  let settled = 0;

  return new Promise((resolve) => {
    const finish = (dueAt: number, sentAt: number, status: number | string, code: string | null) => {
      const end = performance.now();
      answers.push({
        status,
        code,
        latencyMs: end - dueAt,
        sendLagMs: sentAt - dueAt,
        doneAtMs: end - start,
      });
      settled += 1;
      if (settled === total) {
        agent.destroy();
        resolve({ answers, spanMs: end - start, socketsOpened });
      }
    };

    const send = (i: number, dueAt: number) => {
      const r = opts.request(i);
      const sentAt = performance.now();
      let done = false;
      const once = (status: number | string, code: string | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        finish(dueAt, sentAt, status, code);
      };
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: r.method,
          path: r.path,
          headers:
            r.body === undefined ? r.headers : { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
          agent,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          // The body is read to its end (latency includes it); kept only for an error answer's code.
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            if (status >= 400) chunks.push(c);
          });
          res.on('end', () =>
            once(status, status >= 400 ? errorCode(Buffer.concat(chunks).toString()) : null),
          );
          res.on('error', (err: NodeJS.ErrnoException) => once(err.code ?? err.message, null));
        },
      );
      req.on('socket', (socket) => {
        // A fresh socket is not yet connected; a reused keep-alive socket is.
        if (socket.connecting) socketsOpened += 1;
      });
      req.on('error', (err: NodeJS.ErrnoException) => once(err.code ?? err.message, null));
      const timer = setTimeout(
        () => {
          once('timeout', null);
          req.destroy();
        },
        Math.max(0, dueAt + opts.timeoutMs - performance.now()),
      );
      req.end(r.body);
    };

    // Every due request is sent on each turn: if a turn comes late, the late ones go at once (their
    // latency still counts from when they were due).
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        send(next, start + next * intervalMs);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    if (total === 0) resolve({ answers, spanMs: 0, socketsOpened });
    else setTimeout(tick, Math.max(0, start - performance.now()));
  });
}

/** The q-quantile (0..1) of `values`, nearest rank; 0 for none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Answers per kind: '201', '409', '503 server_busy', '500', 'timeout', 'ECONNRESET'... */
export function statusTally(answers: OpenLoopAnswer[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of answers) {
    const key =
      typeof a.status === 'number' && a.code && a.status >= 500 ? `${a.status} ${a.code}` : `${a.status}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
