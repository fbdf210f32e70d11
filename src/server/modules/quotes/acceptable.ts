/**
 * Before and after accepting a quote: what accepting it books (the quote, or both halves of its return
 * pair), why that cannot be accepted now, and the booking a customer's earlier accept of it already made.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings, quotes, rides } from '../../db/schema/index.ts';
import type { RideRow } from '../rides/dto.ts';
import type { QuoteRow } from './dto.ts';

/** Why a quote cannot be accepted now, or null if it can. */
function acceptRefusal(
  quote: QuoteRow,
  ride: RideRow,
  now: Date,
  expectedPriceCents?: number,
): string | null {
  if (ride.status === 'booked' || quote.status === 'accepted') return MARKETPLACE_CONFLICTS.alreadyBooked;
  if (ride.status !== 'open') return MARKETPLACE_CONFLICTS.rideNotOpen;
  if (ride.pickupAt <= now) return MARKETPLACE_CONFLICTS.pickupPassed;
  if (
    quote.status === 'needs_confirmation' ||
    (quote.status === 'pending' && quote.rideVersion !== ride.version)
  ) {
    return MARKETPLACE_CONFLICTS.needsConfirmation;
  }
  if (quote.status === 'expired' || (quote.status === 'pending' && quote.validUntil <= now)) {
    return MARKETPLACE_CONFLICTS.quoteExpired;
  }
  if (quote.status !== 'pending') return MARKETPLACE_CONFLICTS.quoteNotAvailable;
  if (expectedPriceCents !== undefined && expectedPriceCents !== quote.priceCents) {
    return MARKETPLACE_CONFLICTS.priceChanged;
  }
  return null;
}

/** Prepared (db/prepared.ts): every accept reads it, and building it took drizzle about 0.9 ms (issue 34). */
async function quoteWithRide(db: Db, id: string): Promise<{ quote: QuoteRow; ride: RideRow } | null> {
  const [row] = await prepared(db, 'quote_with_ride', (d) =>
    d
      .select({ quote: quotes, ride: rides })
      .from(quotes)
      .innerJoin(rides, eq(rides.id, quotes.rideId))
      .where(eq(quotes.id, sql.placeholder('id')))
      .limit(1)
      .prepare('quote_with_ride'),
  ).execute({ id });
  return row ?? null;
}

/** What accepting `id` books: the quote alone, or both halves of its return pair (outbound leg first). */
export async function legsToBook(db: Db, id: string): Promise<{ quote: QuoteRow; ride: RideRow }[] | null> {
  const found = await quoteWithRide(db, id);
  if (!found) return null;
  if (!found.quote.bundleId) return [found];
  const halves = await db
    .select({ quote: quotes, ride: rides })
    .from(quotes)
    .innerJoin(rides, eq(rides.id, quotes.rideId))
    .where(eq(quotes.bundleId, found.quote.bundleId));
  // A pair whose other half is gone (the driver quoted one leg alone) is refused by its own status.
  return halves.sort(
    (a, b) => Number(Boolean(a.ride.outboundRideId)) - Number(Boolean(b.ride.outboundRideId)),
  );
}

/** Why these legs cannot be accepted now, or null if they can (the price checked against their total). */
export function legsRefusal(
  legs: { quote: QuoteRow; ride: RideRow }[],
  now: Date,
  expectedPriceCents?: number,
): string | null {
  const pair = legs.length > 1;
  if (
    pair &&
    legs.some((l) => l.ride.status !== 'open') &&
    legs.every((l) => l.quote.status !== 'accepted')
  ) {
    return MARKETPLACE_CONFLICTS.pairLegNotOpen;
  }
  for (const leg of legs) {
    const why = acceptRefusal(leg.quote, leg.ride, now, pair ? undefined : expectedPriceCents);
    if (why) {
      return pair &&
        (why === MARKETPLACE_CONFLICTS.alreadyBooked || why === MARKETPLACE_CONFLICTS.rideNotOpen)
        ? MARKETPLACE_CONFLICTS.pairLegNotOpen
        : why;
    }
  }
  const total = legs.reduce((sum, l) => sum + l.quote.priceCents, 0);
  if (pair && expectedPriceCents !== undefined && expectedPriceCents !== total) {
    return MARKETPLACE_CONFLICTS.pairPriceChanged;
  }
  return null;
}

/**
 * The booking of a quote this customer already accepted, while it is live (confirmed or completed), or null.
 * With a price, only if it is the booked price (for a pair: both legs' total): the same request as the
 * accept that made it.
 */
export async function bookingOfAcceptedQuote(
  db: Db,
  quoteId: string,
  customerId: string,
  priceCents?: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: bookings.id, priceCents: bookings.priceCents, bundleId: bookings.bundleId })
    .from(bookings)
    .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
    .where(
      and(
        eq(bookings.quoteId, quoteId),
        eq(bookings.customerId, customerId),
        inArray(bookings.status, ['confirmed', 'completed']),
        eq(quotes.status, 'accepted'),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (priceCents === undefined) return row.id;
  let booked = row.priceCents;
  if (row.bundleId) {
    const [sum] = await db
      .select({ total: sql<number>`sum(${bookings.priceCents})::int` })
      .from(bookings)
      .where(and(eq(bookings.bundleId, row.bundleId), inArray(bookings.status, ['confirmed', 'completed'])));
    booked = Number(sum?.total ?? row.priceCents);
  }
  return booked === priceCents ? row.id : null;
}
