/**
 * Benchmark (issue 34): the three reads made cheaper by stored figures and due-only reads, each timed as
 * it was (the statement before drizzle/0026, on the indexes before it) and as it is now, in PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stored-figures.ts [rides]
 *
 * Creates a throwaway database, migrates it, fills `rides` trips (bench/fill-trips.ts, 1,000 customers and
 * 1,000 drivers) plus one busy driver with 2,200 quotes, 3,300 notifications in the last 24 hours whose
 * delivery rows are already written (the delivery worker's steady state), and one user with 5,000 unread
 * notifications among 100,000. Then, RUNS times each:
 *  1. the driver card's median time to quote for three drivers (the busy one and two others), computed
 *     (before) and read from driver_quote_times (after); and what the stored figure costs a quote insert;
 *  2. the delivery worker's enqueue step when nothing is new (one per round, one round per accept);
 *  3. /api/notifications' unread count for the user with 5,000 unread.
 * Prints a table (median and p95, milliseconds, client round trip) and the plans. Drops the database.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { SMS_KINDS } from '../src/shared/marketplace/sms.ts';
import { fillPeople, fillTrips } from './fill-trips.ts';
import { loadQuotesWithoutTrigger } from './quote-times.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const RIDES = Number(process.argv[2] ?? 20_000);
const RUNS = 200;

const throwaway = await throwawayDatabase('stored');
const url = throwaway.url;

/** fillTrips' five busy routes (as bench/fare-guide.ts). */
const BUSY = [
  [-32.715, 152.151, -32.795, 151.834],
  [-32.761, 151.744, -32.795, 151.834],
  [-32.927, 151.776, -32.795, 151.834],
  [-32.733, 151.559, -32.795, 151.834],
  [-32.795, 151.834, -32.715, 152.151],
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The median time to quote as the card computed it before issue 34 (modules/driver-cards/cards.ts). */
const COMPUTED_MEDIAN = `
  select d.id as driver_id,
         (select percentile_cont(0.5) within group (order by latest.minutes)
            from (select extract(epoch from (q.created_at - r.created_at)) / 60 as minutes
                    from quotes q join rides r on r.id = q.ride_id
                   where q.driver_id = d.id
                   order by q.created_at desc
                   limit 200) latest) as minutes
    from unnest($1::uuid[]) as d(id)`;
const STORED_MEDIAN =
  'select driver_id, median_minutes from driver_quote_times where driver_id = any($1::uuid[])';

/** The delivery worker's enqueue before issue 34: every notification of the last 24 hours, each round. */
const ENQUEUE_BEFORE = `
  insert into notification_deliveries (notification_id, channel, status, last_error)
  select n.id, c.channel,
    case when coalesce(case c.channel when 'email' then p.email when 'push' then p.push else p.sms end, true) then 'pending' else 'skipped' end,
    null
  from notifications n
  cross join (values ('email'), ('push'), ('sms')) as c(channel)
  left join notification_preferences p on p.user_id = n.user_id and p.kind = n.type
  where n.created_at > now() - make_interval(hours => 24)
    and (c.channel <> 'sms' or n.type in (${SMS_KINDS.map((k) => `'${k}'`).join(', ')}))
    and not exists (
      select 1 from notification_deliveries d where d.notification_id = n.id and d.channel = c.channel
    )
  order by n.created_at
  limit 1000
  on conflict (notification_id, channel) do nothing
  returning id`;
/** The same step now (jobs/delivery-worker.ts): only notifications still awaiting their rows. */
const ENQUEUE_AFTER = `
  with due as (
    select id, user_id, type, created_at from notifications
     where awaiting_deliveries order by created_at limit 300 for update skip locked
  ), marked as (
    update notifications set awaiting_deliveries = false where id in (select id from due)
  )
  insert into notification_deliveries (notification_id, channel, status, last_error)
  select n.id, c.channel,
    case when coalesce(case c.channel when 'email' then p.email when 'push' then p.push else p.sms end, true) then 'pending' else 'skipped' end,
    null
  from due n
  cross join (values ('email'), ('push'), ('sms')) as c(channel)
  left join notification_preferences p on p.user_id = n.user_id and p.kind = n.type
  where n.created_at > now() - make_interval(hours => 24)
    and (c.channel <> 'sms' or n.type in (${SMS_KINDS.map((k) => `'${k}'`).join(', ')}))
  on conflict (notification_id, channel) do nothing
  returning id`;

const UNREAD_BEFORE = 'select count(*)::int as n from notifications where user_id = $1 and is_read = false';
const UNREAD_AFTER = `select count(*)::int as n from (
  select 1 from notifications where user_id = $1 and not is_read limit 100) unread`;

try {
  const database = await openDatabase({ databaseUrl: url });
  await database.close();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  raw.on('error', (e) => console.error('raw connection:', e.message));

  console.log(`filling ${RIDES.toLocaleString()} rides...`);
  const t = performance.now();
  await fillPeople(raw);
  // Loaded without the trigger, then figured once per driver (bench/quote-times.ts, ADR 031).
  let busy = '';
  await loadQuotesWithoutTrigger(raw, async () => {
    await fillTrips(raw, RIDES, BUSY);
    console.log('trips filled');
    // The busy driver (made after the fill, which quotes from every driver): 2,200 quotes on 2,200 trips,
    // 5 minutes to 6 hours after each was posted.
    busy = (
      await raw.query(`insert into users (email, email_verified, full_name, user_type)
        values ('busy@example.com', true, 'Busy Driver', 'driver') returning id`)
    ).rows[0].id as string;
    await raw.query(
      `insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version, created_at)
       select r.id, $1, 'expired', 9000, 'bench', r.created_at + interval '1 day', 1,
              r.created_at + make_interval(mins => 5 + (random() * 355)::int)
         from (select id, created_at from rides order by random() limit 2200) r`,
      [busy],
    );
  });
  const others = (
    await raw.query(
      `select driver_id from quotes where driver_id <> $1 group by driver_id order by count(*) desc limit 2`,
      [busy],
    )
  ).rows.map((r) => r.driver_id as string);
  const cardDrivers = [busy, ...others];
  const typical = (await raw.query('select count(*)::int n from quotes where driver_id = $1', [others[0]]))
    .rows[0].n as number;
  // 3,300 notifications in the last 24 hours, delivered already (rows written, the mark cleared).
  const customers = `(select array_agg(id) ids from users where user_type = 'customer')`;
  await raw.query(`
    insert into notifications (user_id, type, title, message, created_at, awaiting_deliveries)
    select c.ids[1 + g % 1000], 'quote_received', 'New quote', 'bench', now() - make_interval(secs => g * 26), false
      from generate_series(1, 3300) g, ${customers} c`);
  await raw.query(`
    insert into notification_deliveries (notification_id, channel, status, sent_at)
    select n.id, c.channel, 'sent', now() from notifications n cross join (values ('email'), ('push')) c(channel)`);
  // A user with 5,000 unread notifications among 100,000 older read ones spread over the customers.
  const reader = (await raw.query(`select id from users where email = 'c1@example.com'`)).rows[0]
    .id as string;
  await raw.query(`
    insert into notifications (user_id, type, title, message, is_read, created_at, awaiting_deliveries)
    select c.ids[1 + g % 1000], 'trip_completed', 'Done', 'bench', true, now() - interval '3 days' - make_interval(mins => g), false
      from generate_series(1, 100000) g, ${customers} c`);
  await raw.query(
    `insert into notifications (user_id, type, title, message, is_read, created_at, awaiting_deliveries)
     select $1, 'trip_completed', 'Done', 'bench', false, now() - interval '2 days' - make_interval(mins => g), false
       from generate_series(1, 5000) g`,
    [reader],
  );
  await raw.query('vacuum analyze');
  const counts = await raw.query(
    `select (select count(*) from rides) rides, (select count(*) from quotes) quotes,
            (select count(*) from quotes where driver_id = $1) busy_quotes,
            (select count(*) from notifications) notifications,
            (select count(*) from notification_deliveries) deliveries`,
    [busy],
  );
  console.log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s:`, counts.rows[0]);

  const time = async (
    sqlText: string,
    params: unknown[],
    opts: { rollback?: boolean; dropIndex?: string } = {},
  ) => {
    const times: number[] = [];
    const once = async () => {
      if (opts.rollback || opts.dropIndex) await raw.query('begin');
      if (opts.dropIndex) await raw.query(`drop index ${opts.dropIndex}`);
      const start = performance.now();
      const res = await raw.query(sqlText, params);
      const ms = performance.now() - start;
      if (opts.rollback || opts.dropIndex) await raw.query('rollback');
      return { ms, res };
    };
    for (let i = 0; i < 10; i++) await once();
    let last: pg.QueryResult | undefined;
    for (let i = 0; i < RUNS; i++) {
      const { ms, res } = await once();
      times.push(ms);
      last = res;
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), rows: last!.rows };
  };
  const plan = async (label: string, sqlText: string, params: unknown[], dropIndex?: string) => {
    await raw.query('begin');
    if (dropIndex) await raw.query(`drop index ${dropIndex}`);
    const res = await raw.query(`explain (analyze, buffers) ${sqlText}`, params);
    await raw.query('rollback');
    console.log(`\n${label}:`);
    for (const r of res.rows) console.log(`  ${r['QUERY PLAN']}`);
  };

  const rowsOut: string[] = [];
  const row = (label: string, r: { p50: number; p95: number }, note = '') =>
    rowsOut.push(`| ${label} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${note} |`);

  // 1. The card's median time to quote.
  const computedNoIndex = await time(COMPUTED_MEDIAN, [cardDrivers], {
    dropIndex: 'quotes_driver_created_idx',
  });
  const computed = await time(COMPUTED_MEDIAN, [cardDrivers]);
  const stored = await time(STORED_MEDIAN, [cardDrivers]);
  const byDriver = (rows: { driver_id: string; minutes?: number; median_minutes?: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.driver_id, Math.round(Number(r.minutes ?? r.median_minutes))]));
  const same =
    JSON.stringify(byDriver(computed.rows)) ===
    JSON.stringify(Object.fromEntries(cardDrivers.map((d) => [d, byDriver(stored.rows)[d]])));
  row('card median, 3 drivers (one with 2,200 quotes): computed, indexes before 0026', computedNoIndex);
  row('card median, 3 drivers: computed, with quotes_driver_created_idx', computed);
  row(
    'card median, 3 drivers: read from driver_quote_times',
    stored,
    same ? 'same figures' : 'DIFFERENT FIGURES',
  );
  row(
    "the trigger's recompute for the busy driver alone",
    await time('select driver_median_quote_minutes($1)', [busy]),
  );
  const ride = (await raw.query('select id from rides order by created_at desc limit 1')).rows[0]
    .id as string;
  const insertQuote = `insert into quotes (ride_id, driver_id, status, price_cents, message, valid_until, ride_version)
    values ($1, $2, 'withdrawn', 9000, 'bench', now() + interval '1 day', 1)`;
  row(
    'a quote insert for the busy driver, with the trigger (rolled back)',
    await time(insertQuote, [ride, busy], { rollback: true }),
  );
  row(
    `a quote insert for a driver with ${typical} quotes, with the trigger (rolled back)`,
    await time(insertQuote, [ride, others[0]], { rollback: true }),
  );
  await raw.query('alter table quotes disable trigger quotes_refresh_driver_quote_time');
  row(
    'the same insert without the trigger (rolled back)',
    await time(insertQuote, [ride, busy], { rollback: true }),
  );
  await raw.query('alter table quotes enable trigger quotes_refresh_driver_quote_time');

  // 2. The delivery worker's enqueue, nothing new (rolled back, so every run sees the same rows).
  row(
    'delivery enqueue, nothing new, 3,300 notifications in 24 h: before',
    await time(ENQUEUE_BEFORE, [], { rollback: true }),
  );
  row(
    'delivery enqueue, nothing new: after (awaiting_deliveries)',
    await time(ENQUEUE_AFTER, [], { rollback: true }),
  );

  // 3. The unread count.
  row(
    'unread count, 5,000 unread: before (count all)',
    await time(UNREAD_BEFORE, [reader], { dropIndex: 'notifications_unread_idx' }),
  );
  row('unread count, 5,000 unread: after (capped at 100, partial index)', await time(UNREAD_AFTER, [reader]));

  console.log('\n| what | p50 ms | p95 ms | note |\n| --- | ---: | ---: | --- |');
  for (const r of rowsOut) console.log(r);

  await plan(
    'computed median, before 0026 (busy driver)',
    COMPUTED_MEDIAN,
    [[busy]],
    'quotes_driver_created_idx',
  );
  await plan('stored median', STORED_MEDIAN, [cardDrivers]);
  await plan(
    'the recompute (busy driver), its statement inlined',
    `select percentile_cont(0.5) within group (order by extract(epoch from (latest.created_at - r.created_at)) / 60)
       from (select q.ride_id, q.created_at from quotes q where q.driver_id = $1
              order by q.created_at desc limit 200) latest
       join rides r on r.id = latest.ride_id`,
    [busy],
  );
  await plan('delivery enqueue before', ENQUEUE_BEFORE, []);
  await plan('delivery enqueue after', ENQUEUE_AFTER, []);
  await plan('unread count before', UNREAD_BEFORE, [reader], 'notifications_unread_idx');
  await plan('unread count after', UNREAD_AFTER, [reader]);
  await raw.end();
} finally {
  await throwaway.drop();
}
