/**
 * What the quote use cases share: the 409 they answer, a pair's split price, how long a quote may stay
 * valid, the open-for-quotes check, and the words (trip, driver) their notifications use.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { LIVE_QUOTE_STATUSES, QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { MARKETPLACE_MESSAGES } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { drivers, quotes, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { rideRoute } from '../../services/places.ts';
import type { RideRow } from '../rides/dto.ts';
import { firstNameOf } from '../rides/dto.ts';
import type { QuoteRow } from './dto.ts';

export const LIVE = [...LIVE_QUOTE_STATUSES];
const HOUR = 3_600_000;
export const uuid = z.uuid();

export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** A pair's total split between its legs: the outbound leg takes the odd cent. Each share is above 0. */
export function splitPairPrice(totalCents: number): { outbound: number; back: number } {
  const outbound = Math.ceil(totalCents / 2);
  return { outbound, back: totalCents - outbound };
}

export const pairPriceError = () =>
  new AppError(400, 'validation', MARKETPLACE_MESSAGES.pairPrice, [
    { path: 'price', message: MARKETPLACE_MESSAGES.pairPrice },
  ]);

/**
 * How long a quote may stay valid: until 2 hours before pickup (or, when that has passed, until pickup).
 * By default it lives that long (issue 31: a quote sent on Friday for a Monday pickup must not lapse on
 * Saturday); `validFor` hours is the driver's shorter choice, still never past that cap.
 */
export function validityWindow(
  pickupAt: Date,
  now: Date,
  validFor?: number | null,
): { cap: Date; byDefault: Date } {
  const closes = pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * HOUR;
  const cap = closes > now.getTime() ? closes : pickupAt.getTime();
  return {
    cap: new Date(cap),
    byDefault: new Date(validFor ? Math.min(now.getTime() + validFor * HOUR, cap) : cap),
  };
}

const validUntilError = () =>
  new AppError(400, 'validation', MARKETPLACE_MESSAGES.validUntil, [
    { path: 'validUntil', message: MARKETPLACE_MESSAGES.validUntil },
  ]);

/** What the quote form says about validity: an instant, or a number of hours (the driver's choice). */
export interface ValidityInput {
  validUntil?: string | undefined;
  validForHours?: number | null | undefined;
}

/**
 * The instant a quote is valid until: the one given, else the driver's choice of hours, else (when
 * confirming) the one it had while still within the window, else until 2 hours before pickup.
 */
export function resolveValidUntil(input: ValidityInput, pickupAt: Date, now: Date, keep?: Date): Date {
  const window = validityWindow(pickupAt, now, input.validForHours);
  if (input.validUntil === undefined) {
    if (input.validForHours) return window.byDefault;
    if (keep && keep > now && keep <= window.cap) return keep;
    return window.byDefault;
  }
  const at = new Date(input.validUntil);
  if (Number.isNaN(at.getTime()) || at <= now || at > window.cap) throw validUntilError();
  return at;
}

/** Quotes are taken only for open requests whose pickup is still ahead. */
export function assertOpenForQuotes(ride: RideRow, now: Date) {
  if (ride.status === 'booked') throw conflict(MARKETPLACE_CONFLICTS.alreadyBooked);
  if (ride.status !== 'open') throw conflict(MARKETPLACE_CONFLICTS.rideNotOpen);
  if (ride.pickupAt <= now) throw conflict(MARKETPLACE_CONFLICTS.pickupPassed);
}

export const tripName = (ride: RideRow) => rideRoute(ride, { words: true });

export async function driverDisplayName(db: Db, driverId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: users.fullName, companyName: drivers.companyName })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, driverId))
    .limit(1);
  return row?.companyName?.trim() || firstNameOf(row?.fullName ?? '') || 'A driver';
}

/** The driver's own quote `id`, or 404 (for anyone else's, or an id that is not a uuid). */
export async function myQuote(db: Db, user: SessionUser, id: string): Promise<QuoteRow> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.driverId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
