/**
 * GET /api/admin/dashboard?days=7|30|90 (issue 14): the figures of /admin-dashboard for the period ending
 * now, its first day the Sydney date `days - 1` days before today. Counts come from SQL; daily series
 * bucket the rows' times by Sydney date in the app (utcToSydney), so PGlite and PostgreSQL agree whatever
 * their time-zone data. tests/api/admin-dashboard.test.ts checks every figure against its own SQL count;
 * tests/api/booking-origin.test.ts the figures of how bookings were made (issue 31).
 */
import { sql } from 'drizzle-orm';
import {
  ATTENTION_DOCUMENT_DAYS,
  ATTENTION_HOURS,
  type AttentionTripDto,
  type DailySeries,
  type DashboardDto,
  type DashboardPeriod,
} from '../../../shared/admin/dashboard.ts';
import {
  BOOKING_ORIGINS,
  type BookingOrigin,
  isBookingOrigin,
} from '../../../shared/marketplace/booking-origin.ts';
import { sydneyToday, sydneyToUtc, utcToSydney } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { rideRouteOfRow } from '../../services/places.ts';
import { lateTodayCount } from './today-list.ts';

type Row = Record<string, unknown>;
const all = async (db: Db, query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Counts the times per Sydney date of the period, oldest first. */
function daily(dates: string[], times: unknown[]): DailySeries {
  const index = new Map(dates.map((d, i) => [d, i]));
  const values = dates.map(() => 0);
  for (const t of times) {
    const i = index.get(utcToSydney(new Date(String(t instanceof Date ? t.toISOString() : t))).date);
    if (i !== undefined) values[i]! += 1;
  }
  return { dates, values };
}

async function attentionTrips(db: Db, withQuotes: boolean): Promise<AttentionTripDto[]> {
  const rows = await all(
    db,
    sql`select r.id, r.pickup_locality, r.pickup_postcode, r.pickup_address, r.destination_locality, r.destination_postcode, r.destination_address, r.pickup_at, u.full_name,
               (select count(*)::int from quotes q where q.ride_id = r.id
                  and q.status in ('pending', 'needs_confirmation')) as quotes
          from rides r join users u on u.id = r.customer_id
         where r.status = 'open' and r.pickup_at > now()
           and r.pickup_at <= now() + make_interval(hours => ${ATTENTION_HOURS})
           and ${withQuotes ? sql`exists` : sql`not exists`} (select 1 from quotes q where q.ride_id = r.id
                  and q.status in ('pending', 'needs_confirmation'))
         order by r.pickup_at
         limit 20`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    route: rideRouteOfRow(r, { words: true }),
    pickupAt: new Date(
      String(r.pickup_at instanceof Date ? r.pickup_at.toISOString() : r.pickup_at),
    ).toISOString(),
    quotes: num(r.quotes),
    customerName: String(r.full_name),
  }));
}

/**
 * Issue 31: the period's bookings by how they were made, the runs published, the seats sold and the
 * kilometres that run bookings filled (rides.distance_km of run_seat and run_vehicle bookings, confirmed or
 * completed). "Made in the period" is the booking's created_at, as the other booking figures count.
 */
async function originFigures(db: Db, start: string): Promise<DashboardDto['origins']> {
  const [byOriginRows, runRows] = await Promise.all([
    all(
      db,
      sql`select b.origin, count(*)::int as n,
                 coalesce(sum(b.seats) filter (where b.origin = 'run_seat'
                   and b.status in ('confirmed', 'completed')), 0)::int as seats,
                 coalesce(sum(r.distance_km) filter (where b.origin in ('run_seat', 'run_vehicle')
                   and b.status in ('confirmed', 'completed')), 0)::float as km
            from bookings b join rides r on r.id = b.ride_id
           where b.created_at >= ${start}
           group by b.origin`,
    ),
    all(db, sql`select count(*)::int as n from runs where created_at >= ${start}`),
  ]);
  const byOrigin = Object.fromEntries(BOOKING_ORIGINS.map((o) => [o, 0])) as Record<BookingOrigin, number>;
  let seatsSold = 0;
  let km = 0;
  for (const row of byOriginRows) {
    if (isBookingOrigin(row.origin)) byOrigin[row.origin] = num(row.n);
    seatsSold += num(row.seats);
    km += num(row.km);
  }
  const total = BOOKING_ORIGINS.reduce((sum, o) => sum + byOrigin[o], 0);
  return {
    bookings: total,
    byOrigin,
    instantShare: total ? byOrigin.instant / total : null,
    runsPublished: num(runRows[0]?.n),
    seatsSold,
    runKm: Math.round(km * 10) / 10,
  };
}

export async function dashboardFigures(
  db: Db,
  days: DashboardPeriod,
  now = new Date(),
): Promise<DashboardDto> {
  const to = sydneyToday(now);
  const from = addDays(to, -(days - 1));
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  const start = sydneyToUtc(from, '00:00')!.toISOString();

  const [signups, trips, firstQuotes, quoteCount, cancellations, completed, ratings, views] =
    await Promise.all([
      all(
        db,
        sql`select user_type, created_at from users
                 where created_at >= ${start} and user_type in ('customer', 'driver')`,
      ),
      all(
        db,
        sql`select r.created_at, exists (select 1 from bookings b where b.ride_id = r.id) as booked,
                       (select count(*)::int from quotes q where q.ride_id = r.id) as quotes
                  from rides r where r.created_at >= ${start}`,
      ),
      all(
        db,
        sql`select percentile_cont(0.5) within group (order by minutes) as median from (
                  select extract(epoch from (min(q.created_at) - r.created_at)) / 60 as minutes
                    from rides r join quotes q on q.ride_id = r.id
                   where r.created_at >= ${start}
                   group by r.id, r.created_at) firsts`,
      ),
      all(db, sql`select count(*)::int as n from quotes where created_at >= ${start}`),
      all(
        db,
        sql`select
                  count(*) filter (where cancelled_by = customer_id)::int as by_customer,
                  count(*) filter (where cancelled_by = driver_id)::int as by_driver,
                  count(*) filter (where cancelled_by is not null and cancelled_by <> customer_id
                                   and cancelled_by <> driver_id)::int as by_admin,
                  count(*) filter (where late_cancellation)::int as late
                  from bookings where status = 'cancelled' and cancelled_at >= ${start}`,
      ),
      all(db, sql`select completed_at from bookings where status = 'completed' and completed_at >= ${start}`),
      all(
        db,
        sql`select count(*)::int as n, avg(ra.stars)::float as average,
                       avg(ra.stars) filter (where ra.ratee_id = b.driver_id)::float as of_drivers,
                       avg(ra.stars) filter (where ra.ratee_id = b.customer_id)::float as of_customers
                  from ratings ra join bookings b on b.id = ra.booking_id
                 where ra.created_at >= ${start}`,
      ),
      all(
        db,
        sql`select occurred_at from analytics_events where kind = 'page_view' and occurred_at >= ${start}`,
      ),
    ]);

  const [waitingQuote, waitingBooking, attentionCounts, errors, lateToday, origins] = await Promise.all([
    attentionTrips(db, false),
    attentionTrips(db, true),
    all(
      db,
      sql`select
        (select count(*)::int from drivers where verification_status = 'pending_review') as awaiting,
        (select count(*)::int from driver_documents where status = 'approved' and replaced_at is null
           and expires_on >= ${to}::date and expires_on <= ${addDays(to, ATTENTION_DOCUMENT_DAYS)}::date) as expiring,
        (select count(*)::int from issues where status in ('pending', 'in_progress')) as open_issues`,
    ),
    all(
      db,
      sql`select
        count(*) filter (where occurred_at > now() - interval '24 hours')::int as last24h,
        count(*) filter (where occurred_at <= now() - interval '24 hours'
                           and occurred_at > now() - interval '8 days')::int as previous7d
        from client_errors where occurred_at > now() - interval '8 days'`,
    ),
    lateTodayCount(db, now),
    originFigures(db, start),
  ]);

  const customers = signups.filter((r) => r.user_type === 'customer');
  const drivers = signups.filter((r) => r.user_type === 'driver');
  const booked = trips.filter((r) => r.booked === true || r.booked === 't').length;
  const quotesOnTrips = trips.reduce((sum, r) => sum + num(r.quotes), 0);
  const c = cancellations[0] ?? {};
  const r = ratings[0] ?? {};
  const a = attentionCounts[0] ?? {};
  const e = errors[0] ?? {};
  const last24h = num(e.last24h);
  const dailyAverage = num(e.previous7d) / 7;
  const median = numOrNull(firstQuotes[0]?.median);

  return {
    period: { days, from, to },
    signups: {
      customer: customers.length,
      driver: drivers.length,
      total: signups.length,
      customers: daily(
        dates,
        customers.map((x) => x.created_at),
      ),
      drivers: daily(
        dates,
        drivers.map((x) => x.created_at),
      ),
    },
    trips: {
      posted: trips.length,
      daily: daily(
        dates,
        trips.map((x) => x.created_at),
      ),
    },
    quotes: {
      total: num(quoteCount[0]?.n),
      perTrip: trips.length ? Math.round((quotesOnTrips / trips.length) * 10) / 10 : null,
      medianMinutesToFirstQuote: median === null ? null : Math.round(median),
    },
    conversion: { trips: trips.length, booked, rate: trips.length ? booked / trips.length : null },
    cancellations: {
      byCustomer: num(c.by_customer),
      byDriver: num(c.by_driver),
      byAdmin: num(c.by_admin),
      late: num(c.late),
    },
    completed: {
      total: completed.length,
      daily: daily(
        dates,
        completed.map((x) => x.completed_at),
      ),
    },
    ratings: {
      count: num(r.n),
      average: numOrNull(r.average),
      ofDrivers: numOrNull(r.of_drivers),
      ofCustomers: numOrNull(r.of_customers),
    },
    pageViews: {
      total: views.length,
      daily: daily(
        dates,
        views.map((x) => x.occurred_at),
      ),
    },
    origins,
    attention: {
      tripsWithoutQuote: waitingQuote,
      tripsWithoutBooking: waitingBooking,
      driversAwaitingReview: num(a.awaiting),
      documentsExpiring: num(a.expiring),
      openIssues: num(a.open_issues),
      lateToday,
      // Rising: at least 5 in the last day and more than twice the daily average of the week before.
      clientErrors: {
        last24h,
        dailyAverage: Math.round(dailyAverage * 10) / 10,
        rising: last24h >= 5 && last24h > 2 * dailyAverage,
      },
    },
  };
}
