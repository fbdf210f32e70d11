/**
 * POST /api/quotes/:id/accept: the customer accepts a quote (or a return pair's two halves) and it becomes
 * the booking, in one transaction; and the answer, with a pair's other booking.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { type AcceptQuoteInput, MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { RUN_CONFLICTS } from '../../../shared/marketplace/runs.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared, useGenericPlans } from '../../db/prepared.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { isRaceError } from '../bookings/db-errors.ts';
import { loadBookingDto } from '../bookings/dto.ts';
import { insertBooking } from '../bookings/insert.ts';
import { notifyPairBooked, type PairLeg } from '../bookings/pair-confirmation.ts';
import { type NewNotification, notifyAll } from '../notifications/service.ts';
import { takeRunSeats } from '../runs/seats.ts';
import { bookingOfAcceptedQuote, legsRefusal, legsToBook } from './acceptable.ts';
import { declineOtherQuotes } from './decline-others.ts';
import { conflict, tripName, uuid } from './rules.ts';

export interface AcceptResult {
  bookingId: string;
  /** False when the quote was already accepted into this customer's booking (a retry): nothing changed. */
  created: boolean;
  /**
   * When created: the answer, read inside the transaction that booked it. Read after the commit it needed
   * another pooled connection, and under overload the customer whose accept committed was answered 503
   * server_busy and never learned the trip was booked (issue 33: 8 of 20 in a burst of 2,000 accepts).
   */
  answer?: AcceptedAnswer;
}

export type AcceptedAnswer = { booking: BookingDto; pairBooking: BookingDto | null };

/** The answer of POST /api/quotes/:id/accept: the booking, and for a return pair the other leg's booking. */
export async function acceptedAnswer(db: Db, user: SessionUser, bookingId: string): Promise<AcceptedAnswer> {
  const booking = await loadBookingDto(db, user, bookingId);
  // A return pair's other leg is in the view already (its pair), no lookup of the bundle needed.
  const otherId = booking.pair?.other.id;
  return { booking, pairBooking: otherId ? await loadBookingDto(db, user, otherId) : null };
}

/** Thrown inside the accept transaction to roll it back: a leg could not be booked. */
class Refused extends Error {}
/** Thrown inside the accept transaction: the run a run quote is from has no seats left for it (issue 31). */
class RunFull extends Error {}

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
      await useGenericPlans(tx);
      // Every request to book, locked in id order: two accepts sharing a leg queue here, never deadlock.
      const locked = await prepared(tx, 'accept_lock_rides', (d) =>
        d
          .select({ id: rides.id, status: rides.status, ahead: sql<boolean>`${rides.pickupAt} > now()` })
          .from(rides)
          .where(
            and(anyOfPlaceholder(rides.id, 'rideIds'), eq(rides.customerId, sql.placeholder('customerId'))),
          )
          .orderBy(asc(rides.id))
          .for('update')
          .prepare('accept_lock_rides'),
      ).execute({ rideIds, customerId: user.id });
      if (locked.length !== rideIds.length || locked.some((r) => r.status !== 'open' || !r.ahead)) {
        // Lost to an accept of this very quote by this customer (a double click): the same booking. Nothing
        // was changed in this transaction yet, so returning commits nothing.
        const existing = await already(tx);
        if (existing) return existing;
        throw new Refused();
      }
      const accepted = await prepared(tx, 'accept_quotes', (d) =>
        d
          .update(quotes)
          .set({ status: 'accepted', updatedAt: sql`now()` })
          .where(
            and(
              anyOfPlaceholder(quotes.id, 'quoteIds'),
              eq(quotes.status, 'pending'),
              gt(quotes.validUntil, sql`now()`),
              sql`${quotes.rideVersion} = (select r.version from rides r where r.id = ${quotes.rideId})`,
            ),
          )
          .returning()
          .prepare('accept_quotes'),
      ).execute({ quoteIds });
      const total = accepted.reduce((sum, q) => sum + q.priceCents, 0);
      if (
        accepted.length !== quoteIds.length ||
        (input.priceCents !== undefined && input.priceCents !== total)
      ) {
        throw new Refused();
      }
      const booked = await prepared(tx, 'accept_book_rides', (d) =>
        d
          .update(rides)
          .set({ status: 'booked', updatedAt: sql`now()` })
          .where(and(anyOfPlaceholder(rides.id, 'rideIds'), eq(rides.status, 'open')))
          .returning()
          .prepare('accept_book_rides'),
      ).execute({ rideIds });
      if (booked.length !== rideIds.length) throw new Refused();

      let selfBookingId = '';
      const pairLegs: PairLeg[] = [];
      // Everyone this accept tells (the driver, the customer, the declined drivers), written together below.
      const told: NewNotification[] = [];
      for (const leg of legs) {
        const quote = accepted.find((q) => q.id === leg.quote.id)!;
        const ride = booked.find((r) => r.id === leg.ride.id)!;
        // A quote from a run (issue 31) takes its seats (or the whole vehicle) here, or nothing is booked.
        const run = quote.runId
          ? await takeRunSeats(tx, { runId: quote.runId, seats: quote.runSeats, bags: ride.luggageBags })
          : null;
        if (quote.runId && !run) throw new RunFull();
        const booking = await insertBooking(tx, {
          ride,
          quote,
          actorId: user.id,
          brandName,
          origin: run ? (quote.runSeats === null ? 'run_vehicle' : 'run_seat') : 'quote',
          runId: run?.id ?? null,
          seats: run ? (quote.runSeats ?? run.seatsTotal) : null,
          ...(pair ? { pairTotalCents: total, bundleId: quote.bundleId, notifyParties: false } : {}),
          driverTitle: 'Quote accepted: new booking',
          // A pair's legs tell the driver once, for both (notifyPairBooked below).
          driverMessage: `Your quote of ${formatAud(quote.priceCents)} for the trip ${tripName(ride)} was accepted. The customer's contact details are on the booking.`,
        });
        told.push(...booking.notifications);
        if (quote.id === id) selfBookingId = booking.id;
        pairLegs.push({ bookingId: booking.id, leg: ride.outboundRideId ? 'return' : 'outbound' });
      }
      // A return pair is one booking with two legs to both sides: one confirmation each (issue 32).
      if (pair) await notifyPairBooked(tx, pairLegs, total);

      told.push(...(await declineOtherQuotes(tx, booked, quoteIds)));
      await notifyAll(tx, told);
      await recordIdempotentEffect(tx, selfBookingId);
      const answer = await acceptedAnswer(tx, user, selfBookingId);
      return { bookingId: selfBookingId, created: true, answer };
    });
  } catch (err) {
    if (err instanceof RunFull) throw conflict(RUN_CONFLICTS.runQuoteNoSeats);
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
