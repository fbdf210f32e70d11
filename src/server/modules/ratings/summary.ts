/**
 * Rating averages and counts as others see them. A rating is hidden from everyone (the rated person
 * included) until both sides of the booking have rated or 7 days have passed, so neither answers the other.
 */
import { sql } from 'drizzle-orm';
import type { RatingSummary } from '../../../shared/marketplace/api.ts';
import { RATING_LIMITS } from '../../../shared/marketplace/constants.ts';
import type { Db } from '../../db/client.ts';

/** SQL condition: rating `r` is visible (both rated, or older than 7 days). */
export const visibleRating = (alias: string) =>
  sql.raw(`(${alias}.created_at < now() - interval '${RATING_LIMITS.hiddenForDays} days'
    or exists (select 1 from ratings other where other.booking_id = ${alias}.booking_id and other.rater_id = ${alias}.ratee_id))`);

export async function ratingSummaries(db: Db, userIds: string[]): Promise<Map<string, RatingSummary>> {
  const result = new Map<string, RatingSummary>();
  for (const id of userIds) result.set(id, { average: null, count: 0 });
  if (userIds.length === 0) return result;
  const rows = (await db.execute(sql`
    select r.ratee_id as user_id, round(avg(r.stars)::numeric, 1) as average, count(*)::int as count
    from ratings r
    where r.ratee_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${visibleRating('r')}
    group by r.ratee_id`)) as unknown as {
    rows: { user_id: string; average: string | number; count: number }[];
  };
  for (const row of rows.rows) {
    result.set(row.user_id, { average: Number(row.average), count: Number(row.count) });
  }
  return result;
}

/** Completed trips per driver, shown beside their quotes. */
export async function completedTrips(db: Db, driverIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const id of driverIds) result.set(id, 0);
  if (driverIds.length === 0) return result;
  const rows = (await db.execute(sql`
    select driver_id, count(*)::int as n from bookings
    where status = 'completed' and driver_id in (${sql.join(
      driverIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by driver_id`)) as unknown as { rows: { driver_id: string; n: number }[] };
  for (const row of rows.rows) result.set(row.driver_id, Number(row.n));
  return result;
}
