/**
 * Taking and giving back a run's seats (issue 31 item 2). The database decides: one conditional UPDATE of
 * the run per booking, so however many customers book at once, `seats_sold` never passes `seats_total`
 * (and a CHECK holds the line). Used by booking a run (book.ts), accepting a run's automatic quote
 * (quotes/accept.ts) and cancelling a run booking (bookings/service.ts), each inside its own transaction.
 * Imports nothing of other domains, so any of them may call it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runs } from '../../db/schema/index.ts';

export type RunRow = typeof runs.$inferSelect;

export interface SeatsWanted {
  runId: string;
  /** Seats, or null for the whole vehicle (which takes every seat, and only while none is sold). */
  seats: number | null;
  bags: number;
  /** The price the customer saw: the run's current price must still give it (else nothing is taken). */
  priceCents?: number;
}

/**
 * Takes the seats (or the whole vehicle) and bags if the run is open, ahead, unsold enough and priced as
 * seen; returns the run after the change, or null when it took nothing (the caller answers 409 from a
 * fresh read: runRefusal).
 */
export async function takeRunSeats(tx: Db, want: SeatsWanted): Promise<RunRow | null> {
  const common = sql`${runs.id} = ${want.runId} and ${runs.status} = 'open' and not ${runs.vehicleSold}
    and ${runs.departsFrom} > now() and ${runs.bagsSold} + ${want.bags}::int <= ${runs.bagsTotal}`;
  if (want.seats === null) {
    const [row] = await tx
      .update(runs)
      .set({
        vehicleSold: true,
        seatsSold: sql`${runs.seatsTotal}`,
        bagsSold: sql`${runs.bagsSold} + ${want.bags}::int`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${common} and ${runs.seatsSold} = 0 and ${runs.vehiclePriceCents} is not null
          ${want.priceCents === undefined ? sql`` : sql`and ${runs.vehiclePriceCents} = ${want.priceCents}::int`}`,
      )
      .returning();
    return row ?? null;
  }
  const [row] = await tx
    .update(runs)
    .set({
      seatsSold: sql`${runs.seatsSold} + ${want.seats}::int`,
      bagsSold: sql`${runs.bagsSold} + ${want.bags}::int`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${common} and ${runs.seatsSold} + ${want.seats}::int <= ${runs.seatsTotal}
        and ${runs.seatPriceCents} is not null
        ${want.priceCents === undefined ? sql`` : sql`and ${runs.seatPriceCents} * ${want.seats}::int = ${want.priceCents}::int`}`,
    )
    .returning();
  return row ?? null;
}

/**
 * A run booking was cancelled: its seats and bags go back on sale (a whole-vehicle booking frees the
 * vehicle). Called in the cancelling transaction (bookings/service.ts); `seats` is what the booking took.
 */
export async function giveBackRunSeats(
  tx: Db,
  booking: { runId: string | null; seats: number | null; origin: string; rideId: string },
): Promise<void> {
  if (!booking.runId) return;
  const seats = booking.seats ?? 0;
  // The bags the booking took are its trip's (a booked trip cannot be edited).
  const bags = sql`coalesce((select r.luggage_bags from rides r where r.id = ${booking.rideId}), 0)`;
  await tx
    .update(runs)
    .set({
      seatsSold: sql`greatest(0, ${runs.seatsSold} - ${seats}::int)`,
      bagsSold: sql`greatest(0, ${runs.bagsSold} - ${bags})`,
      ...(booking.origin === 'run_vehicle' ? { vehicleSold: false } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(runs.id, booking.runId));
}
