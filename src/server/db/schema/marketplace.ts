/**
 * The marketplace: trip requests (rides), quotes, bookings with their history, and ratings.
 * Races are decided here: partial unique indexes and CHECKs, not read-then-write in JavaScript.
 */

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, flag, jsonObject, timestamps, timestamptz, uuidKey } from './columns.ts';
import { vehicles } from './drivers.ts';
import { fares, runs } from './prices.ts';

export const rides = pgTable(
  'rides',
  {
    id: uuidKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    pickupLocality: text('pickup_locality').notNull(),
    pickupPostcode: text('pickup_postcode').notNull(),
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupLat: doublePrecision('pickup_lat').notNull(),
    pickupLng: doublePrecision('pickup_lng').notNull(),
    destinationLocality: text('destination_locality').notNull(),
    destinationPostcode: text('destination_postcode').notNull(),
    destinationAddress: text('destination_address').notNull().default(''),
    destinationLat: doublePrecision('destination_lat').notNull(),
    destinationLng: doublePrecision('destination_lng').notNull(),
    pickupAt: timestamptz('pickup_at').notNull(),
    passengers: integer('passengers').notNull(),
    luggageBags: integer('luggage_bags').notNull().default(0),
    largeItems: jsonb('large_items').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Optional since issue 31: null when the customer gave no budget. */
    budgetCents: integer('budget_cents'),
    notes: text('notes').notNull().default(''),
    flightNumber: text('flight_number').notNull().default(''),
    /** What the trip needs beyond seats and bags (child seats, wheelchair, pram, boards...): RideNeeds. */
    needs: jsonObject('needs').notNull().default(sql`'{}'::jsonb`),
    distanceKm: doublePrecision('distance_km').notNull(),
    version: integer('version').notNull().default(1),
    outboundRideId: uuid('outbound_ride_id').references((): AnyPgColumn => rides.id, {
      onDelete: 'set null',
    }),
    cancelReason: text('cancel_reason'),
    ...timestamps(),
  },
  (t) => [
    index('rides_customer_idx').on(t.customerId, t.pickupAt),
    // /available-rides: open requests in pickup order, keyset-paged on (pickup_at, id).
    index('rides_open_pickup_idx').on(t.pickupAt, t.id).where(sql`${t.status} = 'open'`),
    // Finding a request's return leg (few rides have one).
    index('rides_outbound_idx').on(t.outboundRideId).where(sql`${t.outboundRideId} is not null`),
    // The fare guide (issue 31): trips on a route, read from the index alone (every column it uses).
    index('rides_route_idx').on(
      t.pickupLat,
      t.pickupLng,
      t.destinationLat,
      t.destinationLng,
      t.passengers,
      t.createdAt,
      t.status,
      t.id,
    ),
    // 'draft' (issue 31): posted by a guest who signed up at the end; it goes live ('open') when their
    // e-mail address is confirmed.
    check(
      'rides_status_check',
      sql`${t.status} in ('draft', 'open', 'booked', 'completed', 'cancelled', 'expired')`,
    ),
    check('rides_passengers_check', sql`${t.passengers} between 1 and 50`),
    check('rides_luggage_check', sql`${t.luggageBags} between 0 and 100`),
    // The budget is optional since issue 31 (post first, price later).
    check('rides_budget_check', sql`${t.budgetCents} is null or ${t.budgetCents} > 0`),
    check('rides_distance_check', sql`${t.distanceKm} >= 0`),
    check(
      'rides_postcodes_check',
      sql`${t.pickupPostcode} ~ '^[0-9]{4}$' and ${t.destinationPostcode} ~ '^[0-9]{4}$'`,
    ),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: uuidKey(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    message: text('message').notNull(),
    vehicle: text('vehicle').notNull().default(''),
    /** The vehicle that will do the trip (issue 13); null on quotes made before vehicles existed. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    validUntil: timestamptz('valid_until').notNull(),
    rideVersion: integer('ride_version').notNull(),
    /**
     * A return-trip pair quoted for one price: the two legs' quotes share this id and are accepted
     * together. Null for a quote on one leg.
     */
    bundleId: uuid('bundle_id'),
    /**
     * Issue 31: when the customer was told this quote lapses within 12 hours and its driver was asked to
     * renew it (once per validity: renewing clears it).
     */
    lapseWarnedAt: timestamptz('lapse_warned_at'),
    /** Issue 31: when the customer asked the driver of this lapsed quote to quote again (once). */
    askedAgainAt: timestamptz('asked_again_at'),
    /**
     * Issue 31: a quote made from a run (the driver's run offered automatically to a fitting request):
     * accepting it takes `runSeats` seats of that run (null: the whole vehicle) in the same transaction.
     */
    runId: uuid('run_id').references(() => runs.id),
    runSeats: integer('run_seats'),
    /** Issue 31: the fare (fixed price) an instant booking was made at, with the fare's version then. */
    fareId: uuid('fare_id').references(() => fares.id),
    fareVersion: integer('fare_version'),
    ...timestamps(),
  },
  (t) => [
    // One live quote per driver per request.
    uniqueIndex('quotes_one_live_per_driver_idx')
      .on(t.rideId, t.driverId)
      .where(sql`${t.status} in ('pending', 'needs_confirmation')`),
    index('quotes_ride_idx').on(t.rideId, t.status),
    // The fare guide (issue 31): a trip's first quote, from the index alone.
    index('quotes_ride_created_idx').on(t.rideId, t.createdAt),
    index('quotes_driver_idx').on(t.driverId, t.status),
    // Issue 34: a driver's latest quotes, for the stored median time to quote (driver_quote_times).
    index('quotes_driver_created_idx').on(t.driverId, t.createdAt),
    index('quotes_bundle_idx').on(t.bundleId).where(sql`${t.bundleId} is not null`),
    index('quotes_run_idx').on(t.runId).where(sql`${t.runId} is not null`),
    index('quotes_live_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} in ('pending', 'needs_confirmation')`),
    check(
      'quotes_status_check',
      sql`${t.status} in ('pending', 'needs_confirmation', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled')`,
    ),
    check('quotes_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * Issue 34: each driver's median minutes from a trip being posted to their quote on it, over their latest
 * 200 quotes (the driver card's "quote time"). Kept by the trigger on quotes (drizzle/0026): recomputed for
 * that one driver in the transaction that adds, removes or re-dates one of their quotes, so the card reads
 * a column instead of sorting the driver's history on every read. Null: no quotes.
 */
export const driverQuoteTimes = pgTable('driver_quote_times', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  medianMinutes: doublePrecision('median_minutes'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const bookings = pgTable(
  'bookings',
  {
    id: uuidKey(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('confirmed'),
    /** The agreed fare: the most the customer can be asked to pay. A trigger forbids changing it. */
    priceCents: integer('price_cents').notNull(),
    fareStatement: text('fare_statement').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamptz('cancelled_at'),
    /** Cancelled less than 24 hours before pickup: recorded and shown to admins (the cancellation policy). */
    lateCancellation: flag('late_cancellation', false),
    /** The two bookings of a return pair booked from one pair quote share the quotes' bundle id. */
    bundleId: uuid('bundle_id'),
    completedAt: timestamptz('completed_at'),
    /** When the 24-hours-before-pickup reminder went to both sides (set once, by the sweep). */
    reminderSentAt: timestamptz('reminder_sent_at'),
    /**
     * An administrator's mark (issue 14): customer_no_show, driver_no_show or disputed, with who, when and
     * why; every change is also a booking event and an audit row.
     */
    adminFlag: text('admin_flag'),
    adminFlagReason: text('admin_flag_reason'),
    adminFlaggedAt: timestamptz('admin_flagged_at'),
    adminFlaggedBy: uuid('admin_flagged_by'),
    /**
     * The day of the trip (issue 30), set by the driver in order: on_the_way, arrived, on_board,
     * dropped_off (which completes the booking). Each change is also a booking event (who and when).
     */
    tripStatus: text('trip_status'),
    tripStatusAt: timestamptz('trip_status_at'),
    /** When the driver said they were at the pickup: the free waiting time counts from here. */
    arrivedAt: timestamptz('arrived_at'),
    /** The driver shares their position with the customer on this trip (opted in per trip). */
    sharingPosition: flag('sharing_position', false),
    /** The driver marked the customer a no-show after the free waiting time ran out. */
    noShowAt: timestamptz('no_show_at'),
    /** The customer disputed that no-show (within 48 hours), with a reason: in front of admins. */
    noShowDisputedAt: timestamptz('no_show_disputed_at'),
    noShowDisputeReason: text('no_show_dispute_reason'),
    /** Either side said "The trip didn't happen": the booking does not complete itself, an admin decides. */
    notHappenedAt: timestamptz('not_happened_at'),
    notHappenedBy: uuid('not_happened_by'),
    /** When the 2-hours-before reminder went to both sides (set once, by the sweep). */
    reminder2hSentAt: timestamptz('reminder_2h_sent_at'),
    /** When admins were told the driver is running late (once per booking). */
    lateAlertedAt: timestamptz('late_alerted_at'),
    /**
     * How it was made (issue 31): quote (a quote accepted), instant (a fare table's fixed price),
     * run_seat (seats on a run) or run_vehicle (a run's whole vehicle). BOOKING_ORIGINS.
     */
    origin: text('origin').notNull().default('quote'),
    /** The run whose seats or vehicle this booking took, and how many seats (issue 31). */
    runId: uuid('run_id').references(() => runs.id),
    seats: integer('seats'),
    createdAt: createdAt(),
  },
  (t) => [
    // Exactly one live booking per request, however many accepts arrive together.
    uniqueIndex('bookings_one_live_per_ride_idx')
      .on(t.rideId)
      .where(sql`${t.status} in ('confirmed', 'completed')`),
    index('bookings_customer_idx').on(t.customerId, t.createdAt),
    index('bookings_driver_idx').on(t.driverId, t.createdAt),
    // A driver's completed trips, counted on every driver card (ratings/summary.ts completedTripsSql) from
    // this index alone: without it the count read every booking of the driver (issue 34).
    index('bookings_driver_completed_idx').on(t.driverId).where(sql`${t.status} = 'completed'`),
    // The fare guide (issue 31): a trip's live booking with its fare, driver and date, from the index alone.
    index('bookings_fare_guide_idx')
      .on(t.rideId, t.acceptedAt, t.priceCents, t.driverId)
      .where(sql`${t.status} in ('confirmed', 'completed')`),
    check('bookings_status_check', sql`${t.status} in ('confirmed', 'completed', 'cancelled')`),
    check('bookings_origin_check', sql`${t.origin} in ('quote', 'instant', 'run_seat', 'run_vehicle')`),
    // The admin lists' filter by how a booking was made, newest first.
    index('bookings_origin_idx').on(t.origin, t.createdAt),
    index('bookings_run_idx').on(t.runId).where(sql`${t.runId} is not null`),
    check(
      'bookings_admin_flag_check',
      sql`${t.adminFlag} is null or ${t.adminFlag} in ('customer_no_show', 'driver_no_show', 'disputed')`,
    ),
    check('bookings_price_check', sql`${t.priceCents} > 0`),
    check(
      'bookings_trip_status_check',
      sql`${t.tripStatus} is null or ${t.tripStatus} in ('on_the_way', 'arrived', 'on_board', 'dropped_off')`,
    ),
  ],
);

/**
 * The driver's latest position on a trip they share it on (issue 30): one row per booking, replaced by each
 * update, deleted at on_board or cancellation; only the booking's customer ever reads it.
 */
export const bookingPositions = pgTable(
  'booking_positions',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The browser's accuracy radius in metres, when it gave one. */
    accuracyM: doublePrecision('accuracy_m'),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    check('booking_positions_lat_check', sql`${t.lat} between -90 and 90`),
    check('booking_positions_lng_check', sql`${t.lng} between -180 and 180`),
  ],
);

export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuidKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuidKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_once_per_booking_idx').on(t.bookingId, t.raterId),
    index('ratings_ratee_idx').on(t.rateeId),
    check('ratings_stars_check', sql`${t.stars} between 1 and 5`),
    check('ratings_not_self_check', sql`${t.raterId} <> ${t.rateeId}`),
  ],
);

/**
 * Questions before booking: on an open trip a driver asks, the customer answers; every driver who can
 * see the trip sees the thread. Bodies are stored already masked (contact details, links, phone numbers).
 * Issue 32: a customer may also ask one driver about that driver's quote; such a question has a
 * recipient and is seen only by the customer and that driver (its answer by them too).
 */
export const rideQuestions = pgTable(
  'ride_questions',
  {
    id: uuidKey(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** For an answer: the question it answers. */
    questionId: uuid('question_id').references((): AnyPgColumn => rideQuestions.id, { onDelete: 'cascade' }),
    /** Issue 32: the one driver a customer's question is for (null: a driver's question, seen by all). */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** True when masking changed what the author typed. */
    masked: flag('masked', false),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_questions_ride_idx').on(t.rideId, t.createdAt),
    index('ride_questions_recipient_idx').on(t.recipientId).where(sql`${t.recipientId} is not null`),
    check('ride_questions_kind_check', sql`${t.kind} in ('question', 'answer')`),
    check('ride_questions_body_check', sql`length(trim(${t.body})) between 1 and 1000`),
    check('ride_questions_answer_check', sql`(${t.kind} = 'answer') = (${t.questionId} is not null)`),
  ],
);
