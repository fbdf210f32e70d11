/**
 * Hot queries built once per database handle and prepared under a name (issue 17). Drizzle then skips
 * building the SQL on every call (a measurable share of a request's CPU), and PostgreSQL parses and plans
 * the statement once per connection instead of once per call. Use for queries whose text never changes
 * (only their parameters, as `sql.placeholder`), on the hot paths: the board, the quoting routes.
 *
 * A transaction handle is a new object each time, so inside a transaction the query is built again (as
 * an unprepared query would be). Prepared statements and poolers: docs/DEPLOY.md.
 */
import type { Db } from './client.ts';

const byHandle = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = byHandle.get(db);
  if (!queries) {
    queries = new Map();
    byHandle.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
