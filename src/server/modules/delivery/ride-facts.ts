/**
 * What a trip request's e-mail says (the ride kinds: a new matching trip to drivers, a quote received or
 * declined...: mail.ts renders them), read for a whole delivery batch at once (issue 34: two statements
 * per e-mail before, built by drizzle each time; a posted trip e-mails every driver of its area, an
 * accept every declined driver). For the quote kinds, the quote the notification reports is read per
 * notification (one per quote sent or changed).
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { drivers, type notifications, quotes, rides, users } from '../../db/schema/index.ts';
import { rideEnd } from '../../services/places.ts';
import { QUOTE_MAIL_KINDS, type RideMailFacts } from './mail.ts';

type Ride = typeof rides.$inferSelect;
/** A return trip's other leg: when it is picked up and its flight. */
type OtherLeg = { pickupAt: string; flightNumber: string } | null;

/**
 * The trips `ids` with their other leg (the outbound of a return leg, or the return of an outbound one),
 * in one prepared statement; a trip that is gone is missing from the map.
 */
export async function readRidesForMail(db: Db, ids: readonly string[]): Promise<Map<string, RideForMail>> {
  if (ids.length === 0) return new Map();
  const found = await prepared(db, 'rides_for_mail', (d) =>
    d
      .select({
        ride: rides,
        // Qualified by hand: drizzle writes a one-table select's columns unqualified, which inside this
        // subquery would name o's own.
        other: sql<OtherLeg>`(select json_build_object('pickupAt', o.pickup_at, 'flightNumber', o.flight_number)
          from rides o where o.id = rides.outbound_ride_id or o.outbound_ride_id = rides.id limit 1)`,
      })
      .from(rides)
      .where(anyOfPlaceholder(rides.id, 'ids'))
      .prepare('rides_for_mail'),
  ).execute({ ids: [...new Set(ids)] });
  return new Map(found.map((f) => [f.ride.id, f]));
}

export interface RideForMail {
  ride: Ride;
  other: OtherLeg;
}

/** The e-mail's facts of notification `n` about the trip `found` (readRidesForMail). */
export async function rideMailFacts(
  db: Db,
  n: typeof notifications.$inferSelect,
  found: RideForMail,
): Promise<RideMailFacts> {
  const { ride, other } = found;
  const facts: RideMailFacts = {
    id: ride.id,
    status: ride.status,
    pickup: rideEnd(ride, 'pickup'),
    destination: rideEnd(ride, 'destination'),
    pickupAt: ride.pickupAt,
    passengers: ride.passengers,
    luggageBags: ride.luggageBags,
    largeItems: ride.largeItems,
    needs: readNeeds(ride.needs),
    flightNumber: ride.flightNumber,
    budgetCents: ride.budgetCents,
    notes: ride.notes,
    pair: other
      ? {
          leg: ride.outboundRideId ? 'return' : 'outbound',
          otherLegPickupAt: new Date(other.pickupAt),
          otherLegFlightNumber: other.flightNumber,
        }
      : null,
  };
  // Street addresses are not in these e-mails (ADR 005): the named place stays, its name only.
  facts.pickup.address = '';
  facts.destination.address = '';
  if (!QUOTE_MAIL_KINDS.includes(n.type)) return facts;
  // The quote this notification reports: the one of this ride written in the same transaction (or the
  // latest before it), with its return-pair total.
  const [quote] = await db
    .select({
      priceCents: quotes.priceCents,
      status: quotes.status,
      bundleId: quotes.bundleId,
      driverId: quotes.driverId,
      fullName: users.fullName,
      companyName: drivers.companyName,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.driverId))
    .leftJoin(drivers, eq(drivers.userId, quotes.driverId))
    .where(
      and(
        eq(quotes.rideId, ride.id),
        lte(quotes.updatedAt, sql`${n.createdAt.toISOString()}::timestamptz + interval '1 second'`),
      ),
    )
    .orderBy(desc(quotes.updatedAt))
    .limit(1);
  if (!quote) return { ...facts, quote: null };
  // A return-pair quote: the driver's price for both legs is the sum of the bundle's two halves.
  const [pair] = quote.bundleId
    ? await db
        .select({ total: sql<string>`sum(${quotes.priceCents})`, legs: sql<string>`count(*)` })
        .from(quotes)
        .where(and(eq(quotes.bundleId, quote.bundleId), eq(quotes.driverId, quote.driverId)))
    : [];
  return {
    ...facts,
    quote: {
      priceCents: quote.priceCents,
      status: quote.status,
      driverName: quote.companyName?.trim() || quote.fullName.trim().split(/\s+/)[0] || 'A driver',
      pairTotalCents: pair && Number(pair.legs) > 1 ? Number(pair.total) : null,
    },
  };
}
