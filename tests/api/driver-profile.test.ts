import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverProfileDto } from '../../src/shared/marketplace/api.ts';
import { NO_OFFERS } from '../../src/shared/marketplace/needs.ts';
import { VALIDATION } from '../../src/shared/messages.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { profileBody } from './ride-fixtures.ts';

describe.each(databaseKinds())('driver profile (%s)', (kind) => {
  let server: TestServer;
  let driver: TestClient;
  let driverId: string;
  let customer: TestClient;
  let customerId: string;
  let admin: TestClient;

  const put = (client: TestClient, path: string, body: unknown) =>
    client.request(path, { method: 'PUT', body });
  const storedRow = async (userId: string) =>
    (
      await rows<Record<string, unknown>>(
        server.db,
        sql`select bsp_number, company_name, vehicle_details, insurance_details, availability, offers
            from drivers where user_id = ${userId}`,
      )
    )[0];

  beforeAll(async () => {
    server = await startServer(kind);
    const d = await signedInClient(server, {
      userType: 'driver',
      bspNumber: 'BSP-1',
      companyName: 'Bay Buses',
    });
    driver = d.client;
    driverId = d.userId;
    const c = await signedInClient(server, { userType: 'customer' });
    customer = c.client;
    customerId = c.userId;
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server.db, a.email);
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/drivers/me: the new driver record in its stable shape, with the defaults', async () => {
    const res = await driver.get('/api/drivers/me');
    expect(res.status).toBe(200);
    const { driver: profile } = (await res.json()) as { driver: DriverProfileDto };
    expect(profile).toEqual({
      userId: driverId,
      bspNumber: 'BSP-1',
      companyName: 'Bay Buses',
      vehicle: { make: '', model: '', year: null, color: '', registration: '', capacity: 4 },
      insurance: { provider: '', policyNumber: '', expiryDate: '' },
      availability: { days: [], hours: { start: '09:00', end: '17:00' } },
      // Nothing special until the driver says what their vehicles carry.
      offers: NO_OFFERS,
      updatedAt: expect.any(String),
    });
  });

  it('PUT /api/drivers/me saves every field; GET returns the same; the row keeps the spec’s JSON', async () => {
    const body = profileBody({
      availability: { days: ['sun', 'mon', 'mon', 'fri'], hours: { start: '05:30', end: '22:00' } },
    });
    const res = await put(driver, '/api/drivers/me', body);
    expect(res.status).toBe(200);
    const { driver: saved } = (await res.json()) as { driver: DriverProfileDto };
    const expected = {
      userId: driverId,
      bspNumber: 'BSP-2315',
      companyName: 'Port Stephens Shuttles',
      vehicle: {
        make: 'Toyota',
        model: 'HiAce Commuter',
        year: 2022,
        color: 'White',
        registration: 'PS23AB',
        capacity: 12,
      },
      insurance: { provider: 'NRMA', policyNumber: 'POL-778', expiryDate: '2027-06-30' },
      // Days come back once each, Monday first.
      availability: { days: ['mon', 'fri', 'sun'], hours: { start: '05:30', end: '22:00' } },
      offers: NO_OFFERS,
      updatedAt: expect.any(String),
    };
    expect(saved).toEqual(expected);
    expect(
      ((await (await driver.get('/api/drivers/me')).json()) as { driver: DriverProfileDto }).driver,
    ).toEqual(expected);
    expect(await storedRow(driverId)).toEqual({
      bsp_number: 'BSP-2315',
      company_name: 'Port Stephens Shuttles',
      vehicle_details: {
        make: 'Toyota',
        model: 'HiAce Commuter',
        year: 2022,
        color: 'White',
        registration: 'PS23AB',
        capacity: 12,
      },
      insurance_details: { provider: 'NRMA', policy_number: 'POL-778', expiry_date: '2027-06-30' },
      availability: { days: ['mon', 'fri', 'sun'], hours: { start: '05:30', end: '22:00' } },
      offers: NO_OFFERS,
    });
  });

  it('optional fields may be left out; the company name can be cleared', async () => {
    const res = await put(driver, '/api/drivers/me', {
      bspNumber: 'BSP-2315',
      vehicle: { capacity: '7' },
      insurance: {},
      availability: { hours: { start: '09:00', end: '17:00' } },
    });
    expect(res.status).toBe(200);
    const { driver: saved } = (await res.json()) as { driver: DriverProfileDto };
    expect(saved).toMatchObject({
      companyName: '',
      vehicle: { make: '', model: '', year: null, color: '', registration: '', capacity: 7 },
      insurance: { provider: '', policyNumber: '', expiryDate: '' },
      availability: { days: [], hours: { start: '09:00', end: '17:00' } },
    });
    expect((await storedRow(driverId))?.company_name).toBeNull();
  });

  describe('bad input: 400 with the message, nothing changes', () => {
    const base = profileBody();
    it.each([
      [
        'capacity 0',
        { vehicle: { ...base.vehicle, capacity: 0 } },
        'vehicle.capacity',
        MARKETPLACE_MESSAGES.vehicleCapacity,
      ],
      [
        'capacity 51',
        { vehicle: { ...base.vehicle, capacity: 51 } },
        'vehicle.capacity',
        MARKETPLACE_MESSAGES.vehicleCapacity,
      ],
      [
        'no capacity',
        { vehicle: { make: 'Toyota' } },
        'vehicle.capacity',
        MARKETPLACE_MESSAGES.vehicleCapacity,
      ],
      [
        'year 1900',
        { vehicle: { ...base.vehicle, year: 1900 } },
        'vehicle.year',
        MARKETPLACE_MESSAGES.vehicleYear,
      ],
      ['no BSP number', { bspNumber: '   ' }, 'bspNumber', VALIDATION.bspRequired],
      [
        'hours ending before they start',
        { availability: { days: ['mon'], hours: { start: '17:00', end: '09:00' } } },
        'availability.hours.end',
        MARKETPLACE_MESSAGES.hours,
      ],
      [
        'hours not HH:MM',
        { availability: { days: ['mon'], hours: { start: '9am', end: '17:00' } } },
        'availability.hours.start',
        MARKETPLACE_MESSAGES.hours,
      ],
      [
        'an expiry date that is not a date',
        { insurance: { ...base.insurance, expiryDate: 'next June' } },
        'insurance.expiryDate',
        MARKETPLACE_MESSAGES.expiryDate,
      ],
    ])('%s', async (_name, changes, path, message) => {
      const before = await storedRow(driverId);
      const res = await put(driver, '/api/drivers/me', { ...base, ...changes });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error).toMatchObject({ code: 'validation', message });
      expect(error.issues?.[0]).toEqual({ path, message });
      expect(await storedRow(driverId)).toEqual(before);
    });

    it('unknown weekdays, wrong types, not JSON: 400, never 500', async () => {
      const before = await storedRow(driverId);
      for (const body of [
        { ...base, availability: { days: ['funday'], hours: { start: '09:00', end: '17:00' } } },
        { ...base, vehicle: 'a van' },
        { ...base, availability: null },
        [],
        '{oops',
      ]) {
        const res = await driver.request('/api/drivers/me', {
          method: 'PUT',
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await errorOf(res)).code).toBe('validation');
      }
      expect(await storedRow(driverId)).toEqual(before);
    });
  });

  it('a customer has no driver profile (403); a guest must sign in (401)', async () => {
    expect((await put(customer, '/api/drivers/me', profileBody())).status).toBe(403);
    expect((await put(server.client(), '/api/drivers/me', profileBody())).status).toBe(401);
  });

  describe('admin: /api/drivers/:userId', () => {
    it('reads and saves any driver’s record', async () => {
      const res = await admin.get(`/api/drivers/${driverId}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { driver: DriverProfileDto }).driver.userId).toBe(driverId);
      const saved = await put(
        admin,
        `/api/drivers/${driverId}`,
        profileBody({ companyName: 'Renamed By Admin' }),
      );
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as { driver: DriverProfileDto }).driver.companyName).toBe(
        'Renamed By Admin',
      );
      expect((await storedRow(driverId))?.company_name).toBe('Renamed By Admin');
    });

    it('404 for a user without a drivers record, an unknown id or a non-uuid', async () => {
      for (const id of [customerId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await admin.get(`/api/drivers/${id}`)).status, id).toBe(404);
        expect((await put(admin, `/api/drivers/${id}`, profileBody())).status, id).toBe(404);
      }
      expect(await rows(server.db, sql`select 1 from drivers where user_id = ${customerId}`)).toHaveLength(0);
      // An admin has no record of their own.
      expect((await admin.get('/api/drivers/me')).status).toBe(404);
    });

    it('bad input from an admin: 400, nothing changes', async () => {
      const before = await storedRow(driverId);
      const res = await put(admin, `/api/drivers/${driverId}`, profileBody({ bspNumber: '' }));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(VALIDATION.bspRequired);
      expect(await storedRow(driverId)).toEqual(before);
    });

    it('drivers and customers may not use it (403)', async () => {
      const other = await signedInClient(server, { userType: 'driver' });
      for (const client of [driver, customer]) {
        expect((await client.get(`/api/drivers/${other.userId}`)).status).toBe(403);
        expect((await put(client, `/api/drivers/${other.userId}`, profileBody())).status).toBe(403);
      }
    });
  });
});
