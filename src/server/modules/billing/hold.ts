/**
 * The overdue hold (issue 15): a statement still open OVERDUE_HOLD_DAYS after its due date (a Sydney date)
 * stops the driver quoting, being matched and alerted, through the verification gate
 * (verification/standing.ts), until it is paid or voided.
 */
import { type SQL, sql } from 'drizzle-orm';
import { OVERDUE_HOLD_DAYS } from '../../../shared/billing.ts';

/** SQL: today in Sydney is past the hold day of the statement aliased `s`. */
const HELD = (alias: string) =>
  sql`${sql.raw(alias)}.status = 'open' and ${sql.raw(alias)}.due_on + ${OVERDUE_HOLD_DAYS}::int < (now() at time zone 'Australia/Sydney')::date`;

/**
 * SQL: the oldest statement holding the driver as json { id, number, dueOn }, or null: a column of the
 * one query that loads a driver's standing (verification/standing.ts).
 */
export function heldByStatementSql(driverId: SQL): SQL {
  return sql`(select json_build_object('id', s.id, 'number', s.number, 'dueOn', s.due_on::text)
    from billing_statements s where s.driver_id = ${driverId} and ${HELD('s')}
    order by s.due_on, s.number limit 1)`;
}

/** SQL: the driver has no statement holding them (for matching many drivers at once). */
export function notHeldSql(driverId: SQL): SQL {
  return sql`not exists (select 1 from billing_statements hs where hs.driver_id = ${driverId} and ${HELD('hs')})`;
}
