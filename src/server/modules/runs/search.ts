/**
 * GET /api/runs?from=&to=&date= (public): open runs with seats left or the vehicle unsold, departing on that
 * Sydney date (or from now on), whose ends are near the searched places (the searched place within the
 * run's radius), soonest first. A searched place is what the person typed, resolved by the gazetteer (best
 * match); a place it does not know is a 400 naming the field. Only runs of drivers who may quote now (the
 * verification gate) are listed, and only they can be booked (book.ts).
 */
import { sql } from 'drizzle-orm';
import { RUN_LIMITS, RUN_MESSAGES, type RunDto } from '../../../shared/marketplace/runs.ts';
import { sydneyDayEnd, sydneyDayStart } from '../../../shared/marketplace/time.ts';
import type { RunSearch } from '../../../shared/validation/runs.ts';
import type { Db } from '../../db/client.ts';
import { runs } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { search } from '../../services/places.ts';
import { eligibleDriverSql } from '../verification/standing.ts';
import { toRunDtos } from './dto.ts';
import { kmBetween } from './rules.ts';

function placeOf(text: string | undefined, path: 'from' | 'to') {
  if (text === undefined) return null;
  const place = search(text, 1)[0];
  if (!place)
    throw new AppError(400, 'validation', RUN_MESSAGES.searchPlace, [
      { path, message: RUN_MESSAGES.searchPlace },
    ]);
  return place;
}

export async function searchRuns(db: Db, q: RunSearch): Promise<RunDto[]> {
  const from = placeOf(q.from, 'from');
  const to = placeOf(q.to, 'to');
  const dayStart = q.date ? sydneyDayStart(q.date) : null;
  const dayEnd = q.date ? sydneyDayEnd(q.date) : null;
  const rows = await db
    .select()
    .from(runs)
    .where(
      sql`${runs.status} = 'open' and ${runs.departsFrom} > now()
        and not ${runs.vehicleSold}
        and (${runs.seatsSold} < ${runs.seatsTotal})
        and ${eligibleDriverSql(sql`${runs.driverId}`)}
        ${dayStart && dayEnd ? sql`and ${runs.departsFrom} >= ${dayStart} and ${runs.departsFrom} < ${dayEnd}` : sql``}
        ${from ? sql`and ${kmBetween(sql`${runs.fromLat}`, sql`${runs.fromLng}`, sql`${from.lat}::float8`, sql`${from.lng}::float8`)} <= ${runs.fromRadiusKm}` : sql``}
        ${to ? sql`and ${kmBetween(sql`${runs.toLat}`, sql`${runs.toLng}`, sql`${to.lat}::float8`, sql`${to.lng}::float8`)} <= ${runs.toRadiusKm}` : sql``}`,
    )
    .orderBy(runs.departsFrom, runs.id)
    .limit(RUN_LIMITS.searchMax);
  return toRunDtos(db, rows);
}
