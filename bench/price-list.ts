/**
 * Benchmark: the price list (GET /api/fares/prices, instantPrices()) over 100,000 trips, 50,000 bookings
 * and 1,000 verified drivers with fare tables of 5-10 fares each (about 7,500 fares) in PostgreSQL
 * (issue 31, "Speed": p99 <= 20 ms).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/price-list.ts [rides]
 *
 * Creates a throwaway database on that server, migrates it, fills it (trips, quotes and bookings as
 * bench/fare-guide.ts does, so the driver cards' ratings, trips and quote times have data; every driver
 * verified with documents in force, one or two vehicles and availability every day; each driver's first
 * three fares on one of five busy routes to and from Newcastle Airport, ends jittered within 3 km, the rest
 * anywhere in the Hunter region), then times instantPrices() (the matching statement, then the cheapest 20
 * priced and their driver and vehicle cards) on a busy route, a busy route with a child seat, a quiet route
 * and an empty one, and prints the plan. Results go in bench/README.md by hand. Drops the database at the end.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import {
  candidateFaresSql,
  instantPrices,
  matchingFares,
  type PricedTripInput,
} from '../src/server/modules/fares/price-list.ts';
import { forgetPriceListCards } from '../src/server/modules/fares/price-list-cards.ts';
import { NO_NEEDS } from '../src/shared/marketplace/needs.ts';
import { nextDate, sydneyToday, sydneyToUtc } from '../src/shared/marketplace/time.ts';
import { fillPeople, fillTrips } from './fill-trips.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const RIDES = Number(process.argv[2] ?? 100_000);
const RUNS = 500;
/**
 * BENCH_DB=<name>: time an already filled database again (kept); otherwise a new one, dropped at the end
 * (KEEP=1 keeps it).
 */
const reuse = process.env.BENCH_DB;
const throwaway = await throwawayDatabase('prices', { reuse, keep: Boolean(process.env.KEEP) });
const url = throwaway.url;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The five busy routes: Nelson Bay, Raymond Terrace, Newcastle, Maitland to Newcastle Airport, and back to Nelson Bay. */
const BUSY = [
  [-32.715, 152.151, -32.795, 151.834],
  [-32.761, 151.744, -32.795, 151.834],
  [-32.927, 151.776, -32.795, 151.834],
  [-32.733, 151.559, -32.795, 151.834],
  [-32.795, 151.834, -32.715, 152.151],
];

try {
  const database = await openDatabase({ databaseUrl: url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  let t = performance.now();
  if (!reuse) {
    console.log(`filling ${RIDES.toLocaleString()} rides, 1,000 drivers and their fares...`);
    await fillPeople(raw, { numberedDrivers: true });
    // Verified, available every day, offering two child seats; one or two vehicles each, with documents.
    await raw.query(`
    insert into drivers (user_id, bsp_number, company_name, verification_status, verified_at, offers, availability,
      base_locality, base_postcode, base_lat, base_lng)
    select id, 'BSP-' || left(id::text, 6), 'Bench Shuttles ' || left(id::text, 4), 'verified', now(),
      '{"childSeats":2,"boosterSeats":2}'::jsonb,
      '{"days":["mon","tue","wed","thu","fri","sat","sun"],"hours":{"start":"00:00","end":"23:59"}}'::jsonb,
      'Nelson Bay', '2315', -32.715, 152.151
    from users where user_type = 'driver'`);
    await raw.query(`
    insert into vehicles (driver_id, make, model, year, plate, seats, luggage_bags, child_seats)
    select d.user_id, 'Toyota', 'HiAce', 2022, 'B' || upper(left(replace(d.user_id::text, '-', ''), 6)) || k,
      case when k = 1 then 11 else 6 end, 10, 2
    from drivers d, generate_series(1, 2) k
    where k = 1 or ascii(right(d.user_id::text, 1)) % 2 = 0`);
    await raw.query(`
    insert into driver_documents (driver_id, kind, vehicle_id, file_key, file_type, file_size, original_name, expires_on, status)
    select d.user_id, k.kind, null, 'bench/' || d.user_id || k.kind, 'application/pdf', 1000, 'doc.pdf',
      current_date + 300, 'approved'
    from drivers d, (values ('authorisation'), ('insurance')) k(kind)
    union all
    select v.driver_id, 'safety_inspection', v.id, 'bench/' || v.id, 'application/pdf', 1000, 'doc.pdf',
      current_date + 300, 'approved'
    from vehicles v`);
    // 5-10 fares a driver: the first three on a busy route, the rest anywhere in the region.
    const busy = `(array[${BUSY.map((r) => `array[${r.join(',')}]`).join(',')}]::float8[][])`;
    await raw.query(`
    with v as (
      select distinct on (driver_id) driver_id, id, row_number() over (order by driver_id) n
      from vehicles order by driver_id, seats desc
    ),
    f as (select v.*, k, case when k <= 3 then 1 + ((v.n + k) % 5)::int else 0 end as route
          from v, generate_series(1, 5 + (v.n % 6)::int) k)
    insert into fares (driver_id, vehicle_id, from_name, from_lat, from_lng, from_radius_km,
      to_name, to_lat, to_lng, to_radius_km, price_cents, max_passengers, max_bags, included_passengers,
      extra_passenger_cents, child_seat_cents, after_hours_start, after_hours_end, after_hours_cents, days,
      hours_start, hours_end, min_notice_minutes)
    select driver_id, id, 'Bench from',
      case when route > 0 then ${busy}[route][1] + (random() - 0.5) * 0.05 else -33.3 + random() * 1.2 end,
      case when route > 0 then ${busy}[route][2] + (random() - 0.5) * 0.05 else 151.2 + random() * 1.2 end,
      case when k % 2 = 0 then 2 else 5 + (k % 3) * 5 end,
      'Bench to',
      case when route > 0 then ${busy}[route][3] + (random() - 0.5) * 0.05 else -33.3 + random() * 1.2 end,
      case when route > 0 then ${busy}[route][4] + (random() - 0.5) * 0.05 else 151.2 + random() * 1.2 end,
      case when k % 2 = 0 then 2 else 5 end,
      9000 + ((n * 37 + k * 1009) % 9000), 6 + (k % 5), 6, case when k % 3 = 0 then 4 end,
      case when k % 3 = 0 then 1500 else 0 end, case when k % 2 = 0 then 1000 end,
      case when k % 4 = 0 then '22:00' end, case when k % 4 = 0 then '05:00' end, case when k % 4 = 0 then 2500 else 0 end,
      case when k % 5 = 0 then '["mon","tue","wed","thu","fri"]'::jsonb else '["mon","tue","wed","thu","fri","sat","sun"]'::jsonb end,
      '00:00', '23:59', 120
    from f`);
    await fillTrips(raw, RIDES, BUSY);
    await raw.query('vacuum analyze');
  }
  const counts = await raw.query(
    `select (select count(*) from rides) rides, (select count(*) from bookings) bookings,
            (select count(*) from drivers) drivers, (select count(*) from vehicles) vehicles,
            (select count(*) from fares) fares`,
  );
  console.log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s:`, counts.rows[0]);

  // A Wednesday 10:00 (Sydney) some days ahead.
  let day = sydneyToday();
  for (let i = 0; i < 5; i++) day = nextDate(day);
  const pickupAt = sydneyToUtc(day, '10:00')!;
  const trip = (p: number[], over: Partial<PricedTripInput> = {}): PricedTripInput => ({
    pickupLat: p[0]!,
    pickupLng: p[1]!,
    destinationLat: p[2]!,
    destinationLng: p[3]!,
    pickupAt,
    passengers: 3,
    bags: 2,
    needs: NO_NEEDS,
    ...over,
  });
  const cases: [string, PricedTripInput][] = [
    ['busy route (Nelson Bay - airport), 3 passengers', trip(BUSY[0]!)],
    [
      'busy route (Newcastle - airport), 5 passengers, a child seat',
      trip(BUSY[2]!, { passengers: 5, needs: { ...NO_NEEDS, childSeats: 1 } }),
    ],
    ['quiet route (Morpeth - Kurri Kurri)', trip([-32.725, 151.63, -32.82, 151.48])],
    ['no fares (Sydney - Wollongong)', trip([-33.87, 151.21, -34.42, 150.89])],
  ];
  const results: string[] = [];
  for (const [label, input] of cases) {
    const sample = await instantPrices(database.db, input);
    const matched = (await matchingFares(database.db, input)).length;
    for (let i = 0; i < 20; i++) await instantPrices(database.db, input);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      await instantPrices(database.db, input);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    // Every call with the cards not kept (price-list-cards.ts): a route's first customer after 30 s.
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      forgetPriceListCards(database.db);
      t = performance.now();
      await instantPrices(database.db, input);
      cold.push(performance.now() - t);
    }
    cold.sort((a, b) => a - b);
    // The matching statement alone, for where the time goes.
    const statement: number[] = [];
    for (let i = 0; i < RUNS / 5; i++) {
      t = performance.now();
      await matchingFares(database.db, input);
      statement.push(performance.now() - t);
    }
    statement.sort((a, b) => a - b);
    results.push(
      `| ${label} | ${matched} fares match, ${sample.length} shown${sample[0] ? `, from $${sample[0].priceCents / 100}` : ''} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${percentile(cold, 50).toFixed(2)} | ${percentile(cold, 99).toFixed(2)} | ${percentile(statement, 50).toFixed(2)} |`,
    );
  }

  console.log('\nplan of the candidate fares statement (busy route, 3 passengers):');
  const plan = (await database.db.execute(
    sql`explain (analyze, buffers, costs off) ${candidateFaresSql(cases[0]![1], { limit: 40 })}`,
  )) as unknown as { rows: Record<string, string>[] };
  for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);

  console.log(`\nlatency of instantPrices() over ${RUNS} runs, ms (${RIDES.toLocaleString()} rides):`);
  console.log(
    '| trip | answer | p50 | p95 | p99 | cards not kept: p50 | p99 | statement p50 |\n|---|---|---|---|---|---|---|---|',
  );
  for (const line of results) console.log(line);

  await raw.end();
  await database.close();
} finally {
  await throwaway.drop();
}
