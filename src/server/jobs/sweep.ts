/**
 * Scheduled expiry: open requests whose pickup time has passed expire (with their live quotes), and live
 * quotes past their validity expire. Safe on several instances: the sweep runs in one transaction under a
 * transaction-scoped advisory lock (an instance that finds it taken skips this round), and each step is a
 * single conditional UPDATE, so running it twice changes nothing the second time.
 *
 * It also sends the trip reminder: for each confirmed booking whose pickup is within 24 hours and whose
 * reminder has not gone yet, one UPDATE sets reminder_sent_at and returns the booking, and a 'trip_reminder'
 * notification for each side is written in the same transaction (so it goes exactly once; the delivery
 * worker then e-mails and pushes it).
 *
 * The day of the trip (issue 30): the 2-hour reminder (once, the same way, reminder_2h_sent_at; run before
 * the 24-hour one so a booking made late gets one reminder), and trips that complete themselves 12 hours
 * after pickup (modules/bookings/auto-complete.ts), accruing the fee at the rate given in `opts`.
 *
 * It handles compliance documents over time: reminders before expiry and withdrawals at expiry
 * (services/document-expiry.ts). And it deletes live events past their replay window (services/realtime.ts).
 */
import { and, inArray, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_PLATFORM_FEE_PERCENT, percentToBasisPoints } from '../../shared/billing.ts';
import { LIVE_QUOTE_STATUSES } from '../../shared/marketplace/constants.ts';
import type { Db } from '../db/client.ts';
import { quotes, rides } from '../db/schema/index.ts';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { deleteStaleGuards } from '../modules/account/lockout.ts';
import { completeOverdueTrips } from '../modules/bookings/auto-complete.ts';
import { reminderMessages } from '../modules/bookings/confirmation.ts';
import { sendTwoHourReminders } from '../modules/bookings/reminder-2h.ts';
import { sendDueReminders } from '../modules/bookings/trip-reminders.ts';
import { sendLapseWarnings } from '../modules/quotes/lapse-warnings.ts';
import { deleteOldLiveEvents } from '../services/realtime.ts';
import { sweepDocuments } from './document-expiry.ts';
import { alertLateBookings } from './late-bookings.ts';

/** Any fixed number, different from the migration lock's: every instance takes the same one. */
export const SWEEP_LOCK_KEY = 727_002;

export interface SweepResult {
  /** False when another instance held the lock and this one skipped. */
  swept: boolean;
  expiredRides: number;
  expiredQuotes: number;
}

export interface SweepOptions {
  /** The platform fee rate for trips that complete themselves (billingSettings(env).feeBasisPoints). */
  feeBasisPoints?: number;
}

export async function sweepExpired(db: Db, opts: SweepOptions = {}): Promise<SweepResult> {
  const feeBasisPoints = opts.feeBasisPoints ?? percentToBasisPoints(DEFAULT_PLATFORM_FEE_PERCENT);
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${sql.raw(String(SWEEP_LOCK_KEY))}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return { swept: false, expiredRides: 0, expiredQuotes: 0 };
    // Requests first, then quotes: the same lock order as accepting a quote.
    const expiredRides = await tx
      .update(rides)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(inArray(rides.status, ['open', 'draft']), lte(rides.pickupAt, sql`now()`)))
      .returning({ id: rides.id });
    const expiredQuotes = await tx
      .update(quotes)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(
        and(
          inArray(quotes.status, [...LIVE_QUOTE_STATUSES]),
          or(
            lte(quotes.validUntil, sql`now()`),
            sql`exists (select 1 from rides r where r.id = ${quotes.rideId} and (r.status <> 'open' or r.pickup_at <= now()))`,
          ),
        ),
      )
      .returning({ id: quotes.id });
    await sendLapseWarnings(tx); // Issue 31: told 12 hours before a live quote lapses (lapse-warnings.ts).
    await sendTwoHourReminders(tx);
    await sendTripReminders(tx);
    await completeOverdueTrips(tx, feeBasisPoints);
    // Compliance documents: expiry reminders, and what an expired document ends (issue 13).
    await sweepDocuments(tx);
    await deleteOldLiveEvents(tx);
    // Answers kept for Idempotency-Key retries live 24 hours.
    await deleteExpiredIdempotencyKeys(tx);
    // Sign-in guards nobody has touched for a day, and old two-factor challenges (issue 16).
    await deleteStaleGuards(tx);
    // Admins told once per booking whose driver is late (issue 30, late-bookings.ts).
    await alertLateBookings(tx);
    return { swept: true, expiredRides: expiredRides.length, expiredQuotes: expiredQuotes.length };
  });
}

/** How long before pickup both sides are reminded. */
export const REMINDER_HOURS_BEFORE = 24;

/**
 * Marks the due bookings reminded and notifies both sides; call inside the sweep's transaction. Returns the
 * bookings reminded now (a second call finds none).
 */
export function sendTripReminders(tx: Db): Promise<string[]> {
  return sendDueReminders(tx, {
    type: 'trip_reminder',
    sentColumn: 'reminder_sent_at',
    hoursBefore: REMINDER_HOURS_BEFORE,
    // What matters on the day: when, where, who (with the phone), the vehicle and its plate.
    words: (facts) => reminderMessages(facts),
    customer: {
      title: 'Your trip is coming up',
      fallback: (trip, when) =>
        `Reminder: your shuttle from ${trip} picks you up on ${when} (Sydney time). Your driver's contact details are on the booking.`,
    },
    driver: {
      title: 'Upcoming pickup',
      fallback: (trip, when) =>
        `Reminder: you pick up the booked trip from ${trip} on ${when} (Sydney time). The customer's contact details are on the booking.`,
    },
  });
}

/**
 * Runs the sweep now and then every `intervalMs`, each round followed by `after` (the monthly billing
 * run, which has its own lock); returns a function that stops it.
 */
export function startSweeper(
  db: Db,
  opts: { intervalMs?: number; after?: (db: Db) => Promise<unknown> } & SweepOptions = {},
): () => void {
  const intervalMs = opts.intervalMs ?? 60_000;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await sweepExpired(db, opts);
    } catch (err) {
      console.error('expiry sweep failed', err);
    }
    try {
      await opts.after?.(db);
    } catch (err) {
      console.error('billing run failed', err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
