/**
 * Bulk loads of quotes for the benches (ADR 031): the quotes trigger recomputes the driver's median quote
 * time per row, which on a freshly filled table (no statistics, poor plans) costs about 0.65 ms a row: a
 * seed went from 5 s to 42-53 s. Loaded without it, each driver is then figured once, as the migration's
 * backfill does.
 */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export async function loadQuotesWithoutTrigger(db: Queryable, load: () => Promise<unknown>): Promise<void> {
  await db.query('alter table quotes disable trigger quotes_refresh_driver_quote_time');
  try {
    await load();
  } finally {
    await db.query('alter table quotes enable trigger quotes_refresh_driver_quote_time');
  }
  await db.query(`insert into driver_quote_times (driver_id, median_minutes)
    select d.driver_id, driver_median_quote_minutes(d.driver_id) from (select distinct driver_id from quotes) d
    on conflict (driver_id) do update set median_minutes = excluded.median_minutes, updated_at = now()`);
}
