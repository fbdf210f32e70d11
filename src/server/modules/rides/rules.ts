/**
 * What the request changes share: places from the gazetteer, the columns a trip's fields set (posting and
 * editing), the one-line trip summary drivers are told, telling matching drivers, and the 409 of a request
 * that is no longer open.
 */
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import { estimateRoadKm } from '../../../shared/marketplace/geo.ts';
import { toCents } from '../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../shared/marketplace/time.ts';
import { plural } from '../../../shared/plural.ts';
import { MARKETPLACE_MESSAGES, type RideEdit } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { find, type Place, rideRoute } from '../../services/places.ts';
import { notifyAll } from '../notifications/service.ts';
import type { RideRow } from './dto.ts';

export const LIVE = [...LIVE_QUOTE_STATUSES];

export function resolvePlace(
  input: { locality: string; postcode: string },
  which: 'pickup' | 'destination',
): Place {
  const place = find(input.locality, input.postcode);
  if (place) return place;
  const message =
    which === 'pickup' ? MARKETPLACE_MESSAGES.pickupRequired : MARKETPLACE_MESSAGES.destinationRequired;
  throw new AppError(400, 'validation', message, [{ path: which, message }]);
}

/** The ride columns a trip's fields set (shared by posting and editing). */
export function tripColumns(input: RideEdit, pickup: Place, destination: Place, pickupAt: Date) {
  return {
    pickupLocality: pickup.locality,
    pickupPostcode: pickup.postcode,
    pickupAddress: input.pickup.address,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    destinationLocality: destination.locality,
    destinationPostcode: destination.postcode,
    destinationAddress: input.destination.address,
    destinationLat: destination.lat,
    destinationLng: destination.lng,
    pickupAt,
    passengers: input.passengers,
    luggageBags: input.luggageBags,
    largeItems: input.largeItems,
    budgetCents: input.budget === null ? null : toCents(input.budget),
    notes: input.notes,
    flightNumber: input.flightNumber,
    needs: input.needs,
    distanceKm: estimateRoadKm(pickup, destination),
  };
}

export const tripSummary = (row: RideRow) =>
  `${rideRoute(row, { words: true })}, ${formatSydney(row.pickupAt)}, ${plural(row.passengers, 'passenger')}`;

export async function notifyMatchingDrivers(tx: Db, row: RideRow, driverIds: string[]) {
  // Every matching driver in one statement, however many there are (issue 34).
  const message = `${tripSummary(row)}. It matches your availability and vehicle.`;
  await notifyAll(
    tx,
    driverIds.map((userId) => ({
      userId,
      type: 'ride_matched' as const,
      title: 'New trip request',
      message,
      relatedId: row.id,
    })),
  );
}

export function notOpen(status: string): AppError {
  const message =
    status === 'cancelled'
      ? MARKETPLACE_MESSAGES.rideCancelled
      : status === 'expired'
        ? MARKETPLACE_MESSAGES.rideExpired
        : MARKETPLACE_MESSAGES.rideBooked;
  return new AppError(409, 'conflict', message);
}
