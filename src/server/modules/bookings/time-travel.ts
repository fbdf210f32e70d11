/**
 * Development time travel for the day of the trip (issue 30; /api/dev/bookings/:id/shift, mounted only in
 * development): moves one booking N minutes into the past, everything at once (its request's pickup, the
 * day-of-trip times, its history and the driver's stored position), so the waiting time, the dispute
 * window, the position interval and the 12-hour auto-completion can be tested without waiting.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** Up to a week at a time. */
export const shiftSchema = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});

/** False when there is no such booking. */
export async function shiftBookingIntoPast(db: Db, bookingId: string, minutes: number): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const back = sql`make_interval(mins => ${minutes})`;
    const moved = (await tx.execute(sql`
      update bookings set
        trip_status_at = trip_status_at - ${back},
        arrived_at = arrived_at - ${back},
        no_show_at = no_show_at - ${back},
        no_show_disputed_at = no_show_disputed_at - ${back},
        not_happened_at = not_happened_at - ${back}
       where id = ${bookingId}
      returning ride_id`)) as unknown as { rows: { ride_id: string }[] };
    const rideId = moved.rows[0]?.ride_id;
    if (!rideId) return false;
    await tx.execute(sql`update rides set pickup_at = pickup_at - ${back} where id = ${rideId}`);
    await tx.execute(
      sql`update booking_events set created_at = created_at - ${back} where booking_id = ${bookingId}`,
    );
    await tx.execute(
      sql`update booking_positions set recorded_at = recorded_at - ${back} where booking_id = ${bookingId}`,
    );
    return true;
  });
}
