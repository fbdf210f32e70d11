/**
 * GET /api/admin/today (issue 30): every booking whose pickup falls in the current Sydney day (confirmed,
 * completed or cancelled), in pickup order, with both phones and whether it is late (shared late.ts).
 */
import { sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/admin/bookings.ts';
import type {
  AdminTodayDto,
  AdminTodayRowDto,
  TodayPhoneDto,
} from '../../../shared/marketplace/admin-today.ts';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import type { BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import { lateness } from '../../../shared/marketplace/late.ts';
import { sydneyDayEnd, sydneyDayStart, sydneyToday } from '../../../shared/marketplace/time.ts';
import type { TripStatus } from '../../../shared/marketplace/trip-status.ts';
import { dayOfTripPhone, formatPhone, phoneHref } from '../../../shared/validation/phone.ts';
import type { Db } from '../../db/client.ts';
import { namedPlaceOf } from '../../services/places.ts';

/** More than any one day holds; a day past it would need paging, which a day's board should never need. */
const TODAY_LIMIT = 500;

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function phone(v: unknown): TodayPhoneDto | null {
  const stored = text(v);
  return stored ? { display: formatPhone(stored), href: phoneHref(stored) } : null;
}

function toRow(r: Row, now: Date): AdminTodayRowDto {
  const status = r.status as BookingStatus;
  const tripStatus = (r.trip_status as TripStatus | null) ?? null;
  return {
    id: String(r.id),
    pickupAt: iso(r.pickup_at),
    from: {
      locality: displayLocality(String(r.pickup_locality)),
      place: text(r.pickup_address),
      name: namedPlaceOf({ postcode: text(r.pickup_postcode), address: text(r.pickup_address) }),
    },
    to: {
      locality: displayLocality(String(r.destination_locality)),
      place: text(r.destination_address),
      name: namedPlaceOf({ postcode: text(r.destination_postcode), address: text(r.destination_address) }),
    },
    status,
    tripStatus,
    tripStatusAt: r.trip_status_at ? iso(r.trip_status_at) : null,
    driver: {
      id: String(r.driver_id),
      name: String(r.driver_name),
      businessName: text(r.company_name) || null,
      // The number the customer is given on the day: the business phone when it is a mobile, else the
      // driver's own (as in the e-mails; an office landline is not answered at the kerb, issue 32).
      phone: phone(dayOfTripPhone(text(r.business_phone), text(r.driver_phone))),
    },
    customer: { id: String(r.customer_id), name: String(r.customer_name), phone: phone(r.customer_phone) },
    origin: r.origin as BookingOrigin,
    seats: r.seats === null || r.seats === undefined ? null : Number(r.seats),
    late: lateness({ status, tripStatus, pickupAt: iso(r.pickup_at) }, now),
  };
}

export async function todayBookings(db: Db, now: Date = new Date()): Promise<AdminTodayDto> {
  const date = sydneyToday(now);
  const start = sydneyDayStart(date)!;
  const end = sydneyDayEnd(date)!;
  const result = (await db.execute(sql`
    select b.id, b.status, b.trip_status, b.trip_status_at, b.origin, b.seats,
           r.pickup_at, r.pickup_locality, r.pickup_postcode, r.pickup_address, r.destination_locality,
           r.destination_postcode, r.destination_address,
           c.id as customer_id, c.full_name as customer_name, c.phone as customer_phone,
           d.id as driver_id, d.full_name as driver_name, d.phone as driver_phone,
           dr.company_name, dr.business_phone
      from bookings b
      join rides r on r.id = b.ride_id
      join users c on c.id = b.customer_id
      join users d on d.id = b.driver_id
      left join drivers dr on dr.user_id = b.driver_id
     where r.pickup_at >= ${start.toISOString()} and r.pickup_at < ${end.toISOString()}
       and b.status in ('confirmed', 'completed', 'cancelled')
     order by r.pickup_at, b.id
     limit ${TODAY_LIMIT}`)) as unknown as { rows: Row[] };
  return { date, asOf: now.toISOString(), bookings: result.rows.map((r) => toRow(r, now)) };
}

/** How many of today's bookings are late now (the dashboard's "needs attention"). */
export async function lateTodayCount(db: Db, now: Date = new Date()): Promise<number> {
  return (await todayBookings(db, now)).bookings.filter((b) => b.late !== null).length;
}
