/**
 * A driver's price for both legs of a return trip (POST /api/quotes with `pair: true`, ADR 014): two quote
 * rows sharing a bundle id, the total split between them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import type { DriverStanding } from '../../../shared/marketplace/verification.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { notify } from '../notifications/service.ts';
import type { RideRow } from '../rides/dto.ts';
import { type QuoteRow, toQuoteDtos } from './dto.ts';
import { assertOpenForQuotes, pairPriceError, resolveValidUntil, splitPairPrice, tripName } from './rules.ts';
import type { SubmitResult, submitQuoteSchema } from './submit-input.ts';
import { describeQuotedVehicle, quoteVehicle } from './vehicle.ts';

/** The other leg of a return trip (same customer), or null for a one-way request. */
async function otherLegId(db: Db, ride: RideRow): Promise<string | null> {
  if (ride.outboundRideId) return ride.outboundRideId;
  const [back] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.outboundRideId, ride.id), eq(rides.customerId, ride.customerId)))
    .limit(1);
  return back?.id ?? null;
}

/**
 * A price for both legs of a return trip: two quote rows with one bundle id, the total split between them,
 * each upserted as the driver's one live quote on its leg (so a one-leg quote there becomes this pair's
 * half). Both legs must be open; both halves stay valid until the same instant (set by the earlier pickup).
 */
export async function submitPairQuote(
  db: Db,
  user: SessionUser,
  standing: DriverStanding,
  name: string,
  input: z.output<typeof submitQuoteSchema>,
): Promise<SubmitResult> {
  const totalCents = toCents(input.price);
  if (totalCents < 2) throw pairPriceError();
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [given] = await tx.select().from(rides).where(eq(rides.id, input.rideId)).limit(1);
    if (!given || given.customerId === user.id) throw notFound();
    const otherId = await otherLegId(tx, given);
    if (!otherId) {
      throw new AppError(400, 'validation', MARKETPLACE_CONFLICTS.noReturnLeg, [
        { path: 'pair', message: MARKETPLACE_CONFLICTS.noReturnLeg },
      ]);
    }
    // FOR SHARE on both legs, in id order (as an accept locks them): accepts and edits wait for this quote.
    const legs = await tx
      .select()
      .from(rides)
      .where(inArray(rides.id, [given.id, otherId]))
      .orderBy(asc(rides.id))
      .for('share');
    const now = new Date();
    for (const leg of legs) assertOpenForQuotes(leg, now);
    const car = await quoteVehicle(
      tx,
      user.id,
      standing,
      input.vehicleId,
      Math.max(...legs.map((l) => l.passengers)),
    );
    const outbound = legs.find((l) => !l.outboundRideId)!;
    const back = legs.find((l) => l.outboundRideId)!;
    const first = outbound.pickupAt < back.pickupAt ? outbound : back;
    const validUntil = resolveValidUntil(input, first.pickupAt, now);
    const shares = splitPairPrice(totalCents);
    const bundleId = randomUUID();
    const common = {
      message: input.message,
      vehicle: describeQuotedVehicle(car),
      vehicleId: car.id,
      validUntil,
      bundleId,
    };
    const rowsOut: (QuoteRow & { inserted: boolean })[] = [];
    for (const leg of [outbound, back]) {
      const values = {
        ...common,
        priceCents: leg === outbound ? shares.outbound : shares.back,
        rideVersion: leg.version,
      };
      const [row] = await tx
        .insert(quotes)
        .values({ rideId: leg.id, driverId: user.id, status: 'pending', ...values })
        .onConflictDoUpdate({
          target: [quotes.rideId, quotes.driverId],
          targetWhere: sql`status in ('pending', 'needs_confirmation')`,
          set: { ...values, status: 'pending', updatedAt: sql`now()` },
        })
        .returning({ ...getTableColumns(quotes), inserted: sql<boolean>`(xmax = 0)` });
      rowsOut.push(row!);
    }
    const created = rowsOut.some((r) => r.inserted);
    const mine = rowsOut.find((r) => r.rideId === given.id)!;
    const other = rowsOut.find((r) => r.rideId !== given.id)!;
    await recordIdempotentEffect(tx, `${created ? 'created' : 'changed'}:${mine.id}:${other.id}`);
    await notify(tx, {
      userId: given.customerId,
      type: created ? 'quote_received' : 'quote_updated',
      title: created ? 'New quote for your return trip' : 'Return-trip quote updated',
      message: `${name} ${created ? 'quoted' : 'changed their quote to'} ${formatAud(totalCents)} for both legs of your return trip ${tripName(outbound)} and back.`,
      relatedId: outbound.id,
    });
    return { mine, other, created };
  });
  const [quote, otherLegQuote] = await toQuoteDtos(db, [saved.mine, saved.other]);
  return { quote: quote!, otherLegQuote: otherLegQuote!, created: saved.created };
}
