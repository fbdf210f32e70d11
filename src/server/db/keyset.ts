/**
 * Keyset pages (issue 29: one module for every list that pages by its sort key). A cursor is the sort key
 * and id of the last row of a page, written as base64url so that clients treat it as opaque; the next page
 * is the rows after it in the same order. Instants are read to the microsecond (`cursorInstant`): a
 * JavaScript Date keeps milliseconds, and a row stored with more precision would be read twice.
 */
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** SQL: a timestamptz column as the cursor writes it (UTC, microseconds). */
export const cursorInstant = (column: SQL | SQL.Aliased | unknown): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor from its parts (the sort key or keys, then the id). */
export function encodeCursor(...parts: string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The `count` parts of a cursor, or null when it is not one this module wrote. */
export function decodeCursor(raw: string, count: number): string[] | null {
  if (!BASE64URL.test(raw)) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(parts) || parts.length !== count || !parts.every((p) => typeof p === 'string'))
      return null;
    return parts as string[];
  } catch {
    return null;
  }
}

/** A cursor of an instant and an id (most lists: newest or soonest first), or null. */
export function decodeInstantCursor(raw: string): { at: string; id: string } | null {
  const parts = decodeCursor(raw, 2);
  if (!parts) return null;
  const [at, id] = parts as [string, string];
  return INSTANT.test(at) && !Number.isNaN(Date.parse(at)) && UUID.test(id) ? { at, id } : null;
}

export const isCursorId = (id: string) => UUID.test(id);
export const isCursorInstant = (at: string) => INSTANT.test(at) && !Number.isNaN(Date.parse(at));

/** The 400 for a cursor this module did not write (each list says it in its own words). */
export const cursorRefused = (message: string) =>
  new AppError(400, 'validation', message, [{ path: 'cursor', message }]);
