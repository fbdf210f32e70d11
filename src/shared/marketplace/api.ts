/** What the marketplace API returns: the server builds these, the web app reads them. */
import type { BookingStatus, QuoteStatus, RideStatus, Weekday } from './constants.ts';

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
  myQuote?: { id: string; status: QuoteStatus; priceCents: number } | null;
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
