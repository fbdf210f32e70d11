/**
 * Benchmark: the admin /users list and search over 100,000 accounts in PostgreSQL (issue 14: a search
 * answers in under 50 ms at p99).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/admin-users.ts [users]
 *
 * Creates a throwaway database on that server, migrates it, inserts `users` accounts (default 100,000:
 * 85% customers, 15% drivers with a business name, a few admins; varied names, e-mails and mobile numbers,
 * sign-ups spread over two years), runs ANALYZE, then times listUsers() (the function behind
 * GET /api/admin/users) 200 times per case and prints one plan. Results go in bench/README.md by hand.
 * Drops the database at the end.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { listUsers } from '../src/server/modules/admin/users-list.ts';
import { userListQuerySchema } from '../src/shared/admin/users.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const USERS = Number(process.argv[2] ?? 100_000);
const RUNS = 200;

const throwaway = await throwawayDatabase('users');
const url = throwaway.url;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const FIRST = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Henry',
  'Ava',
  'Leo',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'James',
  'Ruby',
  'Archie',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Kelly',
  'Ryan',
  'Harris',
  'Lee',
  'King',
  'Campbell',
  'Clarke',
  'Murphy',
  'Evans',
  'Young',
  'Mitchell',
  'Hughes',
  'Robinson',
  'Wright',
  'Edwards',
  'Roberts',
  'Baker',
];
const PLACE = ['Bay', 'Port', 'Coastal', 'Hunter', 'Harbour', 'Dune', 'Airport', 'Anna', 'Nelson', 'Tomaree'];

try {
  const database = await openDatabase({ databaseUrl: url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  console.log(`filling ${USERS.toLocaleString()} users...`);
  const t = performance.now();
  await raw.query(
    `
    insert into users (id, email, email_verified, full_name, user_type, phone, status, created_at)
    select gen_random_uuid(),
      lower(($2::text[])[1 + g % 20]) || '.' || lower(($3::text[])[1 + (g / 20) % 30]) || g || '@example.com',
      g % 17 <> 0,
      ($2::text[])[1 + g % 20] || ' ' || ($3::text[])[1 + (g / 20) % 30],
      case when g % 1000 = 0 then 'admin' when g % 7 = 0 then 'driver' else 'customer' end,
      '+614' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
      case when g % 200 = 0 then 'suspended' else 'active' end,
      now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, $1::int) g`,
    [USERS, FIRST, LAST],
  );
  await raw.query(
    `
    insert into drivers (user_id, bsp_number, company_name, verification_status)
    select u.id, 'BSP-' || row_number() over (),
      ($1::text[])[1 + (row_number() over ())::int % 10] || ' ' || split_part(u.full_name, ' ', 2) || ' Shuttles',
      (array['incomplete','pending_review','verified','verified','verified','rejected','suspended'])[1 + (row_number() over ())::int % 7]
    from users u where u.user_type = 'driver'`,
    [PLACE],
  );
  await raw.query('analyze');
  console.log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const sample = await raw.query<{ email: string; phone: string }>(
    `select email, phone from users where user_type = 'customer' order by created_at limit 1 offset 5000`,
  );
  const { email, phone } = sample.rows[0]!;
  // "0412 345 678" as people type it.
  const typedPhone = `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;

  const scenarios: [string, Record<string, string>][] = [
    ['first page, newest first', {}],
    ['first page, name A to Z', { sort: 'name' }],
    ['one e-mail address', { q: email }],
    ['a surname (many matches)', { q: 'mitchell' }],
    ['first and last name', { q: 'grace murphy' }],
    ['a mobile as typed', { q: typedPhone }],
    ['a business name', { q: 'harbour kelly shuttles' }],
    ['drivers awaiting review', { role: 'driver', verification: 'pending_review' }],
    ['suspended, joined this year', { status: 'suspended', from: `${new Date().getFullYear()}-01-01` }],
    ['nothing matches', { q: 'zzqxv' }],
  ];

  const results: string[] = [];
  for (const [label, params] of scenarios) {
    const query = userListQuerySchema.parse(params);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const page = await listUsers(database.db, query);
      times.push(performance.now() - start);
      count = page.users.length;
    }
    times.sort((a, b) => a - b);
    results.push(
      `| ${label} | ${count} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
    );
  }
  console.log(`\n| case | rows on page | p50 ms | p99 ms |\n|---|---|---|---|\n${results.join('\n')}`);

  const plan = await raw.query(`explain analyze
    select u.id from users u left join drivers d on d.user_id = u.id
     where u.search_text like '%mitchell%'
     order by u.created_at desc, u.id desc limit 26`);
  console.log(`\nplan of the surname search:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  await raw.end();
  await database.close();
} finally {
  await throwaway.drop();
}
