/**
 * POST /api/quotes: a driver quotes a request, or changes their live quote on it (one live quote per
 * driver per request: the partial unique index decides), and the answer rebuilt for an idempotent retry.
 * A price for both legs of a return trip is quotes/pair.ts.
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { drivers, quotes, rides } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { notify } from '../notifications/service.ts';
import { firstNameOf } from '../rides/dto.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { toQuoteDto, toQuoteDtos } from './dto.ts';
import { submitPairQuote } from './pair.ts';
import { assertOpenForQuotes, LIVE, resolveValidUntil, tripName, uuid } from './rules.ts';
import type { SubmitResult, submitQuoteSchema } from './submit-input.ts';
import { describeQuotedVehicle, quoteVehicle } from './vehicle.ts';

/**
 * What a one-leg quote covers, said with its price (issue 32): "your trip", or for a leg of a return trip
 * "the outbound leg only of your return trip", so a leg's price never reads as the whole trip's.
 */
async function legWords(tx: Db, ride: typeof rides.$inferSelect): Promise<string> {
  if (ride.outboundRideId) return 'the return leg only of your trip';
  const [back] = await tx
    .select({ id: rides.id })
    .from(rides)
    .where(eq(rides.outboundRideId, ride.id))
    .limit(1);
  return back ? 'the outbound leg only of your trip' : 'your trip';
}

export async function submitQuote(
  db: Db,
  user: SessionUser,
  input: z.output<typeof submitQuoteSchema>,
): Promise<SubmitResult> {
  // The gate (issue 13): only a verified driver with documents in force may quote.
  const standing = await requireQuotingDriver(db, user);
  if (!uuid.safeParse(input.rideId).success) throw notFound();
  const [driver] = await db.select().from(drivers).where(eq(drivers.userId, user.id)).limit(1);
  if (!driver) throw new AppError(403, 'forbidden', MARKETPLACE_CONFLICTS.driverProfileMissing);
  const name = driver.companyName?.trim() || firstNameOf(user.fullName);
  if (input.pair) return submitPairQuote(db, user, standing, name, input);

  const row = await db.transaction(async (tx) => {
    // FOR SHARE: an accept or an edit of the request waits for this quote, and this quote for them.
    const [ride] = await tx.select().from(rides).where(eq(rides.id, input.rideId)).for('share');
    if (!ride || ride.customerId === user.id) throw notFound();
    const now = new Date();
    assertOpenForQuotes(ride, now);
    const car = await quoteVehicle(tx, user.id, standing, input.vehicleId, ride.passengers);
    const validUntil = resolveValidUntil(input, ride.pickupAt, now);
    const values = {
      priceCents: toCents(input.price),
      message: input.message,
      vehicle: describeQuotedVehicle(car),
      vehicleId: car.id,
      validUntil,
      rideVersion: ride.version,
      // A quote for this leg alone (a pair quote on it becomes a one-leg quote).
      bundleId: null,
    };
    const [before] = await tx
      .select({ bundleId: quotes.bundleId })
      .from(quotes)
      .where(and(eq(quotes.rideId, ride.id), eq(quotes.driverId, user.id), inArray(quotes.status, LIVE)));
    // One statement creates the quote or changes the driver's live one: the partial unique index decides.
    const [saved] = await tx
      .insert(quotes)
      .values({ rideId: ride.id, driverId: user.id, status: 'pending', ...values })
      .onConflictDoUpdate({
        target: [quotes.rideId, quotes.driverId],
        targetWhere: sql`status in ('pending', 'needs_confirmation')`,
        set: { ...values, status: 'pending', updatedAt: sql`now()` },
      })
      .returning({ ...getTableColumns(quotes), inserted: sql<boolean>`(xmax = 0)` });
    const created = Boolean(saved!.inserted);
    if (before?.bundleId) {
      // Quoting one leg alone ends the driver's price for both legs: the other half is withdrawn.
      await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: sql`now()` })
        .where(
          and(
            eq(quotes.bundleId, before.bundleId),
            eq(quotes.driverId, user.id),
            inArray(quotes.status, LIVE),
          ),
        );
    }
    await recordIdempotentEffect(tx as unknown as Db, `${created ? 'created' : 'changed'}:${saved!.id}`);
    await notify(tx, {
      userId: ride.customerId,
      type: created ? 'quote_received' : 'quote_updated',
      title: created ? 'New quote' : 'Quote updated',
      message: created
        ? `${name} quoted ${formatAud(values.priceCents)} for ${await legWords(tx as unknown as Db, ride)} ${tripName(ride)}.`
        : `${name} changed their quote to ${formatAud(values.priceCents)} for ${await legWords(tx as unknown as Db, ride)} ${tripName(ride)}.`,
      relatedId: ride.id,
    });
    return saved!;
  });
  const { inserted, ...quote } = row;
  return { quote: await toQuoteDto(db, quote), otherLegQuote: null, created: Boolean(inserted) };
}

/**
 * The answer submitQuote gave, built again from what its transaction recorded ('created:<id>', and for a
 * pair 'created:<id>:<other leg's id>').
 */
export async function submittedQuoteAnswer(db: Db, user: SessionUser, effect: string): Promise<SubmitResult> {
  const [how, id, otherId] = effect.split(':');
  const ids = [id ?? '', ...(otherId ? [otherId] : [])];
  const found = await db
    .select()
    .from(quotes)
    .where(and(inArray(quotes.id, ids), eq(quotes.driverId, user.id)));
  const row = found.find((r) => r.id === id);
  if (!row) throw notFound();
  const other = otherId ? found.find((r) => r.id === otherId) : undefined;
  const dtos = await toQuoteDtos(db, other ? [row, other] : [row]);
  return { quote: dtos[0]!, otherLegQuote: dtos[1] ?? null, created: how === 'created' };
}
