/**
 * What a trip needs beyond seats and bags (rides.needs), what a driver's vehicles offer (drivers.offers),
 * and the one rule that compares them ("can serve"). The same schemas validate the trip form, the driver
 * profile and the API; the SQL in rides/matching.ts and rides/available.ts applies the same rule in the
 * database (tests/unit/needs.test.ts and tests/api/needs.test.ts keep them in step).
 */
import { z } from '../validation/z.ts';

export const WHEELCHAIR_NEEDS = ['none', 'folding', 'seated'] as const;
export type WheelchairNeed = (typeof WHEELCHAIR_NEEDS)[number];
/** A driver's wheelchair offer: 'folding' carries a folding chair; 'seated' has a ramp or lift too. */
export const WHEELCHAIR_OFFERS = WHEELCHAIR_NEEDS;
export type WheelchairOffer = WheelchairNeed;

export const NEEDS_LIMITS = { childSeatsMax: 8, itemsMax: 10 } as const;

export const NEEDS_MESSAGES = {
  count: `Enter a whole number from 0 to ${NEEDS_LIMITS.itemsMax}.`,
  childSeats: `Enter a whole number of child seats from 0 to ${NEEDS_LIMITS.childSeatsMax}.`,
  childrenMoreThanPassengers: 'There are more child seats than passengers.',
  wheelchair: 'Choose how the wheelchair travels.',
} as const;

const count = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message })
    .default(0);

/** A trip's needs. Child seats by type: infant capsule (0-6 months), child seat (to about 4), booster (4-8). */
export const rideNeedsSchema = z.object({
  infantSeats: count(NEEDS_LIMITS.childSeatsMax, NEEDS_MESSAGES.childSeats),
  childSeats: count(NEEDS_LIMITS.childSeatsMax, NEEDS_MESSAGES.childSeats),
  boosterSeats: count(NEEDS_LIMITS.childSeatsMax, NEEDS_MESSAGES.childSeats),
  wheelchair: z.enum(WHEELCHAIR_NEEDS, { error: NEEDS_MESSAGES.wheelchair }).default('none'),
  pram: z.boolean().default(false),
  surfboards: count(NEEDS_LIMITS.itemsMax, NEEDS_MESSAGES.count),
  bikes: count(NEEDS_LIMITS.itemsMax, NEEDS_MESSAGES.count),
  pets: z.boolean().default(false),
});
export type RideNeeds = z.output<typeof rideNeedsSchema>;
export type RideNeedsInput = z.input<typeof rideNeedsSchema>;

/** What the driver's vehicles carry. Infant capsules and child seats count together as child seats. */
export const driverOffersSchema = z.object({
  childSeats: count(NEEDS_LIMITS.childSeatsMax, NEEDS_MESSAGES.childSeats),
  boosterSeats: count(NEEDS_LIMITS.childSeatsMax, NEEDS_MESSAGES.childSeats),
  wheelchair: z.enum(WHEELCHAIR_OFFERS, { error: NEEDS_MESSAGES.wheelchair }).default('none'),
  pram: z.boolean().default(false),
  surfboards: count(NEEDS_LIMITS.itemsMax, NEEDS_MESSAGES.count),
  bikes: count(NEEDS_LIMITS.itemsMax, NEEDS_MESSAGES.count),
  pets: z.boolean().default(false),
});
export type DriverOffers = z.output<typeof driverOffersSchema>;
export type DriverOffersInput = z.input<typeof driverOffersSchema>;

export const NO_NEEDS: RideNeeds = rideNeedsSchema.parse({});
export const NO_OFFERS: DriverOffers = driverOffersSchema.parse({});

/** Whatever a stored row holds (older rows: {}), a complete RideNeeds; unknown or bad values read as none. */
export function readNeeds(raw: unknown): RideNeeds {
  const parsed = rideNeedsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : NO_NEEDS;
}
export function readOffers(raw: unknown): DriverOffers {
  const parsed = driverOffersSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : NO_OFFERS;
}

export type NeedKey = 'childSeats' | 'boosterSeats' | 'wheelchair' | 'pram' | 'surfboards' | 'bikes' | 'pets';

export const WHEELCHAIR_NEED_LABELS: Record<WheelchairNeed, string> = {
  none: 'No wheelchair',
  folding: 'Folding wheelchair (passenger transfers to a seat)',
  seated: 'Wheelchair: passenger stays seated (ramp or lift)',
};
export const WHEELCHAIR_OFFER_LABELS: Record<WheelchairOffer, string> = {
  none: 'No wheelchairs',
  folding: 'Folding wheelchairs (stowed)',
  seated: 'Ramp or lift: passenger stays seated (and folding chairs)',
};

// The trip's needs as phrases are needs-labels.ts, the "can serve" rule can-serve.ts: neither needs zod,
// so the pages that only show a trip load neither this file nor zod (issue 17). Both import only types
// from here, and this imports neither (no circle: scripts/check-layers.ts).
