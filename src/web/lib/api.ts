/** The web app's only way to call the API: JSON in and out, cookies same-origin, errors as ApiError. */
import { type ApiErrorCode, isApiErrorBody } from '../../shared/api-errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network' | 'timeout',
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a retry with the same key and body gets the first answer (see submit-key.ts). */
  idempotencyKey?: string;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = opts.timeoutMs ? setTimeout(() => controller.abort('timeout'), opts.timeoutMs) : undefined;
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
  let response: Response;
  try {
    const headers: Record<string, string> =
      opts.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' };
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    response = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (err) {
    if (controller.signal.aborted && controller.signal.reason === 'timeout') {
      throw new ApiError(0, 'timeout', 'The request timed out.');
    }
    throw new ApiError(0, 'network', err instanceof Error ? err.message : 'Failed to fetch');
  } finally {
    if (timer) clearTimeout(timer);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.issues);
    }
    throw new ApiError(response.status, 'internal', response.statusText || 'Request failed');
  }
  return data as T;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
