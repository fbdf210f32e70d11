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
import { fillPeople, fillTrips } from './fill-trips.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const RIDES = Number(process.argv[2] ?? 100_000);
const RUNS = 500;

const throwaway = await throwawayDatabase('fare');
const url = throwaway.url;

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
  const database = await openDatabase({ databaseUrl: url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  console.log(`filling ${RIDES.toLocaleString()} rides...`);
  let t = performance.now();
  await fillPeople(raw);
  await fillTrips(raw, RIDES, BUSY);
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
  await throwaway.drop();
}
