/**
 * Reports high and critical errors to our own API (SPEC §7 error reporting): POST /api/client-errors,
 * stored for admins. Loaded on demand by handleError; critical ones go at once, high ones are grouped for a
 * moment so a burst (a page of failing queries) sends a few requests, not dozens. Never throws.
 */
import { CLIENT_ERROR_LIMITS, type EnhancedError, type ReportedSeverity } from '../../../shared/errors.ts';

const ENDPOINT = '/api/client-errors';
const HIGH_DELAY_MS = 2_000;
/** The same failure repeated (retries, refetches) is reported once per this window. */
const REPEAT_WINDOW_MS = 60_000;
/** A runaway loop cannot flood the API: at most this many reports per page per minute. */
const MAX_PER_MINUTE = 10;

export interface ClientErrorReport {
  errorId: string;
  category: EnhancedError['category'];
  severity: ReportedSeverity;
  message: string;
  context: Record<string, unknown>;
  url: string | null;
  occurredAt: string;
}

const recent = new Map<string, number>();
let sentTimes: number[] = [];
let queue: ClientErrorReport[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Context values an admin can read, cut to the API's limit (functions, DOM nodes and cycles dropped). */
function safeContext(
  context: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  let json: string;
  try {
    const seen = new WeakSet<object>();
    json = JSON.stringify({ ...context, ...extra }, (_k, v: unknown) => {
      if (typeof v === 'function' || (typeof Node !== 'undefined' && v instanceof Node)) return undefined;
      if (typeof v === 'string') return v.slice(0, 500);
      if (v && typeof v === 'object') {
        if (seen.has(v)) return undefined;
        seen.add(v);
      }
      return v;
    });
  } catch {
    return { ...extra };
  }
  if (json.length > CLIENT_ERROR_LIMITS.contextMaxChars) return { ...extra, truncated: true };
  return JSON.parse(json) as Record<string, unknown>;
}

export function toReport(enhanced: EnhancedError): ClientErrorReport | null {
  if (enhanced.severity !== 'high' && enhanced.severity !== 'critical') return null;
  return {
    errorId: enhanced.errorId,
    category: enhanced.category,
    severity: enhanced.severity,
    message: (enhanced.message || enhanced.userMessage).slice(0, CLIENT_ERROR_LIMITS.messageMax),
    context: safeContext(enhanced.context, {
      ...(enhanced.status !== undefined ? { status: enhanced.status } : {}),
      ...(enhanced.code !== undefined ? { code: enhanced.code } : {}),
      retryable: enhanced.retryable,
      immediate: enhanced.severity === 'critical',
    }),
    // The path only: query strings can hold tokens.
    url: typeof window === 'undefined' ? null : window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.urlMax),
    occurredAt: enhanced.timestamp,
  };
}

function send(report: ClientErrorReport) {
  const now = Date.now();
  sentTimes = sentTimes.filter((t) => now - t < 60_000);
  if (sentTimes.length >= MAX_PER_MINUTE) return;
  sentTimes.push(now);
  void fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

function drain() {
  timer = undefined;
  const items = queue;
  queue = [];
  for (const r of items) send(r);
}

export function reportError(enhanced: EnhancedError): void {
  try {
    const report = toReport(enhanced);
    if (!report) return;
    const key = `${report.category}|${report.severity}|${report.message}`;
    const now = Date.now();
    const last = recent.get(key);
    if (last !== undefined && now - last < REPEAT_WINDOW_MS) return;
    recent.set(key, now);
    if (report.severity === 'critical') {
      send(report);
      return;
    }
    queue.push(report);
    timer ??= setTimeout(drain, HIGH_DELAY_MS);
  } catch {
    // Reporting must never become an error of its own.
  }
}

if (typeof window !== 'undefined') {
  // Leaving the page: send what waits (fetch keepalive outlives the page).
  window.addEventListener('pagehide', () => {
    if (timer) clearTimeout(timer);
    drain();
  });
}
