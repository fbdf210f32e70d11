/** The API's error envelope and codes, shared by the server (which sets them) and the web app (which maps them). */
import type { AuthErrorCode } from './messages.ts';

export type ApiErrorCode =
  | AuthErrorCode
  | 'auth/reset-rate-limit'
  | 'auth/admin-signup-refused'
  /** A suspended account tried to sign in (issue 14). */
  | 'auth/account-suspended'
  /** Two-factor sign-in (issue 14): an administrator without it, and the code step's refusals. */
  | 'auth/two-factor-required'
  | 'auth/two-factor-invalid'
  | 'auth/two-factor-reused'
  | 'auth/two-factor-expired'
  | 'auth/two-factor-locked'
  | 'unauthenticated'
  | 'forbidden'
  /** A driver who is not verified with current documents (issue 13): issues name what is missing. */
  | 'driver_not_verified'
  | 'not_found'
  | 'validation'
  | 'bad_origin'
  | 'rate_limited'
  | 'conflict'
  | 'payload_too_large'
  /** A body that is not of the media type its route reads (issue 16): 415. */
  | 'unsupported_media_type'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'internal'
  /** A card payment could not be started (issue 15): 402, SPEC §8's payment wording. */
  | 'payment_failed'
  | 'database_unavailable'
  /** 503: the database answers but this instance has more work than connections (issue 33); retry shortly. */
  | 'server_busy';

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    issues?: { path: string; message: string }[];
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}
