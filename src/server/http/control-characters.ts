/**
 * One place that refuses control characters (issue 28): NUL and the rest of C0 in any string a request
 * carries (a JSON body's values and keys, a text/plain body, a multipart form's text fields and file
 * names, the query string and the path) are answered 400 `validation` before any route runs. Tab, line
 * feed and carriage return stay allowed in bodies, where a message may have lines; whether a given field
 * may have lines is its schema's business. In the address, nothing of C0 is allowed.
 *
 * Without this, a NUL reached PostgreSQL (which cannot store it in text) and some routes answered 500.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_MESSAGES } from '../../shared/messages.ts';
import type { AppBindings } from './context.ts';
import { AppError } from './errors.ts';

/** C0 control characters except tab (09), line feed (0A) and carriage return (0D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** Any C0 control character: an address has no lines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const IN_ADDRESS = /[\u0000-\u001F]/;

/** The path to the first string (or key) in `value` holding a forbidden character, or null. */
export function findControlCharacter(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return IN_TEXT.test(value) ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (IN_TEXT.test(key)) return [...path, key].join('.');
      const found = findControlCharacter(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export function controlCharacterError(path: string): AppError {
  return new AppError(400, 'validation', API_MESSAGES.controlCharacters, [
    { path, message: API_MESSAGES.controlCharacters },
  ]);
}

/** A multipart form's text fields, field names and file names. */
export function assertFormClean(form: FormData): void {
  for (const [name, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name;
    if (IN_TEXT.test(name) || IN_TEXT.test(text)) throw controlCharacterError(name);
  }
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // Not percent-encoding at all: checked as it is.
  }
};

function assertAddressClean(c: Context<AppBindings>) {
  const url = new URL(c.req.url);
  if (IN_ADDRESS.test(decoded(url.pathname))) throw controlCharacterError('(path)');
  for (const [key, value] of url.searchParams) {
    if (IN_ADDRESS.test(key) || IN_ADDRESS.test(value)) throw controlCharacterError(key);
  }
}

const TEXT_BODY = /^(application\/json|text\/plain)\b/i;
const FORM_BODY = /^multipart\/form-data\b/i;
/** A URL-encoded form (the SMS provider's webhook, issue 30): its names and values, decoded. */
const URLENCODED_BODY = /^application\/x-www-form-urlencoded\b/i;

/** Mount on /api/* after the body limits (so a body is read only up to its limit). */
export function refuseControlCharacters() {
  return createMiddleware<AppBindings>(async (c, next) => {
    assertAddressClean(c);
    const type = c.req.header('content-type') ?? '';
    const text = TEXT_BODY.test(type);
    const urlencoded = URLENCODED_BODY.test(type);
    if (mayHaveBody(c.req.method) && (text || urlencoded || FORM_BODY.test(type))) {
      // Read once, through c.req, which keeps what it read: the route's own c.req.json(), text() and
      // arrayBuffer() answer from this copy. Read this way, @hono/node-server takes the bytes straight from
      // Node's request; touching c.req.raw.body first would build a fetch Request around a web stream for
      // it, and a second one to hand on (issue 34: about a twentieth of an accept's CPU).
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (text) {
        const decoded = new TextDecoder().decode(bytes);
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(decoded);
        assertTextClean(decoded);
      } else {
        // Uploads and the SMS webhook read c.req.raw itself (formData, a route's own body limit): a fresh
        // copy of the same bytes.
        c.req.raw = new Request(c.req.raw, { body: bytes });
        if (urlencoded) {
          for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
            if (IN_TEXT.test(name) || IN_TEXT.test(value)) throw controlCharacterError(name);
          }
        } else await assertMultipartClean(bytes, type);
      }
    }
    await next();
  });
}

/** A request of this method may carry a body (as @hono/node-server gives one to all but these). */
const mayHaveBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function assertTextClean(text: string) {
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the route answers that itself; its raw text is checked as text.
  }
  const found = findControlCharacter(value);
  if (found !== null) throw controlCharacterError(found);
}

/**
 * An upload's form, parsed here from a copy (uploads are few and limited in size: the cost of a second
 * parse buys one place for the rule). A form that does not parse is left to the route to refuse.
 */
async function assertMultipartClean(bytes: Uint8Array<ArrayBuffer>, type: string) {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    return;
  }
  assertFormClean(form);
}
