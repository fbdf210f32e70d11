/** Postgres error codes behind Drizzle's wrapper ("Failed query: ..."), for mapping races to 409. */

/** The SQLSTATE of an error from pg or PGlite, looking through Drizzle's wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
/** Lost a race: a unique index, a serialization failure or a deadlock the database broke. */
export const RACE_CODES = new Set([UNIQUE_VIOLATION, '40001', '40P01']);

export const isRaceError = (err: unknown) => RACE_CODES.has(pgErrorCode(err) ?? '');
