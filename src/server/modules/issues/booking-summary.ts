/**
 * The booking a trip problem is about (issue 30), as admins and the reporter's e-mails show it: the trip,
 * the pickup time, its status and both sides.
 */
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IssueBookingDto } from '../../../shared/admin/issues.ts';
import type { Db } from '../../db/client.ts';
import { bookings, drivers, rides, users } from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';

const customer = alias(users, 'problem_customer');
const driver = alias(users, 'problem_driver');

/** 'Nelson Bay to Newcastle Airport' (named places by name: issue 32). */
export function tripText(ride: Parameters<typeof rideRoute>[0]): string {
  return rideRoute(ride, { words: true });
}

/** The summaries of these bookings, by id (a deleted booking is simply missing). */
export async function issueBookings(db: Db, ids: readonly string[]): Promise<Map<string, IssueBookingDto>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const found = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      pickupAt: rides.pickupAt,
      pickupLocality: rides.pickupLocality,
      pickupPostcode: rides.pickupPostcode,
      pickupAddress: rides.pickupAddress,
      destinationLocality: rides.destinationLocality,
      destinationPostcode: rides.destinationPostcode,
      destinationAddress: rides.destinationAddress,
      customerId: bookings.customerId,
      customerName: customer.fullName,
      customerEmail: customer.email,
      driverId: bookings.driverId,
      driverName: driver.fullName,
      driverEmail: driver.email,
      businessName: drivers.companyName,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(customer, eq(customer.id, bookings.customerId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .leftJoin(drivers, eq(drivers.userId, bookings.driverId))
    .where(inArray(bookings.id, wanted));
  return new Map(
    found.map((r) => [
      r.id,
      {
        id: r.id,
        status: r.status,
        pickupAt: r.pickupAt.toISOString(),
        trip: tripText(r),
        customer: { id: r.customerId, name: r.customerName, email: r.customerEmail },
        driver: {
          id: r.driverId,
          name: r.driverName,
          businessName: r.businessName?.trim() || null,
          email: r.driverEmail,
        },
      },
    ]),
  );
}

export async function issueBooking(db: Db, id: string | null): Promise<IssueBookingDto | null> {
  if (!id) return null;
  return (await issueBookings(db, [id])).get(id) ?? null;
}
