/**
 * POST /api/runs: a verified driver publishes a run (issue 31 item 2): from and to (places from the
 * gazetteer, each with a pickup or drop-off radius), a date and departure window in Sydney time, one of
 * their own live vehicles, seats and bags free within what it carries, a price per seat and/or for the whole
 * vehicle, and whether fitting requests get it as a quote automatically. A drive back names the booking it
 * follows (one open run per booking: a unique index decides, 409).
 */
import { and, eq } from 'drizzle-orm';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { toCents } from '../../../shared/marketplace/money.ts';
import { RUN_CONFLICTS, RUN_MESSAGES, type RunDto } from '../../../shared/marketplace/runs.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { type PublishRun, runWindow } from '../../../shared/validation/runs.ts';
import type { Db } from '../../db/client.ts';
import { bookings, runs } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { find, search } from '../../services/places.ts';
import { isRaceError } from '../bookings/db-errors.ts';
import { quoteVehicle } from '../quotes/vehicle.ts';
import { requireQuotingDriver } from '../verification/standing.ts';
import { autoQuoteRequestsForRun } from './auto-quote.ts';
import { toRunDtos } from './dto.ts';
import { conflict } from './rules.ts';

const refuse = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

/**
 * A run's end: the gazetteer's locality, or the named place typed in the address ("Sydney Airport") when
 * the gazetteer knows it in that postcode (its own coordinates and name). A street address is never the
 * run's name: runs are public, and street addresses are shown only to a booking's parties (ADR 005).
 */
export function runEnd(input: { locality: string; postcode: string; address: string }, which: 'from' | 'to') {
  const place = find(input.locality, input.postcode);
  if (!place) throw refuse(which, which === 'from' ? RUN_MESSAGES.from : RUN_MESSAGES.to);
  const named = input.address ? search(input.address, 1)[0] : undefined;
  if (named?.name && named.postcode === place.postcode) {
    return { name: named.name, lat: named.lat, lng: named.lng, locality: place.locality };
  }
  return {
    name: displayLocality(place.locality),
    lat: place.lat,
    lng: place.lng,
    locality: place.locality,
  };
}

export async function publishRun(db: Db, user: SessionUser, input: PublishRun): Promise<RunDto> {
  // The gate (issue 13): only a driver who may quote may sell seats.
  const standing = await requireQuotingDriver(db, user);
  const car = await quoteVehicle(db, user.id, standing, input.vehicleId, 1);
  if (input.seats > car.seats) throw refuse('seats', RUN_MESSAGES.seatsOverVehicle(car.seats));
  if (input.bags > car.luggageBags) throw refuse('bags', RUN_MESSAGES.bagsOverVehicle(car.luggageBags));
  const from = runEnd(input.from, 'from');
  const to = runEnd(input.to, 'to');
  // The schema has checked both times exist in Sydney, in order, ahead.
  const window = runWindow(input)!;
  if (input.afterBookingId) {
    const [mine] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, input.afterBookingId), eq(bookings.driverId, user.id)))
      .limit(1);
    if (!mine) throw refuse('afterBookingId', RUN_MESSAGES.afterBooking);
  }
  try {
    const row = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [run] = await tx
        .insert(runs)
        .values({
          driverId: user.id,
          vehicleId: car.id,
          fromName: from.name,
          fromLat: from.lat,
          fromLng: from.lng,
          fromRadiusKm: input.fromRadiusKm,
          toName: to.name,
          toLat: to.lat,
          toLng: to.lng,
          toRadiusKm: input.toRadiusKm,
          departsFrom: window.from,
          departsUntil: window.until,
          seatsTotal: input.seats,
          bagsTotal: input.bags,
          seatPriceCents: input.seatPrice === null ? null : toCents(input.seatPrice),
          vehiclePriceCents: input.vehiclePrice === null ? null : toCents(input.vehiclePrice),
          autoQuote: input.autoQuote,
          afterBookingId: input.afterBookingId ?? null,
        })
        .returning();
      await autoQuoteRequestsForRun(tx, run!);
      return run!;
    });
    return (await toRunDtos(db, [row]))[0]!;
  } catch (err) {
    if (isRaceError(err)) throw conflict(RUN_CONFLICTS.driveBackTaken);
    throw err;
  }
}
