/**
 * Automatic run quotes (issue 31 item 2): when a driver opts in for a run, every open trip request that fits
 * it gets the run as a quote from that driver: pickup within the run's from radius, destination within its
 * to radius, pickup time inside the departure window, passengers within the seats left (or the whole
 * vehicle, when it is sold that way and unsold), bags within the bags left, needs the driver serves. Done
 * when the run is published (the requests already open) and when a request is posted or goes live (the runs
 * already published: rides/create.ts and rides/activate-drafts.ts call autoQuoteRunsForRide). The normal
 * quote rules hold: one live quote per driver per request (the partial unique index; a driver's own quote
 * is never replaced), validity until 2 hours before pickup, the customer told like any new quote.
 * Accepting one takes the seats (quotes/accept.ts with seats.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { readNeeds, readOffers } from '../../../shared/marketplace/needs.ts';
import { RUN_TEXT } from '../../../shared/marketplace/runs.ts';
import type { Db } from '../../db/client.ts';
import { drivers, quotes, rides, runs, vehicles } from '../../db/schema/index.ts';
import { notify } from '../notifications/service.ts';
import { driverDisplayName, tripName, validityWindow } from '../quotes/rules.ts';
import { describeQuotedVehicle } from '../quotes/vehicle.ts';
import type { RideRow } from '../rides/dto.ts';
import { offersCover, servableBy } from '../rides/needs-sql.ts';
import { eligibleDriverSql } from '../verification/standing.ts';
import { kmBetween, runName } from './rules.ts';
import type { RunRow } from './seats.ts';

/** The run's price for this request: seats at the seat price, else the whole vehicle; null: it does not fit. */
function offerFor(run: RunRow, ride: RideRow): { priceCents: number; runSeats: number | null } | null {
  if (run.vehicleSold || ride.luggageBags > run.bagsTotal - run.bagsSold) return null;
  if (run.seatPriceCents !== null && ride.passengers <= run.seatsTotal - run.seatsSold) {
    return { priceCents: run.seatPriceCents * ride.passengers, runSeats: ride.passengers };
  }
  if (run.vehiclePriceCents !== null && run.seatsSold === 0 && ride.passengers <= run.seatsTotal) {
    return { priceCents: run.vehiclePriceCents, runSeats: null };
  }
  return null;
}

/** Inserts the run's quote on the request unless the driver already has a live one; tells the customer. */
async function offerRunQuote(tx: Db, run: RunRow, ride: RideRow, now: Date): Promise<boolean> {
  const offer = offerFor(run, ride);
  if (!offer) return false;
  const [car] = await tx.select().from(vehicles).where(eq(vehicles.id, run.vehicleId)).limit(1);
  if (!car) return false;
  const [saved] = await tx
    .insert(quotes)
    .values({
      rideId: ride.id,
      driverId: run.driverId,
      status: 'pending',
      priceCents: offer.priceCents,
      message: RUN_TEXT.autoQuoteMessage(run.fromName, run.toName),
      vehicle: describeQuotedVehicle(car),
      vehicleId: car.id,
      validUntil: validityWindow(ride.pickupAt, now).byDefault,
      rideVersion: ride.version,
      runId: run.id,
      runSeats: offer.runSeats,
    })
    .onConflictDoNothing({
      target: [quotes.rideId, quotes.driverId],
      where: sql`status in ('pending', 'needs_confirmation')`,
    })
    .returning({ id: quotes.id });
  if (!saved) return false;
  const name = await driverDisplayName(tx, run.driverId);
  await notify(tx, {
    userId: ride.customerId,
    type: 'quote_received',
    title: 'New quote',
    message: `${name} quoted ${formatAud(offer.priceCents)} for your trip ${tripName(ride)}, with seats on their run ${runName(run)}.`,
    relatedId: ride.id,
  });
  return true;
}

/** SQL over `rides`: an open request ahead whose ends and time fit the run. */
function ridesFitting(run: RunRow) {
  return sql`${rides.status} = 'open' and ${rides.pickupAt} > now()
    and ${rides.pickupAt} between ${run.departsFrom} and ${run.departsUntil}
    and ${rides.customerId} <> ${run.driverId}
    and ${kmBetween(sql`${run.fromLat}::float8`, sql`${run.fromLng}::float8`, sql`${rides.pickupLat}`, sql`${rides.pickupLng}`)} <= ${run.fromRadiusKm}::float8
    and ${kmBetween(sql`${run.toLat}::float8`, sql`${run.toLng}::float8`, sql`${rides.destinationLat}`, sql`${rides.destinationLng}`)} <= ${run.toRadiusKm}::float8
    and ${rides.luggageBags} <= ${run.bagsTotal - run.bagsSold}::int
    and ${rides.passengers} <= ${run.seatsTotal}::int`;
}

/** A run just published with autoQuote: the open requests that fit get its quote. Returns how many. */
export async function autoQuoteRequestsForRun(tx: Db, run: RunRow, now = new Date()): Promise<number> {
  if (!run.autoQuote || run.status !== 'open') return 0;
  const [driver] = await tx
    .select({ offers: drivers.offers })
    .from(drivers)
    .where(eq(drivers.userId, run.driverId))
    .limit(1);
  if (!driver) return 0;
  const fitting = await tx
    .select()
    .from(rides)
    .where(and(ridesFitting(run), servableBy(sql`${rides.needs}`, readOffers(driver.offers))))
    .orderBy(rides.pickupAt)
    .limit(200);
  let sent = 0;
  for (const ride of fitting) if (await offerRunQuote(tx, run, ride, now)) sent += 1;
  return sent;
}

/**
 * A request just posted (or gone live from a draft): each open run with autoQuote that fits it, of a
 * driver who may quote and serves its needs, sends its quote. Returns how many.
 */
export async function autoQuoteRunsForRide(tx: Db, ride: RideRow, now = new Date()): Promise<number> {
  if (ride.status !== 'open') return 0;
  const candidates = await tx
    .select()
    .from(runs)
    .where(
      sql`${runs.status} = 'open' and ${runs.autoQuote} and not ${runs.vehicleSold}
        and ${runs.driverId} <> ${ride.customerId}
        and ${runs.departsFrom} <= ${ride.pickupAt} and ${runs.departsUntil} >= ${ride.pickupAt}
        and ${kmBetween(sql`${runs.fromLat}`, sql`${runs.fromLng}`, sql`${ride.pickupLat}::float8`, sql`${ride.pickupLng}::float8`)} <= ${runs.fromRadiusKm}
        and ${kmBetween(sql`${runs.toLat}`, sql`${runs.toLng}`, sql`${ride.destinationLat}::float8`, sql`${ride.destinationLng}::float8`)} <= ${runs.toRadiusKm}
        and ${eligibleDriverSql(sql`${runs.driverId}`)}
        and exists (select 1 from drivers d where d.user_id = ${runs.driverId}
                    and ${offersCover(sql`d.offers`, readNeeds(ride.needs))})`,
    )
    .orderBy(runs.departsFrom)
    .limit(20);
  let sent = 0;
  for (const run of candidates) if (await offerRunQuote(tx, run, ride, now)) sent += 1;
  return sent;
}
