/**
 * Drivers as verified businesses (issue 13), through the API on both databases: a new driver onboards
 * (profile, vehicle with photo, documents), is refused quotes until verified, submits, an admin reviews each
 * document and the driver with reasons (recorded, the driver told), and the driver quotes. Documents are
 * private; another driver's vehicles and documents read as 404.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliveryRound } from '../../src/server/jobs/delivery-worker.ts';
import type {
  DriverDocumentDto,
  DriverStandingDto,
  DriverVehicleDto,
  VerificationDetailDto,
  VerificationQueueItemDto,
} from '../../src/shared/marketplace/api.ts';
import { sydneyToday } from '../../src/shared/marketplace/time.ts';
import { VERIFICATION_MESSAGES } from '../../src/shared/marketplace/verification.ts';
import { UPLOAD_MESSAGES } from '../../src/shared/validation/uploads.ts';
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
import { postRide, profileBody } from './ride-fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const nextYear = () => `${Number(sydneyToday().slice(0, 4)) + 1}-06-30`;

async function postForm(client: TestClient, path: string, form: FormData): Promise<Response> {
  const headers: Record<string, string> = {};
  if (client.ip) headers['x-forwarded-for'] = client.ip;
  if (client.origin) headers.origin = client.origin;
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  return fetch(`${client.baseUrl}${path}`, { method: 'POST', headers, body: form });
}

function documentForm(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

const VAN = { make: 'Toyota', model: 'HiAce', year: 2022, plate: 'ps 23 ab', seats: 11, luggageBags: 10 };

describe.each(databaseKinds())('driver verification (%s)', (kind) => {
  let server: TestServer;
  let driver: TestClient;
  let driverId: string;
  let other: TestClient;
  let customer: TestClient;
  let admin: TestClient;
  let adminId: string;
  let vehicleId: string;
  const docIds: Record<string, string> = {};

  const standing = async (client = driver) =>
    ((await (await client.get('/api/drivers/me/standing')).json()) as { standing: DriverStandingDto })
      .standing;
  const documentCount = async () =>
    Number(
      (
        await rows<{ n: number }>(
          server.db,
          sql`select count(*)::int as n from driver_documents where driver_id = ${driverId}`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startServer(kind);
    const d = await signedInClient(server, {
      userType: 'driver',
      companyName: 'Bay Shuttles',
      verified: false,
    });
    driver = d.client;
    driverId = d.userId;
    other = (await signedInClient(server, { userType: 'driver', verified: false })).client;
    customer = (await signedInClient(server, { userType: 'customer' })).client;
    const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    adminId = a.userId;
    admin = server.client();
    expect((await admin.signIn(a.email, a.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a new driver is incomplete and is refused every quoting route with what is missing', async () => {
    const s = await standing();
    expect(s.status).toBe('incomplete');
    expect(s.canQuote).toBe(false);
    expect(s.missing).toContain('ABN');
    const { ride } = await postRide(customer);
    const quote = await driver.post('/api/quotes', { rideId: ride.id, price: 90, message: 'Door to door.' });
    expect(quote.status).toBe(403);
    const error = await errorOf(quote);
    expect(error.code).toBe('driver_not_verified');
    expect(error.message).toMatch(
      /^You can't quote yet: .*Still needed: ABN; Base locality and service radius;/,
    );
    expect(error.issues?.map((i) => i.path)).toContain('abn');
    const available = await driver.get('/api/rides/available');
    expect(available.status).toBe(403);
    expect((await errorOf(available)).code).toBe('driver_not_verified');
    const ask = await driver.post(`/api/rides/${ride.id}/questions`, {
      body: 'Is there a child seat needed?',
    });
    expect(ask.status).toBe(403);
    expect(await rows(server.db, sql`select 1 from quotes where driver_id = ${driverId}`)).toHaveLength(0);
  });

  it('the profile takes the ABN, business phone and base', async () => {
    const res = await driver.request('/api/drivers/me', {
      method: 'PUT',
      body: profileBody({ companyName: 'Bay Shuttles', bspNumber: 'BSP-12345' }),
    });
    expect(res.status).toBe(200);
    const s = await standing();
    expect(s.items.filter((i) => i.section === 'business').every((i) => i.done)).toBe(true);
  });

  it('vehicles: bad seats refused at the field and nothing saved; a plate once per driver', async () => {
    for (const seats of [0, 99]) {
      const res = await driver.post('/api/drivers/me/vehicles', { ...VAN, seats });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).issues?.[0]).toEqual({
        path: 'seats',
        message: VERIFICATION_MESSAGES.seats,
      });
    }
    expect(await rows(server.db, sql`select 1 from vehicles where driver_id = ${driverId}`)).toHaveLength(0);
    const res = await driver.post('/api/drivers/me/vehicles', VAN);
    expect(res.status).toBe(201);
    const { vehicle } = (await res.json()) as { vehicle: DriverVehicleDto };
    expect(vehicle).toMatchObject({
      plate: 'PS23AB',
      seats: 11,
      label: '2022 Toyota HiAce, PS23AB',
      usable: false,
    });
    vehicleId = vehicle.id;
    const twice = await driver.post('/api/drivers/me/vehicles', { ...VAN, plate: 'PS23AB' });
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).issues?.[0]?.path).toBe('plate');
  });

  it('a vehicle photo is resized to WebP and served publicly', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'van.png');
    const res = await postForm(driver, `/api/drivers/me/vehicles/${vehicleId}/photo`, form);
    expect(res.status).toBe(200);
    const { vehicle } = (await res.json()) as { vehicle: DriverVehicleDto };
    expect(vehicle.photoUrl).toMatch(new RegExp(`^/api/vehicles/${vehicleId}/photo\\?v=\\d+$`));
    const photo = await server.client().get(vehicle.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(960);
  });

  it('documents: past expiry, wrong type, missing file, unknown vehicle refused at the field, nothing stored', async () => {
    const cases: [Record<string, string>, { name: string; bytes: Uint8Array } | undefined, string, string][] =
      [
        [
          { kind: 'insurance', expiresOn: '2020-01-01' },
          { name: 'i.pdf', bytes: PDF },
          'expiresOn',
          VERIFICATION_MESSAGES.expiryPast,
        ],
        [
          { kind: 'insurance', expiresOn: nextYear() },
          { name: 'i.txt', bytes: Buffer.from('hello there') },
          'file',
          UPLOAD_MESSAGES.typeUndetermined,
        ],
        [{ kind: 'insurance', expiresOn: nextYear() }, undefined, 'file', VERIFICATION_MESSAGES.documentFile],
        [
          { kind: 'licence', expiresOn: nextYear() },
          { name: 'i.pdf', bytes: PDF },
          'kind',
          VERIFICATION_MESSAGES.documentKind,
        ],
        [
          {
            kind: 'safety_inspection',
            expiresOn: nextYear(),
            vehicleId: '00000000-0000-4000-8000-000000000000',
          },
          { name: 'i.pdf', bytes: PDF },
          'vehicleId',
          VERIFICATION_MESSAGES.documentVehicle,
        ],
      ];
    for (const [fields, file, path, message] of cases) {
      const res = await postForm(driver, '/api/drivers/me/documents', documentForm(fields, file));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await errorOf(res)).issues?.[0], JSON.stringify(fields)).toEqual({ path, message });
    }
    const big = await postForm(
      driver,
      '/api/drivers/me/documents',
      documentForm(
        { kind: 'insurance', expiresOn: nextYear() },
        { name: 'big.pdf', bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
      ),
    );
    expect(big.status).toBe(413);
    expect(await documentCount()).toBe(0);
  });

  it('uploads the three documents; submitting before that is refused', async () => {
    const early = await driver.post('/api/drivers/me/submit', {});
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(VERIFICATION_MESSAGES.cannotSubmit);
    for (const [kind, extra] of [
      ['authorisation', {}],
      ['insurance', {}],
      ['safety_inspection', { vehicleId }],
    ] as const) {
      const res = await postForm(
        driver,
        '/api/drivers/me/documents',
        documentForm({ kind, expiresOn: nextYear(), ...extra }, { name: `${kind}.pdf`, bytes: PDF }),
      );
      expect(res.status).toBe(201);
      const { document } = (await res.json()) as { document: DriverDocumentDto };
      expect(document).toMatchObject({ kind, status: 'pending', expired: false, replaced: false });
      docIds[kind] = document.id;
    }
    const s = await standing();
    expect(s.canSubmit).toBe(true);
    expect(s.items.find((i) => i.key === 'insurance')?.detail).toBe('Waiting for review');
  });

  it('document files are private: owner and admin 200, everyone else 404', async () => {
    const url = `/api/driver-documents/${docIds.insurance}/file`;
    for (const [who, client, status] of [
      ['owner', driver, 200],
      ['admin', admin, 200],
      ['another driver', other, 404],
      ['a customer', customer, 404],
      ['a guest', server.client(), 404],
    ] as const) {
      const res = await client.get(url);
      expect(res.status, who).toBe(status);
      if (status === 200) {
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
    // Another driver's vehicles and documents read as 404.
    expect(
      (await other.request(`/api/drivers/me/vehicles/${vehicleId}`, { method: 'PUT', body: VAN })).status,
    ).toBe(404);
    expect(
      (await other.request(`/api/drivers/me/documents/${docIds.insurance}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await other.get('/api/drivers/me/documents')).status).toBe(200);
    expect(
      ((await (await other.get('/api/drivers/me/documents')).json()) as { items: unknown[] }).items,
    ).toHaveLength(0);
  });

  it('submitting puts the driver in the queue and tells every admin', async () => {
    const res = await driver.post('/api/drivers/me/submit', {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { standing: DriverStandingDto }).standing.status).toBe('pending_review');
    expect((await driver.post('/api/drivers/me/submit', {})).status).toBe(409);
    const notes = await rows<{ type: string; related_id: string }>(
      server.db,
      sql`select type, related_id from notifications where user_id = ${adminId} and type = 'verification_submitted'`,
    );
    expect(notes).toEqual([{ type: 'verification_submitted', related_id: driverId }]);
    const queue = await admin.get('/api/admin/verifications');
    const { items } = (await queue.json()) as { items: VerificationQueueItemDto[] };
    expect(items.find((i) => i.driverId === driverId)).toMatchObject({
      businessName: 'Bay Shuttles',
      status: 'pending_review',
      pendingDocuments: 3,
    });
    // The ABN and BSP number are locked while under review.
    const locked = await driver.request('/api/drivers/me', {
      method: 'PUT',
      body: profileBody({ bspNumber: 'BSP-99999', companyName: 'Bay Shuttles' }),
    });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).message).toBe(VERIFICATION_MESSAGES.lockedWhileVerified);
    // Not an admin: 403.
    expect((await driver.get('/api/admin/verifications')).status).toBe(403);
  });

  it('the admin cannot approve while documents wait; rejects one with a reason, the driver is told', async () => {
    const early = await admin.post(`/api/admin/verifications/${driverId}/approve`, {});
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(VERIFICATION_MESSAGES.cannotApprove);
    const noReason = await admin.post(`/api/admin/documents/${docIds.insurance}/reject`, { reason: '' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).message).toBe(VERIFICATION_MESSAGES.reasonRequired);
    const res = await admin.post(`/api/admin/documents/${docIds.insurance}/reject`, {
      reason: 'The certificate is for another business.',
    });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as VerificationDetailDto;
    expect(detail.documents.find((d) => d.id === docIds.insurance)).toMatchObject({
      status: 'rejected',
      reviewReason: 'The certificate is for another business.',
    });
    expect(detail.events[0]).toMatchObject({
      action: 'document_rejected',
      actorName: 'Ada Admin',
      reason: 'The certificate is for another business.',
    });
    const again = await admin.post(`/api/admin/documents/${docIds.insurance}/reject`, {
      reason: 'Twice over.',
    });
    expect(again.status).toBe(409);
    const note = await rows<{ message: string }>(
      server.db,
      sql`select message from notifications where user_id = ${driverId} and type = 'document_rejected'`,
    );
    expect(note[0]?.message).toMatch(/another business/);
  });

  it('the admin rejects the driver with a reason; the driver fixes it and submits again', async () => {
    const res = await admin.post(`/api/admin/verifications/${driverId}/reject`, {
      reason: 'Please upload the right insurance certificate.',
    });
    expect(res.status).toBe(200);
    const s = await standing();
    expect(s.status).toBe('rejected');
    expect(s.items.at(-1)?.detail).toMatch(/right insurance certificate/);
    const upload = await postForm(
      driver,
      '/api/drivers/me/documents',
      documentForm({ kind: 'insurance', expiresOn: nextYear() }, { name: 'insurance-2.pdf', bytes: PDF }),
    );
    expect(upload.status).toBe(201);
    docIds.insurance = ((await upload.json()) as { document: DriverDocumentDto }).document.id;
    expect((await driver.post('/api/drivers/me/submit', {})).status).toBe(200);
  });

  it('approving every document and the driver lets them quote with the vehicle; all of it is recorded', async () => {
    for (const id of Object.values(docIds)) {
      expect((await admin.post(`/api/admin/documents/${id}/approve`, {})).status).toBe(200);
    }
    const res = await admin.post(`/api/admin/verifications/${driverId}/approve`, { reason: '' });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as VerificationDetailDto;
    expect(detail.standing.canQuote).toBe(true);
    expect(detail.events.map((e) => e.action).slice(0, 4)).toEqual([
      'approved',
      'document_approved',
      'document_approved',
      'document_approved',
    ]);
    expect(detail.events.some((e) => e.action === 'submitted' && e.actorName === 'Dana Driver')).toBe(true);
    const stored = await rows<{ verification_status: string; status_changed_by: string }>(
      server.db,
      sql`select verification_status, status_changed_by from drivers where user_id = ${driverId}`,
    );
    expect(stored[0]).toEqual({ verification_status: 'verified', status_changed_by: adminId });
    // Told in the app (the delivery worker e-mails each notification).
    const notes = await rows<{ type: string }>(
      server.db,
      sql`select type from notifications where user_id = ${driverId} and type like 'verification_%' order by created_at`,
    );
    expect(notes.map((n) => n.type)).toEqual(['verification_rejected', 'verification_approved']);
    // And by e-mail, with a button to the driver profile.
    await runDeliveryRound({
      db: server.db,
      env: server.deps.env,
      push: async () => {},
    });
    const mails = await rows<{ subject: string; text: string }>(
      server.db,
      sql`select o.subject, o.text from mail_outbox o join users u on lower(u.email) = lower(o."to")
          where u.id = ${driverId} and o.kind = 'notification' and o.subject = 'Your business is verified'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/driver-profile#verification');

    const { ride } = await postRide(customer, { passengers: 3 });
    const quote = await driver.post('/api/quotes', { rideId: ride.id, price: 95, message: 'Door to door.' });
    expect(quote.status, await quote.clone().text()).toBe(201);
    const body = (await quote.json()) as {
      quote: { vehicleId: string; driver: { verifiedAt: string | null } };
    };
    expect(body.quote.vehicleId).toBe(vehicleId);
    expect(body.quote.driver.verifiedAt).not.toBeNull();
  });

  it('a quote names a vehicle that seats the trip: too small, unknown or another driver’s refused at vehicleId', async () => {
    const { ride } = await postRide(customer, { passengers: 14 });
    const small = await driver.post('/api/quotes', { rideId: ride.id, price: 200, message: 'Two trips.' });
    expect(small.status).toBe(400);
    expect((await errorOf(small)).issues?.[0]).toEqual({
      path: 'vehicleId',
      message: VERIFICATION_MESSAGES.vehicleTooSmall(11, 14),
    });
    const unknown = await driver.post('/api/quotes', {
      rideId: ride.id,
      price: 200,
      message: 'Two trips.',
      vehicleId: '00000000-0000-4000-8000-000000000000',
    });
    expect((await errorOf(unknown)).issues?.[0]).toEqual({
      path: 'vehicleId',
      message: VERIFICATION_MESSAGES.vehicleUnknown,
    });
    expect(await rows(server.db, sql`select 1 from quotes where ride_id = ${ride.id}`)).toHaveLength(0);
  });

  it('suspending withdraws the live quotes, tells the customer, and closes the gate; reinstating opens it', async () => {
    const noReason = await admin.post(`/api/admin/verifications/${driverId}/suspend`, {});
    expect(noReason.status).toBe(400);
    const res = await admin.post(`/api/admin/verifications/${driverId}/suspend`, {
      reason: 'Complaint about unsafe driving under review.',
    });
    expect(res.status).toBe(200);
    const live = await rows(
      server.db,
      sql`select 1 from quotes where driver_id = ${driverId} and status in ('pending', 'needs_confirmation')`,
    );
    expect(live).toHaveLength(0);
    const told = await rows<{ message: string }>(
      server.db,
      sql`select n.message from notifications n join users u on u.id = n.user_id
          where u.user_type = 'customer' and n.type = 'quote_withdrawn'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^Bay Shuttles can't take new trips at the moment/);
    expect((await driver.get('/api/rides/available')).status).toBe(403);
    expect((await admin.post(`/api/admin/verifications/${driverId}/reinstate`, {})).status).toBe(200);
    expect((await driver.get('/api/rides/available')).status).toBe(200);
  });

  it('unknown ids read as 404 for the admin routes', async () => {
    for (const path of [
      '/api/admin/verifications/00000000-0000-4000-8000-000000000000',
      '/api/admin/verifications/not-a-uuid',
    ]) {
      expect((await admin.get(path)).status, path).toBe(404);
    }
    expect(
      (await admin.post('/api/admin/documents/00000000-0000-4000-8000-000000000000/approve', {})).status,
    ).toBe(404);
  });
});
