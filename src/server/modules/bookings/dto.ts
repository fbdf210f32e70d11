/**
 * BookingDtos as one viewer sees them. Only here, after a booking, do the two sides see each other's
 * contact details (name, e-mail, phone): they arrange the trip and settle payment directly.
 */
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingDto, BookingEventDto, RatingDto, VehicleDto } from '../../../shared/marketplace/api.ts';
import type { BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import type { BookingStatus } from '../../../shared/marketplace/constants.ts';
import {
  distanceAndEta,
  MINUTE_MS,
  nextTripStatus,
  TRIP_WINDOWS,
  type TripStatus,
  waitingUntil,
} from '../../../shared/marketplace/trip-status.ts';
import type { SessionUser } from '../../../shared/session.ts';
import { dayOfTripPhone } from '../../../shared/validation/phone.ts';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  bookingPositions,
  bookings,
  drivers,
  quotes,
  rides,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { driverCards, toVehicleCard } from '../driver-cards/cards.ts';
import { visibleRating } from '../ratings/summary.ts';
import { loadBookingPairs } from './pair-dto.ts';
import { loadRideDtos } from './ride-dtos.ts';

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** Bookings the viewer may see: their own as customer or driver; every booking for an admin. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  return or(eq(bookings.customerId, viewer.id), eq(bookings.driverId, viewer.id));
}

export function loadBookingDtos(db: Db, viewer: Viewer, filter?: SQL): Promise<BookingDto[]> {
  return viewsFor(db, viewer, { where: and(visibleTo(viewer), filter) });
}

async function viewsFor(db: Db, viewer: Viewer, wanted: Wanted): Promise<BookingDto[]> {
  const data = await loadBookingData(
    db,
    wanted,
    // The driver's position is read only for bookings the viewer is the customer of (issue 30).
    (b) => b.customerId === viewer.id && b.sharingPosition,
  );
  if (!data) return [];
  const now = Date.now();
  return data.rows.map((row) => toBookingDto(data, row, viewer, now));
}

/**
 * Several bookings, each as one of its two parties sees it (`wanted`: viewer and booking), read together:
 * the delivery worker's round reads every booking its e-mails and texts describe in one pass of about a
 * dozen statements, not one pass per recipient (issue 34). The answer is keyed `${viewerId} ${bookingId}`
 * and has no entry for a booking that is gone or that the viewer is not a party to.
 */
export async function loadPartyViews(
  db: Db,
  wanted: readonly { viewerId: string; bookingId: string }[],
): Promise<Map<string, BookingDto>> {
  const views = new Map<string, BookingDto>();
  const ids = [...new Set(wanted.map((w) => w.bookingId))];
  if (ids.length === 0) return views;
  const wantedKeys = new Set(wanted.map((w) => `${w.viewerId} ${w.bookingId}`));
  const data = await loadBookingData(
    db,
    { ids, party: null },
    (b) => b.sharingPosition && wantedKeys.has(`${b.customerId} ${b.id}`),
  );
  if (!data) return views;
  const now = Date.now();
  for (const row of data.rows) {
    for (const viewerId of [row.booking.customerId, row.booking.driverId]) {
      const key = `${viewerId} ${row.booking.id}`;
      if (wantedKeys.has(key) && !views.has(key))
        views.set(key, toBookingDto(data, row, { id: viewerId, role: 'customer' }, now));
    }
  }
  return views;
}

type Contact = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
};

type BookingData = NonNullable<Awaited<ReturnType<typeof loadBookingData>>>;
type BookingRow = BookingData['rows'][number];

/** A booking's history and ratings as its first statement returns them (JSON: timestamps as text). */
type EventJson = { type: string; actorId: string | null; note: string; createdAt: string };
type RatingJson = {
  id: string;
  raterId: string;
  rateeId: string;
  stars: number;
  comment: string;
  createdAt: string;
  visible: boolean;
};

/**
 * Bookings with their two people, the driver's record, the quoted vehicle, their history and their
 * ratings (issue 34: the history and ratings were a statement each); filtered by the caller.
 */
function bookingsJoined(db: Db) {
  const customer = alias(users, 'customer_user');
  const driver = alias(users, 'driver_user');
  return db
    .select({
      booking: bookings,
      pickupAt: rides.pickupAt,
      vehicleId: quotes.vehicleId,
      flightNumber: rides.flightNumber,
      pickupLat: rides.pickupLat,
      pickupLng: rides.pickupLng,
      customer: {
        id: customer.id,
        fullName: customer.fullName,
        email: customer.email,
        phone: customer.phone,
        avatarUrl: customer.avatarUrl,
      },
      driver: {
        id: driver.id,
        fullName: driver.fullName,
        email: driver.email,
        phone: driver.phone,
        avatarUrl: driver.avatarUrl,
      },
      driverRecord: {
        userId: drivers.userId,
        companyName: drivers.companyName,
        bspNumber: drivers.bspNumber,
        vehicleDetails: drivers.vehicleDetails,
        businessPhone: drivers.businessPhone,
        businessEmail: drivers.businessEmail,
      },
      vehicle: vehicles,
      events: sql<
        EventJson[]
      >`(select coalesce(json_agg(json_build_object('type', e.type, 'actorId', e.actor_id,
          'note', e.note, 'createdAt', e.created_at) order by e.created_at, e.id), '[]'::json)
        from booking_events e where e.booking_id = ${bookings.id})`,
      ratings: sql<
        RatingJson[]
      >`(select coalesce(json_agg(json_build_object('id', r.id, 'raterId', r.rater_id,
          'rateeId', r.ratee_id, 'stars', r.stars, 'comment', r.comment, 'createdAt', r.created_at,
          'visible', ${visibleRating('r')})), '[]'::json)
        from ratings r where r.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
    .innerJoin(customer, eq(customer.id, bookings.customerId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .leftJoin(drivers, eq(drivers.userId, bookings.driverId))
    .leftJoin(vehicles, eq(vehicles.id, quotes.vehicleId))
    .$dynamic();
}

const NEWEST_FIRST = [desc(rides.pickupAt), desc(bookings.createdAt)];
const LIST_MAX = 500;

/**
 * Bookings by id, those of `party` only when given: one prepared statement (issue 34: building this
 * seven-table select took drizzle about 1.5 ms, and every accept reads its booking three times).
 */
function bookingsById(db: Db) {
  const party = sql.placeholder('party');
  return prepared(db, 'booking_views', (d) =>
    bookingsJoined(d)
      .where(
        sql`${bookings.id} = any(${sql.placeholder('ids')}::uuid[])
          and (${party}::uuid is null or ${bookings.customerId} = ${party}::uuid or ${bookings.driverId} = ${party}::uuid)`,
      )
      .orderBy(...NEWEST_FIRST)
      .limit(LIST_MAX)
      .prepare('booking_views'),
  );
}

/** Which bookings a view reads: by id (prepared; `party` limits them to one party's), or any filter. */
type Wanted = { ids: string[]; party: string | null } | { where: SQL | undefined };

/** What the views of the wanted bookings are built from; null when none is found. */
async function loadBookingData(
  db: Db,
  wanted: Wanted,
  readPosition: (b: typeof bookings.$inferSelect) => boolean,
) {
  // The two people, the driver's record, the quoted vehicle, the history and the ratings come with the
  // bookings (issue 34: a statement each before); the rest are one statement each, run together.
  const rows =
    'ids' in wanted
      ? await bookingsById(db).execute({ ids: wanted.ids, party: wanted.party })
      : await bookingsJoined(db)
          .where(wanted.where)
          .orderBy(...NEWEST_FIRST)
          .limit(LIST_MAX);
  if (rows.length === 0) return null;
  const driverIds = [...new Set(rows.map((r) => r.booking.driverId))];
  const positionIds = rows.filter((r) => readPosition(r.booking)).map((r) => r.booking.id);
  const [ridesById, cards, positions, pairs] = await Promise.all([
    loadRideDtos(
      db,
      rows.map((r) => r.booking.rideId),
    ),
    driverCards(db, driverIds),
    positionIds.length
      ? db.select().from(bookingPositions).where(anyOf(bookingPositions.bookingId, positionIds))
      : Promise.resolve([]),
    loadBookingPairs(
      db,
      rows.map((r) => r.booking),
    ),
  ]);
  const person = new Map<string, Contact>();
  const driverOf = new Map<string, NonNullable<(typeof rows)[number]['driverRecord']>>();
  const vehicleById = new Map<string, typeof vehicles.$inferSelect>();
  for (const r of rows) {
    person.set(r.customer.id, r.customer);
    person.set(r.driver.id, r.driver);
    if (r.driverRecord) driverOf.set(r.driverRecord.userId, r.driverRecord);
    if (r.vehicle) vehicleById.set(r.vehicle.id, r.vehicle);
  }
  return {
    rows,
    ridesById,
    cards,
    pairs,
    positionOf: new Map(positions.map((p) => [p.bookingId, p])),
    vehicleById,
    person,
    driverOf,
  };
}

/** One booking of `data` as `viewer` sees it. */
function toBookingDto(data: BookingData, row: BookingRow, viewer: Viewer, now: number): BookingDto {
  const { ridesById, cards, pairs, positionOf, vehicleById, person, driverOf } = data;

  const contact = (id: string) => {
    const p = person.get(id);
    return {
      name: p?.fullName ?? '',
      email: p?.email ?? '',
      phone: p?.phone ?? null,
      avatarUrl: p?.avatarUrl ?? null,
    };
  };
  const ratingDto = (r: RatingJson): RatingDto => ({
    id: r.id,
    bookingId: row.booking.id,
    stars: r.stars,
    comment: r.comment,
    createdAt: new Date(r.createdAt).toISOString(),
    fromName: person.get(r.raterId)?.fullName ?? '',
    toName: person.get(r.rateeId)?.fullName ?? '',
  });

  const { booking: b, pickupAt, vehicleId, flightNumber, pickupLat, pickupLng } = row;
  const viewerRole = viewer.id === b.customerId ? 'customer' : viewer.id === b.driverId ? 'driver' : 'admin';
  const party = viewerRole !== 'admin';
  const d = driverOf.get(b.driverId);
  // The vehicle the quote named (issue 13); older bookings fall back to the profile's vehicle record.
  const quoted = vehicleId ? vehicleById.get(vehicleId) : undefined;
  const v = d?.vehicleDetails;
  const vehicle: VehicleDto = quoted
    ? {
        make: quoted.make,
        model: quoted.model,
        year: quoted.year,
        color: quoted.colour,
        registration: quoted.plate,
        capacity: quoted.seats,
      }
    : {
        make: v?.make ?? '',
        model: v?.model ?? '',
        year: v?.year ?? null,
        color: v?.color ?? '',
        registration: v?.registration ?? '',
        capacity: v?.capacity ?? 0,
      };
  // The customer reaches the business on its business e-mail when it gave one, and on the day of the
  // trip on a mobile: the business phone when it is one, else the driver's own (an office landline is
  // not answered at the kerb; issue 32).
  const driverContact = contact(b.driverId);
  driverContact.phone = dayOfTripPhone(d?.businessPhone, driverContact.phone);
  if (d?.businessEmail) driverContact.email = d.businessEmail;
  const history: BookingEventDto[] = row.events.map((e) => ({
    type: e.type,
    at: new Date(e.createdAt).toISOString(),
    by:
      e.actorId === b.customerId
        ? 'customer'
        : e.actorId === b.driverId
          ? 'driver'
          : e.actorId
            ? 'admin'
            : 'system',
    note: e.note,
  }));
  const mine = party ? row.ratings.find((r) => r.raterId === viewer.id) : undefined;
  const theirs = party ? row.ratings.find((r) => r.rateeId === viewer.id && r.visible) : undefined;
  return {
    id: b.id,
    status: b.status as BookingStatus,
    ride: ridesById.get(b.rideId)!,
    quoteId: b.quoteId,
    priceCents: b.priceCents,
    acceptedAt: b.acceptedAt.toISOString(),
    origin: b.origin as BookingOrigin,
    seats: b.seats,
    runId: b.runId,
    fareStatement: b.fareStatement,
    pair: pairs.get(b.id) ?? null,
    driver: {
      id: b.driverId,
      companyName: d?.companyName ?? '',
      bspNumber: d?.bspNumber ?? '',
      vehicle,
      contact: driverContact,
    },
    driverCard: cards.get(b.driverId)!,
    vehicleCard: quoted ? toVehicleCard(quoted) : null,
    customer: { id: b.customerId, contact: contact(b.customerId) },
    history,
    cancelReason: b.cancelReason,
    // Issue 12 (clear states): who cancelled, when, and whether it was late (the cancellation policy).
    ...cancellationOf(b, history),
    completedAt: b.completedAt?.toISOString() ?? null,
    viewerRole,
    canCancel: party && b.status === 'confirmed',
    canComplete: viewerRole === 'driver' && b.status === 'confirmed' && pickupAt.getTime() <= now,
    canRate: party && b.status === 'completed' && !mine,
    myRating: mine ? ratingDto(mine) : null,
    theirRating: theirs ? ratingDto(theirs) : null,
    ...tripDayOf(
      b,
      viewerRole,
      { pickupAt, flightNumber, pickup: { lat: pickupLat, lng: pickupLng } },
      now,
      positionOf.get(b.id),
    ),
  };
}

type TripDayFields = Pick<
  BookingDto,
  | 'tripStatus'
  | 'tripStatusAt'
  | 'sharingPosition'
  | 'waitingUntil'
  | 'driverPosition'
  | 'noShowAt'
  | 'noShowDisputedAt'
  | 'notHappenedAt'
  | 'nextTripStatus'
  | 'tripStatusOpensAt'
  | 'canMarkNoShow'
  | 'canDisputeNoShow'
  | 'canSignal'
  | 'canReportNotHappened'
  | 'canSharePosition'
>;

/**
 * Issue 30, the day of the trip as this viewer sees it: the status, the waiting time, what they can do now
 * (the same windows the actions enforce: shared/marketplace/trip-status.ts), and the driver's position for
 * the booking's customer only (never the driver's own, never an admin's).
 */
function tripDayOf(
  b: typeof bookings.$inferSelect,
  viewerRole: BookingDto['viewerRole'],
  ride: { pickupAt: Date; flightNumber: string; pickup: { lat: number; lng: number } },
  now: number,
  position: typeof bookingPositions.$inferSelect | undefined,
): TripDayFields {
  const confirmed = b.status === 'confirmed';
  const tripStatus = (b.tripStatus as TripStatus | null) ?? null;
  const sharingWindow = confirmed && (tripStatus === 'on_the_way' || tripStatus === 'arrived');
  const waiting =
    confirmed && tripStatus === 'arrived' && !b.noShowAt
      ? waitingUntil(b.arrivedAt, ride.pickupAt, ride.flightNumber)
      : null;
  const pickup = ride.pickupAt.getTime();
  const opensAt = pickup - TRIP_WINDOWS.onTheWayMinutesBefore * MINUTE_MS;
  const driver = viewerRole === 'driver';
  const customer = viewerRole === 'customer';
  let next: TripStatus | null = driver && confirmed && !b.noShowAt ? nextTripStatus(tripStatus) : null;
  let tripStatusOpensAt: string | null = null;
  if (next === 'on_the_way' && now < opensAt) {
    next = null;
    tripStatusOpensAt = new Date(opensAt).toISOString();
  }
  const showPosition = customer && b.sharingPosition && sharingWindow && position;
  return {
    tripStatus,
    tripStatusAt: b.tripStatusAt?.toISOString() ?? null,
    sharingPosition: b.sharingPosition,
    waitingUntil: waiting?.toISOString() ?? null,
    driverPosition: showPosition
      ? {
          lat: position.lat,
          lng: position.lng,
          recordedAt: position.recordedAt.toISOString(),
          ...distanceAndEta(position, ride.pickup),
        }
      : null,
    noShowAt: b.noShowAt?.toISOString() ?? null,
    noShowDisputedAt: b.noShowDisputedAt?.toISOString() ?? null,
    notHappenedAt: b.notHappenedAt?.toISOString() ?? null,
    nextTripStatus: next,
    tripStatusOpensAt,
    canMarkNoShow: driver && waiting !== null && waiting.getTime() <= now,
    canDisputeNoShow:
      customer &&
      b.noShowAt !== null &&
      b.noShowDisputedAt === null &&
      b.noShowAt.getTime() > now - TRIP_WINDOWS.disputeHours * 3_600_000,
    canSignal:
      customer && confirmed && now >= opensAt && now <= pickup + TRIP_WINDOWS.signalHoursAfter * 3_600_000,
    canReportNotHappened: (driver || customer) && confirmed && !b.notHappenedAt && pickup <= now,
    canSharePosition: driver && sharingWindow,
  };
}

/** One booking for its customer, its driver or an admin; anything else is 404. */
export async function loadBookingDto(db: Db, viewer: Viewer, id: string): Promise<BookingDto> {
  const [dto] = await viewsFor(db, viewer, { ids: [id], party: viewer.role === 'admin' ? null : viewer.id });
  if (!dto) throw notFound();
  return dto;
}

/** Issue 12: who cancelled a booking (by role), when, and whether it was within 24 hours of pickup. */
function cancellationOf(
  b: typeof bookings.$inferSelect,
  history: BookingEventDto[],
): Pick<BookingDto, 'cancelledBy' | 'cancelledAt' | 'lateCancellation'> {
  if (b.status !== 'cancelled') return { cancelledBy: null, cancelledAt: null, lateCancellation: false };
  const event = history.findLast((e) => e.type === 'cancelled');
  const by =
    b.cancelledBy === b.customerId
      ? 'customer'
      : b.cancelledBy === b.driverId
        ? 'driver'
        : b.cancelledBy || event?.by === 'admin'
          ? 'admin'
          : event?.by === 'customer' || event?.by === 'driver'
            ? event.by
            : null;
  return {
    cancelledBy: by,
    cancelledAt: b.cancelledAt?.toISOString() ?? event?.at ?? null,
    lateCancellation: b.lateCancellation,
  };
}
