/** A fare row as its driver sees it (FareDto): ends as points with radii, money in cents. */
import type { Weekday } from '../../../shared/marketplace/constants.ts';
import type { FareDto } from '../../../shared/marketplace/fares.ts';
import type { fares } from '../../db/schema/index.ts';

export type FareRow = typeof fares.$inferSelect;

export function toFareDto(f: FareRow, vehicleLabel: string): FareDto {
  return {
    id: f.id,
    vehicleId: f.vehicleId,
    vehicleLabel,
    from: { name: f.fromName, lat: f.fromLat, lng: f.fromLng, radiusKm: f.fromRadiusKm },
    to: { name: f.toName, lat: f.toLat, lng: f.toLng, radiusKm: f.toRadiusKm },
    priceCents: f.priceCents,
    maxPassengers: f.maxPassengers,
    maxBags: f.maxBags,
    includedPassengers: f.includedPassengers,
    extraPassengerCents: f.extraPassengerCents,
    childSeatCents: f.childSeatCents,
    afterHours:
      f.afterHoursStart && f.afterHoursEnd
        ? { start: f.afterHoursStart, end: f.afterHoursEnd, cents: f.afterHoursCents }
        : null,
    days: f.days as Weekday[],
    hoursStart: f.hoursStart,
    hoursEnd: f.hoursEnd,
    minNoticeMinutes: f.minNoticeMinutes,
    version: f.version,
    retiredAt: f.retiredAt?.toISOString() ?? null,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** The columns a validated FareInput sets (create and edit write the same ones). */
export function fareColumns(input: import('../../../shared/validation/fares.ts').FareInput) {
  return {
    vehicleId: input.vehicleId,
    fromName: input.from.name,
    fromLat: input.from.lat,
    fromLng: input.from.lng,
    fromRadiusKm: input.from.radiusKm,
    toName: input.to.name,
    toLat: input.to.lat,
    toLng: input.to.lng,
    toRadiusKm: input.to.radiusKm,
    priceCents: input.price,
    maxPassengers: input.maxPassengers,
    maxBags: input.maxBags,
    includedPassengers: input.includedPassengers,
    extraPassengerCents: input.extraPassengerPrice,
    childSeatCents: input.childSeatPrice,
    afterHoursStart: input.afterHours?.start ?? null,
    afterHoursEnd: input.afterHours?.end ?? null,
    afterHoursCents: input.afterHours?.price ?? 0,
    days: input.days,
    hoursStart: input.hoursStart,
    hoursEnd: input.hoursEnd,
    minNoticeMinutes: input.minNoticeMinutes,
  };
}
