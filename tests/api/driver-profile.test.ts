import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverProfileDto } from '../../src/shared/marketplace/api.ts';
import { NO_OFFERS } from '../../src/shared/marketplace/needs.ts';
import { VERIFICATION_MESSAGES } from '../../src/shared/marketplace/verification.ts';
import { VALIDATION } from '../../src/shared/messages.ts';
import { MARKETPLACE_MESSAGES } from '../../src/shared/validation/marketplace.ts';
import { PHONE_MESSAGES } from '../../src/shared/validation/phone.ts';
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
        sql`select bsp_number, company_name, abn, business_phone, business_email, base_locality,
                   service_radius_km, description, availability, offers
            from drivers where user_id = ${userId}`,
      )
    )[0];

  beforeAll(async () => {
    server = await startServer(kind);
    const d = await signedInClient(server, {
      userType: 'driver',
      bspNumber: 'BSP-1',
      companyName: 'Bay Buses',
      // The profile as a new driver has it: not verified yet.
      verified: false,
    });
    driver = d.client;
    driverId = d.userId;
    const c = await signedInClient(server, { userType: 'customer' });
    customer = c.client;
    customerId = c.userId;
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
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
      abn: '',
      // The sign-up mobile is the business phone until the driver gives another.
      businessPhone: '+61412345678',
      businessEmail: '',
      base: null,
      serviceRadiusKm: 50,
      description: '',
      avatarUrl: null,
      availability: { days: [], hours: { start: '09:00', end: '17:00' } },
      // Nothing special until the driver says what their vehicles carry.
      offers: NO_OFFERS,
      verificationStatus: 'incomplete',
      updatedAt: expect.any(String),
    });
  });

  it('PUT /api/drivers/me saves every field; GET returns the same', async () => {
    const body = profileBody({
      businessEmail: 'bookings@psshuttles.example',
      description: 'Airport runs and weddings around the bay.',
      availability: { days: ['sun', 'mon', 'mon', 'fri'], hours: { start: '05:30', end: '22:00' } },
    });
    const res = await put(driver, '/api/drivers/me', body);
    expect(res.status).toBe(200);
    const { driver: saved } = (await res.json()) as { driver: DriverProfileDto };
    const expected = {
      userId: driverId,
      bspNumber: 'BSP-12345',
      companyName: 'Port Stephens Shuttles',
      abn: '51824753556',
      businessPhone: '+61412345678',
      businessEmail: 'bookings@psshuttles.example',
      base: { locality: 'Nelson Bay', postcode: '2315', label: 'Nelson Bay NSW 2315' },
      serviceRadiusKm: 100,
      description: 'Airport runs and weddings around the bay.',
      avatarUrl: null,
      // Days come back once each, Monday first.
      availability: { days: ['mon', 'fri', 'sun'], hours: { start: '05:30', end: '22:00' } },
      offers: NO_OFFERS,
      verificationStatus: 'incomplete',
      updatedAt: expect.any(String),
    };
    expect(saved).toEqual(expected);
    expect(
      ((await (await driver.get('/api/drivers/me')).json()) as { driver: DriverProfileDto }).driver,
    ).toEqual(expected);
    expect(await storedRow(driverId)).toMatchObject({
      bsp_number: 'BSP-12345',
      company_name: 'Port Stephens Shuttles',
      abn: '51824753556',
      base_locality: 'Nelson Bay',
      availability: { days: ['mon', 'fri', 'sun'], hours: { start: '05:30', end: '22:00' } },
    });
  });

  it('optional fields may be left out or cleared', async () => {
    const res = await put(driver, '/api/drivers/me', {
      bspNumber: 'BSP-12345',
      availability: { hours: { start: '09:00', end: '17:00' } },
    });
    expect(res.status).toBe(200);
    const { driver: saved } = (await res.json()) as { driver: DriverProfileDto };
    expect(saved).toMatchObject({
      companyName: '',
      abn: '',
      businessPhone: '',
      base: null,
      serviceRadiusKm: 50,
      availability: { days: [], hours: { start: '09:00', end: '17:00' } },
    });
    expect((await storedRow(driverId))?.company_name).toBeNull();
  });

  describe('bad input: 400 at the field with the message, nothing changes', () => {
    const base = profileBody();
    it.each([
      ['an ABN with a wrong checksum', { abn: '51 824 753 557' }, 'abn', VERIFICATION_MESSAGES.abnChecksum],
      ['an ABN of 10 digits', { abn: '5182475355' }, 'abn', VERIFICATION_MESSAGES.abnFormat],
      [
        'a 1300 number as business phone',
        { businessPhone: '1300 123 456' },
        'businessPhone',
        PHONE_MESSAGES.businessInvalid,
      ],
      [
        'a business e-mail without @',
        { businessEmail: 'bookings' },
        'businessEmail',
        VERIFICATION_MESSAGES.businessEmail,
      ],
      ['a radius of 0 km', { serviceRadiusKm: 0 }, 'serviceRadiusKm', VERIFICATION_MESSAGES.serviceRadius],
      [
        'a radius of 501 km',
        { serviceRadiusKm: 501 },
        'serviceRadiusKm',
        VERIFICATION_MESSAGES.serviceRadius,
      ],
      [
        'a base that is no NSW locality',
        { base: { locality: 'Atlantis', postcode: '2999' } },
        'base',
        VERIFICATION_MESSAGES.baseLocality,
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
        { ...base, abn: 51824753556 },
        { ...base, base: 'Nelson Bay' },
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
