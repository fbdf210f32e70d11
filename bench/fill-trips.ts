/**
 * The trips, quotes and bookings both fare benches fill (bench/fare-guide.ts, bench/price-list.ts): `rides`
 * trips created over the last 200 days, 40% on the `busy` routes (each end jittered within about 3 km), the
 * rest anywhere in the Hunter region; 1-3 quotes a trip from distinct drivers (the first 5 minutes to 6 hours
 * after posting), the first accepted on booked trips, and their bookings. Needs 1,000 customers and 1,000
 * drivers in `users` first (fillPeople).
 */
import type pg from 'pg';

/**
 * The 1,000 customers and 1,000 drivers fillTrips quotes and books with. `numberedDrivers`: 'Bench Driver 1'
 * ... (the price list shows drivers' names side by side); else all 'Bench Driver'.
 */
export async function fillPeople(raw: pg.Client, opts: { numberedDrivers?: boolean } = {}): Promise<void> {
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'c' || g || '@example.com', true, 'Bench Customer', 'customer'
    from generate_series(1, 1000) g`);
  await raw.query(`
    insert into users (id, email, email_verified, full_name, user_type)
    select gen_random_uuid(), 'd' || g || '@example.com', true, ${opts.numberedDrivers ? `'Bench Driver ' || g` : `'Bench Driver'`}, 'driver'
    from generate_series(1, 1000) g`);
}

/** `busy`: routes as [pickup lat, pickup lng, destination lat, destination lng]. */
export async function fillTrips(raw: pg.Client, rides: number, busyRoutes: number[][]): Promise<void> {
  const busy = `(array[${busyRoutes.map((r) => `array[${r.join(',')}]`).join(',')}]::float8[][])`;
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
    [rides],
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
}
