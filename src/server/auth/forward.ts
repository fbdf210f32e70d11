/**
 * Calling better-auth from our routes (ADR 001): the request's headers with the client address the API
 * decided on, and better-auth's Set-Cookie headers copied onto our own JSON answer.
 */
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * The request body as JSON, or null when it is not JSON (the schemas then answer with their message).
 * Pass `c.req`, which keeps the body it read (http/control-characters.ts reads it first), not `c.req.raw`.
 */
export async function readJson(req: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return null;
  }
}

export function authHeaders(req: Request, ip: string) {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** The session token better-auth set in this answer's session cookie (the value is `token.signature`), or null. */
export function sessionTokenSet(from: Response, cookieName: string): string | null {
  for (const cookie of from.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (eq > 0 && pair!.slice(0, eq).trim() === cookieName) {
      const value = decodeURIComponent(pair!.slice(eq + 1));
      return value ? (value.split('.')[0] ?? null) : null;
    }
  }
  return null;
}

/** Copies better-auth's Set-Cookie headers onto our JSON answer. */
export function withCookies(from: Response, to: Response) {
  for (const cookie of from.headers.getSetCookie()) to.headers.append('set-cookie', cookie);
  return to;
}
