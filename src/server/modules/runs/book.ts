/**
 * POST /api/runs/:id/book: a signed-in customer books seats on a run, or its whole vehicle (issue 31 item 2),
 * with their own pickup and drop-off within the run's radii, their bags and the price they saw. In ONE
 * transaction: the seats are taken by one conditional UPDATE of the run (seats.ts: never more than there
 * are; the whole vehicle only while no seat is sold; the price as seen), then the customer's trip is made
 * (a rides row already 'booked', picked up at the start of the run's departure window: the driver and
 * customer agree the minute through the booking's contacts), an accepted quote naming the run and its seats,
 * and the booking, written like every other (bookings/insert.ts: contacts, confirmations, reminders, the
 * day of the trip, ratings and the fee follow from it). Whatever took nothing answers 409 saying why.
 */
import { eq, sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { haversineKm } from '../../../shared/marketplace/geo.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import { NO_NEEDS } from '../../../shared/marketplace/needs.ts';
import { RUN_CONFLICTS, RUN_MESSAGES } from '../../../shared/marketplace/runs.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { RideEdit } from '../../../shared/validation/marketplace.ts';
import type { BookRun } from '../../../shared/validation/runs.ts';
import type { Db } from '../../db/client.ts';
import { quotes, rides, runs, vehicles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { loadBookingDto } from '../bookings/dto.ts';
import { insertBooking } from '../bookings/insert.ts';
import { notifyAll } from '../notifications/service.ts';
import { describeQuotedVehicle } from '../quotes/vehicle.ts';
import { resolvePlace, tripColumns } from '../rides/rules.ts';
import { eligibleDriverSql } from '../verification/standing.ts';
import { conflict, runName, runRefusal, uuid } from './rules.ts';
import { type SeatsWanted, takeRunSeats } from './seats.ts';

/** Thrown inside the transaction to roll it back: the run took nothing. */
class Refused extends Error {}

const outside = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

export async function bookRun(
  db: Db,
  user: SessionUser,
  id: string,
  input: BookRun,
  brandName: string,
): Promise<BookingDto> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [run] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  if (!run) throw notFound();
  if (run.driverId === user.id) throw conflict(RUN_CONFLICTS.ownRun);
  // The verification gate (issue 13): a run of a driver who may not quote now (documents lapsed, held,
  // suspended) is not for sale.
  const gate = (await db.execute(
    sql`select ${eligibleDriverSql(sql`${run.driverId}::uuid`)} as ok`,
  )) as unknown as { rows: { ok: boolean }[] };
  if (!gate.rows[0]?.ok) throw conflict(RUN_CONFLICTS.notOpen);
  // Places first: an unknown place, or one outside a radius, is a 400 that changes nothing.
  const pickup = resolvePlace(input.pickup, 'pickup');
  const destination = resolvePlace(input.destination, 'destination');
  if (haversineKm(pickup, { lat: run.fromLat, lng: run.fromLng }) > run.fromRadiusKm) {
    throw outside('pickup', RUN_MESSAGES.pickupOutside(run.fromName, run.fromRadiusKm));
  }
  if (haversineKm(destination, { lat: run.toLat, lng: run.toLng }) > run.toRadiusKm) {
    throw outside('destination', RUN_MESSAGES.destinationOutside(run.toName, run.toRadiusKm));
  }
  const want: SeatsWanted = {
    runId: run.id,
    seats: input.wholeVehicle ? null : input.seats!,
    bags: input.bags,
    priceCents: input.priceCents,
  };
  // The whole vehicle carries the passengers the customer says (all its seats when not said).
  const passengers = Math.min(input.seats ?? run.seatsTotal, run.seatsTotal);

  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const taken = await takeRunSeats(tx, want);
      if (!taken) throw new Refused();
      const trip: RideEdit = {
        pickup: input.pickup,
        destination: input.destination,
        date: '',
        time: '',
        passengers,
        luggageBags: input.bags,
        largeItems: [],
        budget: null,
        notes: input.notes,
        flightNumber: '',
        needs: NO_NEEDS,
      };
      const [ride] = await tx
        .insert(rides)
        .values({
          customerId: user.id,
          status: 'booked',
          ...tripColumns(trip, pickup, destination, taken.departsFrom),
        })
        .returning();
      const [car] = await tx.select().from(vehicles).where(eq(vehicles.id, taken.vehicleId)).limit(1);
      const seatsTaken = want.seats ?? taken.seatsTotal;
      const what =
        want.seats === null ? 'the whole vehicle' : `${want.seats} seat${want.seats === 1 ? '' : 's'}`;
      const [quote] = await tx
        .insert(quotes)
        .values({
          rideId: ride!.id,
          driverId: taken.driverId,
          status: 'accepted',
          priceCents: input.priceCents,
          message: `Booked ${what} on the run ${runName(taken)}.`,
          vehicle: car ? describeQuotedVehicle(car) : '',
          vehicleId: taken.vehicleId,
          validUntil: taken.departsFrom,
          rideVersion: ride!.version,
          runId: taken.id,
          runSeats: want.seats,
        })
        .returning();
      const booking = await insertBooking(tx, {
        ride: ride!,
        quote: quote!,
        actorId: user.id,
        brandName,
        origin: want.seats === null ? 'run_vehicle' : 'run_seat',
        runId: taken.id,
        seats: seatsTaken,
        driverTitle: 'Run booked: new booking',
        driverMessage: `A customer booked ${what} on your run ${runName(taken)} for ${formatAud(input.priceCents)}. The customer's contact details are on the booking.`,
      });
      await notifyAll(tx, booking.notifications);
      const bookingId = booking.id;
      await recordIdempotentEffect(tx, bookingId);
      // The answer is read inside the transaction: after the commit it would need another pooled
      // connection, and under load the customer would be told 503 for a booking that was made (issue 33).
      return loadBookingDto(tx, user, bookingId);
    });
  } catch (err) {
    if (err instanceof Refused) {
      const [now] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
      throw conflict(runRefusal(now, want));
    }
    throw err;
  }
}
