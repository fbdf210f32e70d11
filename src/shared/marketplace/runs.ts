/**
 * Runs (issue 31 item 2): a trip a driver makes anyway (often the drive back after a long drop-off), sold by
 * the seat or as the whole vehicle. The limits, the words shown and refused, and the DTOs of /api/runs, one
 * source for the API and the web app. No zod here (the search page's first load stays small); the forms'
 * schemas are in ../validation/runs.ts.
 */

import { plural } from '../plural.ts';
import { formatAud } from './money.ts';

export const RUN_LIMITS = {
  /** Pickup and drop-off radius around each end, kilometres (the runs table's CHECK says 0 < r <= 100). */
  radiusMinKm: 1,
  radiusMaxKm: 100,
  radiusDefaultKm: 10,
  seatsMax: 50,
  bagsMax: 100,
  /** The departure window is at most this long. */
  windowMaxHours: 12,
  /** A run may be published at most this far ahead. */
  aheadMaxDays: 180,
  priceMaxAud: 100_000,
  /** "Publish your drive back" is offered after a booking whose drop-off is further than this from base. */
  driveBackMinKm: 40,
  /** The drive back's suggested window: from the estimated drop-off, this long. */
  driveBackWindowHours: 2,
  /** Average road speed for the drop-off time estimate, km/h, plus a margin for loading and traffic. */
  driveBackSpeedKmh: 70,
  driveBackMarginMinutes: 15,
  /** The search lists at most this many runs. */
  searchMax: 50,
} as const;

export const RUN_MESSAGES = {
  from: 'Choose where the run starts from the list.',
  to: 'Choose where the run ends from the list.',
  samePlace: 'The run must end somewhere other than where it starts.',
  radius: `The radius must be from ${RUN_LIMITS.radiusMinKm} to ${RUN_LIMITS.radiusMaxKm} km.`,
  date: 'Choose the date of the run.',
  windowStart: 'Choose the earliest departure time (HH:MM).',
  windowEnd: 'Choose the latest departure time (HH:MM), at or after the earliest.',
  windowTooLong: `The departure window can be at most ${RUN_LIMITS.windowMaxHours} hours.`,
  windowInvalid: 'That departure time does not exist in Sydney. Please choose another.',
  windowPast: 'The departure window must start in the future.',
  tooFarAhead: `A run can be published at most ${RUN_LIMITS.aheadMaxDays} days ahead.`,
  seats: `Seats free must be a whole number from 1 to ${RUN_LIMITS.seatsMax}.`,
  bags: `Bags free must be a whole number from 0 to ${RUN_LIMITS.bagsMax}.`,
  seatPrice:
    'Enter the price per seat above $0 in Australian dollars (up to 2 decimal places), or leave it empty.',
  vehiclePrice:
    'Enter the price for the whole vehicle above $0 in Australian dollars (up to 2 decimal places), or leave it empty.',
  noPrice: 'Give a price per seat, a price for the whole vehicle, or both.',
  vehicle: 'Choose the vehicle that will do this run.',
  seatsOverVehicle: (seats: number) => `This vehicle has ${seats} passenger seats: offer at most ${seats}.`,
  bagsOverVehicle: (bags: number) => `This vehicle carries ${plural(bags, 'bag')}: offer at most ${bags}.`,
  afterBooking: 'That booking is not one of yours.',
  cancelReason: 'Please say why you are cancelling the run (at least 3 characters).',
  bookSeats: `Choose how many seats, a whole number from 1 to ${RUN_LIMITS.seatsMax}, or the whole vehicle.`,
  bookBags: `Bags must be a whole number from 0 to ${RUN_LIMITS.bagsMax}.`,
  bookPrice: 'The price you saw is missing. Please reload the run and try again.',
  pickup: 'Choose your pickup suburb from the list.',
  destination: 'Choose your drop-off suburb from the list.',
  pickupOutside: (name: string, km: number) =>
    `This run picks up only within ${km} km of ${name}. Choose a pickup closer to it.`,
  destinationOutside: (name: string, km: number) =>
    `This run drops off only within ${km} km of ${name}. Choose a drop-off closer to it.`,
  searchPlace: 'Type a suburb or a place (1 to 80 characters).',
  searchDate: 'Choose a valid date.',
  tooMany: 'Too many run searches from this address. Please wait a minute and try again.',
} as const;

export const RUN_CONFLICTS = {
  notOpen: 'This run is no longer open for booking.',
  departed: 'This run has already left.',
  vehicleSold: 'This run is sold: the whole vehicle has been booked.',
  seatsLeft: (n: number) =>
    n === 0 ? 'This run is sold: no seats are left.' : `Only ${n} seat${n === 1 ? '' : 's'} left.`,
  bagsLeft: (n: number) => `Only room for ${n} more bag${n === 1 ? '' : 's'} on this run.`,
  vehicleTaken: 'Seats on this run are already sold, so the whole vehicle can no longer be booked.',
  noSeatPrice: 'This run is sold only as the whole vehicle.',
  noVehiclePrice: 'This run is sold only by the seat.',
  priceChanged: (cents: number) =>
    `The price has changed to ${formatAud(cents)}. Please review it and book again.`,
  ownRun: 'You cannot book your own run.',
  alreadyCancelled: 'This run is already cancelled.',
  driveBackTaken: 'A drive back is already published for this booking.',
  runQuoteNoSeats: 'The run this quote is from has no seats left for your trip.',
} as const;

/** Words the pages show. */
export const RUN_TEXT = {
  driveBackTitle: 'Publish your drive back',
  driveBackBody: (km: number) =>
    `This drop-off is ${km} km from your base. Sell the empty seats on the way back as a run.`,
  autoQuoteMessage: (fromName: string, toName: string) =>
    `Seats on my run from ${fromName} to ${toName}: I pick up and drop off on the way.`,
} as const;

/** A run as its driver and the public see it. */
export interface RunDto {
  id: string;
  status: 'open' | 'cancelled';
  fromName: string;
  fromLat: number;
  fromLng: number;
  fromRadiusKm: number;
  toName: string;
  toLat: number;
  toLng: number;
  toRadiusKm: number;
  /** ISO instants (UTC). */
  departsFrom: string;
  departsUntil: string;
  seatsTotal: number;
  seatsLeft: number;
  bagsLeft: number;
  seatPriceCents: number | null;
  vehiclePriceCents: number | null;
  /** The whole vehicle can still be booked: a vehicle price, no seat sold yet. */
  vehicleAvailable: boolean;
  vehicleSold: boolean;
  autoQuote: boolean;
  driver: { id: string; name: string; rating: number | null; ratingCount: number };
  vehicle: { id: string; label: string; seats: number };
}

/** The driver's own list: each run with how many bookings it has. */
export interface MyRunDto extends RunDto {
  bookings: number;
  afterBookingId: string | null;
  cancelledAt: string | null;
}

/** The form "Publish your drive back" opens with, filled in from a booking. */
export interface DriveBackOfferDto {
  bookingId: string;
  distanceKm: number;
  from: { locality: string; postcode: string; label: string };
  to: { locality: string; postcode: string; label: string };
  date: string;
  windowStart: string;
  windowEnd: string;
  vehicleId: string | null;
  seats: number;
  bags: number;
}

/** The price of `seats` seats, or of the whole vehicle; null when the run is not sold that way. */
export function runPriceCents(
  run: Pick<RunDto, 'seatPriceCents' | 'vehiclePriceCents'>,
  choice: { wholeVehicle: boolean; seats: number },
): number | null {
  if (choice.wholeVehicle) return run.vehiclePriceCents;
  return run.seatPriceCents === null ? null : run.seatPriceCents * choice.seats;
}
