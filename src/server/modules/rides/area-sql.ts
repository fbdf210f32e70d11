/**
 * Where a driver works (issue 13): a pickup is inside their service area when its great-circle distance
 * from their base locality is at most their radius, and a trip fits them when one of their usable vehicles
 * (safety inspection in force) seats its passengers and carries its bags. SQL for matching and for
 * /available-rides' default view.
 */
import { type SQL, sql } from 'drizzle-orm';
import { usableVehicleSql } from '../verification/standing.ts';

/** SQL: the point (lat, lng) is within the service radius of the drivers row aliased `d`. */
export function withinServiceArea(d: string, lat: SQL, lng: SQL): SQL {
  const a = sql.raw(d);
  return sql`(${a}.base_lat is not null and ${a}.base_lng is not null and 6371 * 2 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${a}.base_lat) / 2), 2)
      + cos(radians(${a}.base_lat)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - ${a}.base_lng) / 2), 2)))) <= ${a}.service_radius_km)`;
}

/** SQL: driver `driverId` has a usable vehicle seating `passengers` and carrying `bags`. */
export function vehicleCarries(driverId: SQL, passengers: SQL, bags: SQL): SQL {
  return sql`exists (select 1 from vehicles uv where uv.driver_id = ${driverId} and ${usableVehicleSql('uv')}
    and uv.seats >= ${passengers} and uv.luggage_bags >= ${bags})`;
}
