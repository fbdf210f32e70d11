/**
 * Late alerts (issue 30): each confirmed booking that is late by the shared rule (late.ts: not on the way
 * 30 minutes before pickup, not arrived 10 minutes after) and not yet alerted gets late_alerted_at and one
 * 'booking_late' notification to every admin. Run by the sweep inside its transaction: the one conditional
 * UPDATE ... RETURNING decides which bookings are alerted now, so two runs (or two instances racing) alert
 * each booking once, and the notifications commit or roll back with the mark.
 */
import { sql } from 'drizzle-orm';
import { formatPickupSydney } from '../../shared/marketplace/booking.ts';
import {
  LATE_ALERT_LOOKBACK_HOURS,
  LATE_NOT_ARRIVED_MINUTES,
  LATE_NOT_ON_THE_WAY_MINUTES,
  LATE_TEXT,
  lateness,
} from '../../shared/marketplace/late.ts';
import type { Db } from '../db/client.ts';
import { notify } from '../modules/notifications/service.ts';
import { rideRouteOfRow } from '../services/places.ts';

interface AlertedRow {
  id: string;
  status: string;
  trip_status: string | null;
  pickup_at: Date | string;
  checked_at: Date | string;
  pickup_locality: string;
  destination_locality: string;
  driver_name: string;
  company_name: string | null;
}

/**
 * lateness() of late.ts in SQL, for the conditional UPDATE: the same two conditions, the same constants.
 * (A status "or later" is any status past the one awaited.)
 */
const LATE_SQL = sql`(
  (b.trip_status is null
     and r.pickup_at <= now() + make_interval(mins => ${LATE_NOT_ON_THE_WAY_MINUTES}))
  or ((b.trip_status is null or b.trip_status = 'on_the_way')
     and r.pickup_at <= now() - make_interval(mins => ${LATE_NOT_ARRIVED_MINUTES})))`;

/** Marks and announces the bookings late now; returns their ids (a second call finds none). */
export async function alertLateBookings(tx: Db): Promise<string[]> {
  const result = (await tx.execute(sql`
    update bookings b set late_alerted_at = now()
      from rides r
     where r.id = b.ride_id
       and b.status = 'confirmed'
       and b.late_alerted_at is null
       and r.pickup_at > now() - make_interval(hours => ${LATE_ALERT_LOOKBACK_HOURS})
       and ${LATE_SQL}
    returning b.id, b.status, b.trip_status, r.pickup_at, now() as checked_at,
              r.pickup_locality, r.pickup_postcode, r.pickup_address,
              r.destination_locality, r.destination_postcode, r.destination_address,
              (select u.full_name from users u where u.id = b.driver_id) as driver_name,
              (select d.company_name from drivers d where d.user_id = b.driver_id) as company_name`)) as unknown as {
    rows: AlertedRow[];
  };
  if (result.rows.length === 0) return [];
  const admins = (await tx.execute(
    sql`select id from users where user_type = 'admin' order by id`,
  )) as unknown as {
    rows: { id: string }[];
  };
  for (const b of result.rows) {
    // The same rule in words, at the database's time: which of the two lateness it is.
    const why =
      lateness(
        { status: b.status, tripStatus: b.trip_status, pickupAt: b.pickup_at },
        new Date(b.checked_at),
      ) ?? 'not_on_the_way';
    const trip = rideRouteOfRow(b, { words: true });
    const driver = b.company_name?.trim() || b.driver_name;
    for (const admin of admins.rows) {
      await notify(tx, {
        userId: admin.id,
        type: 'booking_late',
        title: `${LATE_TEXT[why].badge} (${trip})`,
        message: `${driver}, pickup ${formatPickupSydney(b.pickup_at)} (Sydney time). ${LATE_TEXT[why].explain} Call the driver from today's bookings.`,
        relatedId: b.id,
      });
    }
  }
  return result.rows.map((r) => r.id);
}
