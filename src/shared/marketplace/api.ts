/** What the marketplace API returns: the server builds these, the web app reads them. */
import type { BookingOrigin } from './booking-origin.ts';
import type { BookingStatus, QuoteStatus, RideStatus, Weekday } from './constants.ts';
import type { DriverOffers, RideNeeds } from './needs.ts';
import type { TripStatus } from './trip-status.ts';
import type {
  DocumentKind,
  DocumentStatus,
  DriverStanding,
  VerificationEventType,
  VerificationStatus,
} from './verification.ts';

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
  /**
   * The named place this end is ("Newcastle Airport (NTL)"), or null for a suburb or a street address. Not a
   * private address: drivers see it before the booking too (issue 32). Name a trip with place-names.ts.
   */
  name?: string | null;
  /**
   * The end on one line as this viewer may see it, the suburb said once (place-names.ts placeAddress):
   * "Newcastle Airport (NTL), Williamtown NSW 2318". Written by the server so pages need no naming code.
   */
  label?: string;
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
  /** Null when the customer gave no budget (optional since issue 31). */
  budgetCents: number | null;
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

/**
 * The drivers record (SPEC §3) with the business profile of issue 13, as GET/PUT /api/drivers/me and
 * /api/drivers/:userId return it. Vehicles, documents and the verification standing are resources of their own.
 */
export interface DriverProfileDto {
  userId: string;
  bspNumber: string;
  /** Trading name; '' when none. */
  companyName: string;
  /** 11 digits, or '' when not given. */
  abn: string;
  /** E.164, or '' when not given. */
  businessPhone: string;
  /** '' when not given (the account e-mail is used then). */
  businessEmail: string;
  /** Base locality from the gazetteer; null when not given. */
  base: { locality: string; postcode: string; label: string } | null;
  serviceRadiusKm: number;
  description: string;
  /** The logo or photo: the account's avatar. */
  avatarUrl: string | null;
  /** days in WEEKDAYS order ('mon'...'sun'); hours 'HH:MM', Sydney time, start inclusive, end exclusive. */
  availability: { days: Weekday[]; hours: { start: string; end: string } };
  /** What the driver's vehicles carry: child seats, boosters, wheelchair, pram, boards, bikes, pets. */
  offers: DriverOffers;
  verificationStatus: VerificationStatus;
  updatedAt: string;
}

/** One of a driver's vehicles, as its owner and admins see it (GET /api/drivers/me/vehicles). */
export interface DriverVehicleDto {
  id: string;
  make: string;
  model: string;
  year: number;
  plate: string;
  colour: string;
  seats: number;
  luggageBags: number;
  wheelchairAccessible: boolean;
  childSeats: number;
  trailer: boolean;
  /** '/api/vehicles/:id/photo?v=...' or null without a photo. */
  photoUrl: string | null;
  /** "2022 Toyota HiAce, ABC123". */
  label: string;
  /** Has an approved, unexpired safety inspection: a quote may name it. */
  usable: boolean;
  createdAt: string;
}

/** A vehicle as customers and the public driver page see it: no plate. */
export interface VehicleCardDto {
  id: string;
  make: string;
  model: string;
  year: number;
  colour: string;
  seats: number;
  luggageBags: number;
  wheelchairAccessible: boolean;
  childSeats: number;
  trailer: boolean;
  photoUrl: string | null;
}

/** A compliance document, as its owner and admins see it. The file itself: `url` (owner and admins only). */
export interface DriverDocumentDto {
  id: string;
  kind: DocumentKind;
  vehicleId: string | null;
  /** The inspected vehicle's label, for a safety inspection. */
  vehicleLabel: string | null;
  status: DocumentStatus;
  /** Last valid day, 'YYYY-MM-DD'. */
  expiresOn: string;
  /** True once the last valid day has passed (Sydney). */
  expired: boolean;
  originalName: string;
  fileType: string;
  fileSize: number;
  url: string;
  reviewReason: string | null;
  reviewedAt: string | null;
  uploadedAt: string;
  /** A newer document of the same kind took over. */
  replaced: boolean;
}

/** A verification event for the record: who, when, what, why. */
export interface VerificationEventDto {
  id: string;
  action: VerificationEventType;
  /** The admin's or driver's name; 'System' for the sweep. */
  actorName: string;
  documentId: string | null;
  reason: string;
  at: string;
}

/** GET /api/drivers/me/standing: the checklist and whether the driver may quote. */
export type DriverStandingDto = DriverStanding;

/**
 * The driver card shown with every quote, on the booking and on /drivers/{id}: nothing that reaches the
 * driver outside the platform.
 */
export interface DriverCardDto {
  id: string;
  /** Trading name, or the first name when there is none. */
  businessName: string;
  /** '' when none. */
  companyName: string;
  firstName: string;
  /** The logo or photo (the account's avatar). */
  avatarUrl: string | null;
  /** When an admin verified the driver; null when not verified now (pending, suspended...). */
  verifiedAt: string | null;
  rating: RatingSummary;
  completedTrips: number;
  /** When the account was made. */
  memberSince: string;
  /** Median minutes from a trip being posted to this driver's quote; null with no quotes yet. */
  medianQuoteMinutes: number | null;
}

/** GET /api/driver-cards/:id: the public driver page (verified drivers only; anyone else 404). */
export interface DriverPublicDto extends DriverCardDto {
  description: string;
  /** "Nelson Bay NSW 2315". */
  baseLabel: string | null;
  serviceRadiusKm: number;
  vehicles: VehicleCardDto[];
  /**
   * Issue 32: the newest visible ratings that have words (at most PUBLIC_REVIEWS_MAX), the customer named
   * by first name only and any contact detail hidden; empty when no rating has words.
   */
  reviews: PublicReviewDto[];
}

/** One customer's words about a driver on the public page. */
export interface PublicReviewDto {
  stars: number;
  comment: string;
  /** The customer's first name. */
  fromName: string;
  at: string;
}

export interface QuoteDto {
  id: string;
  rideId: string;
  status: QuoteStatus;
  priceCents: number;
  message: string;
  vehicle: string;
  validUntil: string;
  /** Issue 31: when the customer asked the driver of this lapsed quote to quote again (once); else null. */
  askedAgainAt: string | null;
  /** The ride version this quote priced; when it differs from the ride's, the driver must confirm again. */
  rideVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The driver card: business, photo or logo, verified date, rating, trips, member since, response time. */
  driver: DriverCardDto;
  /** The vehicle the quote names (issue 13); null on older quotes, which describe it in `vehicle`. */
  vehicleId: string | null;
  vehicleCard: VehicleCardDto | null;
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
  /** 'admin': an administrator acted (issue 14); 'system': nobody did (a sweep). */
  by: 'customer' | 'driver' | 'admin' | 'system';
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

/**
 * The other booking of a return pair booked together from one pair quote (ADR 014): the same driver and
 * customer, its own ride, status and agreed fare. Each leg keeps its own status and can be cancelled alone.
 */
export interface BookingLegDto {
  id: string;
  status: BookingStatus;
  leg: 'outbound' | 'return';
  priceCents: number;
  ride: RideDto;
  cancelledBy: 'customer' | 'driver' | 'admin' | null;
  cancelledAt: string | null;
  cancelReason: string | null;
}

/** A booking that is one leg of a return pair booked together: the other leg and both legs' fares. */
export interface BookingPairDto {
  bundleId: string;
  /** This booking's leg. */
  leg: 'outbound' | 'return';
  /** Both legs' agreed fares together (what the customer agreed to for the return trip). */
  totalCents: number;
  other: BookingLegDto;
}

export interface BookingDto {
  id: string;
  status: BookingStatus;
  ride: RideDto;
  quoteId: string;
  priceCents: number;
  acceptedAt: string;
  /** How the booking was made (issue 31): a quote, an instant price, seats or the whole vehicle on a run. */
  origin: BookingOrigin;
  /** Seats booked on a run (origin run_seat); null otherwise. */
  seats: number | null;
  /** The run whose seats or vehicle were booked; null unless origin is run_seat or run_vehicle. */
  runId: string | null;
  /** The fare statement the customer accepted, word for word. */
  fareStatement: string;
  /** One leg of a return pair booked together (issue 32): the other leg; null for any other booking. */
  pair: BookingPairDto | null;
  /** contact.phone is the business phone (the sign-up mobile when none); the vehicle is the quoted one. */
  driver: { id: string; companyName: string; bspNumber: string; vehicle: VehicleDto; contact: ContactDto };
  /** The driver card, as on the quote. */
  driverCard: DriverCardDto;
  vehicleCard: VehicleCardDto | null;
  customer: { id: string; contact: ContactDto };
  history: BookingEventDto[];
  cancelReason: string | null;
  /** Which side cancelled (null unless cancelled). */
  cancelledBy: 'customer' | 'driver' | 'admin' | null;
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
  // The day of the trip (issue 30). Each change is also in `history` (trip_on_the_way, trip_arrived...).
  /** The driver's latest status on the day (null before "On the way"). */
  tripStatus: TripStatus | null;
  tripStatusAt: string | null;
  /** The driver shares their position with the customer on this trip. */
  sharingPosition: boolean;
  /** When the free waiting time runs out (null until the driver arrived, and once on board). */
  waitingUntil: string | null;
  /** The driver's latest position and the estimate to the pickup: for the booking's CUSTOMER only. */
  driverPosition: DriverPositionDto | null;
  noShowAt: string | null;
  noShowDisputedAt: string | null;
  notHappenedAt: string | null;
  /** The status the driver can set now (null: none, or not yet: see tripStatusOpensAt). */
  nextTripStatus: TripStatus | null;
  /** When "On the way" opens (90 minutes before pickup) while it is too early; else null. */
  tripStatusOpensAt: string | null;
  canMarkNoShow: boolean;
  canDisputeNoShow: boolean;
  /** The customer can send "Running late" / "I'm at the pickup" now. */
  canSignal: boolean;
  canReportNotHappened: boolean;
  /** The driver can switch position sharing on or off now. */
  canSharePosition: boolean;
}

/** The driver's latest shared position, as the booking's customer sees it (issue 30). */
export interface DriverPositionDto {
  lat: number;
  lng: number;
  recordedAt: string;
  /** Road estimate to the pickup (straight line times the road factor), 0.1 km. */
  distanceKm: number;
  etaMinutes: number;
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

/** A row of the admin review queue (GET /api/admin/verifications). */
export interface VerificationQueueItemDto {
  driverId: string;
  businessName: string;
  fullName: string;
  email: string;
  status: VerificationStatus;
  submittedAt: string | null;
  /** Documents uploaded and not yet reviewed. */
  pendingDocuments: number;
}

/** GET /api/admin/verifications/:driverId: everything the reviewer needs side by side. */
export interface VerificationDetailDto {
  profile: DriverProfileDto;
  account: { fullName: string; email: string; phone: string | null; memberSince: string };
  vehicles: DriverVehicleDto[];
  /** Current documents first, then replaced ones (newest first). */
  documents: DriverDocumentDto[];
  standing: DriverStandingDto;
  /** The record of every decision, newest first. */
  events: VerificationEventDto[];
}

/** A confirmed, upcoming booking whose driver is no longer verified with current documents. */
export interface FollowUpBookingDto {
  bookingId: string;
  pickupAt: string;
  trip: string;
  driverId: string;
  businessName: string;
  /** "Insurance certificate expired on 3 Mar 2026", "Driver suspended". */
  problem: string;
}
