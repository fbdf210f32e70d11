/**
 * wrk (Debian's `wrk` package, a load generator in C) as bench/http.ts's load for fixed-URL targets:
 * LOAD=wrk. On this 2-core machine autocannon (JavaScript) takes a large share of the cores it measures
 * with; wrk costs a fraction of that, so more of them are left to the server (issue 34: the board's p99 at
 * 200 connections). Same semantics as autocannon's run: a closed loop of `connections` connections for
 * `duration` seconds, latency from each request's sending to its answer.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

export const WRK = '/usr/bin/wrk';

export interface WrkResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors (connect, read, write, time-outs) and answers other than 2xx/3xx. */
  errors: number;
}

export function wrkInstalled(): boolean {
  return existsSync(WRK);
}

/** A wrk duration ("812.00us", "3.21ms", "1.02s", "2.00m") in milliseconds. */
export function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!m) throw new Error(`wrk: unreadable duration ${value}`);
  const n = Number(m[1]);
  return { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

/** Reads wrk's report (run with --latency). */
export function parseWrk(out: string): WrkResult {
  const line = (re: RegExp) => {
    const m = re.exec(out);
    if (!m) throw new Error(`wrk: ${re} not in its output:\n${out}`);
    return m;
  };
  const requests = Number(line(/(\d+) requests in/)[1]);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  return {
    requests,
    rps: Number(line(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: wrkMs(line(/^\s+50%\s+(\S+)\s*$/m)[1]!),
    p99: wrkMs(line(/^\s+99%\s+(\S+)\s*$/m)[1]!),
    errors:
      (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) +
      (non2xx ? Number(non2xx[1]) : 0),
  };
}

/** One wrk thread: enough for tens of thousands of requests a second, and it leaves the other core free. */
export function runWrk(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  threads?: number;
}): Promise<WrkResult> {
  const args = [
    `--threads=${opts.threads ?? 1}`,
    `--connections=${opts.connections}`,
    `--duration=${opts.duration}s`,
    '--latency',
    ...Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['--header', `${k}: ${v}`]),
    opts.url,
  ];
  return new Promise((resolve, reject) =>
    execFile(WRK, args, { encoding: 'utf8' }, (err, stdout) => {
      if (err) reject(err);
      else resolve(parseWrk(stdout));
    }),
  );
}
