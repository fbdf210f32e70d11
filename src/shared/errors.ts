/**
 * The categorised errors of SPEC §8 (category, severity, retryable, user message, toast title), defined
 * once and used by the web app for every query and mutation error and by the client-error report API.
 * Pure: no DOM, no Node APIs beyond globalThis.crypto (present in browsers and Node 20).
 */

export const ERROR_CATEGORIES = [
  'network',
  'authentication',
  'authorization',
  'validation',
  'database',
  'payment',
  'unknown',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/** Severities the browser reports to POST /api/client-errors (SPEC §7: high and critical). */
export const REPORTED_SEVERITIES = ['high', 'critical'] as const;
export type ReportedSeverity = (typeof REPORTED_SEVERITIES)[number];

/** SPEC §8, word for word: the user message and toast title of each category. */
export const ERROR_CATEGORY_TEXT: Record<ErrorCategory, { userMessage: string; title: string }> = {
  network: {
    userMessage:
      "We're having trouble connecting to our servers. Please check your internet connection and try again.",
    title: 'Connection Error',
  },
  authentication: {
    userMessage: 'Please log in to continue. Your session may have expired.',
    title: 'Authentication Required',
  },
  authorization: {
    userMessage: "You don't have permission to perform this action.",
    title: 'Access Denied',
  },
  validation: {
    userMessage: 'Please check your input and try again.',
    title: 'Invalid Input',
  },
  database: {
    userMessage: "We're experiencing technical difficulties. Please try again in a moment.",
    title: 'System Error',
  },
  payment: {
    userMessage: 'There was an issue processing your payment. Please try again or contact support.',
    title: 'Payment Error',
  },
  unknown: {
    userMessage: 'Something went wrong. Please try again or contact support if the problem persists.',
    title: 'Error',
  },
};

/** SPEC §8: critical errors use this title whatever their category. */
export const CRITICAL_ERROR_TITLE = 'Critical Error';

/** Limits of a client-error report (shared by the browser, which cuts, and the API, which refuses). */
export const CLIENT_ERROR_LIMITS = {
  errorIdMax: 100,
  messageMax: 2_000,
  urlMax: 2_000,
  /** Serialised JSON size of the context object. */
  contextMaxChars: 8_000,
} as const;

export interface EnhancedError {
  category: ErrorCategory;
  severity: ErrorSeverity;
  retryable: boolean;
  /** What the user is shown (SPEC §8 table). */
  userMessage: string;
  /** Where it happened and anything useful to an admin; never shown to the user. */
  context: Record<string, unknown>;
  errorId: string;
  /** ISO 8601. */
  timestamp: string;
  /** The original, technical message (for reports and logs, not for the user). */
  message: string;
  /** HTTP status when the error came from an HTTP answer (0 for no answer). */
  status?: number;
  /** The API's error code, when there was one. */
  code?: string;
}

export interface ErrorToast {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
  critical: boolean;
}

// Wording rules. The category tests read the technical message and the API code; severity and
// retryable read the technical message (SPEC §8 "wording").
const NETWORK_WORDS =
  /network|failed to fetch|fetch failed|load failed|networkerror|connection|offline|timed? ?out|econn|enotfound|socket|unreachable|cors/i;
const PAYMENT_WORDS = /payment|billing|card (was )?declined|insufficient funds|stripe|charge failed|invoice/i;
const AUTHENTICATION_WORDS =
  /unauthenticated|unauthori[sz]ed|not authenticated|authentication|log ?in to continue|sign ?in|session (has )?expired|refresh token|invalid token|jwt|expired token/i;
const AUTHORIZATION_WORDS =
  /forbidden|permission|access denied|not allowed|row-level security|rls|don't have access/i;
const VALIDATION_WORDS =
  /invalid|validation|required|must be|too (long|short|large|small)|malformed|bad request/i;
const DATABASE_WORDS =
  /database|sql|postgres|relation .* does not exist|constraint|duplicate key|deadlock|query failed|pglite|internal server error/i;

const CRITICAL_WORDS = /critical|fatal|security/i;
const HIGH_WORDS = /error|failed/i;
const MEDIUM_WORDS = /warning/i;
/** "Temporary-type" messages: the only database and payment errors worth retrying (SPEC §8). */
const TEMPORARY_WORDS =
  /temporar|timed? ?out|unavailable|try again|too many|rate.?limit|busy|overload|deadlock|connection (reset|refused|terminated|lost)|econnreset|503|504|429/i;

interface ErrorFacts {
  message: string;
  status?: number;
  code?: string;
  name?: string;
}

function factsOf(error: unknown): ErrorFacts {
  if (error == null) return { message: '' };
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object') return { message: String(error) };
  const e = error as { message?: unknown; status?: unknown; code?: unknown; name?: unknown };
  return {
    message: typeof e.message === 'string' ? e.message : '',
    status: typeof e.status === 'number' ? e.status : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    name: typeof e.name === 'string' ? e.name : undefined,
  };
}

/** The category of an error from its HTTP status, API code and wording. */
export function categorize(error: unknown): ErrorCategory {
  const { message, status, code, name } = factsOf(error);
  const text = `${code ?? ''} ${message}`;
  if (code === 'network' || code === 'timeout' || code === 'auth/network-error' || code === 'auth/timeout')
    return 'network';
  if (status === 0) return 'network';
  if (name === 'TypeError' && /fetch|network|load failed/i.test(message)) return 'network';
  if (status === 402 || PAYMENT_WORDS.test(text)) return 'payment';
  if (status === 401 || code === 'unauthenticated' || code === 'auth/no-session') return 'authentication';
  if (status === 403 || code === 'forbidden' || code === 'bad_origin') return 'authorization';
  if (status === 400 || status === 413 || status === 422 || code === 'validation') return 'validation';
  if (status !== undefined && status >= 500) return 'database';
  if (status === undefined || status === 0) {
    if (NETWORK_WORDS.test(message)) return 'network';
    if (AUTHENTICATION_WORDS.test(text)) return 'authentication';
    if (AUTHORIZATION_WORDS.test(text)) return 'authorization';
    if (DATABASE_WORDS.test(text)) return 'database';
    if (VALIDATION_WORDS.test(text)) return 'validation';
  }
  return 'unknown';
}

/**
 * SPEC §8: payment or critical/fatal/security wording is critical; authentication, database, or
 * error/failed wording is high; network, authorization or warning wording is medium; otherwise low.
 */
export function severityOf(category: ErrorCategory, message: string): ErrorSeverity {
  if (category === 'payment' || CRITICAL_WORDS.test(message)) return 'critical';
  if (category === 'authentication' || category === 'database' || HIGH_WORDS.test(message)) return 'high';
  if (category === 'network' || category === 'authorization' || MEDIUM_WORDS.test(message)) return 'medium';
  return 'low';
}

/**
 * SPEC §8: network always; database and payment only for temporary-type messages; authentication,
 * authorization and validation never. Unknown errors are not retried (nothing says they would pass).
 */
export function isRetryable(category: ErrorCategory, message: string): boolean {
  switch (category) {
    case 'network':
      return true;
    case 'database':
    case 'payment':
      return TEMPORARY_WORDS.test(message);
    default:
      return false;
  }
}

function newErrorId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  // randomUUID needs a secure context in browsers; fall back to time plus randomness.
  const random =
    typeof c?.randomUUID === 'function'
      ? c.randomUUID().replace(/-/g, '').slice(0, 16)
      : Math.random().toString(36).slice(2, 12);
  return `err_${Date.now().toString(36)}_${random}`;
}

/** Turns anything thrown into the Enhanced error of SPEC §3. */
export function enhanceError(error: unknown, context: Record<string, unknown> = {}): EnhancedError {
  const facts = factsOf(error);
  const category = categorize(error);
  // Severity reads the API code too, so e.g. a status-500 "internal" with an empty message is still judged.
  const wording = facts.message || facts.code || '';
  return {
    category,
    severity: severityOf(category, wording),
    retryable: isRetryable(category, wording),
    userMessage: ERROR_CATEGORY_TEXT[category].userMessage,
    context,
    errorId: newErrorId(),
    timestamp: new Date().toISOString(),
    message: facts.message || ERROR_CATEGORY_TEXT[category].userMessage,
    ...(facts.status !== undefined ? { status: facts.status } : {}),
    ...(facts.code !== undefined ? { code: facts.code } : {}),
  };
}

/** The toast for an enhanced error: 'Critical Error' for critical ones; destructive for high and critical. */
export function toastFor(enhanced: Pick<EnhancedError, 'category' | 'severity' | 'userMessage'>): ErrorToast {
  const critical = enhanced.severity === 'critical';
  return {
    title: critical ? CRITICAL_ERROR_TITLE : ERROR_CATEGORY_TEXT[enhanced.category].title,
    description: enhanced.userMessage,
    variant: critical || enhanced.severity === 'high' ? 'destructive' : 'default',
    critical,
  };
}

/** Whether an enhanced error is reported to the API (SPEC §7: high and critical). */
export function shouldReport(enhanced: Pick<EnhancedError, 'severity'>): boolean {
  return enhanced.severity === 'high' || enhanced.severity === 'critical';
}
