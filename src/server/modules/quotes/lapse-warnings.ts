/**
 * The sweep's 12-hour warning before a live quote lapses (issue 31): the customer is told
 * ('quote_lapsing') and the driver asked to renew with one tap ('quote_renew'). One conditional UPDATE ...
 * RETURNING sets lapse_warned_at, so each quote is warned once however often or concurrently this runs;
 * the notifications are written in the caller's (the sweep's) transaction, so they go with it or not at all.
 */
import { sql } from 'drizzle-orm';
import { QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { QUOTE_LAPSE_TEXT } from '../../../shared/marketplace/quote-lapse-messages.ts';
import type { Db } from '../../db/client.ts';
import { rideRouteOfRow } from '../../services/places.ts';
import { notify } from '../notifications/service.ts';
import { firstNameOf } from '../rides/dto.ts';

interface WarnedRow {
  id: string;
  ride_id: string;
  driver_id: string;
  customer_id: string;
  price_cents: number;
  valid_until: Date | string;
  pickup_locality: string;
  pickup_postcode: string;
  pickup_address: string;
  destination_locality: string;
  destination_postcode: string;
  destination_address: string;
  company_name: string | null;
  full_name: string | null;
}

/**
 * Warns every pending quote of an open request that lapses within 12 hours and has not been warned; a
 * quote already past its validity is not warned (the same sweep expires it). Returns the quote ids warned.
 */
export async function sendLapseWarnings(tx: Db): Promise<string[]> {
  const result = (await tx.execute(sql`
    with warned as (
      update quotes q
         set lapse_warned_at = now()
        from rides r
       where r.id = q.ride_id
         and r.status = 'open'
         and q.status = 'pending'
         and q.lapse_warned_at is null
         and q.valid_until > now()
         and q.valid_until <= now() + make_interval(hours => ${QUOTE_LIMITS.lapseWarningHours})
      returning q.id, q.ride_id, q.driver_id, q.price_cents, q.valid_until,
                r.customer_id, r.pickup_locality, r.pickup_postcode, r.pickup_address, r.destination_locality, r.destination_postcode, r.destination_address
    )
    select w.*, d.company_name, u.full_name
      from warned w
      left join users u on u.id = w.driver_id
      left join drivers d on d.user_id = w.driver_id`)) as unknown as { rows: WarnedRow[] };
  for (const row of result.rows) {
    const driver = row.company_name?.trim() || firstNameOf(row.full_name ?? '') || 'A driver';
    const trip = rideRouteOfRow(row, { words: true });
    const validUntil = new Date(row.valid_until);
    await notify(tx, {
      userId: row.customer_id,
      type: 'quote_lapsing',
      title: QUOTE_LAPSE_TEXT.lapsing.title,
      message: QUOTE_LAPSE_TEXT.lapsing.message(driver, Number(row.price_cents), validUntil),
      relatedId: row.ride_id,
    });
    await notify(tx, {
      userId: row.driver_id,
      type: 'quote_renew',
      title: QUOTE_LAPSE_TEXT.renew.title,
      message: QUOTE_LAPSE_TEXT.renew.message(trip, validUntil),
      relatedId: row.ride_id,
    });
  }
  return result.rows.map((r) => r.id);
}
