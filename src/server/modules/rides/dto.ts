/** Turns a rides row into what the API returns (never any contact detail). */
import type { RatingSummary, RideDto, RidePairDto } from '../../../shared/marketplace/api.ts';
import type { RideStatus } from '../../../shared/marketplace/constants.ts';
import { indicativePriceCents } from '../../../shared/marketplace/money.ts';
import { readNeeds } from '../../../shared/marketplace/needs.ts';
import { placeAddress } from '../../../shared/marketplace/place-names.ts';
import { utcToSydney } from '../../../shared/marketplace/time.ts';
import type { rides } from '../../db/schema/index.ts';
import { namedPlaceOf } from '../../services/places.ts';

export type RideRow = typeof rides.$inferSelect;

export function toRideDto(
  row: RideRow,
  extra: {
    customerFirstName: string;
    customerRating: RatingSummary;
    liveQuoteCount?: number;
    bookingId?: string | null;
    returnRideId?: string | null;
    /** The other leg's details; without them the pair is named by id only. */
    otherLeg?: Pick<RideRow, 'id' | 'pickupAt' | 'status' | 'flightNumber'> | null;
  },
): RideDto {
  const local = utcToSydney(row.pickupAt);
  const otherId = row.outboundRideId ?? extra.returnRideId ?? null;
  const other = extra.otherLeg && extra.otherLeg.id === otherId ? extra.otherLeg : null;
  const pair: RidePairDto | null = otherId
    ? {
        leg: row.outboundRideId ? 'return' : 'outbound',
        otherLegRideId: otherId,
        otherLegPickupAt: other ? other.pickupAt.toISOString() : null,
        otherLegStatus: other ? (other.status as RideStatus) : null,
        otherLegFlightNumber: other?.flightNumber ?? '',
      }
    : null;
  return labelEnds({
    id: row.id,
    status: row.status as RideStatus,
    pickup: {
      locality: row.pickupLocality,
      postcode: row.pickupPostcode,
      address: row.pickupAddress,
      name: namedPlaceOf({ postcode: row.pickupPostcode, address: row.pickupAddress }),
      lat: row.pickupLat,
      lng: row.pickupLng,
    },
    destination: {
      locality: row.destinationLocality,
      postcode: row.destinationPostcode,
      address: row.destinationAddress,
      name: namedPlaceOf({ postcode: row.destinationPostcode, address: row.destinationAddress }),
      lat: row.destinationLat,
      lng: row.destinationLng,
    },
    pickupAt: row.pickupAt.toISOString(),
    pickupLocal: { date: local.date, time: local.time },
    passengers: row.passengers,
    luggageBags: row.luggageBags,
    largeItems: row.largeItems,
    budgetCents: row.budgetCents,
    notes: row.notes,
    flightNumber: row.flightNumber,
    distanceKm: row.distanceKm,
    indicativePriceCents: indicativePriceCents(row.distanceKm),
    version: row.version,
    outboundRideId: row.outboundRideId,
    returnRideId: extra.returnRideId ?? null,
    createdAt: row.createdAt.toISOString(),
    customer: { firstName: extra.customerFirstName, rating: extra.customerRating },
    liveQuoteCount: extra.liveQuoteCount ?? 0,
    bookingId: extra.bookingId ?? null,
    needs: readNeeds(row.needs),
    pair,
  });
}

/** Each end's one-line label (PlaceDto.label), from what the DTO holds now. */
function labelEnds(dto: RideDto): RideDto {
  dto.pickup.label = placeAddress(dto.pickup);
  dto.destination.label = placeAddress(dto.destination);
  return dto;
}

/**
 * A driver without the booking sees no street address (ADR 005): the addresses blanked and the labels
 * written again without them (a named place keeps its name).
 */
export function hideStreetAddresses(dto: RideDto): void {
  dto.pickup.address = '';
  dto.destination.address = '';
  labelEnds(dto);
}

export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';
