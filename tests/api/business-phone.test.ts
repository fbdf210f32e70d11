/**
 * Issue 32, item 8: a shuttle office's landline is accepted as the business (office) number, while the
 * customer still gets a mobile for the day of the trip (the driver's own), in the booking and its e-mail.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import type { BookingDto, DriverProfileDto } from '../../src/shared/marketplace/api.ts';
import { PHONE_MESSAGES } from '../../src/shared/validation/phone.ts';
import {
  databaseKinds,
  errorOf,
  readMailbox,
  rows,
  signedInClient,
  startServer,
  type TestServer,
} from './helpers.ts';
import { HIACE, insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';

const PICKUP = new Date('2027-11-25T18:30:00Z');
const PROFILE_HOURS = { availability: { hours: { start: '09:00', end: '17:00' } } };

describe.each(databaseKinds())('a landline as the business phone (%s)', (kind) => {
  let server: TestServer;
  let customer: Awaited<ReturnType<typeof signedInClient>>;
  let driver: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 345 678' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
        phone: '+61 498 765 432',
      }),
    ]);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the office landline is saved as the business phone; a 1300 number is still refused', async () => {
    // A verified driver keeps the ABN and BSP number they were checked with.
    const { driver: current } = (await (await driver.client.get('/api/drivers/me')).json()) as {
      driver: DriverProfileDto;
    };
    const PROFILE = { ...PROFILE_HOURS, abn: current.abn, bspNumber: current.bspNumber };
    const res = await driver.client.request('/api/drivers/me', {
      method: 'PUT',
      body: { ...PROFILE, businessPhone: '(02) 4981 1234' },
    });
    expect(res.status).toBe(200);
    const { driver: saved } = (await res.json()) as { driver: DriverProfileDto };
    expect(saved.businessPhone).toBe('+61249811234');
    const [row] = await rows<{ business_phone: string }>(
      server.db,
      sql`select business_phone from drivers where user_id = ${driver.userId}`,
    );
    expect(row!.business_phone).toBe('+61249811234');

    const bad = await driver.client.request('/api/drivers/me', {
      method: 'PUT',
      body: { ...PROFILE, businessPhone: '1300 123 456' },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues?.[0]).toEqual({
      path: 'businessPhone',
      message: PHONE_MESSAGES.businessInvalid,
    });

    // The driver's own number stays a mobile.
    const own = await driver.client.request('/api/me', { method: 'PATCH', body: { phone: '02 4981 1234' } });
    expect(own.status).toBe(400);
  });

  it("on the booking and in its e-mail the customer gets the driver's mobile, not the office landline", async () => {
    await server.db.execute(
      sql`update drivers set business_phone = '+61249811234' where user_id = ${driver.userId}`,
    );
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: BookingDto };
    expect(booking.driver.contact.phone).toBe('+61498765432');

    await runDeliveryRound({
      db: server.db,
      env: server.deps.env,
      push: async () => {},
    });
    const mail = (await readMailbox(server.baseUrl, customer.email)).find(
      (m) => m.kind === 'notification' && m.meta.notificationType === 'booking_confirmed',
    );
    expect(mail?.text).toContain('Phone: 0498 765 432');
    expect(mail?.text).not.toContain('4981 1234');
  });
});
