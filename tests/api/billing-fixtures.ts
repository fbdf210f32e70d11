/** The people and trips the billing tests share (issue 15): a customer, two drivers and an admin. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addMonths, periodOf, periodStart } from '../../src/shared/billing.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import { makeAdmin, signedInClient, type TestClient, type TestServer } from './helpers.ts';
import { insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';

export interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

export interface BillingParties {
  customer: Person;
  /** Port Stephens Shuttles, with an ABN. */
  driver: Person;
  otherDriver: Person;
  admin: Person;
}

/** The instant the current Sydney month ends: the monthly run at that moment bills this month. */
export const monthEnd = () => periodStart(addMonths(periodOf(new Date()), 1));

export async function billingParties(server: TestServer): Promise<BillingParties> {
  const [customer, driver, otherDriver, admin] = await Promise.all([
    signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
    signedInClient(server, {
      userType: 'driver',
      fullName: 'Dana Driverson',
      companyName: 'Port Stephens Shuttles',
    }),
    signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
    signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
  ]);
  await makeAdmin(server, admin);
  await setVehicle(server.db, driver.userId);
  await setVehicle(server.db, otherDriver.userId);
  await server.db.execute(sql`update drivers set abn = '53004085616' where user_id = ${driver.userId}`);
  return { customer, driver, otherDriver, admin };
}

/** A booking of `fare` cents between `customer` and the driver `who`, past its pickup and completed. */
export async function completeTrip(
  server: TestServer,
  customer: Person,
  who: Person,
  fare: number,
): Promise<string> {
  const ride = await insertRide(server.db, customer.userId);
  const quote = await insertQuote(server.db, { rideId: ride.id, driverId: who.userId, priceCents: fare });
  const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
  expect(res.status).toBe(201);
  const { booking } = (await res.json()) as { booking: BookingDto };
  await server.db.execute(sql`update rides set pickup_at = now() - interval '2 hours' where id = ${ride.id}`);
  expect((await who.client.post(`/api/bookings/${booking.id}/complete`)).status).toBe(200);
  return booking.id;
}
