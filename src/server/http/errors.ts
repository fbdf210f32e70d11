/** One error type for the API: a code, a status and the message the user sees. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api-errors.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { noteBodySchema } from './body-schemas.ts';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, 'not_found', API_MESSAGES.notFound);
export const unauthenticated = () => new AppError(401, 'unauthenticated', API_MESSAGES.unauthenticated);
export const forbidden = () => new AppError(403, 'forbidden', API_MESSAGES.forbidden);

export function errorResponse(c: Context, err: AppError) {
  const body: ApiErrorBody = { error: { code: err.code, message: err.message } };
  if (err.issues) body.error.issues = err.issues;
  for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  return c.json(body, err.status);
}

export function validationError(error: z.ZodError, code: ApiErrorCode = 'validation') {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // The first issue's message is the one a form would show first.
  return new AppError(400, code, issues[0]?.message ?? API_MESSAGES.validation, issues);
}

/** Reads a JSON body and validates it; a body that is not JSON is a 400, never a 500. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  noteBodySchema(c, schema);
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError(400, 'validation', API_MESSAGES.validation);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
