/**
 * Request rows to DTOs, a page at a time in one prepared query: the customer's name and rating, the live
 * quote count, the booking, the other leg of a return trip, and for a driver their own live quote and
 * whether they can serve the trip. Street addresses are hidden from drivers until the booking.
 */
import { eq, sql } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import { canServe } from '../../../shared/marketplace/can-serve.ts';
import type { QuoteStatus } from '../../../shared/marketplace/constants.ts';
import { type DriverOffers, readOffers } from '../../../shared/marketplace/needs.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { drivers, rides, users } from '../../db/schema/index.ts';
import { visibleRating } from '../ratings/summary.ts';
import { firstNameOf, hideStreetAddresses, type RideRow, toRideDto } from './dto.ts';
import { LIVE } from './rules.ts';

/**
 * Street addresses are shown to a driver only with the booking: before it, drivers see the localities
 * (and the distance and price estimated from them). A first name, a home address and the dates someone
 * is away (an airport run) should not go to every registered driver. Set true to show them to drivers
 * browsing open requests (the tests in tests/api/rides.test.ts and available-rides.test.ts say which).
 */
export const SHOW_STREET_ADDRESSES_BEFORE_BOOKING = false;

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

/** A driver's live quote `q` as a card shows it, with the other half's price of a return-pair quote. */
const MY_QUOTE_JSON = sql`json_build_object('id', q.id, 'status', q.status, 'priceCents', q.price_cents,
  'otherHalfCents', (select sum(o.price_cents)::int from quotes o where o.bundle_id = q.bundle_id and o.id <> q.id))`;

/** A driver's own live quote on a card (the board), or null. */
export type MyQuote = {
  id: string;
  status: QuoteStatus;
  priceCents: number;
  pairTotalCents: number | null;
} | null;

/** A card's `myQuote` from its row. */
function toMyQuote(q: MyQuoteRow | null): MyQuote {
  return q
    ? {
        id: q.id,
        status: q.status as QuoteStatus,
        priceCents: q.priceCents,
        pairTotalCents: q.otherHalfCents === null ? null : q.priceCents + Number(q.otherHalfCents),
      }
    : null;
}

/**
 * A driver's live quotes on some requests, by request id, in one prepared query: the board kept in memory
 * (board-cache.ts) lays them over a page shared by drivers of the same context.
 */
export async function myQuotesOn(
  db: Db,
  driverId: string,
  rideIds: string[],
): Promise<Map<string, NonNullable<MyQuote>>> {
  if (rideIds.length === 0) return new Map();
  const rows = await prepared(db, 'my_quotes_on', (d) =>
    d
      .select({ rideId: sql<string>`q.ride_id`, quote: sql<MyQuoteRow>`${MY_QUOTE_JSON}` })
      .from(sql`quotes q`)
      .where(
        sql`q.driver_id = ${sql.placeholder('driverId')}::uuid and q.ride_id = any(${sql.placeholder('ids')}::uuid[])
          and q.status in (${LIVE_SQL})`,
      )
      .prepare('my_quotes_on'),
  ).execute({ driverId, ids: rideIds });
  return new Map(rows.map((r) => [r.rideId, toMyQuote(r.quote)!]));
}

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
        myQuote: sql<MyQuoteRow | null>`(select ${MY_QUOTE_JSON}
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

export async function decorate(db: Db, rows: RideRow[], opts: DecorateOptions = {}): Promise<RideDto[]> {
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
      hideStreetAddresses(dto);
    }
    if (opts.quotesOf) {
      dto.myQuote = toMyQuote(e?.myQuote ?? null);
    }
    if (offers) dto.canServe = canServe(dto.needs, offers);
    return dto;
  });
}
