/**
 * Requests generated from a route's own zod schema (issue 16's fuzz test): the schema as JSON Schema
 * (zod's own z.toJSONSchema, input side, refinements and transforms left out) turned into a fast-check
 * arbitrary. Values follow the schema's types, formats, patterns, lengths, ranges and enums, so most get
 * past validation to the code behind it; the fuzz test then spoils one field of some of them.
 */
import fc from 'fast-check';
import { z } from 'zod';

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Long enough to try the limits, short enough to keep a run quick. */
const MAX_TEXT = 300;
const MAX_ITEMS = 6;

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? MAX_TEXT, minLength + MAX_TEXT);
  // The pattern is the stricter rule where a format has one too (zod's e-mail pattern is narrower than RFC's).
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length >= minLength && v.length <= maxLength);
    } catch {
      // A pattern JavaScript cannot compile: by format or plain text instead.
    }
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= maxLength);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  if (integer) {
    const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: lo, max: Math.max(lo, hi) });
  }
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** Values to use, often, for fields of these names (real ids and addresses of the run). */
export type Overrides = Partial<Record<string, fc.Arbitrary<unknown>>>;

function arbitraryOf(
  s: JsonSchema,
  defs: Record<string, JsonSchema>,
  depth: number,
  overrides: Overrides = {},
): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (s.$ref) {
    const name = s.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const target = defs[name];
    return target ? arbitraryOf(target, defs, depth + 1, overrides) : fc.jsonValue({ maxDepth: 1 });
  }
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => arbitraryOf(u, defs, depth + 1, overrides)));
  if (s.allOf?.length) {
    // An intersection of objects (z.intersection): one object with every part's fields.
    const parts = s.allOf.map((p) => arbitraryOf(p, defs, depth + 1, overrides));
    return fc
      .tuple(...parts)
      .map((values) =>
        Object.assign({}, ...values.map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}))),
      );
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((t) => arbitraryOf({ ...s, type: t }, defs, depth + 1, overrides)));
  switch (types[0]) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems)
        return fc.tuple(...s.prefixItems.map((p) => arbitraryOf(p, defs, depth + 1, overrides)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? MAX_ITEMS, minLength + MAX_ITEMS);
      return fc.array(
        s.items ? arbitraryOf(s.items, defs, depth + 1, overrides) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength,
          maxLength,
        },
      );
    }
    case 'object': {
      const props = s.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, v]) => {
          const generated = arbitraryOf(v, defs, depth + 1, overrides);
          const known = overrides[k];
          return [
            k,
            known
              ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: generated })
              : generated,
          ];
        }),
      ) as Record<string, fc.Arbitrary<unknown>>;
      if (Object.keys(shape).length === 0)
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in shape) });
    }
  }
  // No type at all (z.unknown(), or something JSON Schema cannot say): any JSON.
  return fc.jsonValue({ maxDepth: 2 });
}

/** An arbitrary of bodies that follow `schema`, or null when zod cannot describe it as JSON Schema. */
export function bodiesOf(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<unknown> | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
  return arbitraryOf(json, json.$defs ?? {}, 0, overrides);
}

/**
 * The places in `schema` where a string has no maximum length (issue 16: every string has one, so no
 * input can be too long for the code or the database behind it). A string is bounded by a maxLength, an
 * enum or a const, a fixed-length format (uuid, date, date-time), or a pattern without open-ended repeats.
 */
export function unboundedStrings(schema: z.ZodType): string[] {
  let json: JsonSchema;
  try {
    // The output side: a string piped into a stricter one (trimmed, then an e-mail of at most 254) is
    // bounded by the second; a transform's own checks are code JSON Schema cannot show.
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return ['(zod cannot describe this schema)'];
  }
  const defs = json.$defs ?? {};
  const found: string[] = [];
  const seen = new Set<JsonSchema>();
  const walk = (s: JsonSchema, at: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    if (s.$ref) {
      const target = defs[s.$ref.replace(/^#\/(\$defs|definitions)\//, '')];
      if (target) walk(target, at);
      return;
    }
    for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(part, at);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.includes('string') && s.maxLength === undefined && !s.enum && !('const' in s)) {
      const fixedFormat = ['uuid', 'date', 'date-time', 'time'].includes(s.format ?? '');
      const closedPattern = s.pattern !== undefined && !/[+*]|\{\d+,\}/.test(s.pattern);
      if (!fixedFormat && !closedPattern) found.push(at || '(the body)');
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, at ? `${at}.${k}` : k);
    if (s.items) walk(s.items, `${at}[]`);
    for (const [i, p] of (s.prefixItems ?? []).entries()) walk(p, `${at}[${i}]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      walk(s.additionalProperties, `${at}{}`);
  };
  walk(json, '');
  return found;
}
