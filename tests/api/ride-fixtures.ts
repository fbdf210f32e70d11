/** Shared set-up for the trip-request tests: request bodies, Sydney dates, drivers' profiles, quotes. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { bookings, quotes } from '../../src/server/db/schema/index.ts';
import type { RideDto } from '../../src/shared/marketplace/api.ts';
import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import type { DriverProfileInput } from '../../src/shared/validation/driver-business.ts';
import type { RideRequestInput } from '../../src/shared/validation/marketplace.ts';
import { rows, type TestClient } from './helpers.ts';

/** The Sydney calendar date `days` days from now ('2026-12-01'). */
export function sydneyDateIn(days: number): string {
  return utcToSydney(new Date(Date.now() + days * 86_400_000)).date;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Sydney's next daylight-saving changeover Sundays (first Sunday of April: clocks back, of October:
 * clocks forward) that are still ahead, with the UTC instant of 09:30 Sydney on each: 2027-04-04 09:30
 * is 2027-04-03T23:30Z (AEST, +10), 2027-10-03 09:30 is 2027-10-02T22:30Z (AEDT, +11).
 */
export function changeoverSundays(): {
  april: { date: string; utc0930: string };
  october: { date: string; utc0930: string };
} {
  const next = (month: number, utcHour: number) => {
    for (let year = new Date().getUTCFullYear(); ; year++) {
      const first = new Date(Date.UTC(year, month, 1));
      const sunday = new Date(Date.UTC(year, month, 1 + ((7 - first.getUTCDay()) % 7)));
      if (sunday.getTime() > Date.now() + 2 * 86_400_000) {
        const dayBefore = new Date(sunday.getTime() - 86_400_000);
        return { date: ymd(sunday), utc0930: `${ymd(dayBefore)}T${utcHour}:30:00.000Z` };
      }
    }
  };
  return { april: next(3, 23), october: next(9, 22) };
}

export const NELSON_BAY = { locality: 'Nelson Bay', postcode: '2315' };
/** Newcastle Airport is in Williamtown. */
export const WILLIAMTOWN = { locality: 'Williamtown', postcode: '2318' };

/** A valid request: Nelson Bay to the airport, a week ahead at 09:30. */
export function rideBody(overrides: Partial<RideRequestInput> = {}): RideRequestInput {
  return {
    pickup: { ...NELSON_BAY, address: '12 Stockton Street' },
    destination: { ...WILLIAMTOWN, address: 'Newcastle Airport' },
    date: sydneyDateIn(7),
    time: '09:30',
    passengers: 2,
    luggageBags: 2,
    largeItems: ['surfboard'],
    budget: 80,
    notes: 'Two surfboards in bags.',
    flightNumber: 'QF1504',
    ...overrides,
  };
}

/** Posts a request and returns it (throws unless 201). */
export async function postRide(client: TestClient, overrides: Partial<RideRequestInput> = {}) {
  const res = await client.post('/api/rides', rideBody(overrides));
  if (res.status !== 201) throw new Error(`POST /api/rides answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { ride: RideDto; returnRide: RideDto | null };
}

export function profileBody(overrides: Partial<DriverProfileInput> = {}): DriverProfileInput {
  return {
    companyName: 'Port Stephens Shuttles',
    abn: '51 824 753 556',
    bspNumber: 'BSP-12345',
    businessPhone: '0412 345 678',
    businessEmail: '',
    base: { locality: 'Nelson Bay', postcode: '2315' },
    serviceRadiusKm: 100,
    description: '',
    availability: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { start: '06:00', end: '20:00' } },
    ...overrides,
  };
}

/**
 * Sets a driver's availability through the API, and their vehicle's passenger seats to `capacity` (the
 * verified fixture driver has one vehicle). Keeps the ABN and BSP number the driver already has.
 */
export async function setAvailability(
  client: TestClient,
  days: string[],
  hours: { start: string; end: string },
  capacity: number,
) {
  const current = await client.get('/api/drivers/me');
  const { driver } = (await current.json()) as {
    driver: { abn: string; bspNumber: string; companyName: string };
  };
  const res = await client.request('/api/drivers/me', {
    method: 'PUT',
    body: profileBody({
      abn: driver.abn,
      bspNumber: driver.bspNumber,
      companyName: driver.companyName,
      availability: { days: days as never, hours },
    }),
  });
  if (res.status !== 200) throw new Error(`PUT /api/drivers/me answered ${res.status}: ${await res.text()}`);
  const list = await client.get('/api/drivers/me/vehicles');
  const { items } = (await list.json()) as {
    items: { id: string; make: string; model: string; year: number; plate: string }[];
  };
  const v = items[0];
  if (!v) throw new Error('the driver has no vehicle');
  const put = await client.request(`/api/drivers/me/vehicles/${v.id}`, {
    method: 'PUT',
    body: { make: v.make, model: v.model, year: v.year, plate: v.plate, seats: capacity, luggageBags: 12 },
  });
  if (put.status !== 200) throw new Error(`PUT vehicle answered ${put.status}: ${await put.text()}`);
}

/** A quote written straight to the database (the quotes API is another module's). */
export async function insertQuote(
  db: Db,
  rideId: string,
  driverId: string,
  opts: { status?: string; priceCents?: number; rideVersion?: number } = {},
): Promise<string> {
  const [row] = await db
    .insert(quotes)
    .values({
      rideId,
      driverId,
      status: opts.status ?? 'pending',
      priceCents: opts.priceCents ?? 9500,
      message: 'Door to door, bags included.',
      validUntil: new Date(Date.now() + 20 * 3_600_000),
      rideVersion: opts.rideVersion ?? 1,
    })
    .returning({ id: quotes.id });
  return row!.id;
}

/** Books a request directly: the quote accepted, a confirmed booking, the request 'booked'. */
export async function insertBooking(db: Db, rideId: string, customerId: string, driverId: string) {
  const quoteId = await insertQuote(db, rideId, driverId, { status: 'accepted' });
  const [row] = await db
    .insert(bookings)
    .values({
      rideId,
      quoteId,
      customerId,
      driverId,
      priceCents: 9500,
      fareStatement: 'The agreed fare is $95.00.',
      acceptedAt: new Date(),
    })
    .returning({ id: bookings.id });
  await db.execute(sql`update rides set status = 'booked' where id = ${rideId}`);
  return { bookingId: row!.id, quoteId };
}

export interface NotificationRow {
  user_id: string;
  type: string;
  title: string;
  message: string;
  related_id: string | null;
}

export function notificationsAbout(db: Db, relatedId: string) {
  return rows<NotificationRow>(
    db,
    sql`select user_id, type, title, message, related_id from notifications where related_id = ${relatedId}
        order by created_at, id`,
  );
}
