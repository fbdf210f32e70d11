/**
 * One row inserted in the same statement as another row's change, so both take effect or neither without a
 * transaction around them (issue 34: the delivery worker's 'sent' mark and the outbox row it stands for were
 * BEGIN, UPDATE, INSERT, COMMIT; now one statement).
 *
 * `guard` is an UPDATE (or DELETE) ... RETURNING run as a data-modifying CTE: the row is inserted only when
 * it returned a row. Without a guard the row is inserted as a plain INSERT would.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export interface InsertOneIf {
  /** The table, as written in SQL. */
  table: string;
  /** Column name and value (cast where PostgreSQL cannot infer the type from a SELECT: jsonb, timestamptz). */
  values: [column: string, value: SQL][];
  /** Such as `on conflict (dedupe_key) do nothing`. */
  onConflict?: SQL;
  guard?: SQLWrapper;
}

export interface InsertedIf {
  /** The guard changed a row (always true without a guard). */
  guarded: boolean;
  /** The new row's id; null when the guard changed nothing or `onConflict` skipped the row. */
  id: string | null;
}

/** A guarded insert (mail.ts, sms.ts) whose guard changed no row: nothing was recorded. */
export class GuardNotMet extends Error {
  constructor() {
    super('the guard changed no row: not recorded');
  }
}

export async function insertOneIf(db: Db, opts: InsertOneIf): Promise<InsertedIf> {
  const columns = sql.join(
    opts.values.map(([c]) => sql.identifier(c)),
    sql`, `,
  );
  const values = sql.join(
    opts.values.map(([, v]) => v),
    sql`, `,
  );
  const insert = sql`insert into ${sql.identifier(opts.table)} (${columns})
    select ${values}${opts.guard ? sql` where exists (select 1 from guard)` : sql``}
    ${opts.onConflict ?? sql``}
    returning id`;
  const statement = opts.guard
    ? sql`with guard as (${opts.guard.getSQL()}), inserted as (${insert})
          select exists (select 1 from guard) as guarded, (select id from inserted) as id`
    : sql`with inserted as (${insert}) select true as guarded, (select id from inserted) as id`;
  const result = (await db.execute(statement)) as unknown as { rows: InsertedIf[] };
  const row = result.rows[0];
  return { guarded: Boolean(row?.guarded), id: row?.id ?? null };
}
