/**
 * Benchmark: GET /api/fare-guide's query (fareGuide()) over 100,000 trips, 50,000 bookings and 1,000
 * drivers in PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/fare-guide.ts [rides]
 *
 * Creates a throwaway database on that server, migrates it, fills it (40% of the trips on five busy
 * routes, each end jittered within 3 km, the rest anywhere in the Hunter region; created over the last
 * 200 days; 1-3 quotes each from the 1,000 drivers, the first 5 minutes to 6 hours after posting; every
 * other trip booked), then times fareGuide() (both of its queries) on a busy route, a quiet route and an
 * empty one, and prints the plans. Results go in bench/README.md by hand. Drops the database at the end.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { fareGuide } from '../src/server/modules/fare-guide/query.ts';
import { fareGuideQuerySchema } from '../src/shared/marketplace/fare-guide.ts';

const RIDES = Number(process.argv[2] ?? 100_000);
const RUNS = 500;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a throwaway database is created on it).');
  process.exit(1);
}

const name = `bench_fare_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The five busy routes: Nelson Bay, Raymond Terrace, Newcastle, Maitland, Cessnock to Newcastle Airport and back. */
const BUSY = [
  [-32.715, 152.151, -32.795, 151.834],
  [-32.761, 151.744, -32.795, 151.834],
  [-32.927, 151.776, -32.795, 151.834],
  [-32.733, 151.559, -32.795, 151.834],
  [-32.795, 151.834, -32.715, 152.151],
];

try {
  const database = await openDatabase({ databaseUrl: url.toString() });
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();

  console.log(`filling ${RIDES.toLocaleString()} rides...`);
  let t = performance.now();
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'c' || g || '@example.com', true, 'Bench Customer', 'customer'
    from generate_series(1, 1000) g`);
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'd' || g || '@example.com', true, 'Bench Driver', 'driver'
    from generate_series(1, 1000) g`);
  const busy = `(array[${BUSY.map((r) => `array[${r.join(',')}]`).join(',')}]::float8[][])`;
  await raw.query(
    `
    with c as (select array_agg(id) ids from users where user_type = 'customer'),
    g as (
      select g, random() * interval '200 days' as age,
        case when g % 5 < 2 then 1 + (g / 5) % 5 else 0 end as route
      from generate_series(1, $1::int) g
    )
    insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
      destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
      passengers, luggage_bags, budget_cents, distance_km, created_at, updated_at)
    select c.ids[1 + (g % 1000)],
      case when g % 2 = 0 then (case when age > interval '3 days' then 'completed' else 'booked' end)
           when g % 7 = 1 then 'cancelled' when age > interval '3 days' then 'expired' else 'open' end,
      'BENCH', '2300',
      case when route > 0 then ${busy}[route][1] + (random() - 0.5) * 0.05 else -33.3 + random() * 1.2 end,
      case when route > 0 then ${busy}[route][2] + (random() - 0.5) * 0.05 else 151.2 + random() * 1.2 end,
      'BENCH', '2300',
      case when route > 0 then ${busy}[route][3] + (random() - 0.5) * 0.05 else -33.3 + random() * 1.2 end,
      case when route > 0 then ${busy}[route][4] + (random() - 0.5) * 0.05 else 151.2 + random() * 1.2 end,
      now() - age + interval '3 days',
      1 + (g % 13), g % 4, null, 5 + random() * 80, now() - age, now() - age
    from g, c`,
    [RIDES],
  );
  // 1-3 quotes a trip from distinct drivers; the first one accepted on the booked trips.
  await raw.query(`
    with d as (select array_agg(id order by id) ids from users where user_type = 'driver'),
    r as (select id, status, created_at, row_number() over (order by id) n from rides)
    insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version, created_at, updated_at)
    select r.id, d.ids[1 + ((r.n * 7 + k * 131) % 1000)],
      case when r.status in ('booked', 'completed') and k = 1 then 'accepted'
           when r.status in ('booked', 'completed') then 'declined'
           when r.status = 'open' then 'pending' else 'expired' end,
      8000 + ((r.n * 37 + k * 1009) % 12000),
      'Bench quote', r.created_at + interval '3 days', 1,
      r.created_at + interval '5 minutes' * k + random() * interval '6 hours',
      r.created_at + interval '5 minutes' * k
    from r, d, generate_series(1, 1 + (r.n % 3)::int) k`);
  await raw.query(`
    insert into bookings (ride_id, quote_id, customer_id, driver_id, status, price_cents, fare_statement, accepted_at, completed_at, created_at)
    select r.id, q.id, r.customer_id, q.driver_id, case when r.status = 'completed' then 'completed' else 'confirmed' end,
      q.price_cents, 'Bench fare.', q.created_at + interval '1 hour',
      case when r.status = 'completed' then r.pickup_at end, q.created_at + interval '1 hour'
    from quotes q join rides r on r.id = q.ride_id where q.status = 'accepted'`);
  // VACUUM sets the visibility map that index-only scans need (autovacuum does this in production).
  await raw.query('vacuum analyze');
  const counts = await raw.query(
    `select (select count(*) from rides) rides, (select count(*) from quotes) quotes, (select count(*) from bookings) bookings`,
  );
  console.log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s:`, counts.rows[0]);

  const cases: [string, Record<string, string>][] = [
    [
      'busy route (Nelson Bay - airport), 3 passengers',
      {
        pickupLat: '-32.715',
        pickupLng: '152.151',
        destinationLat: '-32.795',
        destinationLng: '151.834',
        passengers: '3',
      },
    ],
    [
      'busy route, 12 passengers',
      {
        pickupLat: '-32.927',
        pickupLng: '151.776',
        destinationLat: '-32.795',
        destinationLng: '151.834',
        passengers: '12',
      },
    ],
    [
      'quiet route (Morpeth - Kurri Kurri)',
      {
        pickupLat: '-32.725',
        pickupLng: '151.63',
        destinationLat: '-32.82',
        destinationLng: '151.48',
        passengers: '2',
      },
    ],
    [
      'no trips (Sydney - Wollongong; all-trips fallback)',
      {
        pickupLat: '-33.87',
        pickupLng: '151.21',
        destinationLat: '-34.42',
        destinationLng: '150.89',
        passengers: '2',
      },
    ],
  ];
  const results: string[] = [];
  for (const [label, params] of cases) {
    const query = fareGuideQuerySchema.parse(params);
    const sample = await fareGuide(database.db, query);
    for (let i = 0; i < 20; i++) await fareGuide(database.db, query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      await fareGuide(database.db, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const g = sample.guide;
    results.push(
      `| ${label} | ${g ? `${g.bookings} bookings, $${g.lowCents / 100}-$${g.highCents / 100}` : 'no guide'}; first quote ${sample.firstQuoteMinutes ?? '-'} min (${sample.firstQuoteScope ?? '-'}) | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
    );
  }

  const indexes = await raw.query(
    `select indexdef from pg_indexes where tablename in ('rides', 'bookings', 'quotes') order by tablename, indexname`,
  );
  console.log('\nindexes:');
  for (const r of indexes.rows) console.log(`  ${r.indexdef}`);

  console.log('\nplans (busy route, 3 passengers):');
  const box = (lat: number, lng: number, col: string) =>
    `r.${col}_lat between ${lat - 0.0454} and ${lat + 0.0454} and r.${col}_lng between ${lng - 0.054} and ${lng + 0.054}`;
  const where = `${box(-32.715, 152.151, 'pickup')} and ${box(-32.795, 151.834, 'destination')}`;
  for (const [label, q] of [
    [
      'guide',
      `select count(*), count(distinct b.driver_id), percentile_cont(0.5) within group (order by b.price_cents)
       from rides r join bookings b on b.ride_id = r.id
       where ${where} and r.passengers between 3 and 4 and b.status in ('confirmed', 'completed')
         and b.accepted_at >= now() - interval '180 days'`,
    ],
    [
      'first quote',
      `select count(*), percentile_cont(0.5) within group (order by extract(epoch from fq.first_at - s.created_at) / 60)
       from (select r.id, r.created_at from rides r
             where ${where} and r.created_at >= now() - interval '180 days' and r.status <> 'draft'
             order by r.created_at desc limit 400) s
       cross join lateral (select q.created_at first_at from quotes q where q.ride_id = s.id order by q.created_at limit 1) fq`,
    ],
  ]) {
    const plan = await raw.query(`explain (analyze, buffers, costs off) ${q}`);
    console.log(`\n-- ${label}`);
    for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
  }

  console.log(`\nlatency of fareGuide() over ${RUNS} runs, ms (${RIDES.toLocaleString()} rides):`);
  console.log('| route | answer | p50 | p95 | p99 |\n|---|---|---|---|---|');
  for (const line of results) console.log(line);

  await raw.end();
  await database.close();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
