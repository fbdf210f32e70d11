/**
 * Quotes: a driver's price for one version of a trip request, and the customer's acceptance that turns one
 * quote into the booking. Every race is decided by the database: the partial unique index allows one live
 * quote per driver per request, and accepting is a chain of conditional updates in one transaction guarded
 * by the one-live-booking-per-request index.
 */

import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BookingDto, QuoteDto, RideDto } from '../../../shared/marketplace/api.ts';
import {
  type AcceptQuoteInput,
  displayLocality,
  fareStatement,
  MARKETPLACE_CONFLICTS,
} from '../../../shared/marketplace/booking.ts';
import { LIVE_QUOTE_STATUSES, QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import type { DriverStanding } from '../../../shared/marketplace/verification.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { MARKETPLACE_MESSAGES, quoteInputSchema } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingEvents,
  bookings,
  drivers,
  quotes,
  rides,
  users,
  type VehicleDetails,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { notifyBookingConfirmed } from '../bookings/confirmation.ts';
import { isRaceError } from '../bookings/db-errors.ts';
import { loadBookingDto } from '../bookings/dto.ts';
import { loadRideDtos } from '../bookings/ride-dtos.ts';
import { notify } from '../notifications/service.ts';
import type { RideRow } from '../rides/dto.ts';
import { firstNameOf } from '../rides/dto.ts';
import { declineOtherHalves } from '../rides/service.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { type QuoteRow, toQuoteDto, toQuoteDtos } from './dto.ts';
import { describeQuotedVehicle, quoteVehicle } from './vehicle.ts';

const LIVE = [...LIVE_QUOTE_STATUSES];
const HOUR = 3_600_000;
const uuid = z.uuid();

export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** POST /api/quotes: the quote form plus the request it is for. */
export const submitQuoteSchema = quoteInputSchema.extend({
  rideId: z
    .string({ error: 'Choose a request to quote for.' })
    .min(1, { error: 'Choose a request to quote for.' })
    .max(100, { error: 'Choose a request to quote for.' }),
  /**
   * A return trip quoted for one price: `rideId` is either leg, `price` the total for both legs. The
   * total is split between the legs (the outbound leg takes the odd cent), so each booking has its fare.
   */
  pair: z.boolean({ error: 'pair must be true or false.' }).optional().default(false),
});

/** A pair's total split between its legs: the outbound leg takes the odd cent. Each share is above 0. */
export function splitPairPrice(totalCents: number): { outbound: number; back: number } {
  const outbound = Math.ceil(totalCents / 2);
  return { outbound, back: totalCents - outbound };
}

const pairPriceError = () =>
  new AppError(400, 'validation', MARKETPLACE_MESSAGES.pairPrice, [
    { path: 'price', message: MARKETPLACE_MESSAGES.pairPrice },
  ]);

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
/** POST /api/quotes/:id/confirm: every field optional; what is left out stays as it was. */
export const confirmQuoteSchema = quoteInputSchema.partial();

/** "Toyota HiAce, white, ABC123, 12 seats" from the driver's vehicle record. */
export function describeVehicle(v: VehicleDetails | null | undefined): string {
  if (!v) return '';
  const makeModel = [v.make, v.model]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return [
    makeModel,
    (v.color ?? '').trim(),
    (v.registration ?? '').trim(),
    v.capacity ? `${v.capacity} seats` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * How long a quote may stay valid: until 2 hours before pickup (or, when that has passed, until pickup);
 * by default 24 hours or that cap, whichever is sooner.
 */
export function validityWindow(pickupAt: Date, now: Date): { cap: Date; byDefault: Date } {
  const closes = pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * HOUR;
  const cap = closes > now.getTime() ? closes : pickupAt.getTime();
  return {
    cap: new Date(cap),
    byDefault: new Date(Math.min(now.getTime() + QUOTE_LIMITS.defaultValidityHours * HOUR, cap)),
  };
}

const validUntilError = () =>
  new AppError(400, 'validation', MARKETPLACE_MESSAGES.validUntil, [
    { path: 'validUntil', message: MARKETPLACE_MESSAGES.validUntil },
  ]);

function resolveValidUntil(input: string | undefined, pickupAt: Date, now: Date, keep?: Date): Date {
  const window = validityWindow(pickupAt, now);
  if (input === undefined) {
    if (keep && keep > now && keep <= window.cap) return keep;
    return window.byDefault;
  }
  const at = new Date(input);
  if (Number.isNaN(at.getTime()) || at <= now || at > window.cap) throw validUntilError();
  return at;
}

/** Quotes are taken only for open requests whose pickup is still ahead. */
function assertOpenForQuotes(ride: RideRow, now: Date) {
  if (ride.status === 'booked') throw conflict(MARKETPLACE_CONFLICTS.alreadyBooked);
  if (ride.status !== 'open') throw conflict(MARKETPLACE_CONFLICTS.rideNotOpen);
  if (ride.pickupAt <= now) throw conflict(MARKETPLACE_CONFLICTS.pickupPassed);
}

const tripName = (ride: RideRow) =>
  `${displayLocality(ride.pickupLocality)} to ${displayLocality(ride.destinationLocality)}`;

async function driverDisplayName(db: Db, driverId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: users.fullName, companyName: drivers.companyName })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, driverId))
    .limit(1);
  return row?.companyName?.trim() || firstNameOf(row?.fullName ?? '') || 'A driver';
}

export interface SubmitResult {
  quote: QuoteDto;
  /** A pair quote: the other leg's half. */
  otherLegQuote: QuoteDto | null;
  created: boolean;
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
    const validUntil = resolveValidUntil(input.validUntil, ride.pickupAt, now);
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
        ? `${name} quoted ${formatAud(values.priceCents)} for your trip ${tripName(ride)}.`
        : `${name} changed their quote to ${formatAud(values.priceCents)} for your trip ${tripName(ride)}.`,
      relatedId: ride.id,
    });
    return saved!;
  });
  const { inserted, ...quote } = row;
  return { quote: await toQuoteDto(db, quote), otherLegQuote: null, created: Boolean(inserted) };
}

/**
 * A price for both legs of a return trip: two quote rows with one bundle id, the total split between them,
 * each upserted as the driver's one live quote on its leg (so a one-leg quote there becomes this pair's
 * half). Both legs must be open; both halves stay valid until the same instant (set by the earlier pickup).
 */
async function submitPairQuote(
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
    const validUntil = resolveValidUntil(input.validUntil, first.pickupAt, now);
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

/** The driver's quotes, newest change first, each with its request. */
export async function listMyQuotes(db: Db, user: SessionUser): Promise<(QuoteDto & { ride: RideDto })[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.driverId, user.id))
    .orderBy(desc(quotes.updatedAt), desc(quotes.id))
    .limit(500);
  const [dtos, ridesById] = await Promise.all([
    toQuoteDtos(db, rows),
    loadRideDtos(
      db,
      rows.map((r) => r.rideId),
      { addressesOnlyForBookedDriver: user.id },
    ),
  ]);
  return dtos.map((q) => ({ ...q, ride: ridesById.get(q.rideId)! }));
}

/** The quotes of one request side by side: live ones first by price, then the rest. Owner or admin only. */
export async function listRideQuotes(db: Db, user: SessionUser, rideId: string): Promise<QuoteDto[]> {
  if (!uuid.safeParse(rideId).success) throw notFound();
  const [ride] = await db
    .select({ customerId: rides.customerId })
    .from(rides)
    .where(eq(rides.id, rideId))
    .limit(1);
  if (!ride || (ride.customerId !== user.id && user.role !== 'admin')) throw notFound();
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.rideId, rideId))
    .orderBy(
      sql`case when ${quotes.status} in ('pending', 'needs_confirmation') then 0 when ${quotes.status} = 'accepted' then 1 else 2 end`,
      asc(quotes.priceCents),
      asc(quotes.createdAt),
    );
  return toQuoteDtos(db, rows);
}

async function myQuote(db: Db, user: SessionUser, id: string): Promise<QuoteRow> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.driverId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function withdrawQuote(db: Db, user: SessionUser, id: string): Promise<QuoteDto> {
  await myQuote(db, user, id);
  const row = await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(quotes)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(and(eq(quotes.id, id), eq(quotes.driverId, user.id), inArray(quotes.status, LIVE)))
      .returning();
    if (!withdrawn) throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
    if (withdrawn.bundleId) {
      // A price for both legs is one offer: withdrawing it withdraws both halves.
      await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: sql`now()` })
        .where(
          and(
            eq(quotes.bundleId, withdrawn.bundleId),
            eq(quotes.driverId, user.id),
            inArray(quotes.status, LIVE),
          ),
        );
    }
    const [ride] = await tx.select().from(rides).where(eq(rides.id, withdrawn.rideId)).limit(1);
    await notify(tx, {
      userId: ride!.customerId,
      type: 'quote_updated',
      title: 'Quote withdrawn',
      message: `${await driverDisplayName(tx, user.id)} withdrew their quote for your trip ${tripName(ride!)}.`,
      relatedId: ride!.id,
    });
    return withdrawn;
  });
  return toQuoteDto(db, row);
}

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
    const validUntil = resolveValidUntil(input.validUntil, ride!.pickupAt, now, current!.validUntil);
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

async function quoteWithRide(db: Db, id: string): Promise<{ quote: QuoteRow; ride: RideRow } | null> {
  const [row] = await db
    .select({ quote: quotes, ride: rides })
    .from(quotes)
    .innerJoin(rides, eq(rides.id, quotes.rideId))
    .where(eq(quotes.id, id))
    .limit(1);
  return row ?? null;
}

/** What accepting `id` books: the quote alone, or both halves of its return pair (outbound leg first). */
async function legsToBook(db: Db, id: string): Promise<{ quote: QuoteRow; ride: RideRow }[] | null> {
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
function legsRefusal(
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
async function bookingOfAcceptedQuote(
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

export interface AcceptResult {
  bookingId: string;
  /** False when the quote was already accepted into this customer's booking (a retry): nothing changed. */
  created: boolean;
}

/** The answer of POST /api/quotes/:id/accept: the booking, and for a return pair the other leg's booking. */
export async function acceptedAnswer(
  db: Db,
  user: SessionUser,
  bookingId: string,
): Promise<{ booking: BookingDto; pairBooking: BookingDto | null }> {
  const booking = await loadBookingDto(db, user, bookingId);
  const [row] = await db
    .select({ bundleId: bookings.bundleId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row?.bundleId) return { booking, pairBooking: null };
  const [other] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.bundleId, row.bundleId), sql`${bookings.id} <> ${bookingId}`))
    .limit(1);
  return { booking, pairBooking: other ? await loadBookingDto(db, user, other.id) : null };
}

/** Thrown inside the accept transaction to roll it back: a leg could not be booked. */
class Refused extends Error {}

/**
 * The customer accepts a quote: in one transaction the request is booked, the quote accepted (only if
 * still pending, valid and pricing the current trip), the booking inserted (the one-live-booking index is
 * the last guard), the other live quotes declined, and every driver told. Whatever loses a race gets 409,
 * never 500.
 *
 * A return-pair quote books both legs in the same transaction, or neither: both requests locked (FOR
 * UPDATE, in id order, so two accepts never deadlock), both must be open, both halves pending, valid and
 * current, and both bookings are inserted with the quotes' bundle id. A one-leg quote on either leg, or
 * another driver's pair, loses to it with 409 (and it to them).
 *
 * Accepting is naturally idempotent for its customer: accepting again a quote already accepted into their
 * live booking (a retry after a lost answer, a double click) returns that booking and changes nothing.
 */
export async function acceptQuote(
  db: Db,
  user: SessionUser,
  id: string,
  input: AcceptQuoteInput,
  brandName: string,
): Promise<AcceptResult> {
  if (!uuid.safeParse(id).success) throw notFound();
  const legs = await legsToBook(db, id);
  if (!legs || legs.some((l) => l.ride.customerId !== user.id)) throw notFound();
  const self = legs.find((l) => l.quote.id === id)!;
  const already = async (tx: Db): Promise<AcceptResult | null> => {
    const bookingId = await bookingOfAcceptedQuote(tx, id, user.id, input.priceCents);
    return bookingId ? { bookingId, created: false } : null;
  };
  const early = legsRefusal(legs, new Date(), input.priceCents);
  if (early) {
    if (self.quote.status === 'accepted') {
      const existing = await already(db);
      if (existing) return existing;
    }
    throw conflict(early);
  }
  const pair = legs.length > 1;
  const quoteIds = legs.map((l) => l.quote.id);
  const rideIds = legs.map((l) => l.ride.id);

  try {
    return await db.transaction(async (t): Promise<AcceptResult> => {
      const tx = t as unknown as Db;
      // Every request to book, locked in id order: two accepts sharing a leg queue here, never deadlock.
      const locked = await tx
        .select({ id: rides.id, status: rides.status, ahead: sql<boolean>`${rides.pickupAt} > now()` })
        .from(rides)
        .where(and(inArray(rides.id, rideIds), eq(rides.customerId, user.id)))
        .orderBy(asc(rides.id))
        .for('update');
      if (locked.length !== rideIds.length || locked.some((r) => r.status !== 'open' || !r.ahead)) {
        // Lost to an accept of this very quote by this customer (a double click): the same booking. Nothing
        // was changed in this transaction yet, so returning commits nothing.
        const existing = await already(tx);
        if (existing) return existing;
        throw new Refused();
      }
      const accepted = await tx
        .update(quotes)
        .set({ status: 'accepted', updatedAt: sql`now()` })
        .where(
          and(
            inArray(quotes.id, quoteIds),
            eq(quotes.status, 'pending'),
            gt(quotes.validUntil, sql`now()`),
            sql`${quotes.rideVersion} = (select r.version from rides r where r.id = ${quotes.rideId})`,
          ),
        )
        .returning();
      const total = accepted.reduce((sum, q) => sum + q.priceCents, 0);
      if (
        accepted.length !== quoteIds.length ||
        (input.priceCents !== undefined && input.priceCents !== total)
      ) {
        throw new Refused();
      }
      const booked = await tx
        .update(rides)
        .set({ status: 'booked', updatedAt: sql`now()` })
        .where(and(inArray(rides.id, rideIds), eq(rides.status, 'open')))
        .returning();
      if (booked.length !== rideIds.length) throw new Refused();

      let selfBookingId = '';
      for (const leg of legs) {
        const quote = accepted.find((q) => q.id === leg.quote.id)!;
        const ride = booked.find((r) => r.id === leg.ride.id)!;
        const statement = fareStatement({
          priceCents: quote.priceCents,
          pickupLocality: ride.pickupLocality,
          destinationLocality: ride.destinationLocality,
          pickupAt: ride.pickupAt,
          brandName,
          ...(pair ? { pairTotalCents: total } : {}),
        });
        const [booking] = await tx
          .insert(bookings)
          .values({
            rideId: ride.id,
            quoteId: quote.id,
            customerId: ride.customerId,
            driverId: quote.driverId,
            status: 'confirmed',
            priceCents: quote.priceCents,
            fareStatement: statement,
            acceptedAt: sql`now()`,
            bundleId: pair ? quote.bundleId : null,
          })
          .returning({ id: bookings.id });
        await tx.insert(bookingEvents).values({
          bookingId: booking!.id,
          type: 'booked',
          actorId: user.id,
          note: statement,
        });
        if (quote.id === id) selfBookingId = booking!.id;
        await notify(tx, {
          userId: quote.driverId,
          type: 'quote_accepted',
          title: 'Quote accepted: new booking',
          message: pair
            ? `Your quote of ${formatAud(total)} for both legs of a return trip was accepted: this leg, ${tripName(ride)}, is booked at ${formatAud(quote.priceCents)}. The customer's contact details are on the booking.`
            : `Your quote of ${formatAud(quote.priceCents)} for the trip ${tripName(ride)} was accepted. The customer's contact details are on the booking.`,
          relatedId: booking!.id,
        });
        await notifyBookingConfirmed(tx, booking!.id);
      }

      const declined = await tx
        .update(quotes)
        .set({ status: 'declined', updatedAt: sql`now()` })
        .where(
          and(inArray(quotes.rideId, rideIds), inArray(quotes.status, LIVE), notInArray(quotes.id, quoteIds)),
        )
        .returning({ driverId: quotes.driverId, rideId: quotes.rideId, bundleId: quotes.bundleId });
      const told = new Set<string>();
      for (const d of declined) {
        // One message per driver and request (a pair quote's two halves are one offer).
        const key = d.bundleId ?? `${d.driverId}:${d.rideId}`;
        if (told.has(key)) continue;
        told.add(key);
        const ride = booked.find((r) => r.id === d.rideId)!;
        await notify(tx, {
          userId: d.driverId,
          type: 'quote_declined',
          title: 'Quote not chosen',
          message: `The customer booked another driver for the trip ${tripName(ride)}.`,
          relatedId: ride.id,
        });
      }
      // Other drivers' prices for both legs of a pair, when only one leg was booked here: the other half
      // is declined too (they may quote that leg alone).
      await declineOtherHalves(
        tx,
        declined,
        'The customer booked one leg of this return trip with another driver, so your price for both legs was declined. You can quote the other leg on its own.',
      );
      await recordIdempotentEffect(tx, selfBookingId);
      return { bookingId: selfBookingId, created: true };
    });
  } catch (err) {
    if (err instanceof Refused) {
      const existing = await already(db);
      if (existing) return existing;
      const again = await legsToBook(db, id);
      throw conflict(
        (again && legsRefusal(again, new Date(), input.priceCents)) ||
          (pair ? MARKETPLACE_CONFLICTS.pairLegNotOpen : MARKETPLACE_CONFLICTS.alreadyBooked),
      );
    }
    if (isRaceError(err)) {
      const existing = await already(db);
      if (existing) return existing;
      throw conflict(pair ? MARKETPLACE_CONFLICTS.pairLegNotOpen : MARKETPLACE_CONFLICTS.alreadyBooked);
    }
    throw err;
  }
}
