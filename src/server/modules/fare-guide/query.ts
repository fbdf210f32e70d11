/**
 * The fare guide's numbers (issue 31 item 3): what accepted bookings on a route cost, and how long trips
 * on it waited for their first quote. One SQL statement each; a bounding box first (index-friendly), then
 * the great-circle distance.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  FARE_GUIDE_MIN_BOOKINGS,
  FARE_GUIDE_MIN_DRIVERS,
  FARE_GUIDE_RADIUS_KM,
  FARE_GUIDE_WINDOW_DAYS,
  type FareGuideDto,
  type FareGuideQuery,
  FIRST_QUOTE_FALLBACK_DAYS,
  FIRST_QUOTE_MIN_RIDES,
  passengerBand,
} from '../../../shared/marketplace/fare-guide.ts';
import { estimateRoadKm, type Point } from '../../../shared/marketplace/geo.ts';
import { indicativePriceCents } from '../../../shared/marketplace/money.ts';
import type { Db } from '../../db/client.ts';

const KM_PER_DEGREE_LAT = 111.32;

/** SQL: the point in columns (lat, lng) of rides `r` is within `km` of `centre`. */
function near(lat: string, lng: string, centre: Point, km: number): SQL {
  const la = sql.raw(`r.${lat}`);
  const ln = sql.raw(`r.${lng}`);
  const dLat = (km / KM_PER_DEGREE_LAT) * 1.01;
  // Near the poles a degree of longitude shrinks to nothing: the box then spans every longitude.
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLng = cos > 0.01 ? (km / (KM_PER_DEGREE_LAT * cos)) * 1.01 : 180;
  return sql`(${la} between ${centre.lat - dLat}::float8 and ${centre.lat + dLat}::float8
    and ${ln} between ${centre.lng - dLng}::float8 and ${centre.lng + dLng}::float8
    and 6371 * 2 * asin(least(1, sqrt(
          power(sin(radians(${la} - ${centre.lat}::float8) / 2), 2)
          + cos(radians(${centre.lat}::float8)) * cos(radians(${la}))
            * power(sin(radians(${ln} - ${centre.lng}::float8) / 2), 2)))) <= ${km}::float8)`;
}

function onRoute(q: FareGuideQuery): SQL {
  return sql`${near('pickup_lat', 'pickup_lng', { lat: q.pickupLat, lng: q.pickupLng }, FARE_GUIDE_RADIUS_KM)}
    and ${near('destination_lat', 'destination_lng', { lat: q.destinationLat, lng: q.destinationLng }, FARE_GUIDE_RADIUS_KM)}`;
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Whole dollars: the guide is a range people read, not a price anyone quoted to the cent. */
const toDollars = (cents: number) => Math.round(cents / 100) * 100;

async function guideOf(db: Db, q: FareGuideQuery): Promise<FareGuideDto['guide']> {
  const band = passengerBand(q.passengers);
  const [row] = await rowsOf<{
    bookings: number;
    drivers: number;
    median: number | null;
    low: number | null;
    high: number | null;
  }>(
    db,
    sql`select count(*)::int as bookings, count(distinct b.driver_id)::int as drivers,
          percentile_cont(0.5) within group (order by b.price_cents) as median,
          percentile_cont(0.25) within group (order by b.price_cents) as low,
          percentile_cont(0.75) within group (order by b.price_cents) as high
        from rides r
        join bookings b on b.ride_id = r.id
        where ${onRoute(q)}
          and r.passengers between ${band.min}::int and ${band.max}::int
          and b.status in ('confirmed', 'completed')
          and b.accepted_at >= now() - make_interval(days => ${FARE_GUIDE_WINDOW_DAYS}::int)`,
  );
  if (!row || row.bookings < FARE_GUIDE_MIN_BOOKINGS || row.drivers < FARE_GUIDE_MIN_DRIVERS) return null;
  return {
    medianCents: toDollars(Number(row.median)),
    lowCents: toDollars(Number(row.low)),
    highCents: toDollars(Number(row.high)),
    bookings: row.bookings,
    band,
    windowDays: FARE_GUIDE_WINDOW_DAYS,
  };
}

/**
 * How many of the latest trips measure the time to a first quote. A busy route has thousands of trips in
 * 180 days; the latest few hundred say as much about "how long it usually takes" and keep the answer fast.
 */
export const FIRST_QUOTE_SAMPLE = 400;

/** SQL: the median minutes from posting to first quote over the latest rides `r` matching `where`. */
function firstQuoteSql(where: SQL): SQL {
  return sql`select count(*)::int as rides,
      percentile_cont(0.5) within group (order by extract(epoch from fq.first_at - s.created_at) / 60) as minutes
    from (
      select r.id, r.created_at from rides r
      where ${where} and r.status <> 'draft'
      order by r.created_at desc
      limit ${FIRST_QUOTE_SAMPLE}::int
    ) s
    cross join lateral (
      select q.created_at as first_at from quotes q where q.ride_id = s.id order by q.created_at limit 1
    ) fq`;
}

type FirstQuoteRow = { rides: number; minutes: number | null };

/** All recent trips' median changes slowly and costs a scan: kept a few minutes per database. */
const FALLBACK_TTL_MS = 5 * 60_000;
const fallbackCache = new WeakMap<Db, { at: number; minutes: number | null }>();

/** Tests: forget the cached all-trips median. */
export function clearFirstQuoteCache(db: Db): void {
  fallbackCache.delete(db);
}

async function allTripsFirstQuote(db: Db): Promise<number | null> {
  const cached = fallbackCache.get(db);
  if (cached && Date.now() - cached.at < FALLBACK_TTL_MS) return cached.minutes;
  const [row] = await rowsOf<FirstQuoteRow>(
    db,
    firstQuoteSql(sql`r.created_at >= now() - make_interval(days => ${FIRST_QUOTE_FALLBACK_DAYS}::int)`),
  );
  const minutes = row && row.rides >= FIRST_QUOTE_MIN_RIDES ? Math.round(Number(row.minutes)) : null;
  fallbackCache.set(db, { at: Date.now(), minutes });
  return minutes;
}

async function firstQuoteOf(
  db: Db,
  q: FareGuideQuery,
): Promise<Pick<FareGuideDto, 'firstQuoteMinutes' | 'firstQuoteScope'>> {
  const [row] = await rowsOf<FirstQuoteRow>(
    db,
    firstQuoteSql(
      sql`${onRoute(q)} and r.created_at >= now() - make_interval(days => ${FARE_GUIDE_WINDOW_DAYS}::int)`,
    ),
  );
  if (row && row.rides >= FIRST_QUOTE_MIN_RIDES) {
    return { firstQuoteMinutes: Math.round(Number(row.minutes)), firstQuoteScope: 'route' };
  }
  const all = await allTripsFirstQuote(db);
  return all === null
    ? { firstQuoteMinutes: null, firstQuoteScope: null }
    : { firstQuoteMinutes: all, firstQuoteScope: 'all' };
}

/** GET /api/fare-guide's answer for a route and a number of passengers. */
export async function fareGuide(db: Db, q: FareGuideQuery): Promise<FareGuideDto> {
  const distanceKm = estimateRoadKm(
    { lat: q.pickupLat, lng: q.pickupLng },
    { lat: q.destinationLat, lng: q.destinationLng },
  );
  // Two statements on two pooled connections at once (PGlite runs them one after the other).
  const [guide, firstQuote] = await Promise.all([guideOf(db, q), firstQuoteOf(db, q)]);
  return { guide, indicative: { cents: indicativePriceCents(distanceKm), distanceKm }, ...firstQuote };
}
