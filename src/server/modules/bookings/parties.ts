/**
 * Who may act on a booking on the day of the trip (issue 30). As for the existing actions: anyone who is
 * not a party (another driver, another customer, an administrator) gets 404, as for a record that does
 * not exist; a party asking for the other side's action gets 403 ("Mark completed" does the same).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';

const uuid = z.uuid();
type BookingRow = typeof bookings.$inferSelect;

/** The booking if the user is its customer or driver; 404 otherwise (and for a bad id). */
export async function bookingOfParty(db: Db, user: Pick<SessionUser, 'id'>, id: string): Promise<BookingRow> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row || (row.customerId !== user.id && row.driverId !== user.id)) throw notFound();
  return row;
}

/** The booking if the user is its driver; 403 for its customer, 404 for anyone else. */
export async function driverBooking(db: Db, user: Pick<SessionUser, 'id'>, id: string): Promise<BookingRow> {
  const row = await bookingOfParty(db, user, id);
  if (row.driverId !== user.id) throw forbidden();
  return row;
}

/** The booking if the user is its customer; 403 for its driver, 404 for anyone else. */
export async function customerBooking(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  id: string,
): Promise<BookingRow> {
  const row = await bookingOfParty(db, user, id);
  if (row.customerId !== user.id) throw forbidden();
  return row;
}
