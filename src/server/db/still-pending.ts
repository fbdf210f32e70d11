/**
 * "Still pending", for a statement that finds its rows by key in a queue table (mail_outbox, sms_outbox,
 * notification_deliveries). Each has a partial index of its pending rows by due time, and with
 * `status = 'pending'` written out the planner may answer "this id, if still pending" by reading that
 * whole index: statistics taken while the queue was empty, as it usually is when autovacuum comes, make
 * the index look like the cheapest path. That read grows with the backlog (1.6 ms a mark at 3,000 pending
 * mails, one mark per mail sent, so a backlog drained the slower the longer it was; issue 34).
 * "None of the other statuses" selects the same rows, since each table's check allows only `statuses`,
 * and the planner cannot prove it implies the index's condition, so it reads the row by its key.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export function stillPending(status: SQLWrapper, statuses: readonly string[]): SQL {
  const others = statuses.filter((s) => s !== 'pending');
  if (others.length === statuses.length) throw new Error('stillPending: the statuses must include pending');
  return sql`${status} <> all(array[${sql.raw(others.map((s) => `'${s}'`).join(', '))}]::text[])`;
}
