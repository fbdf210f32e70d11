/**
 * GET /api/rides/available: the drivers' board of open requests, filtered and keyset-paged, each with the
 * driver's own live quote.
 */
import { and, asc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Page, RideDto } from '../../../shared/marketplace/api.ts';
import { AVAILABLE_RIDES_PAGE_SIZE } from '../../../shared/marketplace/constants.ts';
import { readOffers } from '../../../shared/marketplace/needs.ts';
import { sydneyDayEnd, sydneyDayStart } from '../../../shared/marketplace/time.ts';
import { type AvailableRidesQuery, MARKETPLACE_MESSAGES } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { cursorInstant, decodeInstantCursor, encodeCursor } from '../../db/keyset.ts';
import { rides } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { find } from '../../services/places.ts';
import { type DriverContext, loadDriverContext, notVerifiedError } from '../verification/standing.ts';
import { pickupWithin, servedBy } from './area-sql.ts';
import { decorate, type MyQuote } from './decorate.ts';
import { servableBy } from './needs-sql.ts';
import type { Viewer } from './read.ts';

export type { MyQuote };
export type AvailableRideDto = RideDto & { myQuote: MyQuote };

const badFilter = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

/**
 * Open requests with a pickup still ahead, in pickup order, keyset-paged on (pickup_at, id) so the
 * partial index rides_open_pickup_idx serves every page. Filters: Sydney dates `from`..`to` (inclusive),
 * a pickup within `radiusKm` (straight line) of the locality `near`, and `passengers`: the driver's seats,
 * so requests for at most that many passengers.
 */
export async function availableRides(
  db: Db,
  viewer: Viewer,
  query: AvailableRidesQuery,
  /** The viewer's context when the caller has loaded it and held the gate (board-cache.ts). */
  loaded?: DriverContext | null,
): Promise<Page<AvailableRideDto>> {
  const conds: SQL[] = [sql`${rides.status} = 'open'`, sql`${rides.pickupAt} > now()`];
  if (query.from) {
    const from = sydneyDayStart(query.from);
    if (!from) throw badFilter('from', MARKETPLACE_MESSAGES.dateFilter);
    conds.push(sql`${rides.pickupAt} >= ${from.toISOString()}::timestamptz`);
  }
  if (query.to) {
    const end = sydneyDayEnd(query.to);
    if (!end) throw badFilter('to', MARKETPLACE_MESSAGES.dateFilter);
    conds.push(sql`${rides.pickupAt} < ${end.toISOString()}::timestamptz`);
  }
  if (query.near) {
    const [locality = '', postcode = ''] = query.near.split('|');
    const centre = find(locality, postcode);
    if (!centre) throw badFilter('near', MARKETPLACE_MESSAGES.pickupRequired);
    conds.push(pickupWithin(centre, query.radiusKm));
  }
  if (query.passengers !== undefined) conds.push(sql`${rides.passengers} <= ${query.passengers}::int`);
  // The gate (issue 13): a driver lists trips to quote for only while they may quote. An admin without a
  // drivers record sees every open trip, as before.
  const context = loaded === undefined ? await loadDriverContext(db, viewer.id) : loaded;
  if (loaded === undefined && context && viewer.role !== 'admin' && !context.standing.canQuote)
    throw notVerifiedError(context.standing);
  const offers = context ? readOffers(context.driver.offers) : undefined;
  if (query.serve === 'mine' && context && offers) {
    // By default: trips inside the service area that a vehicle of theirs can carry and whose needs they
    // serve. Written from the driver's loaded row as constants: a plain filter on the open-trips index
    // (correlated subqueries here made the planner sort every open trip: bench/README.md, issue 17).
    conds.push(servedBy(context), servableBy(sql`${rides.needs}`, offers));
  }
  if (query.cursor) {
    const c = decodeInstantCursor(query.cursor);
    if (!c) throw badFilter('cursor', MARKETPLACE_MESSAGES.cursor);
    conds.push(sql`(${rides.pickupAt}, ${rides.id}) > (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await db
    .select({
      ...getTableColumns(rides),
      cursorAt: cursorInstant(rides.pickupAt).mapWith(String),
    })
    .from(rides)
    .where(and(...conds))
    .orderBy(asc(rides.pickupAt), asc(rides.id))
    .limit(AVAILABLE_RIDES_PAGE_SIZE + 1);
  const page = rows.slice(0, AVAILABLE_RIDES_PAGE_SIZE);
  const items = (await decorate(db, page, {
    hideAddresses: true,
    quotesOf: viewer.id,
    ...(offers ? { offers } : {}),
  })) as AvailableRideDto[];
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > AVAILABLE_RIDES_PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}
