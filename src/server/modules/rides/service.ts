/**
 * Trip requests (rides): posting, reading, editing, cancelling, and the drivers' list of open requests.
 * Every change and the notifications it causes happen in one transaction; races with a booking are
 * decided by conditional updates on `status = 'open'`.
 */

import { and, asc, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Page, RideDto } from '../../../shared/marketplace/api.ts';
import {
  AVAILABLE_RIDES_PAGE_SIZE,
  LIVE_QUOTE_STATUSES,
  QUOTE_LIMITS,
  type QuoteStatus,
} from '../../../shared/marketplace/constants.ts';
import { estimateRoadKm } from '../../../shared/marketplace/geo.ts';
import { toCents } from '../../../shared/marketplace/money.ts';
import { canServe, type DriverOffers, readNeeds, readOffers } from '../../../shared/marketplace/needs.ts';
import { formatSydney, sydneyToUtc } from '../../../shared/marketplace/time.ts';
import type { Role } from '../../../shared/roles.ts';
import {
  type AvailableRidesQuery,
  MARKETPLACE_MESSAGES,
  type RideEdit,
  type RideRequest,
} from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings, drivers, quotes, rides, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { find, type Place } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { visibleRating } from '../ratings/summary.ts';
import { loadDriverContext, notVerifiedError } from '../verification/standing.ts';
import { pickupWithin, servedBy } from './area-sql.ts';
import { firstNameOf, type RideRow, toRideDto } from './dto.ts';
import { matchingDriverIds } from './matching.ts';
import { servableBy } from './needs-sql.ts';

export interface Viewer {
  id: string;
  role: Role;
}

export type MyQuote = {
  id: string;
  status: QuoteStatus;
  priceCents: number;
  pairTotalCents: number | null;
} | null;
export type AvailableRideDto = RideDto & { myQuote: MyQuote };

/**
 * Street addresses are shown to a driver only with the booking: before it, drivers see the localities
 * (and the distance and price estimated from them). A first name, a home address and the dates someone
 * is away (an airport run) should not go to every registered driver. Set true to show them to drivers
 * browsing open requests (the tests in tests/api/rides.test.ts and available-rides.test.ts say which).
 */
export const SHOW_STREET_ADDRESSES_BEFORE_BOOKING = false;

const LIVE = [...LIVE_QUOTE_STATUSES];
const LIVE_BOOKING = ['confirmed', 'completed'];

// ---------------------------------------------------------------------------------------------------
// Reading: rows to DTOs, in a handful of batched queries.

interface DecorateOptions {
  /** A driver (not the booked one) sees the localities only: street addresses come with the booking. */
  hideAddresses?: boolean;
  /** Adds `myQuote` (this driver's live quote on each request) and `canServe` (their offers cover the needs). */
  quotesOf?: string;
  /** The `quotesOf` driver's offers when already loaded (the board): saves reading them again. */
  offers?: DriverOffers;
}

/** A driver's offers (drivers.offers), every field present. */
export async function offersOf(db: Db, driverId: string): Promise<DriverOffers> {
  const [row] = await db
    .select({ offers: drivers.offers })
    .from(drivers)
    .where(eq(drivers.userId, driverId))
    .limit(1);
  return readOffers(row?.offers);
}

const LIVE_SQL = sql.raw(LIVE.map((s) => `'${s}'`).join(', '));

type Rating = { average: number | string | null; count: number };
type OtherLeg = { id: string; pickupAt: string; status: string; flightNumber: string };
type MyQuoteRow = { id: string; status: string; priceCents: number; otherHalfCents: number | null };

/**
 * What a request's card shows beside its own columns, for a page of rows in one prepared query (issue 17:
 * it was six): the customer's name and rating as others see it, the live quote count, the booking, the
 * other leg of a return trip (either way round; a return leg always belongs to the same customer), and,
 * given a driver, that driver's live quote (with the other half's price of a return-pair quote).
 */
function cardsQuery(db: Db) {
  return prepared(db, 'ride_cards', (d) =>
    d
      .select({
        id: rides.id,
        customerName: users.fullName,
        rating: sql<Rating | null>`(select json_build_object('average', round(avg(rt.stars)::numeric, 1),
            'count', count(*)::int)
          from ratings rt where rt.ratee_id = ${rides.customerId} and ${visibleRating('rt')})`,
        liveQuotes: sql<number>`(select count(*)::int from quotes q
          where q.ride_id = ${rides.id} and q.status in (${LIVE_SQL}))`,
        bookingId: sql<string | null>`(select b.id from bookings b
          where b.ride_id = ${rides.id} and b.status in ('confirmed', 'completed')
          order by b.created_at desc limit 1)`,
        returnRideId: sql<string | null>`(select o.id from rides o
          where o.customer_id = ${rides.customerId} and o.outbound_ride_id = ${rides.id}
          order by o.created_at desc limit 1)`,
        otherLeg: sql<OtherLeg | null>`(select json_build_object('id', o.id, 'pickupAt', o.pickup_at,
            'status', o.status, 'flightNumber', o.flight_number)
          from rides o
          where o.customer_id = ${rides.customerId}
            and (o.id = ${rides.outboundRideId}
                 or (${rides.outboundRideId} is null and o.outbound_ride_id = ${rides.id}))
          order by o.created_at desc limit 1)`,
        myQuote: sql<MyQuoteRow | null>`(select json_build_object('id', q.id, 'status', q.status,
            'priceCents', q.price_cents,
            'otherHalfCents', (select sum(o.price_cents)::int from quotes o
                                where o.bundle_id = q.bundle_id and o.id <> q.id))
          from quotes q
          where q.driver_id = ${sql.placeholder('driverId')}::uuid and q.ride_id = ${rides.id}
            and q.status in (${LIVE_SQL})
          limit 1)`,
      })
      .from(rides)
      .leftJoin(users, eq(users.id, rides.customerId))
      .where(sql`${rides.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('ride_cards'),
  );
}

async function decorate(db: Db, rows: RideRow[], opts: DecorateOptions = {}): Promise<RideDto[]> {
  if (rows.length === 0) return [];
  const cards = await cardsQuery(db).execute({
    ids: rows.map((r) => r.id),
    driverId: opts.quotesOf ?? null,
  });
  const extra = new Map(cards.map((r) => [r.id, r]));
  const offers = opts.quotesOf ? (opts.offers ?? (await offersOf(db, opts.quotesOf))) : null;

  return rows.map((row) => {
    const e = extra.get(row.id);
    const rating = e?.rating ?? null;
    const leg = e?.otherLeg ?? null;
    const dto = toRideDto(row, {
      customerFirstName: firstNameOf(e?.customerName ?? ''),
      customerRating:
        rating && rating.count > 0
          ? { average: Number(rating.average), count: Number(rating.count) }
          : { average: null, count: 0 },
      liveQuoteCount: Number(e?.liveQuotes ?? 0),
      bookingId: e?.bookingId ?? null,
      returnRideId: e?.returnRideId ?? null,
      otherLeg: leg
        ? { id: leg.id, pickupAt: new Date(leg.pickupAt), status: leg.status, flightNumber: leg.flightNumber }
        : null,
    });
    if (opts.hideAddresses && !SHOW_STREET_ADDRESSES_BEFORE_BOOKING) {
      dto.pickup.address = '';
      dto.destination.address = '';
    }
    if (opts.quotesOf) {
      const q = e?.myQuote ?? null;
      dto.myQuote = q
        ? {
            id: q.id,
            status: q.status as QuoteStatus,
            priceCents: q.priceCents,
            pairTotalCents: q.otherHalfCents === null ? null : q.priceCents + Number(q.otherHalfCents),
          }
        : null;
    }
    if (offers) dto.canServe = canServe(dto.needs, offers);
    return dto;
  });
}

async function rideById(db: Db, id: string): Promise<RideRow | null> {
  const [row] = await db.select().from(rides).where(eq(rides.id, id)).limit(1);
  return row ?? null;
}

/**
 * A request as `viewer` may see it, or null (read as 404): the customer who posted it, any admin, or a
 * driver once they have quoted on it or hold its booking, or while it is open if they pass the gate (issue
 * 28: the same as the list of open trips; anyone else 403 `driver_not_verified`). Drivers never see
 * contact details, and see street addresses only with the booking.
 */
export async function readRide(db: Db, viewer: Viewer, id: string): Promise<RideDto | null> {
  const row = await rideById(db, id);
  if (!row) return null;
  if (viewer.role === 'admin' || row.customerId === viewer.id) return (await decorate(db, [row]))[0]!;
  if (viewer.role !== 'driver') return null;
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.rideId, id), eq(bookings.driverId, viewer.id), inArray(bookings.status, LIVE_BOOKING)),
    )
    .limit(1);
  if (!booking) {
    const [quoted] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.rideId, id), eq(quotes.driverId, viewer.id)))
      .limit(1);
    if (!quoted) {
      if (row.status !== 'open') return null;
      const standing = (await loadDriverContext(db, viewer.id))?.standing;
      if (standing && !standing.canQuote) throw notVerifiedError(standing);
    }
  }
  return (await decorate(db, [row], { hideAddresses: !booking, quotesOf: viewer.id }))[0]!;
}

/** The customer's own requests, newest pickup first. */
export async function listMyRides(db: Db, customerId: string): Promise<RideDto[]> {
  const rows = await db
    .select()
    .from(rides)
    .where(eq(rides.customerId, customerId))
    .orderBy(desc(rides.pickupAt), desc(rides.id))
    .limit(MY_RIDES_LIMIT);
  return decorate(db, rows);
}
export const MY_RIDES_LIMIT = 200;

/** How many drivers match a request: its owner or an admin only (null reads as 404). */
export async function countMatches(db: Db, viewer: Viewer, id: string): Promise<number | null> {
  const row = await rideById(db, id);
  if (!row || (viewer.role !== 'admin' && row.customerId !== viewer.id)) return null;
  return (await matchingDriverIds(db, row)).length;
}

// ---------------------------------------------------------------------------------------------------
// Changes.

function resolvePlace(input: { locality: string; postcode: string }, which: 'pickup' | 'destination'): Place {
  const place = find(input.locality, input.postcode);
  if (place) return place;
  const message =
    which === 'pickup' ? MARKETPLACE_MESSAGES.pickupRequired : MARKETPLACE_MESSAGES.destinationRequired;
  throw new AppError(400, 'validation', message, [{ path: which, message }]);
}

/** The ride columns a trip's fields set (shared by posting and editing). */
function tripColumns(input: RideEdit, pickup: Place, destination: Place, pickupAt: Date) {
  return {
    pickupLocality: pickup.locality,
    pickupPostcode: pickup.postcode,
    pickupAddress: input.pickup.address,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    destinationLocality: destination.locality,
    destinationPostcode: destination.postcode,
    destinationAddress: input.destination.address,
    destinationLat: destination.lat,
    destinationLng: destination.lng,
    pickupAt,
    passengers: input.passengers,
    luggageBags: input.luggageBags,
    largeItems: input.largeItems,
    budgetCents: toCents(input.budget),
    notes: input.notes,
    flightNumber: input.flightNumber,
    needs: input.needs,
    distanceKm: estimateRoadKm(pickup, destination),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const tripSummary = (row: RideRow) =>
  `${row.pickupLocality} to ${row.destinationLocality}, ${formatSydney(row.pickupAt)}, ${plural(row.passengers, 'passenger')}`;

async function notifyMatchingDrivers(tx: Db, row: RideRow, driverIds: string[]) {
  for (const userId of driverIds) {
    await notify(tx, {
      userId,
      type: 'ride_matched',
      title: 'New trip request',
      message: `${tripSummary(row)}. It matches your availability and vehicle.`,
      relatedId: row.id,
    });
  }
}

/** Posts a request (and its return leg) and tells every matching driver, in one transaction. */
export async function createRide(
  db: Db,
  customerId: string,
  input: RideRequest,
): Promise<{ ride: RideDto; returnRide: RideDto | null }> {
  const pickup = resolvePlace(input.pickup, 'pickup');
  const destination = resolvePlace(input.destination, 'destination');
  // The schema has already checked both instants exist in Sydney and are far enough ahead.
  const pickupAt = sydneyToUtc(input.date, input.time)!;
  const returnAt = input.returnTrip ? sydneyToUtc(input.returnTrip.date, input.returnTrip.time)! : null;

  const { ride, returnRide } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [ride] = await tx
      .insert(rides)
      .values({ customerId, ...tripColumns(input, pickup, destination, pickupAt) })
      .returning();
    let returnRide: RideRow | null = null;
    if (returnAt) {
      // The same people and things travel back; the return leg has its own flight.
      const back = tripColumns(
        {
          ...input,
          pickup: input.destination,
          destination: input.pickup,
          flightNumber: input.returnTrip!.flightNumber,
        },
        destination,
        pickup,
        returnAt,
      );
      const [inserted] = await tx
        .insert(rides)
        .values({ customerId, ...back, outboundRideId: ride!.id })
        .returning();
      returnRide = inserted!;
    }
    for (const leg of [ride!, returnRide]) {
      if (leg) await notifyMatchingDrivers(tx, leg, await matchingDriverIds(tx, leg));
    }
    await recordIdempotentEffect(tx, ride!.id);
    return { ride: ride!, returnRide };
  });
  const dtos = await decorate(db, returnRide ? [ride, returnRide] : [ride]);
  return { ride: dtos[0]!, returnRide: dtos[1] ?? null };
}

/**
 * The answer createRide gave, built again from the outbound ride's id (a retry of a request that died
 * after committing: see http/idempotency.ts).
 */
export async function createdRideAnswer(
  db: Db,
  customerId: string,
  rideId: string,
): Promise<{ ride: RideDto; returnRide: RideDto | null }> {
  const legs = await db
    .select()
    .from(rides)
    .where(and(eq(rides.customerId, customerId), or(eq(rides.id, rideId), eq(rides.outboundRideId, rideId))));
  const outbound = legs.find((r) => r.id === rideId);
  if (!outbound) throw notFound();
  const back = legs.find((r) => r.outboundRideId === rideId) ?? null;
  const dtos = await decorate(db, back ? [outbound, back] : [outbound]);
  return { ride: dtos[0]!, returnRide: dtos[1] ?? null };
}

const readNeedsOf = (row: RideRow) => readNeeds(row.needs);

function notOpen(status: string): AppError {
  const message =
    status === 'cancelled'
      ? MARKETPLACE_MESSAGES.rideCancelled
      : status === 'expired'
        ? MARKETPLACE_MESSAGES.rideExpired
        : MARKETPLACE_MESSAGES.rideBooked;
  return new AppError(409, 'conflict', message);
}

/**
 * Edits an open request (its customer only). A change of route (either locality), pickup time or
 * passengers is a new version: every live quote must then be confirmed again by its driver, who is told,
 * and drivers who match only now are told of the request. Budget, notes, luggage, flight and street
 * addresses do not change the version.
 */
export async function editRide(db: Db, customerId: string, id: string, input: RideEdit): Promise<RideDto> {
  const pickup = resolvePlace(input.pickup, 'pickup');
  const destination = resolvePlace(input.destination, 'destination');
  const pickupAt = sydneyToUtc(input.date, input.time)!;

  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Locks the row: a booking of this request waits for the edit, then finds the new version.
    const [current] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, id), eq(rides.customerId, customerId)))
      .for('update');
    if (!current) throw notFound();
    if (current.status !== 'open') throw notOpen(current.status);
    const material =
      current.pickupLocality !== pickup.locality ||
      current.pickupPostcode !== pickup.postcode ||
      current.destinationLocality !== destination.locality ||
      current.destinationPostcode !== destination.postcode ||
      current.pickupAt.getTime() !== pickupAt.getTime() ||
      current.passengers !== input.passengers ||
      // A wheelchair or child seats added later change what a driver agreed to carry.
      JSON.stringify(readNeedsOf(current)) !== JSON.stringify(input.needs);
    const [updated] = await tx
      .update(rides)
      .set({
        ...tripColumns(input, pickup, destination, pickupAt),
        ...(material ? { version: sql`${rides.version} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(rides.id, id), sql`${rides.status} = 'open'`))
      .returning();
    if (!updated) throw notOpen('booked');
    if (!material) return updated;

    // A quote is never silently applied to a different trip: its driver confirms it again. It cannot
    // stay valid past the new "2 hours before pickup" either.
    const closes = new Date(pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * 3_600_000);
    const flagged = await tx
      .update(quotes)
      .set({
        status: 'needs_confirmation',
        validUntil: sql`least(${quotes.validUntil}, ${closes.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.rideId, id), inArray(quotes.status, LIVE)))
      .returning({ id: quotes.id, driverId: quotes.driverId });
    for (const q of flagged) {
      await notify(tx, {
        userId: q.driverId,
        type: 'quote_needs_confirmation',
        title: 'Trip changed: confirm your quote',
        message: `The customer changed this trip (now ${tripSummary(updated)}). Confirm or change your quote so they can accept it.`,
        relatedId: id,
      });
    }
    const before = new Set(await matchingDriverIds(tx, current));
    const quoted = new Set(flagged.map((q) => q.driverId));
    const fresh = (await matchingDriverIds(tx, updated)).filter((d) => !before.has(d) && !quoted.has(d));
    await notifyMatchingDrivers(tx, updated, fresh);
    return updated;
  });
  return (await decorate(db, [row]))[0]!;
}

/** Cancels an open request (its customer only); live quotes are declined and their drivers told. */
export async function cancelRide(db: Db, customerId: string, id: string, reason: string): Promise<RideDto> {
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [cancelled] = await tx
      .update(rides)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
      .where(and(eq(rides.id, id), eq(rides.customerId, customerId), sql`${rides.status} = 'open'`))
      .returning();
    if (!cancelled) {
      const [current] = await tx
        .select({ status: rides.status })
        .from(rides)
        .where(and(eq(rides.id, id), eq(rides.customerId, customerId)));
      throw current ? notOpen(current.status) : notFound();
    }
    const declined = await tx
      .update(quotes)
      .set({ status: 'declined', updatedAt: new Date() })
      .where(and(eq(quotes.rideId, id), inArray(quotes.status, LIVE)))
      .returning({ driverId: quotes.driverId, bundleId: quotes.bundleId });
    // A return-pair quote is one offer for both legs: with this leg gone, its other half goes too.
    await declineOtherHalves(
      tx,
      declined,
      'The customer cancelled one leg of this return trip, so your quote for both legs was declined. You can quote the other leg on its own.',
    );
    for (const q of declined) {
      await notify(tx, {
        userId: q.driverId,
        type: 'quote_declined',
        title: 'Trip request cancelled',
        message: `The customer cancelled this trip (${tripSummary(cancelled)}), so your quote was declined.`,
        relatedId: id,
      });
    }
    return cancelled;
  });
  return (await decorate(db, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------------
// The drivers' list of open requests.

/**
 * Opaque keyset cursor: base64url of "<pickup_at ISO, UTC, to the microsecond>|<id>". Microseconds
 * matter: a JavaScript Date keeps milliseconds, and a row stored with more precision would repeat.
 */
export function encodeCursor(row: { cursorAt: string; id: string }): string {
  return Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function decodeCursor(cursor: string): { pickupAt: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || Number.isNaN(Date.parse(m[1]!))) return null;
  return { pickupAt: m[1]!, id: m[2]! };
}

const badFilter = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

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
): Promise<Page<AvailableRideDto>> {
  const conds: SQL[] = [sql`${rides.status} = 'open'`, sql`${rides.pickupAt} > now()`];
  if (query.from) {
    const from = sydneyToUtc(query.from, '00:00');
    if (!from) throw badFilter('from', MARKETPLACE_MESSAGES.dateFilter);
    conds.push(sql`${rides.pickupAt} >= ${from.toISOString()}::timestamptz`);
  }
  if (query.to) {
    const end = sydneyToUtc(nextDay(query.to), '00:00');
    if (!end || !sydneyToUtc(query.to, '00:00')) throw badFilter('to', MARKETPLACE_MESSAGES.dateFilter);
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
  const context = await loadDriverContext(db, viewer.id);
  if (context && viewer.role !== 'admin' && !context.standing.canQuote)
    throw notVerifiedError(context.standing);
  const offers = context ? readOffers(context.driver.offers) : undefined;
  if (query.serve === 'mine' && context && offers) {
    // By default: trips inside the service area that a vehicle of theirs can carry and whose needs they
    // serve. Written from the driver's loaded row as constants: a plain filter on the open-trips index
    // (correlated subqueries here made the planner sort every open trip: bench/README.md, issue 17).
    conds.push(servedBy(context), servableBy(sql`${rides.needs}`, offers));
  }
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    if (!c) throw badFilter('cursor', MARKETPLACE_MESSAGES.cursor);
    conds.push(sql`(${rides.pickupAt}, ${rides.id}) > (${c.pickupAt}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await db
    .select({
      ...getTableColumns(rides),
      cursorAt: sql<string>`to_char(${rides.pickupAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
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
  return { items, nextCursor: rows.length > AVAILABLE_RIDES_PAGE_SIZE && last ? encodeCursor(last) : null };
}

/**
 * After quotes were declined (their leg was cancelled or booked), the live other halves of any return-pair
 * quotes among them are declined too, and their drivers told why.
 */
export async function declineOtherHalves(
  tx: Db,
  declined: { bundleId: string | null }[],
  message: string,
): Promise<void> {
  const bundleIds = [...new Set(declined.flatMap((q) => (q.bundleId ? [q.bundleId] : [])))];
  if (bundleIds.length === 0) return;
  const halves = await tx
    .update(quotes)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(and(inArray(quotes.bundleId, bundleIds), inArray(quotes.status, LIVE)))
    .returning({ driverId: quotes.driverId, rideId: quotes.rideId });
  for (const q of halves) {
    await notify(tx, {
      userId: q.driverId,
      type: 'quote_declined',
      title: 'Return-trip quote declined',
      message,
      relatedId: q.rideId,
    });
  }
}
