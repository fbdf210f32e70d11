/**
 * Names the app's repeated statements, so PostgreSQL parses and plans each once per connection instead of
 * on every call (ADR 038). Measured with pg_stat_statements over a 50/s accept run: planning took more of
 * PostgreSQL's time than executing (11.2 s against 8.1 s for 500 bookings), most statements being planned
 * on every call; drizzle names only the statements built with `.prepare(name)` (db/prepared.ts).
 *
 * node-postgres sends a named statement's Parse once per connection and keeps track of it itself; the
 * names here are a hash of the text, so one text always has one name. Only statements with parameters are
 * named (they already go by the extended protocol, one command each), only once a text has been seen
 * AUTO_PREPARE.after times, and at most AUTO_PREPARE.maxNames texts per process: texts that vary (an IN
 * list of another length, an admin filter) cannot fill every connection's memory with plans.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const AUTO_PREPARE = {
  /** A text is named from its this-many-th call on. */
  after: 2,
  /** Named texts per process; later texts run unnamed. */
  maxNames: 300,
  /** Texts counted before the count starts over (a bound on this map, not a tuning knob). */
  maxCounted: 5_000,
};

export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named) return named;
    if (this.names.size >= AUTO_PREPARE.maxNames) return undefined;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < AUTO_PREPARE.after) {
      if (this.counts.size >= AUTO_PREPARE.maxCounted) this.counts.clear();
      this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    const name = `a_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  get size() {
    return this.names.size;
  }
}

/** A query as drizzle hands it to node-postgres: a config object, the values beside it. */
interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** A pg.Client (for `new pg.Pool({ Client })`) that runs repeated statements under their `names`. */
export function clientNaming(names: StatementNames): typeof pg.Client {
  class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this passes them through.
    query(...args: any[]): any {
      const config = args[0] as QueryConfigLike | string | null | undefined;
      const values = Array.isArray(args[1]) ? args[1] : (config as QueryConfigLike | null)?.values;
      if (
        config &&
        typeof config === 'object' &&
        config.submit === undefined &&
        typeof config.text === 'string' &&
        !config.name &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = names.nameFor(config.text);
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
  }
  return NamingClient as unknown as typeof pg.Client;
}
