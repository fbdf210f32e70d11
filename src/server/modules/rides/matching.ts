/**
 * Which drivers match a trip request: they pass the verification gate (issue 13) with a vehicle that seats
 * the passengers and carries the bags, the pickup is inside their service area, their availability covers the pickup's weekday and time of day in
 * Sydney (hours.start <= pickup < hours.end), and their offers cover the
 * trip's needs (child seats, wheelchair, pram, boards, bikes, pets: shared/marketplace/needs.ts canServe), so
 * a driver is never told of a trip they cannot take. One SQL query over
 * the drivers' JSON columns, used when a request is posted (to notify them) and for the customer's
 * "N drivers match" count.
 */
import { sql } from 'drizzle-orm';
import { WEEKDAYS } from '../../../shared/marketplace/constants.ts';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import { utcToSydney } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { eligibleDriverSql } from '../verification/standing.ts';
import { withinServiceArea } from './area-sql.ts';
import { offersCover } from './needs-sql.ts';

export interface MatchableRide {
  pickupAt: Date;
  passengers: number;
  /** Bags a vehicle must carry (0 when not given). */
  luggageBags?: number;
  pickupLat: number;
  pickupLng: number;
  /** rides.needs as stored; missing or {} means none. */
  needs?: unknown;
}

export async function matchingDriverIds(db: Db, ride: MatchableRide): Promise<string[]> {
  const local = utcToSydney(ride.pickupAt);
  const weekday = WEEKDAYS[local.weekday]!;
  // 'HH:MM' strings compare correctly byte by byte (collation "C"), whatever the database's locale.
  const result = (await db.execute(sql`
    select d.user_id
    from drivers d
    join users u on u.id = d.user_id
    where u.user_type = 'driver'
      and d.availability -> 'days' @> ${JSON.stringify([weekday])}::jsonb
      and (d.availability #>> '{hours,start}') collate "C" <= ${local.time}::text collate "C"
      and ${local.time}::text collate "C" < (d.availability #>> '{hours,end}') collate "C"
      and ${withinServiceArea('d', sql`${ride.pickupLat}::float8`, sql`${ride.pickupLng}::float8`)}
      and ${eligibleDriverSql(
        sql`d.user_id`,
        sql`uv.seats >= ${ride.passengers}::int and uv.luggage_bags >= ${ride.luggageBags ?? 0}::int`,
      )}
      and ${offersCover(sql`d.offers`, readNeeds(ride.needs))}
    order by d.user_id`)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((r) => r.user_id);
}
