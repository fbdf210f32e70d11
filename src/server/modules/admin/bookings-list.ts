/** GET /api/admin/bookings (issue 14): every booking, newest pickup first, filtered, keyset-paged. */
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminBookingListDto,
  AdminBookingRowDto,
  bookingListQuerySchema,
} from '../../../shared/admin/bookings.ts';
import { ADMIN_USER_MESSAGES } from '../../../shared/admin/users.ts';
import { sydneyDayEnd, sydneyDayStart } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import { cursorInstant, cursorRefused, decodeInstantCursor, encodeCursor } from '../../db/keyset.ts';
import { rideRouteOfRow } from '../../services/places.ts';
import { containsPattern } from './users-list.ts';

type Query = z.output<typeof bookingListQuerySchema>;

/** The columns every admin booking query selects (the list and one booking). */
export const ADMIN_BOOKING_SELECT = sql`
  b.id, b.status, b.admin_flag, b.late_cancellation, b.price_cents, b.ride_id, b.cancel_reason,
  b.admin_flag_reason, b.admin_flagged_at, b.origin, b.seats, b.run_id,
  r.pickup_at, r.pickup_locality, r.pickup_postcode, r.pickup_address, r.destination_locality, r.destination_postcode, r.destination_address,
  ${cursorInstant(sql`r.pickup_at`)} as cursor_at,
  c.id as customer_id, c.full_name as customer_name, c.email as customer_email,
  d.id as driver_id, d.full_name as driver_name, d.email as driver_email, dr.company_name`;
export const ADMIN_BOOKING_FROM = sql`
  from bookings b
  join rides r on r.id = b.ride_id
  join users c on c.id = b.customer_id
  join users d on d.id = b.driver_id
  left join drivers dr on dr.user_id = b.driver_id`;

export function toAdminBookingRow(r: Record<string, unknown>): AdminBookingRowDto {
  const at = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
  return {
    id: String(r.id),
    pickupAt: at(r.pickup_at),
    route: rideRouteOfRow(r, { words: true }),
    status: r.status as AdminBookingRowDto['status'],
    flag: (r.admin_flag as AdminBookingRowDto['flag']) ?? null,
    lateCancellation: Boolean(r.late_cancellation),
    price: Number(r.price_cents) / 100,
    origin: r.origin as AdminBookingRowDto['origin'],
    seats: r.seats === null || r.seats === undefined ? null : Number(r.seats),
    runId: (r.run_id as string | null) ?? null,
    customer: { id: String(r.customer_id), name: String(r.customer_name), email: String(r.customer_email) },
    driver: {
      id: String(r.driver_id),
      name: String(r.driver_name),
      email: String(r.driver_email),
      businessName: (r.company_name as string | null)?.trim() || null,
    },
  };
}

export async function listAdminBookings(db: Db, q: Query): Promise<AdminBookingListDto> {
  const where: SQL[] = [];
  if (q.status) where.push(sql`b.status = ${q.status}`);
  if (q.flag) where.push(sql`b.admin_flag = ${q.flag}`);
  if (q.origin) where.push(sql`b.origin = ${q.origin}`);
  if (q.from) where.push(sql`r.pickup_at >= ${sydneyDayStart(q.from)!.toISOString()}`);
  if (q.to) where.push(sql`r.pickup_at < ${sydneyDayEnd(q.to)!.toISOString()}`);
  if (q.driver) where.push(sql`d.search_text like ${containsPattern(q.driver.toLowerCase())}`);
  if (q.customer) where.push(sql`c.search_text like ${containsPattern(q.customer.toLowerCase())}`);
  if (q.cursor) {
    const c = decodeInstantCursor(q.cursor);
    if (!c) throw cursorRefused(ADMIN_USER_MESSAGES.badCursor);
    where.push(sql`(r.pickup_at, b.id) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const result = await db.execute(sql`
    select ${ADMIN_BOOKING_SELECT}
    ${ADMIN_BOOKING_FROM}
    ${where.length ? sql`where ${and(...where)}` : sql``}
    order by r.pickup_at desc, b.id desc
    limit ${q.limit + 1}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    bookings: page.map(toAdminBookingRow),
    nextCursor: rows.length > q.limit && last ? encodeCursor(String(last.cursor_at), String(last.id)) : null,
  };
}
