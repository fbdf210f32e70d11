import { describe, expect, it } from 'vitest';
import {
  CRITICAL_ERROR_TITLE,
  categorize,
  enhanceError,
  isRetryable,
  severityOf,
  shouldReport,
  toastFor,
} from '../../src/shared/errors.ts';

/** SPEC §8 categorised errors, word for word. */
const TABLE = [
  [
    'network',
    "We're having trouble connecting to our servers. Please check your internet connection and try again.",
    'Connection Error',
  ],
  ['authentication', 'Please log in to continue. Your session may have expired.', 'Authentication Required'],
  ['authorization', "You don't have permission to perform this action.", 'Access Denied'],
  ['validation', 'Please check your input and try again.', 'Invalid Input'],
  ['database', "We're experiencing technical difficulties. Please try again in a moment.", 'System Error'],
  [
    'payment',
    'There was an issue processing your payment. Please try again or contact support.',
    'Payment Error',
  ],
  ['unknown', 'Something went wrong. Please try again or contact support if the problem persists.', 'Error'],
] as const;

/** An error like the web app's ApiError. */
function apiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), { status, code });
}

const SAMPLES = {
  network: apiError(0, 'network', 'Failed to fetch'),
  authentication: apiError(401, 'unauthenticated', 'Please log in to continue.'),
  authorization: apiError(403, 'forbidden', 'Nope'),
  validation: apiError(400, 'validation', 'Please enter a valid email address.'),
  database: apiError(500, 'internal', 'Something went wrong.'),
  payment: new Error('Payment declined by the bank'),
  unknown: new Error('Something odd'),
} as const;

describe('categorised errors (SPEC §8)', () => {
  it.each(TABLE)('%s: user message and toast title word for word', (category, userMessage, title) => {
    const enhanced = enhanceError(SAMPLES[category]);
    expect(enhanced.category).toBe(category);
    expect(enhanced.userMessage).toBe(userMessage);
    const t = toastFor({ category, severity: 'low', userMessage: enhanced.userMessage });
    expect(t.title).toBe(title);
    expect(t.description).toBe(userMessage);
  });

  it("critical ones use the title 'Critical Error' and a destructive, long toast", () => {
    expect(CRITICAL_ERROR_TITLE).toBe('Critical Error');
    const enhanced = enhanceError(new Error('Payment gateway rejected the card'));
    expect(enhanced.severity).toBe('critical');
    expect(toastFor(enhanced)).toEqual({
      title: 'Critical Error',
      description: 'There was an issue processing your payment. Please try again or contact support.',
      variant: 'destructive',
      critical: true,
    });
    expect(toastFor({ ...enhanceError(new Error('x')), severity: 'critical' }).title).toBe('Critical Error');
  });

  it('high is destructive; medium and low are not', () => {
    const base = { category: 'unknown', userMessage: 'm' } as const;
    expect(toastFor({ ...base, severity: 'high' })).toMatchObject({ variant: 'destructive', title: 'Error' });
    expect(toastFor({ ...base, severity: 'medium' })).toMatchObject({ variant: 'default', critical: false });
    expect(toastFor({ ...base, severity: 'low' })).toMatchObject({ variant: 'default', critical: false });
  });
});

describe('categorize', () => {
  it.each([
    [apiError(0, 'timeout', 'The request timed out.'), 'network'],
    [new TypeError('Failed to fetch'), 'network'],
    ['NetworkError when attempting to fetch resource.', 'network'],
    [apiError(401, 'auth/invalid-credentials', 'Wrong'), 'authentication'],
    [new Error('Invalid Refresh Token: Refresh Token Not Found'), 'authentication'],
    [apiError(403, 'bad_origin', 'This request did not come from the app.'), 'authorization'],
    [new Error('new row violates row-level security policy'), 'authorization'],
    [apiError(422, 'x', 'Unprocessable'), 'validation'],
    [
      apiError(413, 'payload_too_large', 'The request is too large: at most 100 KB is accepted here.'),
      'validation',
    ],
    [
      apiError(
        503,
        'database_unavailable',
        "We're experiencing technical difficulties. Please try again in a moment.",
      ),
      'database',
    ],
    [new Error('Email is required'), 'validation'],
    [apiError(503, 'internal', 'Service unavailable'), 'database'],
    [new Error('relation "issues" does not exist'), 'database'],
    [apiError(402, 'x', 'Pay up'), 'payment'],
    [apiError(404, 'not_found', 'Not found'), 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    [42, 'unknown'],
  ] as const)('%o is %s', (error, category) => {
    expect(categorize(error)).toBe(category);
  });
});

describe('severity (SPEC §8)', () => {
  it('payment or critical/fatal/security wording is critical', () => {
    expect(severityOf('payment', 'declined')).toBe('critical');
    expect(severityOf('unknown', 'A critical failure')).toBe('critical');
    expect(severityOf('network', 'Fatal: out of memory')).toBe('critical');
    expect(severityOf('validation', 'Security check refused')).toBe('critical');
  });
  it('authentication, database, or error/failed wording is high', () => {
    expect(severityOf('authentication', 'please sign in')).toBe('high');
    expect(severityOf('database', 'busy')).toBe('high');
    expect(severityOf('unknown', 'An error happened')).toBe('high');
    expect(severityOf('validation', 'Upload failed')).toBe('high');
    expect(severityOf('network', 'Network Error')).toBe('high');
  });
  it('network, authorization or warning wording is medium', () => {
    expect(severityOf('network', 'offline')).toBe('medium');
    expect(severityOf('authorization', 'nope')).toBe('medium');
    expect(severityOf('unknown', 'Warning: slow')).toBe('medium');
  });
  it('otherwise low', () => {
    expect(severityOf('validation', 'Please enter a valid email address.')).toBe('low');
    expect(severityOf('unknown', 'Something odd')).toBe('low');
  });
  it('enhanceError applies the rules', () => {
    expect(enhanceError(SAMPLES.authorization).severity).toBe('medium');
    expect(enhanceError(SAMPLES.database).severity).toBe('high');
    expect(enhanceError(SAMPLES.validation).severity).toBe('low');
  });
});

describe('retryable (SPEC §8)', () => {
  it('network always', () => {
    expect(isRetryable('network', 'anything')).toBe(true);
    expect(enhanceError(SAMPLES.network).retryable).toBe(true);
  });
  it('database and payment only for temporary-type messages', () => {
    expect(isRetryable('database', 'Service temporarily unavailable')).toBe(true);
    expect(isRetryable('database', 'Query timed out')).toBe(true);
    expect(isRetryable('database', 'duplicate key value violates unique constraint')).toBe(false);
    expect(isRetryable('payment', 'Payment provider temporarily unavailable')).toBe(true);
    expect(isRetryable('payment', 'Card declined')).toBe(false);
  });
  it('authentication, authorization and validation never', () => {
    for (const c of ['authentication', 'authorization', 'validation'] as const) {
      expect(isRetryable(c, 'temporarily unavailable, try again')).toBe(false);
    }
  });
});

describe('enhanceError', () => {
  it('returns the Enhanced error of SPEC §3 with a fresh id and time', () => {
    const before = Date.now();
    const a = enhanceError(SAMPLES.database, { where: 'rides list' });
    const b = enhanceError(SAMPLES.database);
    expect(a).toMatchObject({
      category: 'database',
      severity: 'high',
      retryable: false,
      userMessage: "We're experiencing technical difficulties. Please try again in a moment.",
      context: { where: 'rides list' },
      status: 500,
      code: 'internal',
      message: 'Something went wrong.',
    });
    expect(a.errorId).toMatch(/^err_[a-z0-9]+_[a-z0-9]+$/);
    expect(a.errorId).not.toBe(b.errorId);
    expect(Date.parse(a.timestamp)).toBeGreaterThanOrEqual(before - 1);
    expect(b.context).toEqual({});
  });
  it('only high and critical are reported', () => {
    expect(shouldReport({ severity: 'critical' })).toBe(true);
    expect(shouldReport({ severity: 'high' })).toBe(true);
    expect(shouldReport({ severity: 'medium' })).toBe(false);
    expect(shouldReport({ severity: 'low' })).toBe(false);
  });
});
