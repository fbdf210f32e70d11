/** The drivers record of SPEC §3, keyed by user_id. JSON columns keep the spec's nested shapes. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
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

export interface VehicleDetails {
  make?: string;
  model?: string;
  year?: number;
  color?: string;
  registration?: string;
  capacity: number;
}
export interface InsuranceDetails {
  provider?: string;
  policy_number?: string;
  expiry_date?: string;
}
export interface Availability {
  days: string[];
  hours: { start: string; end: string };
}

export const drivers = pgTable(
  'drivers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bspNumber: text('bsp_number').notNull(),
    companyName: text('company_name'),
    vehicleDetails: jsonb('vehicle_details')
      .$type<VehicleDetails>()
      .notNull()
      .default(sql`'{"capacity": 4}'::jsonb`),
    insuranceDetails: jsonb('insurance_details')
      .$type<InsuranceDetails>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What the driver's vehicles can serve (child seats, wheelchair, pram, boards, bikes, pets): DriverOffers. */
    offers: jsonObject('offers').notNull().default(sql`'{}'::jsonb`),
    availability: jsonb('availability')
      .$type<Availability>()
      .notNull()
      .default(sql`'{"days": [], "hours": {"start": "09:00", "end": "17:00"}}'::jsonb`),
    // The business profile (issue 13). Empty until the driver fills it in; the verification checklist
    // (shared/marketplace/verification.ts) says what is still missing.
    /** Australian Business Number: 11 digits, no spaces, ATO checksum checked by the API. */
    abn: text('abn'),
    /** E.164 mobile the customer calls on the day (booking, its e-mail and .ics). */
    businessPhone: text('business_phone'),
    businessEmail: text('business_email'),
    /** Base locality from the places gazetteer, and how far from it the business takes pickups. */
    baseLocality: text('base_locality'),
    basePostcode: text('base_postcode'),
    baseLat: doublePrecision('base_lat'),
    baseLng: doublePrecision('base_lng'),
    serviceRadiusKm: integer('service_radius_km').notNull().default(50),
    description: text('description').notNull().default(''),
    /** incomplete | pending_review | verified | rejected | suspended (VERIFICATION_STATUSES). */
    verificationStatus: text('verification_status').notNull().default('incomplete'),
    /** Why the driver was rejected or suspended (shown to the driver); null otherwise. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamptz('status_changed_at'),
    statusChangedBy: uuid('status_changed_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    submittedAt: timestamptz('submitted_at'),
    /** When an admin last approved the driver ("Verified" with this date on the driver card). */
    verifiedAt: timestamptz('verified_at'),
    ...timestamps(),
  },
  (t) => [
    check('drivers_bsp_number_check', sql`length(trim(${t.bspNumber})) > 0`),
    check('drivers_abn_check', sql`${t.abn} is null or ${t.abn} ~ '^[0-9]{11}$'`),
    check('drivers_service_radius_check', sql`${t.serviceRadiusKm} between 1 and 500`),
    check(
      'drivers_verification_status_check',
      sql`${t.verificationStatus} in ('incomplete', 'pending_review', 'verified', 'rejected', 'suspended')`,
    ),
    index('drivers_verification_status_idx').on(t.verificationStatus),
  ],
);

/**
 * A driver's vehicles (issue 13). A quote names one; matching and /available-rides look for one that seats
 * the passengers and carries the bags. Retired, never deleted, so quotes and bookings that named it still
 * read.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuidKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    /** Registration plate, upper case, no spaces. */
    plate: text('plate').notNull(),
    colour: text('colour').notNull().default(''),
    /** Passenger seats (the driver's seat not counted). */
    seats: integer('seats').notNull(),
    /** Suitcases it carries besides the passengers. */
    luggageBags: integer('luggage_bags').notNull().default(0),
    wheelchairAccessible: flag('wheelchair_accessible', false),
    childSeats: integer('child_seats').notNull().default(0),
    trailer: flag('trailer', false),
    /** The photo's key in the 'vehicles' bucket (a WebP made by the server); null without one. */
    photoKey: text('photo_key'),
    retiredAt: timestamptz('retired_at'),
    ...timestamps(),
  },
  (t) => [
    index('vehicles_driver_idx').on(t.driverId).where(sql`${t.retiredAt} is null`),
    uniqueIndex('vehicles_one_plate_per_driver_idx')
      .on(t.driverId, t.plate)
      .where(sql`${t.retiredAt} is null`),
    check('vehicles_seats_check', sql`${t.seats} between 1 and 50`),
    check('vehicles_luggage_check', sql`${t.luggageBags} between 0 and 100`),
    check('vehicles_child_seats_check', sql`${t.childSeats} between 0 and 10`),
    check('vehicles_year_check', sql`${t.year} between 1980 and 2100`),
    check('vehicles_plate_check', sql`${t.plate} ~ '^[A-Z0-9]{1,9}$'`),
  ],
);

/**
 * Compliance documents (issue 13): the authorisation certificate and insurance certificate of the business,
 * and a safety inspection per vehicle. Private files (owner and admins), each with an expiry date and a
 * review. A new upload of the same kind (and vehicle) takes over once approved: the older one is marked
 * replaced then, so an approved document stays in force while its successor waits for review.
 */
export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: uuidKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** authorisation | insurance | safety_inspection (DOCUMENT_KINDS). */
    kind: text('kind').notNull(),
    /** Only for a safety inspection: the vehicle inspected. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    /** Key in the private 'documents' bucket. */
    fileKey: text('file_key').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    originalName: text('original_name').notNull(),
    /** The last day it is valid (Sydney date). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** pending | approved | rejected (DOCUMENT_STATUSES). */
    status: text('status').notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedBy: uuid('reviewed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    /** Set when a newer document of the same kind (and vehicle) was approved, or a pending one re-uploaded. */
    replacedAt: timestamptz('replaced_at'),
    /** Expiry reminders, each sent once (30 and 7 days before), and the expiry itself handled once. */
    reminder30SentAt: timestamptz('reminder_30_sent_at'),
    reminder7SentAt: timestamptz('reminder_7_sent_at'),
    expiryHandledAt: timestamptz('expiry_handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_documents_driver_idx').on(t.driverId, t.kind).where(sql`${t.replacedAt} is null`),
    index('driver_documents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.replacedAt} is null`),
    index('driver_documents_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'approved' and ${t.replacedAt} is null`),
    check(
      'driver_documents_kind_check',
      sql`${t.kind} in ('authorisation', 'insurance', 'safety_inspection')`,
    ),
    check(
      'driver_documents_vehicle_check',
      sql`(${t.kind} = 'safety_inspection') = (${t.vehicleId} is not null)`,
    ),
    check('driver_documents_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('driver_documents_size_check', sql`${t.fileSize} > 0`),
  ],
);

/**
 * Every verification decision and event, for the record: who (null: the system), when, what, why.
 * Never updated or deleted while the driver's account exists.
 */
export const driverVerificationEvents = pgTable(
  'driver_verification_events',
  {
    id: uuidKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** VERIFICATION_EVENT_TYPES: submitted, approved, rejected, suspended, reinstated, document_* ... */
    action: text('action').notNull(),
    documentId: uuid('document_id').references(() => driverDocuments.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('driver_verification_events_driver_idx').on(t.driverId, t.createdAt)],
);
