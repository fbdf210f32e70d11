/**
 * The price list (issue 31 item 1): every live fare that prices a trip now, cheapest first. A fare matches
 * when the pickup is within its from radius and the destination within its to radius (great circle; a
 * bounding box on the from end first, so fares_from_idx is read), the passengers and bags fit the fare and
 * its vehicle, the trip's needs are served (child seats need a child-seat price and the vehicle's seats;
 * a wheelchair needs an accessible vehicle; the rest as drivers' offers: needs-sql.ts), the pickup's Sydney
 * weekday is one of its days and its time inside its hours, the notice is long enough, and the driver
 * passes the verification gate with that vehicle and is available then (drivers.availability, as
 * rides/matching.ts reads it). One SQL statement; the price parts are added up in shared/marketplace/fares.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import { WEEKDAYS } from '../../../shared/marketplace/constants.ts';
import {
  FARE_LIMITS,
  type InstantPriceDto,
  type PricedFare,
  priceParts,
  totalOf,
} from '../../../shared/marketplace/fares.ts';
import type { RideNeeds } from '../../../shared/marketplace/needs.ts';
import { utcToSydney } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { driverCards, vehicleCards } from '../driver-cards/cards.ts';
import { offersCover } from '../rides/needs-sql.ts';
import { eligibleDriverSql } from '../verification/standing.ts';

/** The trip being priced: a posted trip's columns or the /book-ride form so far. */
export interface PricedTripInput {
  pickupLat: number;
  pickupLng: number;
  destinationLat: number;
  destinationLng: number;
  pickupAt: Date;
  passengers: number;
  bags: number;
  needs: RideNeeds;
}

/** A matching fare as the statement returns it. */
export interface MatchedFare extends PricedFare {
  id: string;
  version: number;
  driverId: string;
  vehicleId: string;
  fromName: string;
  toName: string;
  maxPassengers: number;
  maxBags: number;
}

/** At most this many prices are shown: the cheapest. */
export const PRICE_LIST_MAX = 20;

const KM_PER_DEGREE_LAT = 111.32;

/** SQL: great-circle kilometres between columns (lat, lng) and a point. */
function distanceKm(lat: SQL, lng: SQL, pLat: number, pLng: number): SQL {
  return sql`(6371 * 2 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${pLat}::float8) / 2), 2)
      + cos(radians(${pLat}::float8)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - ${pLng}::float8) / 2), 2)))))`;
}

/** SQL: the fare's from point lies in the box of the largest radius around the pickup (index-friendly). */
function fromBox(t: PricedTripInput): SQL {
  const km = FARE_LIMITS.radiusKmMax;
  const dLat = (km / KM_PER_DEGREE_LAT) * 1.01;
  const cos = Math.cos((t.pickupLat * Math.PI) / 180);
  const dLng = cos > 0.01 ? (km / (KM_PER_DEGREE_LAT * cos)) * 1.01 : 180;
  return sql`f.from_lat between ${t.pickupLat - dLat}::float8 and ${t.pickupLat + dLat}::float8
    and f.from_lng between ${t.pickupLng - dLng}::float8 and ${t.pickupLng + dLng}::float8`;
}

/**
 * The live fares that price this trip now (`onlyFareId`: just that one, for the re-check inside a booking's
 * transaction). Not yet priced or sorted.
 */
export async function matchingFares(db: Db, t: PricedTripInput, onlyFareId?: string): Promise<MatchedFare[]> {
  const local = utcToSydney(t.pickupAt);
  const weekday = WEEKDAYS[local.weekday]!;
  const childSeats = t.needs.infantSeats + t.needs.childSeats + t.needs.boosterSeats;
  const needsSql: SQL[] = [];
  if (childSeats > 0) {
    needsSql.push(sql`f.child_seat_cents is not null`);
    needsSql.push(sql`v.child_seats >= ${t.needs.infantSeats + t.needs.childSeats}::int`);
  }
  if (t.needs.wheelchair !== 'none') needsSql.push(sql`v.wheelchair_accessible`);
  // 'HH:MM' strings compare correctly byte by byte (collation "C"), whatever the database's locale.
  const time = sql`${local.time}::text collate "C"`;
  const result = (await db.execute(sql`
    select f.id, f.version, f.driver_id, f.vehicle_id, f.from_name, f.to_name, f.price_cents,
           f.max_passengers, f.max_bags, f.included_passengers, f.extra_passenger_cents, f.child_seat_cents,
           f.after_hours_start, f.after_hours_end, f.after_hours_cents
    from fares f
    join vehicles v on v.id = f.vehicle_id
    join drivers d on d.user_id = f.driver_id
    where f.retired_at is null
      ${onlyFareId ? sql`and f.id = ${onlyFareId}::uuid` : sql``}
      and ${fromBox(t)}
      and ${distanceKm(sql`f.from_lat`, sql`f.from_lng`, t.pickupLat, t.pickupLng)} <= f.from_radius_km
      and ${distanceKm(sql`f.to_lat`, sql`f.to_lng`, t.destinationLat, t.destinationLng)} <= f.to_radius_km
      and f.max_passengers >= ${t.passengers}::int and f.max_bags >= ${t.bags}::int
      and v.seats >= ${t.passengers}::int and v.luggage_bags >= ${t.bags}::int
      and f.days @> ${JSON.stringify([weekday])}::jsonb
      and (case when f.hours_start collate "C" <= f.hours_end collate "C"
                then f.hours_start collate "C" <= ${time} and ${time} <= f.hours_end collate "C"
                else f.hours_start collate "C" <= ${time} or ${time} <= f.hours_end collate "C" end)
      and now() + make_interval(mins => f.min_notice_minutes) <= ${t.pickupAt.toISOString()}::timestamptz
      ${needsSql.length ? sql`and ${sql.join(needsSql, sql` and `)}` : sql``}
      and ${offersCover(sql`d.offers`, t.needs)}
      and d.availability -> 'days' @> ${JSON.stringify([weekday])}::jsonb
      and (d.availability #>> '{hours,start}') collate "C" <= ${time}
      and ${time} < (d.availability #>> '{hours,end}') collate "C"
      and ${eligibleDriverSql(sql`f.driver_id`, sql`uv.id = f.vehicle_id`)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((r) => ({
    id: r.id as string,
    version: Number(r.version),
    driverId: r.driver_id as string,
    vehicleId: r.vehicle_id as string,
    fromName: r.from_name as string,
    toName: r.to_name as string,
    priceCents: Number(r.price_cents),
    maxPassengers: Number(r.max_passengers),
    maxBags: Number(r.max_bags),
    includedPassengers: r.included_passengers === null ? null : Number(r.included_passengers),
    extraPassengerCents: Number(r.extra_passenger_cents),
    childSeatCents: r.child_seat_cents === null ? null : Number(r.child_seat_cents),
    afterHoursStart: (r.after_hours_start as string | null) ?? null,
    afterHoursEnd: (r.after_hours_end as string | null) ?? null,
    afterHoursCents: Number(r.after_hours_cents),
  }));
}

/** The price of the trip at a matched fare, line by line. */
export function partsFor(fare: MatchedFare, t: PricedTripInput) {
  return priceParts(fare, {
    passengers: t.passengers,
    childSeats: t.needs.infantSeats + t.needs.childSeats + t.needs.boosterSeats,
    sydneyTime: utcToSydney(t.pickupAt).time,
  });
}

/** Every price for the trip, cheapest first (ties: the better-rated driver first, then the fare's id). */
export async function instantPrices(db: Db, t: PricedTripInput): Promise<InstantPriceDto[]> {
  const matched = await matchingFares(db, t);
  if (matched.length === 0) return [];
  const priced = matched
    .map((fare) => {
      const parts = partsFor(fare, t);
      return { fare, parts, total: totalOf(parts) };
    })
    .sort((a, b) => a.total - b.total || a.fare.id.localeCompare(b.fare.id))
    .slice(0, PRICE_LIST_MAX);
  const [cards, cars] = await Promise.all([
    driverCards(db, [...new Set(priced.map((p) => p.fare.driverId))]),
    vehicleCards(
      db,
      priced.map((p) => p.fare.vehicleId),
    ),
  ]);
  const items: InstantPriceDto[] = [];
  for (const p of priced) {
    const driver = cards.get(p.fare.driverId);
    const vehicleCard = cars.get(p.fare.vehicleId);
    if (!driver || !vehicleCard) continue;
    items.push({
      fareId: p.fare.id,
      fareVersion: p.fare.version,
      priceCents: p.total,
      parts: p.parts,
      fromName: p.fare.fromName,
      toName: p.fare.toName,
      maxPassengers: p.fare.maxPassengers,
      maxBags: p.fare.maxBags,
      driver,
      vehicleCard,
    });
  }
  return items;
}
