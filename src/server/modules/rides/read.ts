/** Reading requests: one as its viewer may see it, the customer's own list, and how many drivers match one. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/client.ts';
import { bookings, quotes, rides } from '../../db/schema/index.ts';
import { loadDriverContext, notVerifiedError } from '../verification/standing.ts';
import { decorate } from './decorate.ts';
import type { RideRow } from './dto.ts';
import { matchingDriverIds } from './matching.ts';

export interface Viewer {
  id: string;
  role: Role;
}

const LIVE_BOOKING = ['confirmed', 'completed'];

async function rideById(db: Db, id: string): Promise<RideRow | null> {
  const [row] = await db.select().from(rides).where(eq(rides.id, id)).limit(1);
  return row ?? null;
}

/**
 * A request as `viewer` may see it, or null (read as 404): the customer who posted it, any admin, or a
 * driver once they have quoted on it or hold its booking, or while it is open if they pass the gate (issue
 * 28: the same as the list of open trips; anyone else 403 `driver_not_verified`). Drivers never see
 * contact details, and see street addresses only with the booking.
 */
export async function readRide(db: Db, viewer: Viewer, id: string): Promise<RideDto | null> {
  const row = await rideById(db, id);
  if (!row) return null;
  if (viewer.role === 'admin' || row.customerId === viewer.id) return (await decorate(db, [row]))[0]!;
  if (viewer.role !== 'driver') return null;
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.rideId, id), eq(bookings.driverId, viewer.id), inArray(bookings.status, LIVE_BOOKING)),
    )
    .limit(1);
  if (!booking) {
    const [quoted] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.rideId, id), eq(quotes.driverId, viewer.id)))
      .limit(1);
    if (!quoted) {
      if (row.status !== 'open') return null;
      const standing = (await loadDriverContext(db, viewer.id))?.standing;
      if (standing && !standing.canQuote) throw notVerifiedError(standing);
    }
  }
  return (await decorate(db, [row], { hideAddresses: !booking, quotesOf: viewer.id }))[0]!;
}

/** The customer's own requests, newest pickup first. */
export async function listMyRides(db: Db, customerId: string): Promise<RideDto[]> {
  const rows = await db
    .select()
    .from(rides)
    .where(eq(rides.customerId, customerId))
    .orderBy(desc(rides.pickupAt), desc(rides.id))
    .limit(MY_RIDES_LIMIT);
  return decorate(db, rows);
}
export const MY_RIDES_LIMIT = 200;

/** How many drivers match a request: its owner or an admin only (null reads as 404). */
export async function countMatches(db: Db, viewer: Viewer, id: string): Promise<number | null> {
  const row = await rideById(db, id);
  if (!row || (viewer.role !== 'admin' && row.customerId !== viewer.id)) return null;
  return (await matchingDriverIds(db, row)).length;
}
