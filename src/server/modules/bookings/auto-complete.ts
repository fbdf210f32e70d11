/**
 * Trips that complete themselves (issue 30): a confirmed booking whose pickup was more than 12 hours ago,
 * that nobody reported as not having happened and that was not marked a no-show, completes with the same
 * completion as "Dropped off" (completion.ts), by the system (actor null). Called by the sweep inside its
 * transaction; each booking's completion is its own conditional UPDATE, so a second sweep finds none.
 */
import { sql } from 'drizzle-orm';
import { TRIP_WINDOWS } from '../../../shared/marketplace/trip-status.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { completeTrip, lockRideOf } from './completion.ts';

/** At most this many a round: a long pause catches up over the next rounds instead of one huge transaction. */
const BATCH = 200;

/** The condition, read on the booking row (re-checked by each completion's UPDATE). */
const OVERDUE = sql`${bookings.notHappenedAt} is null and ${bookings.noShowAt} is null and exists (
  select 1 from rides r where r.id = ${bookings.rideId}
     and r.pickup_at <= now() - make_interval(hours => ${TRIP_WINDOWS.autoCompleteHours}))`;

/** Completes the overdue bookings; returns their ids. */
export async function completeOverdueTrips(tx: Db, feeBasisPoints: number): Promise<string[]> {
  const due = (await tx.execute(sql`
    select b.id from bookings b join rides r on r.id = b.ride_id
     where b.status = 'confirmed' and b.not_happened_at is null and b.no_show_at is null
       and r.pickup_at <= now() - make_interval(hours => ${TRIP_WINDOWS.autoCompleteHours})
     order by r.pickup_at limit ${BATCH}`)) as unknown as { rows: { id: string }[] };
  const done: string[] = [];
  for (const { id } of due.rows) {
    await lockRideOf(tx, id);
    if (await completeTrip(tx, { bookingId: id, actorId: null, feeBasisPoints, where: OVERDUE }))
      done.push(id);
  }
  return done;
}
