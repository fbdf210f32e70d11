/**
 * Hot queries built once per database and prepared under a name (issue 17). Drizzle then skips building
 * the SQL on every call (a measurable share of a request's CPU: the booking view's first statement took
 * 1.5 ms to build, issue 34), and PostgreSQL parses and plans the statement once per connection instead of
 * once per call. Use for queries whose text never changes (only their parameters, as `sql.placeholder`;
 * a list of ids as one array, `= any(${sql.placeholder('ids')}::uuid[])`), on the hot paths.
 *
 * A transaction handle is a new object each time, but it shares its database's dialect. So the query is
 * kept per dialect (one per `openDatabase`), and a handle whose connection is not the one the query was
 * built on gets a copy of it bound to its own connection: the same text, name and row mapping, run inside
 * that transaction. This reaches into drizzle's prepared query (`client`, the field both drivers we use
 * run the query on); tests/api/prepared.test.ts proves a prepared query sees its transaction's own
 * uncommitted rows on both databases. Prepared statements and poolers: docs/DEPLOY.md.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const byDialect = new WeakMap<object, Map<string, { client: unknown }>>();

/** The connection (a pool, a pooled client in a transaction, PGlite or its transaction) a handle runs on. */
function clientOf(db: Db): unknown {
  return (db._.session as unknown as { client: unknown }).client;
}

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  const dialect = (db as unknown as { dialect: object }).dialect;
  let queries = byDialect.get(dialect);
  if (!queries) {
    queries = new Map();
    byDialect.set(dialect, queries);
  }
  let query = queries.get(name);
  if (query === undefined) {
    query = build(db) as { client: unknown };
    if (!query || !('client' in query))
      throw new Error(`prepared(${name}): build did not return a prepared query`);
    queries.set(name, query);
  }
  const client = clientOf(db);
  if (query.client === client) return query as T;
  return Object.assign(Object.create(Object.getPrototypeOf(query)), query, { client }) as T;
}

/**
 * For the rest of the transaction `tx`, prepared statements run on their generic plan, planned once per
 * connection. PostgreSQL otherwise keeps planning a statement on every call when its generic plan looks
 * costlier than a plan for the values at hand, which it does for every `= any($1::uuid[])` (it cannot know
 * the list is one or two ids): pg_stat_statements over 467 accepts counted 477 plans of each such statement
 * of the accept, about 2.6 ms of PostgreSQL's time per accept (issue 34). Used where every statement is a
 * lookup by key, so a plan made without the values is as good: the accept's transaction.
 */
export async function useGenericPlans(tx: Db): Promise<void> {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
}
