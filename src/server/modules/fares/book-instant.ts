/**
 * POST /api/rides/:id/book-instant { fareId, priceCents }: the trip's customer books a fixed price at once
 * (issue 31 item 1), with the same exactly-once rule as accepting a quote (quotes/accept.ts). In ONE
 * transaction: the trip is locked (FOR UPDATE) and must be open and ahead; the fare is matched again against
 * the trip as it is now and the price recomputed; a price other than the one the customer saw answers 409
 * naming the new price (and carrying it in the error's issues, path 'priceCents', for the page to offer);
 * then an accepted quote records the fare and its version, the trip is booked, the booking written by
 * bookings/insert.ts (origin 'instant': the driver told at once, the customer's confirmation), and every
 * other live quote declined. Of many concurrent bookings of one trip one wins; the rest get 409 (the
 * one-live-booking index is the last guard).
 *
 * Booking again what this customer already booked at this fare and price (a retry, a double click) returns
 * that booking and changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { FARE_CONFLICTS, FARE_TEXT } from '../../../shared/marketplace/fare-messages.ts';
import { totalOf } from '../../../shared/marketplace/fares.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { BookInstantInput } from '../../../shared/validation/fares.ts';
import type { Db } from '../../db/client.ts';
import { bookings, quotes, rides, vehicles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { isRaceError } from '../bookings/db-errors.ts';
import { loadBookingDto } from '../bookings/dto.ts';
import { insertBooking } from '../bookings/insert.ts';
import { notifyAll } from '../notifications/service.ts';
import { declineOtherQuotes } from '../quotes/decline-others.ts';
import { driverDisplayName, tripName } from '../quotes/rules.ts';
import { vehicleLabel } from '../verification/standing.ts';
import { matchingFares, partsFor } from './price-list.ts';
import { customersRide, tripOfRide } from './ride-prices.ts';

export interface InstantResult {
  bookingId: string;
  /** False when this very booking was already made (a retry): nothing changed. */
  created: boolean;
  /** When created: the booking, read inside its own transaction so that load cannot lose it (issue 33). */
  booking?: BookingDto;
}

const conflict = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(409, 'conflict', message, issues);

/** The 409 of a changed price: the sentence names it, the issue carries it in cents for the page. */
export const priceChanged = (driver: string, newCents: number) =>
  conflict(FARE_CONFLICTS.priceChanged(driver, newCents), [
    { path: 'priceCents', message: String(newCents) },
  ]);

/** Thrown inside the transaction to roll it back: the trip was not open (or lost a race). */
class NotOpen extends Error {}

/** This customer's live booking of this trip at this fare and price, if they already made it. */
async function alreadyBooked(db: Db, rideId: string, customerId: string, input: BookInstantInput) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
    .where(
      and(
        eq(bookings.rideId, rideId),
        eq(bookings.customerId, customerId),
        inArray(bookings.status, ['confirmed', 'completed']),
        eq(quotes.fareId, input.fareId),
        eq(bookings.priceCents, input.priceCents),
      ),
    )
    .limit(1);
  return row ? { bookingId: row.id, created: false } : null;
}

export async function bookInstant(
  db: Db,
  user: SessionUser,
  rideId: string,
  input: BookInstantInput,
  brandName: string,
): Promise<InstantResult> {
  const ride = await customersRide(db, user, rideId);
  // Only the trip's own customer books it (an admin may read its prices, not book for someone).
  if (ride.customerId !== user.id) throw notFound();
  try {
    return await db.transaction(async (t): Promise<InstantResult> => {
      const tx = t as unknown as Db;
      const [locked] = await tx
        .select()
        .from(rides)
        .where(and(eq(rides.id, rideId), eq(rides.customerId, user.id)))
        .for('update');
      if (locked?.status !== 'open' || locked.pickupAt <= new Date()) {
        // Nothing changed yet: returning the earlier booking commits nothing.
        const existing = await alreadyBooked(tx, rideId, user.id, input);
        if (existing) return existing;
        throw new NotOpen();
      }
      const trip = tripOfRide(locked);
      const [fare] = await matchingFares(tx, trip, input.fareId);
      if (!fare) throw conflict(FARE_CONFLICTS.unavailable);
      const total = totalOf(partsFor(fare, trip));
      const driverName = await driverDisplayName(tx, fare.driverId);
      if (total !== input.priceCents) throw priceChanged(driverName, total);
      const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, fare.vehicleId)).limit(1);
      const [quote] = await tx
        .insert(quotes)
        .values({
          rideId,
          driverId: fare.driverId,
          status: 'accepted',
          priceCents: total,
          message: FARE_TEXT.quoteMessage(driverName),
          vehicle: vehicle ? vehicleLabel(vehicle) : '',
          vehicleId: fare.vehicleId,
          validUntil: locked.pickupAt,
          rideVersion: locked.version,
          fareId: fare.id,
          fareVersion: fare.version,
        })
        .returning();
      const [booked] = await tx
        .update(rides)
        .set({ status: 'booked', updatedAt: sql`now()` })
        .where(and(eq(rides.id, rideId), eq(rides.status, 'open')))
        .returning();
      if (!booked) throw new NotOpen();
      const booking = await insertBooking(tx, {
        ride: booked,
        quote: quote!,
        actorId: user.id,
        brandName,
        origin: 'instant',
        driverTitle: FARE_TEXT.driverTitle,
        driverMessage: FARE_TEXT.driverMessage(total, tripName(booked)),
      });
      // The driver, the customer and the declined drivers told in one statement.
      await notifyAll(tx, [
        ...booking.notifications,
        ...(await declineOtherQuotes(tx, [booked], [quote!.id])),
      ]);
      const bookingId = booking.id;
      await recordIdempotentEffect(tx, bookingId);
      return { bookingId, created: true, booking: await loadBookingDto(tx, user, bookingId) };
    });
  } catch (err) {
    if (err instanceof NotOpen || isRaceError(err)) {
      const existing = await alreadyBooked(db, rideId, user.id, input);
      if (existing) return existing;
      throw conflict(FARE_CONFLICTS.notOpen);
    }
    throw err;
  }
}
