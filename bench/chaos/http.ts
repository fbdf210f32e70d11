/**
 * The simulated users' HTTP side: a cookie-jar client with its own X-Forwarded-For address, and writes
 * that retry with the same Idempotency-Key until they get an answer, the way the contract asks a client
 * to. Every answer is also counted in `observed`, so the run can tell what the API said during faults.
 */
import { randomUUID } from 'node:crypto';
import { now, sleep } from './util.ts';

export interface HttpAnswer {
  ok: true;
  status: number;
  headers: Headers;
  text: string;
  /** When the request was sent and how long it took. */
  sentAt: number;
  ms: number;
}
export interface HttpFailure {
  ok: false;
  /** ECONNREFUSED, ECONNRESET, timeout, ... */
  error: string;
  sentAt: number;
  ms: number;
}
export type HttpResult = HttpAnswer | HttpFailure;

/** A request that took longer than this counts as hanging (and is abandoned, then retried). */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Answers the API gave, by route and status, for the report ("what did clients see during faults"). */
export class Observed {
  readonly counts = new Map<string, number>();
  /** Answers a correct server should never give (5xx other than 503, 503 without Retry-After, hangs). */
  readonly anomalies: { at: number; route: string; what: string }[] = [];

  record(route: string, result: HttpResult) {
    const what = result.ok ? String(result.status) : result.error;
    const key = `${route} ${what}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (!result.ok) {
      if (result.error === 'timeout')
        this.anomalies.push({ at: result.sentAt, route, what: 'hung (no answer in 20 s)' });
      return;
    }
    if (result.status >= 500 && result.status !== 503) {
      this.anomalies.push({
        at: result.sentAt,
        route,
        what: `${result.status} ${result.text.slice(0, 120)}`,
      });
    } else if (result.status === 503 && !result.headers.get('retry-after')) {
      this.anomalies.push({ at: result.sentAt, route, what: '503 without Retry-After' });
    } else if (result.status === 401) {
      this.anomalies.push({ at: result.sentAt, route, what: '401 for a signed-in user' });
    }
  }
}

function errorName(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timeout';
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.message) return cause.message;
    return err.message;
  }
  return String(err);
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Sent as X-Forwarded-For (the server runs with TRUST_PROXY=true): per-address limits stay per user. */
    readonly ip: string,
    private readonly observed?: Observed,
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private storeCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { 'x-forwarded-for': this.ip, ...extra };
    const cookie = this.cookieHeader();
    if (cookie) h.cookie = cookie;
    return h;
  }

  async request(
    method: string,
    pathOrUrl: string,
    opts: { body?: unknown; headers?: Record<string, string>; route?: string; timeoutMs?: number } = {},
  ): Promise<HttpResult> {
    const headers = this.headers(opts.headers);
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.baseUrl;
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const sentAt = now();
    let result: HttpResult;
    try {
      const res = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      this.storeCookies(res);
      const text = await res.text();
      result = { ok: true, status: res.status, headers: res.headers, text, sentAt, ms: now() - sentAt };
    } catch (err) {
      result = { ok: false, error: errorName(err), sentAt, ms: now() - sentAt };
    }
    if (opts.route) this.observed?.record(opts.route, result);
    return result;
  }
}

export function jsonOf<T>(answer: HttpAnswer): T | null {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    return null;
  }
}

export type WriteOutcome = 'acked' | 'rejected' | 'unresolved';

/** One logical write (a trip, a quote) and everything that happened to it. */
export interface WriteRecord {
  kind: 'trip' | 'quote';
  key: string;
  /** Trips: the unique text in `notes` that finds it in the database. */
  marker?: string;
  /** Quotes: the trip quoted for, and the driver. */
  rideId?: string;
  driverId?: string;
  startedAt: number;
  attempts: number;
  outcome?: WriteOutcome;
  /** The 2xx answer's status and id (ride id, quote id), when acknowledged. */
  status?: number;
  id?: string;
  ackAt?: number;
  /** When the attempt that got the acknowledgement was sent. */
  ackSentAt?: number;
  /** An injected lost answer: the first 2xx, thrown away as if the network lost it. */
  lostAnswer?: { status: number; id: string | undefined };
  /** For rejections: the last answer. */
  detail?: string;
}

export interface WriteOptions {
  /** Give up (outcome 'unresolved') after this long. */
  deadlineMs: number;
  /** Pretend the first 2xx answer was lost and send the request again with the same key. */
  loseFirstAnswer: boolean;
  /** Stop retrying early (the run is being torn down). */
  aborted?: () => boolean;
  idOf: (body: unknown) => string | undefined;
}

function retryAfterMs(answer: HttpAnswer, fallback: number, cap: number) {
  const header = answer.headers.get('retry-after');
  const secs = header ? Number(header) : Number.NaN;
  return Number.isFinite(secs) ? Math.min(cap, Math.max(100, secs * 1000)) : fallback;
}

/**
 * POSTs with an Idempotency-Key, retrying the same key and body until a 2xx (acknowledged) or a 4xx that
 * is final. Network errors, timeouts, 5xx, 429 and 409 (the key may still be in progress) are retried;
 * Retry-After is honoured up to 1 s, so recovery is measured to about a second.
 */
export async function idempotentWrite(
  client: ApiClient,
  path: string,
  route: string,
  body: unknown,
  record: WriteRecord,
  opts: WriteOptions,
): Promise<WriteRecord> {
  const deadline = record.startedAt + opts.deadlineMs;
  let conflicts = 0;
  let loseNext = opts.loseFirstAnswer;
  while (now() < deadline && !opts.aborted?.()) {
    record.attempts += 1;
    const result = await client.request('POST', path, {
      body,
      headers: { 'idempotency-key': record.key },
      route,
    });
    if (!result.ok) {
      await sleep(250);
      continue;
    }
    const { status } = result;
    if (status >= 200 && status < 300) {
      const id = opts.idOf(jsonOf(result));
      if (loseNext) {
        loseNext = false;
        record.lostAnswer = { status, id };
        continue;
      }
      record.outcome = 'acked';
      record.status = status;
      record.id = id;
      record.ackAt = now();
      record.ackSentAt = result.sentAt;
      return record;
    }
    if (status === 409 && conflicts < 40) {
      conflicts += 1;
      await sleep(250);
      continue;
    }
    if (status >= 500 || status === 429 || status === 401) {
      await sleep(status === 401 ? 500 : retryAfterMs(result, 500, status === 429 ? 2_000 : 1_000));
      continue;
    }
    record.outcome = 'rejected';
    record.detail = `${status} ${result.text.slice(0, 200)}`;
    return record;
  }
  record.outcome = 'unresolved';
  return record;
}

export const newKey = () => randomUUID();
