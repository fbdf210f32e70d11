/**
 * Quotes: a driver's price for one version of a trip request, and the customer's acceptance that turns one
 * quote into the booking. Every race is decided by the database: the partial unique index allows one live
 * quote per driver per request, and accepting is a chain of conditional updates in one transaction guarded
 * by the one-live-booking-per-request index.
 */

import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { QuoteDto, RideDto } from '../../../shared/marketplace/api.ts';
import {
  type AcceptQuoteInput,
  displayLocality,
  fareStatement,
  MARKETPLACE_CONFLICTS,
} from '../../../shared/marketplace/booking.ts';
import { LIVE_QUOTE_STATUSES, QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
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
import { loadRideDtos } from '../bookings/ride-dtos.ts';
import { notify } from '../notifications/service.ts';
import type { RideRow } from '../rides/dto.ts';
import { firstNameOf } from '../rides/dto.ts';
import { type QuoteRow, toQuoteDto, toQuoteDtos } from './dto.ts';

const LIVE = [...LIVE_QUOTE_STATUSES];
const HOUR = 3_600_000;
const uuid = z.uuid();

export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** POST /api/quotes: the quote form plus the request it is for. */
export const submitQuoteSchema = quoteInputSchema.extend({
  rideId: z
    .string({ error: 'Choose a request to quote for.' })
    .min(1, { error: 'Choose a request to quote for.' }),
});
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

export async function submitQuote(
  db: Db,
  user: SessionUser,
  input: z.output<typeof submitQuoteSchema>,
): Promise<{ quote: QuoteDto; created: boolean }> {
  if (!uuid.safeParse(input.rideId).success) throw notFound();
  const [driver] = await db.select().from(drivers).where(eq(drivers.userId, user.id)).limit(1);
  if (!driver) throw new AppError(403, 'forbidden', MARKETPLACE_CONFLICTS.driverProfileMissing);
  const name = driver.companyName?.trim() || firstNameOf(user.fullName);

  const row = await db.transaction(async (tx) => {
    // FOR SHARE: an accept or an edit of the request waits for this quote, and this quote for them.
    const [ride] = await tx.select().from(rides).where(eq(rides.id, input.rideId)).for('share');
    if (!ride || ride.customerId === user.id) throw notFound();
    const now = new Date();
    assertOpenForQuotes(ride, now);
    const validUntil = resolveValidUntil(input.validUntil, ride.pickupAt, now);
    const values = {
      priceCents: toCents(input.price),
      message: input.message,
      vehicle: input.vehicle?.trim() || describeVehicle(driver.vehicleDetails),
      validUntil,
      rideVersion: ride.version,
    };
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
  return { quote: await toQuoteDto(db, quote), created: Boolean(inserted) };
}

/** The answer submitQuote gave, built again from what its transaction recorded ('created:<id>'). */
export async function submittedQuoteAnswer(
  db: Db,
  user: SessionUser,
  effect: string,
): Promise<{ quote: QuoteDto; created: boolean }> {
  const [how, id] = effect.split(':');
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id ?? ''), eq(quotes.driverId, user.id)));
  if (!row) throw notFound();
  return { quote: await toQuoteDto(db, row), created: how === 'created' };
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
  await myQuote(db, user, id);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1);
    const [ride] = await tx.select().from(rides).where(eq(rides.id, current!.rideId)).for('share');
    const now = new Date();
    assertOpenForQuotes(ride!, now);
    if (!LIVE.includes(current!.status as (typeof LIVE)[number])) {
      throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
    }
    const validUntil = resolveValidUntil(input.validUntil, ride!.pickupAt, now, current!.validUntil);
    const [confirmed] = await tx
      .update(quotes)
      .set({
        status: 'pending',
        rideVersion: ride!.version,
        validUntil,
        ...(input.price !== undefined ? { priceCents: toCents(input.price) } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.vehicle ? { vehicle: input.vehicle } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(quotes.id, id), inArray(quotes.status, LIVE)))
      .returning();
    if (!confirmed) throw conflict(MARKETPLACE_CONFLICTS.quoteNotLive);
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

/**
 * The booking of a quote this customer already accepted, while it is live (confirmed or completed), or null.
 * With a price, only if it is the booked price: the same request as the accept that made it.
 */
async function bookingOfAcceptedQuote(
  db: Db,
  quoteId: string,
  customerId: string,
  priceCents?: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: bookings.id, priceCents: bookings.priceCents })
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
  if (!row || (priceCents !== undefined && row.priceCents !== priceCents)) return null;
  return row.id;
}

export interface AcceptResult {
  bookingId: string;
  /** False when the quote was already accepted into this customer's booking (a retry): nothing changed. */
  created: boolean;
}

/**
 * The customer accepts a quote: in one transaction the request is booked (a conditional update that only
 * one transaction can win), the quote accepted (only if still pending, valid and pricing the current trip),
 * the booking inserted (the one-live-booking index is the last guard), the other live quotes declined, and
 * every driver told. Whatever loses a race gets 409, never 500.
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
  const found = await quoteWithRide(db, id);
  if (!found || found.ride.customerId !== user.id) throw notFound();
  const already = async (tx: Db): Promise<AcceptResult | null> => {
    const bookingId = await bookingOfAcceptedQuote(tx, id, user.id, input.priceCents);
    return bookingId ? { bookingId, created: false } : null;
  };
  const early = acceptRefusal(found.quote, found.ride, new Date(), input.priceCents);
  if (early) {
    if (found.quote.status === 'accepted') {
      const existing = await already(db);
      if (existing) return existing;
    }
    throw conflict(early);
  }

  try {
    return await db.transaction(async (tx): Promise<AcceptResult> => {
      const refuse = async (): Promise<never> => {
        const again = await quoteWithRide(tx, id);
        throw conflict(
          (again && acceptRefusal(again.quote, again.ride, new Date(), input.priceCents)) ||
            MARKETPLACE_CONFLICTS.alreadyBooked,
        );
      };
      const [ride] = await tx
        .update(rides)
        .set({ status: 'booked', updatedAt: sql`now()` })
        .where(
          and(
            eq(rides.id, found.ride.id),
            eq(rides.customerId, user.id),
            eq(rides.status, 'open'),
            gt(rides.pickupAt, sql`now()`),
          ),
        )
        .returning();
      if (!ride) {
        // Lost to an accept of this very quote by this customer (a double click): the same booking. Nothing
        // was changed in this transaction yet, so returning commits nothing.
        return (await already(tx)) ?? refuse();
      }
      const [quote] = await tx
        .update(quotes)
        .set({ status: 'accepted', updatedAt: sql`now()` })
        .where(
          and(
            eq(quotes.id, id),
            eq(quotes.rideId, ride.id),
            eq(quotes.status, 'pending'),
            gt(quotes.validUntil, sql`now()`),
            eq(quotes.rideVersion, ride.version),
            input.priceCents !== undefined ? eq(quotes.priceCents, input.priceCents) : undefined,
          ),
        )
        .returning();
      if (!quote) return refuse();
      const statement = fareStatement({
        priceCents: quote.priceCents,
        pickupLocality: ride.pickupLocality,
        destinationLocality: ride.destinationLocality,
        pickupAt: ride.pickupAt,
        brandName,
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
        })
        .returning({ id: bookings.id });
      await tx.insert(bookingEvents).values({
        bookingId: booking!.id,
        type: 'booked',
        actorId: user.id,
        note: statement,
      });
      const declined = await tx
        .update(quotes)
        .set({ status: 'declined', updatedAt: sql`now()` })
        .where(and(eq(quotes.rideId, ride.id), inArray(quotes.status, LIVE), ne(quotes.id, quote.id)))
        .returning({ driverId: quotes.driverId });
      for (const d of declined) {
        await notify(tx, {
          userId: d.driverId,
          type: 'quote_declined',
          title: 'Quote not chosen',
          message: `The customer booked another driver for the trip ${tripName(ride)}.`,
          relatedId: ride.id,
        });
      }
      await notify(tx, {
        userId: quote.driverId,
        type: 'quote_accepted',
        title: 'Quote accepted: new booking',
        message: `Your quote of ${formatAud(quote.priceCents)} for the trip ${tripName(ride)} was accepted. The customer's contact details are on the booking.`,
        relatedId: booking!.id,
      });
      await notifyBookingConfirmed(tx, booking!.id);
      await recordIdempotentEffect(tx as unknown as Db, booking!.id);
      return { bookingId: booking!.id, created: true };
    });
  } catch (err) {
    if (isRaceError(err)) {
      const existing = await already(db);
      if (existing) return existing;
      throw conflict(MARKETPLACE_CONFLICTS.alreadyBooked);
    }
    throw err;
  }
}
