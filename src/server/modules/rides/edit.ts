/**
 * PATCH /api/rides/:id: the customer edits an open request; a material change is a new version whose
 * quotes their drivers must confirm again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import { QUOTE_LIMITS } from '../../../shared/marketplace/constants.ts';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import { sydneyToUtc } from '../../../shared/marketplace/time.ts';
import type { RideEdit } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';
import { decorate } from './decorate.ts';
import type { RideRow } from './dto.ts';
import { matchingDriverIds } from './matching.ts';
import { LIVE, notifyMatchingDrivers, notOpen, resolvePlace, tripColumns, tripSummary } from './rules.ts';

const readNeedsOf = (row: RideRow) => readNeeds(row.needs);

/**
 * Edits an open request (its customer only). A change of route (either locality), pickup time or
 * passengers is a new version: every live quote must then be confirmed again by its driver, who is told,
 * and drivers who match only now are told of the request. Budget, notes, luggage, flight and street
 * addresses do not change the version.
 */
export async function editRide(db: Db, customerId: string, id: string, input: RideEdit): Promise<RideDto> {
  const pickup = resolvePlace(input.pickup, 'pickup');
  const destination = resolvePlace(input.destination, 'destination');
  const pickupAt = sydneyToUtc(input.date, input.time)!;

  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Locks the row: a booking of this request waits for the edit, then finds the new version.
    const [current] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, id), eq(rides.customerId, customerId)))
      .for('update');
    if (!current) throw notFound();
    if (current.status !== 'open') throw notOpen(current.status);
    const material =
      current.pickupLocality !== pickup.locality ||
      current.pickupPostcode !== pickup.postcode ||
      current.destinationLocality !== destination.locality ||
      current.destinationPostcode !== destination.postcode ||
      current.pickupAt.getTime() !== pickupAt.getTime() ||
      current.passengers !== input.passengers ||
      // A wheelchair or child seats added later change what a driver agreed to carry.
      JSON.stringify(readNeedsOf(current)) !== JSON.stringify(input.needs);
    const [updated] = await tx
      .update(rides)
      .set({
        ...tripColumns(input, pickup, destination, pickupAt),
        ...(material ? { version: sql`${rides.version} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(rides.id, id), sql`${rides.status} = 'open'`))
      .returning();
    if (!updated) throw notOpen('booked');
    if (!material) return updated;

    // A quote is never silently applied to a different trip: its driver confirms it again. It cannot
    // stay valid past the new "2 hours before pickup" either.
    const closes = new Date(pickupAt.getTime() - QUOTE_LIMITS.closesBeforePickupHours * 3_600_000);
    const flagged = await tx
      .update(quotes)
      .set({
        status: 'needs_confirmation',
        validUntil: sql`least(${quotes.validUntil}, ${closes.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.rideId, id), inArray(quotes.status, LIVE)))
      .returning({ id: quotes.id, driverId: quotes.driverId });
    for (const q of flagged) {
      await notify(tx, {
        userId: q.driverId,
        type: 'quote_needs_confirmation',
        title: 'Trip changed: confirm your quote',
        message: `The customer changed this trip (now ${tripSummary(updated)}). Confirm or change your quote so they can accept it.`,
        relatedId: id,
      });
    }
    const before = new Set(await matchingDriverIds(tx, current));
    const quoted = new Set(flagged.map((q) => q.driverId));
    const fresh = (await matchingDriverIds(tx, updated)).filter((d) => !before.has(d) && !quoted.has(d));
    await notifyMatchingDrivers(tx, updated, fresh);
    return updated;
  });
  return (await decorate(db, [row]))[0]!;
}
