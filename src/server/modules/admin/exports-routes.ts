/**
 * /api/admin/exports (issue 14): CSV files an operator keeps or files.
 *
 *   GET /exports/trip-records.csv?from=YYYY-MM-DD&to=YYYY-MM-DD   every booking with its pickup in the
 *       range (Sydney dates): when, where from and to, the driver's business and authorisation number, the
 *       fare and the status (the NSW duty to keep trip records), and how it was booked (issue 31: the origin's
 *       label, and the seats and the run of a run booking)
 *   GET /exports/completed-trips.csv?from=YYYY-MM&to=YYYY-MM      completed trips per Sydney month (the
 *       passenger service levy count)
 *
 * Dates are grouped and written in Sydney time by the app (utcToSydney), so PGlite and PostgreSQL agree
 * whatever their time-zone data. Every export is audited.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import {
  completedTripsQuerySchema,
  TRIP_RECORD_COLUMNS,
  tripRecordsQuerySchema,
} from '../../../shared/admin/exports.ts';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { BOOKING_ORIGIN_LABELS, type BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import { sydneyDayEnd, sydneyDayStart, sydneyToUtc, utcToSydney } from '../../../shared/marketplace/time.ts';
import { bookings, drivers, rides, users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { adminContext } from './admin-context.ts';

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}
/** "2026-11-25 19:05" in Sydney, or '' for none. */
const sydneyStamp = (d: Date | null) => (d ? `${utcToSydney(d).date} ${utcToSydney(d).time}` : '');

/** A CSV download: RFC 4180 quoting, a cell starting with = + - @ is prefixed so spreadsheets show it as text. */
export function csv(rows: unknown[][], columns: readonly string[]) {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}

export function exportRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();

  app.get('/exports/trip-records.csv', async (c) => {
    const parsed = tripRecordsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const { from, to } = parsed.data;
    const driverUser = alias(users, 'driver_user');
    const rows = await deps.db
      .select({ booking: bookings, ride: rides, driver: drivers, driverName: driverUser.fullName })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .innerJoin(driverUser, eq(driverUser.id, bookings.driverId))
      .leftJoin(drivers, eq(drivers.userId, bookings.driverId))
      .where(and(gte(rides.pickupAt, sydneyDayStart(from)!), lt(rides.pickupAt, sydneyDayEnd(to)!)))
      .orderBy(asc(rides.pickupAt), asc(bookings.id));
    const body = csv(
      rows.map(({ booking, ride, driver, driverName }) => {
        const at = utcToSydney(ride.pickupAt);
        return [
          booking.id,
          at.date,
          at.time,
          displayLocality(ride.pickupLocality),
          ride.pickupPostcode,
          displayLocality(ride.destinationLocality),
          ride.destinationPostcode,
          ride.passengers,
          driver?.companyName?.trim() || driverName,
          driver?.bspNumber ?? '',
          driver?.abn ?? '',
          (booking.priceCents / 100).toFixed(2),
          booking.status,
          sydneyStamp(booking.acceptedAt),
          sydneyStamp(booking.completedAt),
          sydneyStamp(booking.cancelledAt),
          BOOKING_ORIGIN_LABELS[booking.origin as BookingOrigin],
          booking.seats ?? '',
          booking.runId ?? '',
        ];
      }),
      TRIP_RECORD_COLUMNS,
    );
    const ctx = adminContext(c);
    await audit(deps.db, {
      actor: ctx.actor,
      action: 'export.trip_records',
      target: { type: 'export', id: `trip-records:${from}:${to}`, label: `Trip records ${from} to ${to}` },
      details: { from, to, rows: rows.length },
      ip: ctx.ip,
    });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="trip-records-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  app.get('/exports/completed-trips.csv', async (c) => {
    const parsed = completedTripsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const { from, to } = parsed.data;
    const rows = await deps.db
      .select({ pickupAt: rides.pickupAt })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(
        and(
          eq(bookings.status, 'completed'),
          gte(rides.pickupAt, sydneyToUtc(`${from}-01`, '00:00')!),
          lt(rides.pickupAt, sydneyToUtc(`${nextMonth(to)}-01`, '00:00')!),
        ),
      );
    const counts = new Map<string, number>();
    for (let m = from; m <= to; m = nextMonth(m)) counts.set(m, 0);
    for (const r of rows) {
      const month = utcToSydney(r.pickupAt).date.slice(0, 7);
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
    const body = csv(
      [...counts].map(([month, n]) => [month, n]),
      ['Month', 'Completed trips'],
    );
    const ctx = adminContext(c);
    await audit(deps.db, {
      actor: ctx.actor,
      action: 'export.completed_trips',
      target: {
        type: 'export',
        id: `completed-trips:${from}:${to}`,
        label: `Completed trips ${from} to ${to}`,
      },
      details: { from, to, trips: rows.length },
      ip: ctx.ip,
    });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="completed-trips-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
