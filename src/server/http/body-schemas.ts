/**
 * Which zod schema each route checks its JSON body with, noted the first time the route reads a body
 * (parseBody, and the few routes that read theirs another way call noteBodySchema themselves). Nothing in
 * the app reads it: tests/api/fuzz.test.ts generates requests from these schemas, so a new route is fuzzed
 * with its own rules without anyone listing it (issue 16). The cost is one Map lookup per request; the Map
 * holds at most one entry per route.
 */
import type { Context } from 'hono';
import type { z } from 'zod';

const schemas = new Map<string, z.ZodType>();

/** Notes `schema` as the body schema of the route handling `c` ("POST /api/rides/:id/cancel"). */
export function noteBodySchema(c: Context, schema: z.ZodType): void {
  const key = `${c.req.method} ${c.req.routePath}`;
  if (!schemas.has(key)) schemas.set(key, schema);
}

/** The body schemas noted so far, by route. */
export function bodySchemas(): ReadonlyMap<string, z.ZodType> {
  return schemas;
}
