/**
 * Bounded input: every /api request body has a limit, checked before any handler reads it. One table names
 * the routes that need another limit than the JSON default, or take another kind of body than JSON;
 * everything else gets DEFAULT_BODY_LIMIT and must be JSON (415 otherwise, issue 16).
 *
 * - With Content-Length (what browsers and most clients send): a declared size over the limit is answered
 *   413 at once, without reading a byte of the body.
 * - Without it (Transfer-Encoding: chunked): the body is read only up to the limit; one byte more and the
 *   answer is 413, the rest is never read.
 */
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AVATAR, UPLOAD } from '../../shared/constants.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { UPLOAD_MESSAGES } from '../../shared/validation/uploads.ts';
import type { AppBindings } from './context.ts';
import { AppError } from './errors.ts';

/** JSON bodies: forms, quotes, ratings, messages. The largest real one is a few KB. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;
/** Room for multipart boundaries and the text fields around the files of an upload. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The most an upload route can ever accept: its files at their largest, plus the multipart overhead. */
export const uploadBodyBytes = (maxFiles: number, maxBytes: number) =>
  maxFiles * maxBytes + MULTIPART_OVERHEAD;

/** SPEC §8 Upload: the 413 of the upload routes. */
export const uploadTooLarge = () => new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLargeServer);

export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

export const payloadTooLarge = (maxBytes: number) =>
  new AppError(413, 'payload_too_large', API_MESSAGES.payloadTooLarge(formatLimit(maxBytes)));

export interface BodyLimitRule {
  method: 'POST' | 'PUT' | 'PATCH';
  /** The full path; a `:name` segment matches any one segment. */
  path: string;
  maxBytes: number;
  /** The 413 the client sees; payloadTooLarge(maxBytes) when omitted. */
  error?: () => AppError;
  /** The media types of body the route reads; JSON_ONLY when omitted. */
  accepts?: readonly string[];
}

export const JSON_ONLY = ['application/json'] as const;
const MULTIPART = ['multipart/form-data'] as const;

/** The routes whose bodies may be larger (or must be smaller) than DEFAULT_BODY_LIMIT. */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  // Uploads: their files at the largest allowed size (the routes check each file again).
  {
    method: 'POST',
    path: '/api/files',
    maxBytes: uploadBodyBytes(UPLOAD.maxFiles, UPLOAD.maxBytes),
    error: uploadTooLarge,
    accepts: MULTIPART,
  },
  // Issue 13: a vehicle photo and a compliance document, one file each.
  {
    method: 'POST',
    path: '/api/drivers/me/vehicles/:id/photo',
    maxBytes: uploadBodyBytes(1, UPLOAD.maxBytes),
    error: uploadTooLarge,
    accepts: MULTIPART,
  },
  {
    method: 'POST',
    path: '/api/drivers/me/documents',
    maxBytes: uploadBodyBytes(1, UPLOAD.maxBytes),
    error: uploadTooLarge,
    accepts: MULTIPART,
  },
  {
    method: 'POST',
    path: '/api/avatars',
    maxBytes: uploadBodyBytes(AVATAR.maxFiles, AVATAR.maxBytes),
    error: uploadTooLarge,
    accepts: MULTIPART,
  },
  // An issue with its optional screenshot (multipart), or without (JSON).
  {
    method: 'POST',
    path: '/api/issues',
    maxBytes: uploadBodyBytes(1, UPLOAD.maxBytes),
    error: uploadTooLarge,
    accepts: [...JSON_ONLY, ...MULTIPART],
  },
  // A full analytics batch (200 events and page views with long URLs) stays far below this.
  // navigator.sendBeacon sends its JSON as text/plain (a JSON type is not CORS-safelisted).
  {
    method: 'POST',
    path: '/api/analytics',
    maxBytes: 512 * 1024,
    accepts: ['application/json', 'text/plain'],
  },
  // One error report: its context is capped at a few KB (CLIENT_ERROR_LIMITS).
  { method: 'POST', path: '/api/client-errors', maxBytes: 64 * 1024 },
  // The SMS provider's webhook (issue 30): Twilio posts a form of a few dozen short fields.
  {
    method: 'POST',
    path: '/api/sms/inbound',
    maxBytes: 64 * 1024,
    accepts: ['application/x-www-form-urlencoded'],
  },
];

function pattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

type CompiledRule = BodyLimitRule & { re: RegExp };

/** The limit, the 413 and the accepted media types for one request. */
function limitFor(rules: readonly CompiledRule[], method: string, path: string) {
  const rule = rules.find((r) => r.method === method && r.re.test(path));
  const maxBytes = rule?.maxBytes ?? DEFAULT_BODY_LIMIT;
  return {
    maxBytes,
    error: rule?.error ?? (() => payloadTooLarge(maxBytes)),
    accepts: rule?.accepts ?? JSON_ONLY,
  };
}

/** Whether the request carries a body at all (a POST that only names an action often has none). */
function hasBody(c: { req: { header(name: string): string | undefined } }): boolean {
  const length = c.req.header('content-length');
  return c.req.header('transfer-encoding') !== undefined || (length !== undefined && Number(length) > 0);
}

/** 415 unless a body is of a media type its route reads (parameters such as charset are ignored). */
function assertMediaType(contentType: string | undefined, accepts: readonly string[]) {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!accepts.includes(type)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      API_MESSAGES.unsupportedMediaType(accepts.join(' or ')),
    );
  }
}

/** The body limit of every /api route (mount before anything that reads a body). */
export function bodyLimits(rules: readonly BodyLimitRule[] = BODY_LIMITS) {
  const compiled = rules.map((r) => ({ ...r, re: pattern(r.path) }));
  return createMiddleware<AppBindings>(async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const { maxBytes, error, accepts } = limitFor(compiled, method, c.req.path);
    if (hasBody(c)) assertMediaType(c.req.header('content-type'), accepts);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      // Node's parser already refuses a body longer than its Content-Length: the header is enough.
      if (Number(length) > maxBytes) throw error();
      return next();
    }
    // No declared length: read up to the limit and no further.
    return bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw error();
      },
    })(c, next);
  });
}
