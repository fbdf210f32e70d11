/**
 * A return pair booked together is ONE booking with two legs to both sides (issue 32): one confirmation to
 * the customer ('booking_confirmed') and one to the driver ('quote_accepted'), each naming both legs with
 * their dates and times and the price for both, instead of one per leg. Both are about the outbound leg's
 * booking (relatedId), whose DTO carries the return leg (`pair`), so the e-mail and its .ics have both.
 *
 * Cancelling one leg tells the other side in one message naming the cancelled leg and the leg that stands.
 */
import { and, eq, ne } from 'drizzle-orm';
import { formatAud } from '../../../shared/marketplace/money.ts';
import type { Db } from '../../db/client.ts';
import { bookings, rides } from '../../db/schema/index.ts';
import { notifyAll } from '../notifications/service.ts';
import { type BookingDayFacts, bookedSentence, bookingDayFacts } from './confirmation.ts';

export const PAIR_BOOKED_TITLE = 'Return trip booked';

/** A leg in words: "Nelson Bay to Williamtown on Mon 30 Nov 2026, 5:30 am". */
const legWords = (f: BookingDayFacts) => `${f.trip} on ${f.when}`;

export interface PairLeg {
  bookingId: string;
  leg: 'outbound' | 'return';
}

/**
 * Call inside the transaction that inserted both bookings (instead of each booking's own notifications).
 * `legs` in any order; the message names the outbound leg first.
 */
export async function notifyPairBooked(tx: Db, legs: PairLeg[], totalCents: number): Promise<void> {
  const ordered = [...legs].sort((a, b) => Number(a.leg === 'return') - Number(b.leg === 'return'));
  const facts: BookingDayFacts[] = [];
  for (const l of ordered) {
    const f = await bookingDayFacts(tx, l.bookingId);
    if (!f) return;
    facts.push(f);
  }
  const [out, back] = facts as [BookingDayFacts, BookingDayFacts];
  const total = formatAud(totalCents);
  const both =
    `Outbound leg: ${legWords(out)} (Sydney time), ${out.fare}; pickup ${out.pickup}, drop-off ${out.dropOff}` +
    `${out.flight ? `, flight ${out.flight}` : ''}. ` +
    `Return leg: ${legWords(back)} (Sydney time), ${back.fare}; pickup ${back.pickup}, drop-off ${back.dropOff}` +
    `${back.flight ? `, flight ${back.flight}` : ''}.`;
  // What was booked is the same on both legs but the flight: said once, without it.
  const booked = bookedSentence({ ...out, flight: '' });
  const relatedId = ordered[0]!.bookingId;
  // Both sides in one statement (issue 34).
  await notifyAll(tx, [
    {
      userId: out.customerId,
      type: 'booking_confirmed',
      title: PAIR_BOOKED_TITLE,
      message:
        `Your return trip is booked for ${total} for both legs, with ${out.driver}. ${both} ` +
        `Vehicle: ${out.vehicle}. ${bookedSentence({ ...out, flight: '' }, 'Your note')}`,
      relatedId,
    },
    {
      userId: out.driverId,
      type: 'quote_accepted',
      title: 'Quote accepted: return trip booked',
      message:
        `Your quote of ${total} for both legs of a return trip was accepted by ${out.customer}. ${both} ` +
        `${booked} The customer's contact details are on the booking.`,
      relatedId,
    },
  ]);
}

/** What a cancellation of one leg of a pair says about both legs; null for a booking not in a pair. */
export interface CancelledLegWords {
  /** 'return leg' */
  leg: string;
  /** 'return leg on Mon 7 Dec 2026, 5:15 pm (Williamtown to Nelson Bay)' */
  cancelled: string;
  /** 'Your outbound leg on Mon 30 Nov 2026, 5:30 am (Nelson Bay to Williamtown) still stands.' for `whose`. */
  other: (whose: 'Your' | 'The') => string;
}

export async function cancelledLegWords(
  tx: Db,
  booking: { id: string; bundleId: string | null },
): Promise<CancelledLegWords | null> {
  if (!booking.bundleId) return null;
  const [other] = await tx
    .select({ id: bookings.id, status: bookings.status, outboundRideId: rides.outboundRideId })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.bundleId, booking.bundleId), ne(bookings.id, booking.id)))
    .limit(1);
  const [self, mate] = await Promise.all([
    bookingDayFacts(tx, booking.id),
    other && bookingDayFacts(tx, other.id),
  ]);
  if (!other || !self || !mate) return null;
  const leg = other.outboundRideId ? 'outbound leg' : 'return leg';
  const otherLeg = other.outboundRideId ? 'return leg' : 'outbound leg';
  const place = (f: BookingDayFacts) => `${f.when} (${f.trip})`;
  const state =
    other.status === 'confirmed'
      ? 'still stands'
      : other.status === 'completed'
        ? 'is completed'
        : 'was cancelled earlier';
  return {
    leg,
    cancelled: `${leg} on ${place(self)}`,
    other: (whose) => `${whose} ${otherLeg} on ${place(mate)} ${state}.`,
  };
}
