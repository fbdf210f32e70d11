/** What the marketplace API returns: the server builds these, the web app reads them. */
import type { BookingStatus, QuoteStatus, RideStatus, Weekday } from './constants.ts';
import type { DriverOffers, RideNeeds } from './needs.ts';

/** The other leg of a return trip (posted together), as a ride shows it. */
export interface RidePairDto {
  /** Which leg this ride is. */
  leg: 'outbound' | 'return';
  otherLegRideId: string;
  /** UTC instant and Sydney wall clock of the other leg's pickup; null when it cannot be read. */
  otherLegPickupAt: string | null;
  otherLegStatus: RideStatus | null;
  otherLegFlightNumber: string;
}

/** A quote that is one half of a return pair quoted for one price (both legs' quotes share the id). */
export interface QuoteBundleDto {
  id: string;
  /** The driver's price for both legs; this quote's priceCents is this leg's share. */
  totalCents: number;
  leg: 'outbound' | 'return';
  otherLegRideId: string;
  otherLegQuoteId: string;
  otherLegPriceCents: number;
}

export interface PlaceDto {
  locality: string;
  postcode: string;
  /** Free-text street address beside the locality (may be empty). */
  address: string;
  lat: number;
  lng: number;
}

export interface RatingSummary {
  /** Average stars to one decimal, or null with no visible ratings yet. */
  average: number | null;
  count: number;
}

export interface RideDto {
  id: string;
  status: RideStatus;
  pickup: PlaceDto;
  destination: PlaceDto;
  /** UTC instant (ISO 8601). */
  pickupAt: string;
  /** The same instant on the Sydney wall clock. */
  pickupLocal: { date: string; time: string };
  passengers: number;
  luggageBags: number;
  largeItems: string[];
  budgetCents: number;
  notes: string;
  flightNumber: string;
  distanceKm: number;
  indicativePriceCents: number;
  /** Increments when route, time or passengers change; quotes price one version. */
  version: number;
  /** The outbound request when this one is a return leg, and the other way round. */
  outboundRideId: string | null;
  returnRideId: string | null;
  createdAt: string;
  /** Shown to drivers: first name and rating only, never contact details before a booking. */
  customer: { firstName: string; rating: RatingSummary };
  /** Shown to the customer. */
  liveQuoteCount: number;
  bookingId: string | null;
  /** Shown to a driver (available rides, a request's page): the driver's own live quote, if any. */
  myQuote?: {
    id: string;
    status: QuoteStatus;
    priceCents: number;
    /** Set when the driver's quote is a return pair: its total for both legs. */
    pairTotalCents?: number | null;
  } | null;
  /** Child seats, wheelchair, pram, boards, bikes, pets: every field present ({} in older rides reads as none). */
  needs: RideNeeds;
  /** The return trip this ride is one leg of, or null for a one-way trip. */
  pair: RidePairDto | null;
  /** For a driver (available rides, a request's page): whether their vehicles' offers cover `needs`. */
  canServe?: boolean;
}

/** One place search result (GET /api/places). */
export interface PlaceSuggestionDto {
  locality: string;
  postcode: string;
  lat: number;
  lng: number;
  /** "Nelson Bay NSW 2315"; for a named place "Newcastle Airport (NTL), Williamtown NSW 2318". */
  label: string;
  /** Only for a named place (not a suburb): "Newcastle Airport (NTL)". */
  name?: string;
  /** Only for a named place: what it is. */
  kind?: 'airport' | 'ferry' | 'marina' | 'station' | 'hospital' | 'hotel' | 'shopping' | 'landmark';
}

export interface VehicleDto {
  make: string;
  model: string;
  year: number | null;
  color: string;
  registration: string;
  capacity: number;
}

/** The drivers record (SPEC §3) as GET/PUT /api/drivers/me and /api/drivers/:userId return it. */
export interface DriverProfileDto {
  userId: string;
  bspNumber: string;
  /** '' when none. */
  companyName: string;
  vehicle: VehicleDto;
  /** Fields are '' when not given; expiryDate is a date ('2027-06-30'). */
  insurance: { provider: string; policyNumber: string; expiryDate: string };
  /** days in WEEKDAYS order ('mon'...'sun'); hours 'HH:MM', Sydney time, start inclusive, end exclusive. */
  availability: { days: Weekday[]; hours: { start: string; end: string } };
  /** What the driver's vehicles carry: child seats, boosters, wheelchair, pram, boards, bikes, pets. */
  offers: DriverOffers;
  updatedAt: string;
}

export interface QuoteDto {
  id: string;
  rideId: string;
  status: QuoteStatus;
  priceCents: number;
  message: string;
  vehicle: string;
  validUntil: string;
  /** The ride version this quote priced; when it differs from the ride's, the driver must confirm again. */
  rideVersion: number;
  createdAt: string;
  updatedAt: string;
  driver: {
    id: string;
    companyName: string;
    firstName: string;
    /** The driver's own picture (their avatar), so a customer sees who quoted. */
    avatarUrl: string | null;
    rating: RatingSummary;
    completedTrips: number;
  };
  /** Set when this quote is one leg of a return pair quoted for one price; accepting it books both legs. */
  bundle: QuoteBundleDto | null;
}

export interface ContactDto {
  name: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
}

export interface BookingEventDto {
  type: string;
  at: string;
  by: 'customer' | 'driver' | 'system';
  note: string;
}

export interface RatingDto {
  id: string;
  bookingId: string;
  stars: number;
  comment: string;
  createdAt: string;
  fromName: string;
  toName: string;
}

export interface BookingDto {
  id: string;
  status: BookingStatus;
  ride: RideDto;
  quoteId: string;
  priceCents: number;
  acceptedAt: string;
  /** The fare statement the customer accepted, word for word. */
  fareStatement: string;
  driver: { id: string; companyName: string; bspNumber: string; vehicle: VehicleDto; contact: ContactDto };
  customer: { id: string; contact: ContactDto };
  history: BookingEventDto[];
  cancelReason: string | null;
  /** Which side cancelled (null unless cancelled). */
  cancelledBy: 'customer' | 'driver' | null;
  cancelledAt: string | null;
  /** Cancelled less than 24 hours before pickup: recorded, and shown to admins. */
  lateCancellation: boolean;
  completedAt: string | null;
  /** What the signed-in user may do now. */
  viewerRole: 'customer' | 'driver' | 'admin';
  canCancel: boolean;
  canComplete: boolean;
  canRate: boolean;
  myRating: RatingDto | null;
  /** The other side's rating of me: null while hidden (until both rated or 7 days passed). */
  theirRating: RatingDto | null;
}

export interface NotificationDto {
  id: string;
  type: string;
  title: string;
  message: string;
  relatedId: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  /** Pass back as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}
