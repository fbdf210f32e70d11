/**
 * Where a driver works (issue 13): a pickup is inside their service area when its great-circle distance
 * from their base locality is at most their radius, and a trip fits them when one of their usable vehicles
 * (safety inspection in force) seats its passengers and carries its bags. SQL for matching and for
 * /available-rides' default view.
 */
import { type SQL, sql } from 'drizzle-orm';
import { rides } from '../../db/schema/index.ts';
import type { DriverContext } from '../verification/standing.ts';

/** SQL: the point (lat, lng) is within the service radius of the drivers row aliased `d`. */
export function withinServiceArea(d: string, lat: SQL, lng: SQL): SQL {
  const a = sql.raw(d);
  return sql`(${a}.base_lat is not null and ${a}.base_lng is not null and 6371 * 2 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${a}.base_lat) / 2), 2)
      + cos(radians(${a}.base_lat)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - ${a}.base_lng) / 2), 2)))) <= ${a}.service_radius_km)`;
}

const KM_PER_DEGREE_LAT = 111.32;

/**
 * SQL over `rides`: the pickup is within `km` (great circle) of `centre`. A bounding box first (cheap,
 * index-friendly), then the exact distance.
 */
export function pickupWithin(centre: { lat: number; lng: number }, km: number): SQL {
  const dLat = (km / KM_PER_DEGREE_LAT) * 1.01;
  const dLng = (km / (KM_PER_DEGREE_LAT * Math.cos((centre.lat * Math.PI) / 180))) * 1.01;
  return sql`(${rides.pickupLat} between ${centre.lat - dLat}::float8 and ${centre.lat + dLat}::float8
    and ${rides.pickupLng} between ${centre.lng - dLng}::float8 and ${centre.lng + dLng}::float8
    and 6371 * 2 * asin(least(1, sqrt(
          power(sin(radians(${rides.pickupLat} - ${centre.lat}::float8) / 2), 2)
          + cos(radians(${centre.lat}::float8)) * cos(radians(${rides.pickupLat}))
            * power(sin(radians(${rides.pickupLng} - ${centre.lng}::float8) / 2), 2)))) <= ${km}::float8)`;
}

/**
 * SQL over `rides`: inside this driver's service area, and seated and carried by one of their usable
 * vehicles (safety inspection in force). Built from their loaded row and vehicles (loadDriverContext), the
 * same rule as withinServiceArea and the matching's vehicle check, as constants the planner can use.
 */
export function servedBy(context: DriverContext): SQL {
  const { driver, vehicles, standing } = context;
  const usable = vehicles.filter((v) => standing.usableVehicleIds.includes(v.id));
  if (driver.baseLat === null || driver.baseLng === null || usable.length === 0) return sql`false`;
  const carried = sql.join(
    usable.map(
      (v) => sql`(${rides.passengers} <= ${v.seats}::int and ${rides.luggageBags} <= ${v.luggageBags}::int)`,
    ),
    sql` or `,
  );
  return sql`(${pickupWithin({ lat: driver.baseLat, lng: driver.baseLng }, driver.serviceRadiusKm)} and (${carried}))`;
}
