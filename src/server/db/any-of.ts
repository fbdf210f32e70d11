/**
 * `column = any($1::uuid[])`: a list of ids as one array parameter, where drizzle's `inArray` writes one
 * parameter per id. The statement's text then does not change with the length of the list, so ADR 038's
 * naming plans it once per connection instead of once per length (issue 34: the delivery worker's batches
 * read the booking view for lists of every length; its first statement, a seven-table join, took about
 * 2 ms to plan).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export function anyOf(column: SQLWrapper, values: readonly string[], type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}

/** The same in a prepared query (db/prepared.ts): the list is the placeholder `name`, given at execute. */
export function anyOfPlaceholder(column: SQLWrapper, name = 'ids', type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::${sql.raw(type)}[])`;
}
