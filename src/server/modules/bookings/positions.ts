/**
 * The driver's position on the day (issue 30), shared by the driver's choice per trip, only from "On the
 * way" until the passenger is on board. Only the latest position is kept (one row per booking), deleted at
 * on_board and at cancellation, and only the booking's customer reads it (dto.ts). Positions outside
 * Australia are refused by the schema; one implying more than 200 km/h since the last stored one is
 * refused here; at most one is stored per 10 seconds, decided by the UPSERT's own WHERE (a position sent
 * sooner is answered 202 "not stored", which a phone's position watcher can ignore).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { haversineKm } from '../../../shared/marketplace/geo.ts';
import {
  type PositionInput,
  TRIP_DAY_EVENTS,
  TRIP_MESSAGES,
  TRIP_WINDOWS,
} from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookingPositions, bookings } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { publish } from '../../services/realtime.ts';
import { driverBooking } from './parties.ts';
import { BOOKING_EVENT } from './trip-status.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);
/** The statuses during which a position may be shared. */
const SHARING_STATUSES = ['on_the_way', 'arrived'];

/** The driver switches sharing on or off for this trip (a booking event; the customer's page refreshes). */
export async function setPositionSharing(db: Db, user: SessionUser, id: string, on: boolean): Promise<void> {
  const booking = await driverBooking(db, user, id);
  if (booking.status === 'cancelled') throw conflict(TRIP_MESSAGES.cancelled);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [changed] = await tx
      .update(bookings)
      .set({ sharingPosition: on })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'confirmed'),
          // Switching off is always allowed while confirmed; on only while it can be used.
          on ? inArray(bookings.tripStatus, SHARING_STATUSES) : undefined,
          sql`${bookings.sharingPosition} <> ${on}`,
        ),
      )
      .returning({ id: bookings.id });
    if (!changed) {
      const [now] = await tx.select().from(bookings).where(eq(bookings.id, id));
      if (now?.status === 'cancelled') throw conflict(TRIP_MESSAGES.cancelled);
      if (now?.status !== 'confirmed') throw conflict(TRIP_MESSAGES.notConfirmed);
      // Already as asked: nothing to record.
      if (now.sharingPosition === on) return;
      throw conflict(TRIP_MESSAGES.sharingNotNow);
    }
    if (!on) await tx.delete(bookingPositions).where(eq(bookingPositions.bookingId, id));
    await tx.insert(bookingEvents).values({
      bookingId: id,
      type: on ? TRIP_DAY_EVENTS.sharingOn : TRIP_DAY_EVENTS.sharingOff,
      actorId: user.id,
      note: '',
    });
    await publish(tx, { userId: booking.customerId, kind: BOOKING_EVENT, id });
  });
}

/** Stores the driver's position: true when stored, false when sent within 10 s of the last one. */
export async function recordPosition(
  db: Db,
  user: SessionUser,
  id: string,
  p: PositionInput,
): Promise<boolean> {
  const booking = await driverBooking(db, user, id);
  if (booking.status === 'cancelled') throw conflict(TRIP_MESSAGES.cancelled);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The booking row is locked: positions of one trip are stored one after the other, so the speed check
    // below compares with the position really stored last.
    const [row] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'confirmed'),
          eq(bookings.sharingPosition, true),
          inArray(bookings.tripStatus, SHARING_STATUSES),
        ),
      )
      .for('update');
    if (!row) throw conflict(TRIP_MESSAGES.positionNotNow);
    const [last] = (
      (await tx.execute(sql`
        select lat, lng, extract(epoch from (now() - recorded_at))::float8 as age_s
          from booking_positions where booking_id = ${id}`)) as unknown as {
        rows: { lat: number; lng: number; age_s: number }[];
      }
    ).rows;
    if (last && last.age_s >= TRIP_WINDOWS.positionIntervalSeconds) {
      const kmh = haversineKm(last, p) / (Number(last.age_s) / 3600);
      if (kmh > TRIP_WINDOWS.maxSpeedKmh) throw conflict(TRIP_MESSAGES.tooFast);
    }
    // The one statement that decides whether this position is stored (not within 10 s of the last).
    const stored = await tx
      .insert(bookingPositions)
      .values({
        bookingId: id,
        lat: p.lat,
        lng: p.lng,
        accuracyM: p.accuracyM ?? null,
        recordedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: bookingPositions.bookingId,
        set: {
          lat: sql`excluded.lat`,
          lng: sql`excluded.lng`,
          accuracyM: sql`excluded.accuracy_m`,
          recordedAt: sql`now()`,
        },
        setWhere: sql`${bookingPositions.recordedAt} <= now() - make_interval(secs => ${TRIP_WINDOWS.positionIntervalSeconds})`,
      })
      .returning({ id: bookingPositions.bookingId });
    if (stored.length === 0) return false;
    await publish(tx, { userId: booking.customerId, kind: BOOKING_EVENT, id });
    return true;
  });
}
