/**
 * The overdue hold (issue 15): a statement still open OVERDUE_HOLD_DAYS after its due date (a Sydney date)
 * stops the driver quoting, being matched and alerted, through the verification gate
 * (verification/standing.ts), until it is paid or voided.
 */
import { type SQL, sql } from 'drizzle-orm';
import { OVERDUE_HOLD_DAYS } from '../../../shared/billing.ts';
import type { Db } from '../../db/client.ts';

/** SQL: today in Sydney is past the hold day of the statement aliased `s`. */
const HELD = (alias: string) =>
  sql`${sql.raw(alias)}.status = 'open' and ${sql.raw(alias)}.due_on + ${OVERDUE_HOLD_DAYS}::int < (now() at time zone 'Australia/Sydney')::date`;

/** The oldest statement holding the driver, or null. */
export async function heldByStatement(
  db: Db,
  driverId: string,
): Promise<{ id: string; number: string; dueOn: string } | null> {
  const result = (await db.execute(sql`
    select s.id, s.number, s.due_on::text as due_on from billing_statements s
     where s.driver_id = ${driverId} and ${HELD('s')}
     order by s.due_on, s.number limit 1`)) as unknown as {
    rows: { id: string; number: string; due_on: string }[];
  };
  const row = result.rows[0];
  return row ? { id: row.id, number: row.number, dueOn: row.due_on } : null;
}

/** SQL: the driver has no statement holding them (for matching many drivers at once). */
export function notHeldSql(driverId: SQL): SQL {
  return sql`not exists (select 1 from billing_statements hs where hs.driver_id = ${driverId} and ${HELD('hs')})`;
}
