/**
 * The customer tells the driver "Running late: N minutes" or "I'm at the pickup" on the day of the trip
 * (issue 30): only while confirmed, from 90 minutes before pickup until 12 hours after it. A booking
 * event and a 'trip_update' notification to the driver (live on their page). At most one of a kind a
 * minute: the booking row is locked first, then one INSERT ... WHERE NOT EXISTS decides, so a hundred
 * identical taps at once record one.
 */
import { sql } from 'drizzle-orm';
import {
  type CustomerSignalInput,
  TRIP_DAY_EVENTS,
  TRIP_MESSAGES,
  TRIP_WINDOWS,
} from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';
import { customerBooking } from './parties.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

export async function sendCustomerSignal(
  db: Db,
  user: SessionUser,
  id: string,
  input: CustomerSignalInput,
): Promise<void> {
  const booking = await customerBooking(db, user, id);
  if (booking.status === 'cancelled') throw conflict(TRIP_MESSAGES.cancelled);
  const type = input.kind === 'running_late' ? TRIP_DAY_EVENTS.runningLate : TRIP_DAY_EVENTS.atPickup;
  const note = input.kind === 'running_late' ? `${input.minutes} minutes` : '';
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The lock makes the next statement see any signal a concurrent request committed.
    const open = (await tx.execute(sql`
      select b.id from bookings b join rides r on r.id = b.ride_id
       where b.id = ${id} and b.status = 'confirmed'
         and now() >= r.pickup_at - make_interval(mins => ${TRIP_WINDOWS.onTheWayMinutesBefore})
         and now() <= r.pickup_at + make_interval(hours => ${TRIP_WINDOWS.signalHoursAfter})
       for update of b`)) as unknown as { rows: unknown[] };
    if (open.rows.length === 0) {
      const [now] = (
        (await tx.execute(sql`select status from bookings where id = ${id}`)) as unknown as {
          rows: { status: string }[];
        }
      ).rows;
      throw conflict(now?.status === 'cancelled' ? TRIP_MESSAGES.cancelled : TRIP_MESSAGES.signalNotNow);
    }
    const inserted = (await tx.execute(sql`
      insert into booking_events (booking_id, type, actor_id, note)
      select ${id}, ${type}, ${user.id}, ${note}
       where not exists (
         select 1 from booking_events e
          where e.booking_id = ${id} and e.type = ${type}
            and e.created_at > now() - make_interval(secs => ${TRIP_WINDOWS.signalIntervalSeconds}))
      returning id`)) as unknown as { rows: unknown[] };
    if (inserted.rows.length === 0) throw new AppError(429, 'rate_limited', TRIP_MESSAGES.signalTooSoon);
    await notify(tx, {
      userId: booking.driverId,
      type: 'trip_update',
      title:
        input.kind === 'running_late'
          ? `Running late: ${input.minutes} min`
          : 'Your customer is at the pickup',
      message:
        input.kind === 'running_late'
          ? `Your customer is running late by about ${input.minutes} minutes.`
          : 'Your customer says they are at the pickup.',
      relatedId: id,
    });
  });
}
