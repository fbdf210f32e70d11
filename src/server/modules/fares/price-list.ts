/**
 * The price list (issue 31 item 1): every live fare that prices a trip now, cheapest first. A fare matches
 * when the pickup is within its from radius and the destination within its to radius (great circle, after
 * the from area's square through fares_from_area_idx and the to end's square), the passengers and bags fit the
 * fare and its vehicle, child seats have a child-seat price and seats in the vehicle, a wheelchair an
 * accessible vehicle, the pickup's Sydney weekday is one of its days and its time inside its hours, the
 * notice is long enough; and its driver is available then (drivers.availability, as rides/matching.ts reads
 * it), offers what the trip needs (canServe) and passes the verification gate with that vehicle. Two steps
 * (a page of the cheapest fares, sorted by the statement, then their drivers) so a busy route's hundreds of
 * fares cost one index scan and one check of a few dozen drivers (bench/price-list.ts); the prices shown are
 * added up by shared/marketplace/fares.ts, and the cards beside them kept briefly (price-list-cards.ts).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { canServe } from '../../../shared/marketplace/can-serve.ts';
import { WEEKDAYS } from '../../../shared/marketplace/constants.ts';
import {
  type InstantPriceDto,
  type PricedFare,
  priceParts,
  totalOf,
} from '../../../shared/marketplace/fares.ts';
import { type RideNeeds, readOffers } from '../../../shared/marketplace/needs.ts';
import { utcToSydney } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { areaBoxSql, drivers, vehicles } from '../../db/schema/index.ts';
import { eligibleDriverSql } from '../verification/standing.ts';
import { priceListCards } from './price-list-cards.ts';

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

/** SQL: the point in columns (lat, lng) lies in the square of `radius` km around (pLat, pLng): arithmetic only. */
function nearBox(lat: SQL, lng: SQL, radius: SQL, pLat: number, pLng: number): SQL {
  const cos = Math.max(0.01, Math.cos((pLat * Math.PI) / 180));
  return sql`abs(${lat} - ${pLat}::float8) * ${KM_PER_DEGREE_LAT}::float8 <= ${radius} * 1.01
    and abs(${lng} - ${pLng}::float8) * ${KM_PER_DEGREE_LAT * cos}::float8 <= ${radius} * 1.01`;
}

/** SQL: great-circle kilometres between columns (lat, lng) and a point. */
function distanceKm(lat: SQL, lng: SQL, pLat: number, pLng: number): SQL {
  return sql`(6371 * 2 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${pLat}::float8) / 2), 2)
      + cos(radians(${pLat}::float8)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - ${pLng}::float8) / 2), 2)))))`;
}

/**
 * SQL: the fare's from area (its square, areaBoxSql) holds the pickup: fares_from_area_idx, a GiST index on
 * that expression, answers it, so a route's fares are found without reading the region's.
 */
function fromArea(t: PricedTripInput): SQL {
  const pickup = sql`point(${t.pickupLat}::float8, ${t.pickupLng}::float8)`;
  return sql`${areaBoxSql(sql`f.from_lat`, sql`f.from_lng`, sql`f.from_radius_km`)} @> box(${pickup}, ${pickup})`;
}

/**
 * SQL, the first step: the live fares near both ends that carry the trip on its day, hour and notice
 * (columns of fares and vehicles only: no per-driver subquery, so a busy route's hundreds of fares cost one
 * scan). `onlyFareId`: just that one.
 */
/**
 * SQL: the trip's price at fare `f`, the rule of shared/marketplace/fares.ts (priceParts) written again so
 * the statement can sort and send only the cheapest: base, each passenger over the included ones, each
 * child seat or booster, the after-hours surcharge when the pickup is inside [start, end). The TypeScript
 * rule still makes every price shown and booked; candidateFares() checks the two agree on every row it
 * reads (a test run fails on a difference; production logs it).
 */
function totalCentsSql(t: PricedTripInput, childSeats: number, time: SQL): SQL {
  const start = sql`f.after_hours_start collate "C"`;
  const end = sql`f.after_hours_end collate "C"`;
  return sql`(f.price_cents
    + case when f.included_passengers is null then 0
           else greatest(0, ${t.passengers}::int - f.included_passengers) * f.extra_passenger_cents end
    + case when ${childSeats}::int > 0 and f.child_seat_cents is not null
           then ${childSeats}::int * f.child_seat_cents else 0 end
    + case when f.after_hours_start is null or f.after_hours_end is null or f.after_hours_cents <= 0
             or ${start} = ${end} then 0
           when ${start} < ${end}
             then case when ${time} >= ${start} and ${time} < ${end} then f.after_hours_cents else 0 end
           else case when ${time} >= ${start} or ${time} < ${end} then f.after_hours_cents else 0 end end)`;
}

/** Which candidates to read: one fare (a booking's re-check), or a page of the cheapest. */
export interface CandidateWindow {
  onlyFareId?: string;
  limit?: number;
  offset?: number;
}

export function candidateFaresSql(t: PricedTripInput, window: CandidateWindow = {}): SQL {
  const { onlyFareId, limit, offset = 0 } = window;
  const local = utcToSydney(t.pickupAt);
  const weekday = WEEKDAYS[local.weekday]!;
  const childSeats = t.needs.infantSeats + t.needs.childSeats + t.needs.boosterSeats;
  // What the needs ask of the fare (tested on the fares' scan) and of its vehicle (on the join).
  const fareNeeds = childSeats > 0 ? sql`and f.child_seat_cents is not null` : sql``;
  const vehicleNeeds: SQL[] = [];
  if (childSeats > 0)
    vehicleNeeds.push(sql`v.child_seats >= ${t.needs.infantSeats + t.needs.childSeats}::int`);
  if (t.needs.wheelchair !== 'none') vehicleNeeds.push(sql`v.wheelchair_accessible`);
  // 'HH:MM' strings compare correctly byte by byte (collation "C"), whatever the database's locale.
  const time = sql`${local.time}::text collate "C"`;
  return sql`
    select f.id, f.version, f.driver_id, f.vehicle_id, f.from_name, f.to_name, f.price_cents,
           f.max_passengers, f.max_bags, f.included_passengers, f.extra_passenger_cents, f.child_seat_cents,
           f.after_hours_start, f.after_hours_end, f.after_hours_cents,
           ${totalCentsSql(t, childSeats, time)} as total_cents
    from fares f
    join vehicles v on v.id = f.vehicle_id
    where f.retired_at is null
      ${onlyFareId ? sql`and f.id = ${onlyFareId}::uuid` : sql``}
      and ${fromArea(t)}
      -- Inside a CASE, so PostgreSQL tests the two squares first (it orders plain AND conditions by its own
      -- cost estimate, which put the jsonb days and the notice first on every fare).
      and case when ${nearBox(sql`f.from_lat`, sql`f.from_lng`, sql`f.from_radius_km`, t.pickupLat, t.pickupLng)}
                and ${nearBox(sql`f.to_lat`, sql`f.to_lng`, sql`f.to_radius_km`, t.destinationLat, t.destinationLng)}
        then ${distanceKm(sql`f.from_lat`, sql`f.from_lng`, t.pickupLat, t.pickupLng)} <= f.from_radius_km
          and ${distanceKm(sql`f.to_lat`, sql`f.to_lng`, t.destinationLat, t.destinationLng)} <= f.to_radius_km
          and f.max_passengers >= ${t.passengers}::int and f.max_bags >= ${t.bags}::int
          and f.days @> ${JSON.stringify([weekday])}::jsonb
          and (case when f.hours_start collate "C" <= f.hours_end collate "C"
                    then f.hours_start collate "C" <= ${time} and ${time} <= f.hours_end collate "C"
                    else f.hours_start collate "C" <= ${time} or ${time} <= f.hours_end collate "C" end)
          and now() + make_interval(mins => f.min_notice_minutes) <= ${t.pickupAt.toISOString()}::timestamptz
          ${fareNeeds}
        else false end
      and v.seats >= ${t.passengers}::int and v.luggage_bags >= ${t.bags}::int
      ${vehicleNeeds.length ? sql`and ${sql.join(vehicleNeeds, sql` and `)}` : sql``}
    order by total_cents, f.id
    ${limit !== undefined ? sql`limit ${limit}::int offset ${offset}::int` : sql``}`;
}

/**
 * The second step, prepared once per connection (its verification subqueries cost more to plan than to
 * run): of these vehicles, those whose driver may sell now: available at the pickup's weekday and time
 * (drivers.availability, as rides/matching.ts reads it) and through the verification gate with that vehicle
 * (verification/standing.ts). With each, the driver's offers, checked against the trip's needs by the one
 * TypeScript rule (canServe) after.
 */
const sellingQuery = (db: Db) =>
  prepared(db, 'fare_selling_vehicles', (d) =>
    d
      .select({ driverId: vehicles.driverId, vehicleId: vehicles.id, offers: drivers.offers })
      .from(vehicles)
      .innerJoin(drivers, eq(drivers.userId, vehicles.driverId))
      .where(
        sql`${vehicles.id} = any(${sql.placeholder('vehicleIds')}::uuid[])
          and ${drivers.availability} -> 'days' @> ${sql.placeholder('weekday')}::jsonb
          and (${drivers.availability} #>> '{hours,start}') collate "C" <= ${sql.placeholder('time')}::text collate "C"
          and ${sql.placeholder('time')}::text collate "C" < (${drivers.availability} #>> '{hours,end}') collate "C"
          and ${eligibleDriverSql(sql`${vehicles.driverId}`, sql`uv.id = ${vehicles.id}`)}`,
      )
      .prepare('fare_selling_vehicles'),
  );

const rowsOf = async (db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const pairKey = (driverId: string, vehicleId: string) => `${driverId}|${vehicleId}`;

/** The fares' driver-and-vehicle pairs that may sell this trip now (second step), as pairKey strings. */
async function sellingPairs(db: Db, t: PricedTripInput, fares: MatchedFare[]): Promise<Set<string>> {
  const vehicleIds = [...new Set(fares.map((f) => f.vehicleId))];
  if (vehicleIds.length === 0) return new Set();
  const local = utcToSydney(t.pickupAt);
  const params = { vehicleIds, weekday: JSON.stringify([WEEKDAYS[local.weekday]!]), time: local.time };
  // PostgreSQL plans a prepared statement's first five runs on each connection for their values: here
  // about 75 ms each (the verification subqueries over 40 vehicle ids), which every new pool connection
  // paid five times (a cold price list's p99 was 80 ms). Its generic plan is as good and cheap to make.
  // (Inside a booking's transaction the re-check runs as it is: a SET LOCAL would outlive it there.)
  const inTransaction = (db as unknown) instanceof PgTransaction;
  const rows = inTransaction
    ? await sellingQuery(db).execute(params)
    : await db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        return sellingQuery(tx).execute(params);
      });
  return new Set(
    rows.filter((r) => canServe(t.needs, readOffers(r.offers))).map((r) => pairKey(r.driverId, r.vehicleId)),
  );
}

/** A first-step fare with the statement's total (`totalCents`, the SQL copy of the price rule). */
type Candidate = MatchedFare & { totalCents: number };

/** The first step's fares (not yet checked for their drivers), cheapest first by the statement's total. */
async function candidateFares(
  db: Db,
  t: PricedTripInput,
  window: CandidateWindow = {},
): Promise<Candidate[]> {
  const rows = await rowsOf(db, candidateFaresSql(t, window));
  return rows.map((r) => ({
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
    totalCents: Number(r.total_cents),
  }));
}

/**
 * Every live fare that prices this trip now (`onlyFareId`: just that one, for the re-check inside a
 * booking's transaction). Not yet priced or sorted.
 */
export async function matchingFares(db: Db, t: PricedTripInput, onlyFareId?: string): Promise<MatchedFare[]> {
  const candidates = await candidateFares(db, t, onlyFareId ? { onlyFareId } : {});
  const selling = await sellingPairs(db, t, candidates);
  return candidates.filter((f) => selling.has(pairKey(f.driverId, f.vehicleId)));
}

/** The price of the trip at a matched fare, line by line. */
export function partsFor(fare: MatchedFare, t: PricedTripInput) {
  return priceParts(fare, {
    passengers: t.passengers,
    childSeats: t.needs.infantSeats + t.needs.childSeats + t.needs.boosterSeats,
    sydneyTime: utcToSydney(t.pickupAt).time,
  });
}

/** Candidates read per page: twice what is shown, so one page nearly always fills the list. */
const PAGE = PRICE_LIST_MAX * 2;

/**
 * Every price for the trip, cheapest first (ties: the fare's id), at most PRICE_LIST_MAX. The statement
 * sorts the candidates by its copy of the price rule and sends a page of the cheapest (a busy route matches
 * hundreds of fares: reading them all cost more than the scan); their drivers are checked, and another page
 * read only when too few of them may sell. Each price shown is made by the TypeScript rule; a total that
 * differs from the statement's is logged (the two copies must agree: tests/api/fares.test.ts orders fares
 * whose extras reverse their base prices).
 */
export async function instantPrices(db: Db, t: PricedTripInput): Promise<InstantPriceDto[]> {
  const priced: { fare: MatchedFare; parts: ReturnType<typeof partsFor>; total: number }[] = [];
  for (let offset = 0; priced.length < PRICE_LIST_MAX; offset += PAGE) {
    const page = await candidateFares(db, t, { limit: PAGE, offset });
    const selling = await sellingPairs(db, t, page);
    for (const fare of page) {
      if (priced.length >= PRICE_LIST_MAX || !selling.has(pairKey(fare.driverId, fare.vehicleId))) continue;
      const parts = partsFor(fare, t);
      const total = totalOf(parts);
      if (total !== fare.totalCents) {
        console.error(`price list: fare ${fare.id} is ${total} by the rule but ${fare.totalCents} in SQL`);
      }
      priced.push({ fare, parts, total });
    }
    if (page.length < PAGE) break;
  }
  if (priced.length === 0) return [];
  const { cards, cars } = await priceListCards(
    db,
    priced.map((p) => p.fare.driverId),
    priced.map((p) => p.fare.vehicleId),
  );
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
