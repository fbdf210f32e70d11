/**
 * POST /api/quotes/:id/confirm: after the customer changed the trip, the driver confirms their quote for
 * its new version (optionally with a new price, message, validity or vehicle).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { quoteInputSchema } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notify } from '../notifications/service.ts';
import type { RideRow } from '../rides/dto.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { type QuoteRow, toQuoteDto } from './dto.ts';
import {
  assertOpenForQuotes,
  conflict,
  driverDisplayName,
  LIVE,
  myQuote,
  pairPriceError,
  resolveValidUntil,
  splitPairPrice,
  tripName,
} from './rules.ts';
import { describeQuotedVehicle, quoteVehicle } from './vehicle.ts';

/** POST /api/quotes/:id/confirm: every field optional; what is left out stays as it was. */
export const confirmQuoteSchema = quoteInputSchema.partial();

/**
 * After the customer changed route, time or passengers, the driver confirms the quote for the new trip
 * (optionally with a new price, message or validity): it prices the ride's current version again.
 */
export async function confirmQuote(
  db: Db,
  user: SessionUser,
  id: string,
  input: z.output<typeof confirmQuoteSchema>,
): Promise<QuoteDto> {
  const standing = await requireQuotingDriver(db, user);
  await myQuote(db, user, id);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1);
    const [ride] = await tx.select().from(rides).where(eq(rides.id, current!.rideId)).for('share');
    const now = new Date();
    assertOpenForQuotes(ride!, now);
    if (!LIVE.includes(current!.status as (typeof LIVE)[number])) {
      throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
    }
    // The trip may have grown since: the vehicle (kept, or a new one) must still seat everyone.
    const car = await quoteVehicle(
      tx,
      user.id,
      standing,
      input.vehicleId ?? current!.vehicleId ?? undefined,
      ride!.passengers,
    );
    const validUntil = resolveValidUntil(input, ride!.pickupAt, now, current!.validUntil);
    const [confirmed] = await tx
      .update(quotes)
      .set({
        status: 'pending',
        rideVersion: ride!.version,
        validUntil,
        ...(input.price !== undefined ? { priceCents: legShare(current!, ride!, toCents(input.price)) } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
        vehicle: describeQuotedVehicle(car),
        vehicleId: car.id,
        updatedAt: sql`now()`,
      })
      .where(and(eq(quotes.id, id), inArray(quotes.status, LIVE)))
      .returning();
    if (!confirmed) throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
    if (confirmed.bundleId && input.price !== undefined) {
      // For a pair quote the new price is the total for both legs: the other half takes its share.
      const shares = splitPairPrice(toCents(input.price));
      await tx
        .update(quotes)
        .set({ priceCents: ride!.outboundRideId ? shares.outbound : shares.back, updatedAt: sql`now()` })
        .where(
          and(
            eq(quotes.bundleId, confirmed.bundleId),
            sql`${quotes.id} <> ${confirmed.id}`,
            inArray(quotes.status, LIVE),
          ),
        );
    }
    await notify(tx, {
      userId: ride!.customerId,
      type: 'quote_updated',
      title: 'Quote confirmed',
      message: `${await driverDisplayName(tx, user.id)} confirmed their quote of ${formatAud(confirmed.priceCents)} for your trip ${tripName(ride!)}.`,
      relatedId: ride!.id,
    });
    return confirmed;
  });
  return toQuoteDto(db, row);
}

/** A confirmed price: for one leg as it is; for a pair half, that leg's share of the new total. */
function legShare(quote: QuoteRow, ride: RideRow, cents: number): number {
  if (!quote.bundleId) return cents;
  if (cents < 2) throw pairPriceError();
  const shares = splitPairPrice(cents);
  return ride.outboundRideId ? shares.back : shares.outbound;
}
