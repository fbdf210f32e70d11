/** POST /api/rides: a customer posts a request (and its return leg), and the answer rebuilt for a retry. */
import { and, eq, or } from 'drizzle-orm';
import type { RideDto } from '../../../shared/marketplace/api.ts';
import { sydneyToUtc } from '../../../shared/marketplace/time.ts';
import type { RideRequest } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { rides } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { autoQuoteRunsForRide } from '../runs/auto-quote.ts';
import { decorate } from './decorate.ts';
import type { RideRow } from './dto.ts';
import { matchingDriverIds } from './matching.ts';
import { notifyMatchingDrivers, resolvePlace, tripColumns } from './rules.ts';

/**
 * Inserts a request and its return leg (the same people and things travel back; the return leg has its own
 * flight) with the given status: 'open' for a signed-in post, 'draft' for a guest's (guest-post.ts).
 */
export async function insertTripLegs(
  tx: Db,
  customerId: string,
  input: RideRequest,
  status: 'open' | 'draft',
): Promise<{ ride: RideRow; returnRide: RideRow | null }> {
  const pickup = resolvePlace(input.pickup, 'pickup');
  const destination = resolvePlace(input.destination, 'destination');
  // The schema has already checked both instants exist in Sydney and are far enough ahead.
  const pickupAt = sydneyToUtc(input.date, input.time)!;
  const returnAt = input.returnTrip ? sydneyToUtc(input.returnTrip.date, input.returnTrip.time)! : null;
  const [ride] = await tx
    .insert(rides)
    .values({ customerId, status, ...tripColumns(input, pickup, destination, pickupAt) })
    .returning();
  let returnRide: RideRow | null = null;
  if (returnAt) {
    const back = tripColumns(
      {
        ...input,
        pickup: input.destination,
        destination: input.pickup,
        flightNumber: input.returnTrip!.flightNumber,
      },
      destination,
      pickup,
      returnAt,
    );
    const [inserted] = await tx
      .insert(rides)
      .values({ customerId, status, ...back, outboundRideId: ride!.id })
      .returning();
    returnRide = inserted!;
  }
  return { ride: ride!, returnRide };
}

/** Posts a request (and its return leg) and tells every matching driver, in one transaction. */
export async function createRide(
  db: Db,
  customerId: string,
  input: RideRequest,
): Promise<{ ride: RideDto; returnRide: RideDto | null }> {
  // Places are checked before the transaction: an unknown one is a 400 that changes nothing.
  resolvePlace(input.pickup, 'pickup');
  resolvePlace(input.destination, 'destination');
  const { ride, returnRide } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { ride, returnRide } = await insertTripLegs(tx, customerId, input, 'open');
    for (const leg of [ride, returnRide]) {
      if (!leg) continue;
      await notifyMatchingDrivers(tx, leg, await matchingDriverIds(tx, leg));
      // Runs whose drivers opted in quote it at once (issue 31).
      await autoQuoteRunsForRide(tx, leg);
    }
    await recordIdempotentEffect(tx, ride.id);
    return { ride, returnRide };
  });
  const dtos = await decorate(db, returnRide ? [ride, returnRide] : [ride]);
  return { ride: dtos[0]!, returnRide: dtos[1] ?? null };
}

/**
 * The answer createRide gave, built again from the outbound ride's id (a retry of a request that died
 * after committing: see http/idempotency.ts).
 */
export async function createdRideAnswer(
  db: Db,
  customerId: string,
  rideId: string,
): Promise<{ ride: RideDto; returnRide: RideDto | null }> {
  const legs = await db
    .select()
    .from(rides)
    .where(and(eq(rides.customerId, customerId), or(eq(rides.id, rideId), eq(rides.outboundRideId, rideId))));
  const outbound = legs.find((r) => r.id === rideId);
  if (!outbound) throw notFound();
  const back = legs.find((r) => r.outboundRideId === rideId) ?? null;
  const dtos = await decorate(db, back ? [outbound, back] : [outbound]);
  return { ride: dtos[0]!, returnRide: dtos[1] ?? null };
}
