/**
 * Issue 31, prices before commitment: drivers' fare tables (fixed prices for routes, booked at once) and runs
 * (a trip the driver makes anyway, such as the drive back from an airport, sold by the seat or the vehicle).
 *
 * Each end of a fare or a run is a point with a radius: a locality (its centre), a named place (Newcastle
 * Airport) or "within N km of" one. A trip matches an end when its address lies within the radius.
 * Seats are never oversold: `seats_sold` only moves by one conditional UPDATE and a CHECK holds the line.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { flag, timestamps, timestamptz, uuidKey } from './columns.ts';
import { vehicles } from './drivers.ts';

/** Both ends of a fare or a run: a name, a point and the radius around it that still counts. */
const routeEnds = () => ({
  fromName: text('from_name').notNull(),
  fromLat: doublePrecision('from_lat').notNull(),
  fromLng: doublePrecision('from_lng').notNull(),
  fromRadiusKm: doublePrecision('from_radius_km').notNull(),
  toName: text('to_name').notNull(),
  toLat: doublePrecision('to_lat').notNull(),
  toLng: doublePrecision('to_lng').notNull(),
  toRadiusKm: doublePrecision('to_radius_km').notNull(),
});

/**
 * SQL: the square, in degrees, around the point (lat, lng) that holds every place within `radiusKm` of it
 * (2% spare), as a PostgreSQL box (x = latitude, y = longitude). The price list finds the fares whose from
 * area may hold a pickup through a GiST index on this expression (fares_from_area_idx), so the query must
 * write it exactly so: both use this function.
 */
export function areaBoxSql(lat: SQL, lng: SQL, radiusKm: SQL): SQL {
  const dLat = sql`${radiusKm} / 111.32::float8 * 1.02::float8`;
  const dLng = sql`${radiusKm} / (111.32::float8 * greatest(0.01::float8, cos(radians(${lat})))) * 1.02::float8`;
  return sql`box(point(${lat} - ${dLat}, ${lng} - ${dLng}), point(${lat} + ${dLat}, ${lng} + ${dLng}))`;
}

/**
 * A driver's fixed price for a route and a vehicle: the base price covers up to `includedPassengers`
 * (each passenger over it costs `extraPassengerCents`), up to `maxPassengers` and `maxBags`; a child seat or
 * booster costs `childSeatCents` each (null: not offered); pickups inside the after-hours window cost
 * `afterHoursCents` more. Sold only on `days` (mon..sun) between `hoursStart` and `hoursEnd` (Sydney time),
 * at least `minNoticeMinutes` ahead. Changing a fare bumps `version`; a booking names the price it saw and a
 * changed fare answers 409 with the new one.
 */
export const fares = pgTable(
  'fares',
  {
    id: uuidKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    ...routeEnds(),
    priceCents: integer('price_cents').notNull(),
    maxPassengers: integer('max_passengers').notNull(),
    maxBags: integer('max_bags').notNull(),
    /** Passengers the base price covers; null: all up to maxPassengers. */
    includedPassengers: integer('included_passengers'),
    extraPassengerCents: integer('extra_passenger_cents').notNull().default(0),
    /** Per child seat or booster; null when this fare does not offer them. */
    childSeatCents: integer('child_seat_cents'),
    /** 'HH:MM' Sydney time; the window may cross midnight (22:00-05:00). Null: no surcharge. */
    afterHoursStart: text('after_hours_start'),
    afterHoursEnd: text('after_hours_end'),
    afterHoursCents: integer('after_hours_cents').notNull().default(0),
    /** Days it is sold: 'mon'..'sun'. */
    days: jsonb('days').$type<string[]>().notNull(),
    hoursStart: text('hours_start').notNull().default('00:00'),
    hoursEnd: text('hours_end').notNull().default('23:59'),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    version: integer('version').notNull().default(1),
    /** Retired, never deleted: bookings made at this price still name it. */
    retiredAt: timestamptz('retired_at'),
    ...timestamps(),
  },
  (t) => [
    index('fares_driver_idx').on(t.driverId).where(sql`${t.retiredAt} is null`),
    // The price list: the live fares whose from area may hold a trip's pickup (a box around each from end,
    // GiST; a btree on the points could not narrow a region whose fares are all within 100 km of it).
    index('fares_from_area_idx')
      .using('gist', areaBoxSql(sql`${t.fromLat}`, sql`${t.fromLng}`, sql`${t.fromRadiusKm}`))
      .where(sql`${t.retiredAt} is null`),
    check('fares_price_check', sql`${t.priceCents} > 0`),
    check(
      'fares_radius_check',
      sql`${t.fromRadiusKm} > 0 and ${t.fromRadiusKm} <= 100 and ${t.toRadiusKm} > 0 and ${t.toRadiusKm} <= 100`,
    ),
    check('fares_passengers_check', sql`${t.maxPassengers} between 1 and 50`),
    check('fares_bags_check', sql`${t.maxBags} between 0 and 100`),
    check(
      'fares_included_check',
      sql`${t.includedPassengers} is null or ${t.includedPassengers} between 1 and ${t.maxPassengers}`,
    ),
    check(
      'fares_extras_check',
      sql`${t.extraPassengerCents} >= 0 and ${t.afterHoursCents} >= 0 and (${t.childSeatCents} is null or ${t.childSeatCents} >= 0)`,
    ),
    check('fares_notice_check', sql`${t.minNoticeMinutes} between 0 and 20160`),
  ],
);

/**
 * A run: a trip the driver makes anyway (often the drive back after a long drop-off), with seats and bags
 * free, sold by the seat (`seatPriceCents`) and/or as the whole vehicle (`vehiclePriceCents`). Customers are
 * picked up within `fromRadiusKm` of the start and dropped within `toRadiusKm` of the end, leaving inside the
 * departure window. `autoQuote`: open trip requests that fit get the run as a quote automatically.
 */
export const runs = pgTable(
  'runs',
  {
    id: uuidKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    ...routeEnds(),
    departsFrom: timestamptz('departs_from').notNull(),
    departsUntil: timestamptz('departs_until').notNull(),
    seatsTotal: integer('seats_total').notNull(),
    seatsSold: integer('seats_sold').notNull().default(0),
    bagsTotal: integer('bags_total').notNull(),
    bagsSold: integer('bags_sold').notNull().default(0),
    seatPriceCents: integer('seat_price_cents'),
    vehiclePriceCents: integer('vehicle_price_cents'),
    /** The whole vehicle was booked: no seat is sold after it (and it is sold only while no seat is). */
    vehicleSold: flag('vehicle_sold', false),
    autoQuote: flag('auto_quote', false),
    /** open | cancelled. A run whose window has passed is simply past; nothing sweeps it. */
    status: text('status').notNull().default('open'),
    /** The booking whose long drop-off this run drives back from (the "Publish your drive back" offer). */
    afterBookingId: uuid('after_booking_id'),
    cancelledAt: timestamptz('cancelled_at'),
    ...timestamps(),
  },
  (t) => [
    index('runs_driver_idx').on(t.driverId, t.departsFrom),
    // /runs: open runs by departure, then places filtered by distance.
    index('runs_open_departs_idx').on(t.departsFrom).where(sql`${t.status} = 'open'`),
    // One drive back per booking, however many times the offer is taken.
    uniqueIndex('runs_after_booking_idx')
      .on(t.afterBookingId)
      .where(sql`${t.afterBookingId} is not null and ${t.status} = 'open'`),
    check('runs_status_check', sql`${t.status} in ('open', 'cancelled')`),
    check('runs_window_check', sql`${t.departsUntil} >= ${t.departsFrom}`),
    check(
      'runs_seats_check',
      sql`${t.seatsTotal} between 1 and 50 and ${t.seatsSold} between 0 and ${t.seatsTotal}`,
    ),
    check(
      'runs_bags_check',
      sql`${t.bagsTotal} between 0 and 100 and ${t.bagsSold} between 0 and ${t.bagsTotal}`,
    ),
    check(
      'runs_price_check',
      sql`(${t.seatPriceCents} is not null or ${t.vehiclePriceCents} is not null) and (${t.seatPriceCents} is null or ${t.seatPriceCents} > 0) and (${t.vehiclePriceCents} is null or ${t.vehiclePriceCents} > 0)`,
    ),
    check(
      'runs_radius_check',
      sql`${t.fromRadiusKm} > 0 and ${t.fromRadiusKm} <= 100 and ${t.toRadiusKm} > 0 and ${t.toRadiusKm} <= 100`,
    ),
  ],
);
