/**
 * The driver card (issue 13): what a customer learns about who will drive them, with every quote, on the
 * booking and on the public page /drivers/{id}. Business name, logo or photo, verified date, rating, completed
 * trips, member since and median time to quote; never a contact detail. Built for many drivers at once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DriverCardDto, PublicReviewDto, VehicleCardDto } from '../../../shared/marketplace/api.ts';
import { maskContacts } from '../../../shared/marketplace/mask-contacts.ts';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { driverQuoteTimes, drivers, users, vehicles } from '../../db/schema/index.ts';
import { completedTripsSql, ratingSummarySql, toRatingSummary, visibleRating } from '../ratings/summary.ts';
import { firstNameOf } from '../rides/dto.ts';

type VehicleRow = typeof vehicles.$inferSelect;

/** Where a vehicle's photo is served (public, like avatars); the version in the query busts caches. */
export function vehiclePhotoUrl(v: Pick<VehicleRow, 'id' | 'photoKey' | 'updatedAt'>): string | null {
  return v.photoKey ? `/api/vehicles/${v.id}/photo?v=${v.updatedAt.getTime()}` : null;
}

export function toVehicleCard(v: VehicleRow): VehicleCardDto {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    colour: v.colour,
    seats: v.seats,
    luggageBags: v.luggageBags,
    wheelchairAccessible: v.wheelchairAccessible,
    childSeats: v.childSeats,
    trailer: v.trailer,
    photoUrl: vehiclePhotoUrl(v),
  };
}

/** Vehicle cards by vehicle id (retired vehicles included: an older quote or booking still names them). */
export async function vehicleCards(db: Db, ids: (string | null)[]): Promise<Map<string, VehicleCardDto>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(vehicles).where(inArray(vehicles.id, wanted));
  return new Map(rows.map((v) => [v.id, toVehicleCard(v)]));
}

/**
 * The stored median minutes to quote (driver_quote_times, issue 34) as the card shows it: whole minutes,
 * never below 0. The database keeps the figure current (drizzle/0026: over the driver's latest 200 quotes,
 * recomputed whenever one of their quotes is added), so reading it costs a primary-key lookup however long
 * the driver's history.
 */
function cardMinutes(stored: number | null): number | null {
  return stored === null ? null : Math.max(0, Math.round(stored));
}

/**
 * A column of the driver's record or stored quote time, as a subquery by key. Not a join: the accept reads
 * its card under generic plans (db/prepared.ts), where the planner cannot know the list of ids is one or
 * two long, and joined it read every driver and every stored time into hash tables (1,000 drivers: 1.1 ms a
 * card, three cards an accept; issue 34). A subquery by key is an index lookup whatever the plan.
 */
function byKey<C extends AnyPgColumn>(table: PgTable, column: C, key: AnyPgColumn) {
  return sql<C['_']['data'] | null>`(select k.${sql.identifier(column.name)} from ${table} k
    where k.${sql.identifier(key.name)} = ${cardUserId})`.mapWith(column);
}

/**
 * The card's user, qualified: in a query of one table drizzle writes its columns unqualified, and inside a
 * subquery "id" would name the subquery's own table's id.
 */
const cardUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/**
 * One prepared statement: the rating summary and completed trips are subqueries of it (issue 34; built once,
 * not on every card).
 */
export function cardsQuery(db: Db) {
  return prepared(db, 'driver_cards', (d) =>
    d
      .select({
        id: users.id,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        createdAt: users.createdAt,
        companyName: byKey(drivers, drivers.companyName, drivers.userId),
        status: byKey(drivers, drivers.verificationStatus, drivers.userId),
        verifiedAt: byKey(drivers, drivers.verifiedAt, drivers.userId),
        medianQuoteMinutes: byKey(
          driverQuoteTimes,
          driverQuoteTimes.medianMinutes,
          driverQuoteTimes.driverId,
        ),
        rating: ratingSummarySql(cardUserId),
        completedTrips: completedTripsSql(cardUserId),
      })
      .from(users)
      .where(anyOfPlaceholder(users.id))
      .prepare('driver_cards'),
  );
}

/**
 * Driver cards by user id; a user without a drivers record still gets a card (name, no verification).
 * `quoteTimes: false` leaves out the median time to quote (null): a fixed price's card (issue 31) has no
 * quote to wait for.
 */
export async function driverCards(
  db: Db,
  ids: string[],
  opts: { quoteTimes?: boolean } = {},
): Promise<Map<string, DriverCardDto>> {
  const driverIds = [...new Set(ids)];
  if (driverIds.length === 0) return new Map();
  const people = await cardsQuery(db).execute({ ids: driverIds });
  const cards = new Map<string, DriverCardDto>();
  for (const p of people) {
    const companyName = p.companyName?.trim() ?? '';
    const firstName = firstNameOf(p.fullName ?? '');
    cards.set(p.id, {
      id: p.id,
      businessName: companyName || firstName || 'Driver',
      companyName,
      firstName,
      avatarUrl: p.avatarUrl ?? null,
      verifiedAt: p.status === 'verified' && p.verifiedAt ? p.verifiedAt.toISOString() : null,
      rating: toRatingSummary(p.rating),
      completedTrips: p.completedTrips,
      memberSince: p.createdAt.toISOString(),
      medianQuoteMinutes: opts.quoteTimes === false ? null : cardMinutes(p.medianQuoteMinutes),
    });
  }
  return cards;
}

/** How many reviews the public driver page shows. */
export const PUBLIC_REVIEWS_MAX = 5;

/**
 * The newest visible ratings of a driver that have words (the public page, issue 32): first names only,
 * contact details hidden as everywhere else a customer's words reach the other side.
 */
export async function recentReviews(db: Db, driverId: string): Promise<PublicReviewDto[]> {
  const result = (await db.execute(sql`
    select r.stars, r.comment, r.created_at, u.full_name
    from ratings r join users u on u.id = r.rater_id
    where r.ratee_id = ${driverId} and btrim(r.comment) <> '' and ${visibleRating('r')}
    order by r.created_at desc, r.id desc
    limit ${PUBLIC_REVIEWS_MAX}`)) as unknown as {
    rows: { stars: number; comment: string; created_at: string | Date; full_name: string | null }[];
  };
  return result.rows.map((r) => ({
    stars: Number(r.stars),
    comment: maskContacts(r.comment.trim()).text,
    fromName: firstNameOf(r.full_name ?? '') || 'A customer',
    at: new Date(r.created_at).toISOString(),
  }));
}

/** A driver's active vehicles, as cards (the public page). */
export async function activeVehicleCards(db: Db, driverId: string): Promise<VehicleCardDto[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.driverId, driverId), sql`${vehicles.retiredAt} is null`))
    .orderBy(vehicles.createdAt);
  return rows.map(toVehicleCard);
}
