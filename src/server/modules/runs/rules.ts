/**
 * What the runs use cases share: the id check, great-circle distance in SQL (an end's radius), the 409 a
 * refused seat booking answers (worked out from a fresh read of the run), and the one-line run name.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { RUN_CONFLICTS } from '../../../shared/marketplace/runs.ts';
import { AppError } from '../../http/errors.ts';
import type { RunRow, SeatsWanted } from './seats.ts';

export const uuid = z.uuid();
export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** SQL: great-circle kilometres between two points given as SQL expressions. */
export function kmBetween(aLat: SQL, aLng: SQL, bLat: SQL, bLng: SQL): SQL {
  return sql`(6371 * 2 * asin(least(1, sqrt(
      power(sin(radians(${bLat} - ${aLat}) / 2), 2)
      + cos(radians(${aLat})) * cos(radians(${bLat}))
        * power(sin(radians(${bLng} - ${aLng}) / 2), 2)))))`;
}

export const point = (lat: number, lng: number) => ({ lat: sql`${lat}::float8`, lng: sql`${lng}::float8` });

/** Seats still for sale: none once the whole vehicle is sold. */
export const seatsLeft = (run: RunRow) => (run.vehicleSold ? 0 : run.seatsTotal - run.seatsSold);

/** Why `takeRunSeats` took nothing, from the run as it is now: the message of the 409. */
export function runRefusal(run: RunRow | undefined, want: SeatsWanted, now = new Date()): string {
  if (!run) return RUN_CONFLICTS.notOpen;
  if (run.status !== 'open') return RUN_CONFLICTS.notOpen;
  if (run.departsFrom <= now) return RUN_CONFLICTS.departed;
  if (run.vehicleSold) return RUN_CONFLICTS.vehicleSold;
  if (want.seats === null) {
    if (run.vehiclePriceCents === null) return RUN_CONFLICTS.noVehiclePrice;
    if (run.seatsSold > 0) return RUN_CONFLICTS.vehicleTaken;
  } else {
    if (run.seatPriceCents === null) return RUN_CONFLICTS.noSeatPrice;
    if (run.seatsSold + want.seats > run.seatsTotal) return RUN_CONFLICTS.seatsLeft(seatsLeft(run));
  }
  if (run.bagsSold + want.bags > run.bagsTotal) return RUN_CONFLICTS.bagsLeft(run.bagsTotal - run.bagsSold);
  const price = want.seats === null ? run.vehiclePriceCents : (run.seatPriceCents ?? 0) * want.seats;
  if (want.priceCents !== undefined && price !== null && price !== want.priceCents) {
    return RUN_CONFLICTS.priceChanged(price);
  }
  return RUN_CONFLICTS.notOpen;
}

export const runName = (run: Pick<RunRow, 'fromName' | 'toName'>) =>
  `${displayLocality(run.fromName)} to ${displayLocality(run.toName)}`;
