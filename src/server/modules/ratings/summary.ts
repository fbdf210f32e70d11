/**
 * Rating averages and counts as others see them. A rating is hidden from everyone (the rated person
 * included) until both sides of the booking have rated or 7 days have passed, so neither answers the other.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
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

/**
 * The rating summary of the user in `userId` (a column of the outer query) as a scalar subquery, so a
 * query that reads people reads their summaries in the same statement (issue 34: the booking view had a
 * statement for each). The same rule and rounding as ratingSummaries; read it back with toRatingSummary.
 */
export const ratingSummarySql = (userId: SQLWrapper) =>
  sql<RatingSummaryJson>`(select json_build_object('average', round(avg(r.stars)::numeric, 1), 'count', count(*))
    from ratings r where r.ratee_id = ${userId} and ${visibleRating('r')})`;

/** What ratingSummarySql reads: PostgreSQL's JSON, the average a number or null. */
export type RatingSummaryJson = { average: number | string | null; count: number | string } | null;

export function toRatingSummary(json: RatingSummaryJson): RatingSummary {
  if (!json || Number(json.count) === 0) return { average: null, count: 0 };
  return { average: Number(json.average), count: Number(json.count) };
}

/** The completed trips of the driver in `driverId` (a column of the outer query), shown beside their quotes. */
export const completedTripsSql = (driverId: SQLWrapper) =>
  sql<number>`(select count(*)::int from bookings b where b.status = 'completed' and b.driver_id = ${driverId})`.mapWith(
    Number,
  );
