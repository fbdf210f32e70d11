/**
 * GET /api/rides/:id/instant-prices: the price list for a posted trip, for its customer (or an admin) on
 * the trip page. A trip no longer open (booked, cancelled, a draft not yet confirmed) has no prices to book.
 */
import { eq } from 'drizzle-orm';
import type { InstantPriceDto } from '../../../shared/marketplace/fares.ts';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import type { Db } from '../../db/client.ts';
import { rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { fareIdSchema } from './edit.ts';
import { instantPrices, type PricedTripInput } from './price-list.ts';

export type RideRow = typeof rides.$inferSelect;

/** The trip as the price list reads it. */
export function tripOfRide(ride: RideRow): PricedTripInput {
  return {
    pickupLat: ride.pickupLat,
    pickupLng: ride.pickupLng,
    destinationLat: ride.destinationLat,
    destinationLng: ride.destinationLng,
    pickupAt: ride.pickupAt,
    passengers: ride.passengers,
    bags: ride.luggageBags,
    needs: readNeeds(ride.needs),
  };
}

/** The customer's own trip (an admin sees any); anything else reads as 404. */
export async function customersRide(
  db: Db,
  viewer: { id: string; role: string },
  id: string,
): Promise<RideRow> {
  if (!fareIdSchema.safeParse(id).success) throw notFound();
  const [ride] = await db.select().from(rides).where(eq(rides.id, id)).limit(1);
  if (!ride || (viewer.role !== 'admin' && ride.customerId !== viewer.id)) throw notFound();
  return ride;
}

export async function ridePrices(
  db: Db,
  viewer: { id: string; role: string },
  id: string,
): Promise<InstantPriceDto[]> {
  const ride = await customersRide(db, viewer, id);
  if (ride.status !== 'open' || ride.pickupAt <= new Date()) return [];
  return instantPrices(db, tripOfRide(ride));
}
