/**
 * Benchmark: the drivers' /available-rides query over 1,000,000 trip requests in PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/available-rides.ts [rows]
 *
 * Creates a throwaway database on that server, migrates it, fills `rides` with `rows` requests (default
 * 1,000,000: 70% open, the rest booked/completed/cancelled/expired, pickups spread over the next 60 days
 * across the Hunter region), then times availableRides() (the function behind GET /api/rides/available,
 * including the follow-up queries that add names, ratings and quote counts) for each filter, and prints
 * the plans of the main query. Results go in bench/README.md by hand. Drops the database at the end.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { availableRides } from '../src/server/modules/rides/available.ts';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { availableRidesQuerySchema } from '../src/shared/validation/marketplace.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = 200;

const throwaway = await throwawayDatabase('rides');
const url = throwaway.url;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

try {
  const database = await openDatabase({ databaseUrl: url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  console.log(`filling ${ROWS.toLocaleString()} rides...`);
  let t = performance.now();
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'bench' || g || '@example.com', true, 'Bench Customer', 'customer'
    from generate_series(1, 1000) g`);
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    values ('00000000-0000-4000-8000-000000000001', 'driver@example.com', true, 'Bench Driver', 'driver')`);
  await raw.query(
    `
    with c as (select array_agg(id) ids from users where user_type = 'customer')
    insert into rides (customer_id, status, pickup_locality, pickup_postcode, pickup_lat, pickup_lng,
      destination_locality, destination_postcode, destination_lat, destination_lng, pickup_at,
      passengers, luggage_bags, budget_cents, distance_km)
    select c.ids[1 + (g % 1000)],
      case when g % 10 < 7 then 'open' when g % 10 = 7 then 'booked' when g % 10 = 8 then 'completed'
           when g % 20 = 9 then 'cancelled' else 'expired' end,
      'NELSON BAY', '2315', -33.3 + random() * 1.2, 151.2 + random() * 1.2,
      'WILLIAMTOWN', '2318', -32.795, 151.834,
      now() + (random() * interval '60 days'),
      1 + (g % 12), g % 4, 5000 + (g % 200) * 100, 5 + random() * 80
    from generate_series(1, $1::int) g, c`,
    [ROWS],
  );
  await raw.query('analyze');
  console.log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const indexes = await raw.query(
    `select indexdef from pg_indexes where tablename = 'rides' order by indexname`,
  );
  console.log('\nindexes on rides:');
  for (const r of indexes.rows) console.log(`  ${r.indexdef}`);

  const viewer = { id: '00000000-0000-4000-8000-000000000001', role: 'driver' as const };
  const inThreeDays = utcToSydney(new Date(Date.now() + 3 * 86_400_000)).date;
  const scenarios: [string, Record<string, string>][] = [
    ['first page, no filter', {}],
    ['one day (from = to)', { from: inThreeDays, to: inThreeDays }],
    ['near Nelson Bay, 25 km', { near: 'Nelson Bay|2315', radiusKm: '25' }],
    ['up to 4 passengers', { passengers: '4' }],
    [
      'all filters',
      { from: inThreeDays, to: inThreeDays, near: 'Nelson Bay|2315', radiusKm: '25', passengers: '4' },
    ],
  ];
  const results: string[] = [];
  for (const [label, params] of scenarios) {
    const query = availableRidesQuerySchema.parse(params);
    // Page 50 too: keyset pages cost the same however deep.
    let cursor: string | null = null;
    for (let i = 0; i < 49; i++) {
      const page = await availableRides(database.db, viewer, { ...query, cursor: cursor ?? undefined });
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    for (const [which, extra] of [
      ['page 1', {}],
      ['page 50', cursor ? { cursor } : null],
    ] as const) {
      if (extra === null) continue;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t = performance.now();
        await availableRides(database.db, viewer, { ...query, ...extra });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      results.push(
        `| ${label} | ${which} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
      );
    }
  }

  console.log('\nplans of the main query (first page):');
  const explain = async (label: string, where: string) => {
    const plan = await raw.query(
      `explain (analyze, buffers, costs off) select * from rides where status = 'open' and pickup_at > now() ${where} order by pickup_at, id limit 21`,
    );
    console.log(`\n-- ${label}`);
    for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
  };
  await explain('no filter', '');
  await explain(
    'near Nelson Bay 25 km (bounding box + distance)',
    `and pickup_lat between -32.94 and -32.49 and pickup_lng between 151.88 and 152.42`,
  );
  await explain('up to 4 passengers', 'and passengers <= 4');

  console.log(`\nlatency of availableRides() over ${RUNS} runs, ms (${ROWS.toLocaleString()} rides):`);
  console.log('| filter | page | p50 | p99 |\n|---|---|---|---|');
  for (const line of results) console.log(line);

  await raw.end();
  await database.close();
} finally {
  await throwaway.drop();
}
