/**
 * Drivers' fare tables (issue 31 item 1): the limits, the DTOs of /api/fares and of the price list, and the
 * one rule that prices a trip at a fare (base + passengers over the included number + child seats + the
 * after-hours surcharge). Shared so the server's price list, its re-check at booking time and the web's
 * "what this price includes" all read the same parts.
 */

import { plural } from '../plural.ts';
import type { DriverCardDto, VehicleCardDto } from './api.ts';
import type { Weekday } from './constants.ts';

export const FARE_LIMITS = {
  /** Default radius around a locality (its centre) when the driver does not say "within N km". */
  localityRadiusKm: 5,
  /** Default radius around a named place (an airport terminal, a wharf): it is a point, not an area. */
  namedPlaceRadiusKm: 2,
  radiusKmMin: 0.5,
  radiusKmMax: 100,
  priceMaxAud: 20_000,
  extraMaxAud: 5_000,
  passengersMax: 50,
  bagsMax: 100,
  /** Two weeks, as the table's CHECK allows. */
  minNoticeMaxMinutes: 20_160,
  minNoticeDefaultMinutes: 120,
  nameMax: 120,
  /** Live fares one driver may hold: enough for every route they run, not a scraper's bulk insert. */
  liveFaresMax: 200,
} as const;

/** One end of a fare: a place's centre and how far from it a trip's address may be. */
export interface FareEndDto {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

/** A fare as its driver sees it (GET /api/fares/mine). */
export interface FareDto {
  id: string;
  vehicleId: string;
  /** "2022 Toyota HiAce, ABC123". */
  vehicleLabel: string;
  from: FareEndDto;
  to: FareEndDto;
  priceCents: number;
  maxPassengers: number;
  maxBags: number;
  /** Passengers the base price covers; null: all up to maxPassengers. */
  includedPassengers: number | null;
  extraPassengerCents: number;
  /** Per child seat or booster; null: not offered. */
  childSeatCents: number | null;
  afterHours: { start: string; end: string; cents: number } | null;
  days: Weekday[];
  hoursStart: string;
  hoursEnd: string;
  minNoticeMinutes: number;
  version: number;
  retiredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PricePartKind = 'base' | 'extra_passengers' | 'child_seats' | 'after_hours';

/** One line of what a price is made of. */
export interface PricePartDto {
  kind: PricePartKind;
  label: string;
  cents: number;
}

/** One matching fixed price for a trip (GET /api/fares/prices, GET /api/rides/:id/instant-prices). */
export interface InstantPriceDto {
  fareId: string;
  fareVersion: number;
  priceCents: number;
  parts: PricePartDto[];
  fromName: string;
  toName: string;
  maxPassengers: number;
  maxBags: number;
  driver: DriverCardDto;
  vehicleCard: VehicleCardDto;
}

export interface InstantPricesAnswer {
  items: InstantPriceDto[];
}

/** What the price rule needs of a fare (a row or a DTO in cents). */
export interface PricedFare {
  priceCents: number;
  includedPassengers: number | null;
  extraPassengerCents: number;
  childSeatCents: number | null;
  afterHoursStart: string | null;
  afterHoursEnd: string | null;
  afterHoursCents: number;
}

/** What the price rule needs of a trip. */
export interface PricedTrip {
  passengers: number;
  /** Infant capsules, child seats and boosters together. */
  childSeats: number;
  /** Pickup time of day in Sydney, 'HH:MM'. */
  sydneyTime: string;
}

/**
 * Whether 'HH:MM' `t` is inside [start, end): a window whose end is before its start crosses midnight
 * (22:00-05:00). Strings of this shape compare correctly as strings.
 */
export function inWindow(t: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/**
 * The selling hours: like inWindow but the end minute included ('00:00'-'23:59' is the whole day), the same
 * rule as the price list's SQL.
 */
export function inSellingHours(t: string, start: string, end: string): boolean {
  return start <= end ? t >= start && t <= end : t >= start || t <= end;
}

/** The price of a trip at a fare, line by line; the price is their sum. */
export function priceParts(fare: PricedFare, trip: PricedTrip): PricePartDto[] {
  const included = fare.includedPassengers;
  const parts: PricePartDto[] = [
    {
      kind: 'base',
      label:
        included === null
          ? 'Fixed price for the vehicle'
          : `Fixed price for up to ${plural(included, 'passenger', 'passengers')}`,
      cents: fare.priceCents,
    },
  ];
  const extra = included === null ? 0 : Math.max(0, trip.passengers - included);
  if (extra > 0 && fare.extraPassengerCents > 0) {
    parts.push({
      kind: 'extra_passengers',
      label: `${plural(extra, 'extra passenger', 'extra passengers')}`,
      cents: extra * fare.extraPassengerCents,
    });
  }
  if (trip.childSeats > 0 && fare.childSeatCents !== null && fare.childSeatCents > 0) {
    parts.push({
      kind: 'child_seats',
      label: plural(trip.childSeats, 'child seat or booster', 'child seats or boosters'),
      cents: trip.childSeats * fare.childSeatCents,
    });
  }
  if (
    fare.afterHoursStart &&
    fare.afterHoursEnd &&
    fare.afterHoursCents > 0 &&
    inWindow(trip.sydneyTime, fare.afterHoursStart, fare.afterHoursEnd)
  ) {
    parts.push({
      kind: 'after_hours',
      label: `After-hours pickup (${fare.afterHoursStart}-${fare.afterHoursEnd})`,
      cents: fare.afterHoursCents,
    });
  }
  return parts;
}

export const totalOf = (parts: PricePartDto[]) => parts.reduce((sum, p) => sum + p.cents, 0);

/** "$139" for whole dollars, "$139.50" otherwise: how a fixed price reads on its button. */
export function shortAud(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars)
    ? `$${dollars.toLocaleString('en-AU')}`
    : `$${dollars.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
