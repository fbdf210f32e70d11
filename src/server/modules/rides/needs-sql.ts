/**
 * The "can serve" rule of shared/marketplace/needs.ts (unmetNeeds) in SQL, both ways round: a driver's
 * known offers against the rides.needs column (the /available-rides filter), and a ride's known needs
 * against the drivers.offers column (who is notified of a new request). tests/api/needs.test.ts checks
 * both against the TypeScript rule.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DriverOffers, NO_NEEDS, type RideNeeds } from '../../../shared/marketplace/needs.ts';

/** A jsonb number field, 0 when missing or not a number (older rows hold {}). */
const num = (column: SQL, key: string) =>
  sql`(case when jsonb_typeof(${column} -> ${key}::text) = 'number' then (${column} ->> ${key}::text)::numeric else 0 end)`;
const flag = (column: SQL, key: string) => sql`coalesce((${column} -> ${key}::text) = 'true'::jsonb, false)`;
const text = (column: SQL, key: string) => sql`coalesce(${column} ->> ${key}::text, 'none')`;

/** Rides (column `needs`) this driver's offers cover. */
export function servableBy(needs: SQL, o: DriverOffers): SQL {
  const wheelchairs =
    o.wheelchair === 'seated' ? [] : o.wheelchair === 'folding' ? ['seated'] : ['folding', 'seated'];
  const conds: SQL[] = [
    sql`${num(needs, 'infantSeats')} + ${num(needs, 'childSeats')} <= ${o.childSeats}::numeric`,
    sql`${num(needs, 'boosterSeats')} <= ${o.boosterSeats}::numeric`,
    sql`${num(needs, 'surfboards')} <= ${o.surfboards}::numeric`,
    sql`${num(needs, 'bikes')} <= ${o.bikes}::numeric`,
  ];
  if (wheelchairs.length) {
    conds.push(
      sql`${text(needs, 'wheelchair')} not in (${sql.join(
        wheelchairs.map((w) => sql`${w}::text`),
        sql`, `,
      )})`,
    );
  }
  if (!o.pram) conds.push(sql`not ${flag(needs, 'pram')}`);
  if (!o.pets) conds.push(sql`not ${flag(needs, 'pets')}`);
  // Most trips need nothing: said first as an equality, which the planner estimates from the column's
  // statistics. Without it, eight expressions of default selectivity made it expect a few dozen matches
  // and sort every open trip instead of reading the pickup index (issue 17, bench/README.md).
  return sql`(${needs} in ('{}'::jsonb, ${JSON.stringify(NO_NEEDS)}::jsonb) or (${sql.join(conds, sql` and `)}))`;
}

/** Drivers (column `offers`) who can serve these needs. */
export function offersCover(offers: SQL, n: RideNeeds): SQL {
  const conds: SQL[] = [sql`true`];
  if (n.infantSeats + n.childSeats > 0) {
    conds.push(sql`${num(offers, 'childSeats')} >= ${n.infantSeats + n.childSeats}::numeric`);
  }
  if (n.boosterSeats > 0) conds.push(sql`${num(offers, 'boosterSeats')} >= ${n.boosterSeats}::numeric`);
  if (n.surfboards > 0) conds.push(sql`${num(offers, 'surfboards')} >= ${n.surfboards}::numeric`);
  if (n.bikes > 0) conds.push(sql`${num(offers, 'bikes')} >= ${n.bikes}::numeric`);
  if (n.wheelchair === 'seated') conds.push(sql`${text(offers, 'wheelchair')} = 'seated'`);
  if (n.wheelchair === 'folding') conds.push(sql`${text(offers, 'wheelchair')} in ('folding', 'seated')`);
  if (n.pram) conds.push(flag(offers, 'pram'));
  if (n.pets) conds.push(flag(offers, 'pets'));
  return sql`(${sql.join(conds, sql` and `)})`;
}
