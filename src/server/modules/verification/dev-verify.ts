/**
 * Development and tests only: makes a driver verified in one call, as an admin would after a complete
 * review. Fills in what is missing (a valid test ABN, a business phone, Nelson Bay as base), adds a vehicle
 * when there is none, stores a one-page placeholder PDF for each missing document (valid for a year),
 * approves every pending document and the driver, and records each step with the reason
 * "Development helper". Mounted only when APP_ENV=development (POST /api/dev/drivers/:id/verify); the API
 * tests call it directly.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import type { DocumentKind } from '../../../shared/marketplace/verification.ts';
import type { Db } from '../../db/client.ts';
import { driverDocuments, drivers, users, vehicles } from '../../db/schema/index.ts';
import { generatedName, type ObjectStorage } from '../../services/storage.ts';
import { recordVerificationEvent } from './events.ts';

/** The ATO's published example ABN: passes the checksum. */
export const DEV_ABN = '51824753556';
const WHY = 'Development helper';

/** A minimal, valid one-page PDF. */
export const PLACEHOLDER_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function inOneYear(): string {
  const today = sydneyToday();
  return `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
}

/** Returns false when the user has no drivers record. The trading name is left as it is (optional). */
export async function verifyDriverForDevelopment(
  db: Db,
  storage: ObjectStorage,
  driverId: string,
  opts: {
    seats?: number;
    luggageBags?: number;
    /** The vehicle to add when the driver has none (the browser journeys describe theirs). */
    vehicle?: { make?: string; model?: string; colour?: string; plate?: string };
  } = {},
): Promise<boolean> {
  const [driver] = await db.select().from(drivers).where(eq(drivers.userId, driverId)).limit(1);
  if (!driver) return false;
  const [user] = await db.select().from(users).where(eq(users.id, driverId)).limit(1);
  let cars = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)));
  if (cars.length === 0) {
    cars = await db
      .insert(vehicles)
      .values({
        driverId,
        make: opts.vehicle?.make ?? 'Toyota',
        model: opts.vehicle?.model ?? 'HiAce Commuter',
        year: 2022,
        plate: opts.vehicle?.plate ?? `DEV${driverId.replace(/-/g, '').slice(0, 5).toUpperCase()}`,
        colour: opts.vehicle?.colour ?? 'White',
        seats: opts.seats ?? 11,
        luggageBags: opts.luggageBags ?? 12,
      })
      .returning();
  }
  const docs = await db
    .select()
    .from(driverDocuments)
    .where(and(eq(driverDocuments.driverId, driverId), isNull(driverDocuments.replacedAt)));
  const today = sydneyToday();
  const needed: { kind: DocumentKind; vehicleId: string | null }[] = [
    { kind: 'authorisation', vehicleId: null },
    { kind: 'insurance', vehicleId: null },
    ...cars.map((v) => ({ kind: 'safety_inspection' as const, vehicleId: v.id })),
  ];
  const missing = needed.filter(
    (n) =>
      !docs.some(
        (d) =>
          d.kind === n.kind && d.vehicleId === n.vehicleId && d.status !== 'rejected' && d.expiresOn >= today,
      ),
  );
  const keys: { kind: DocumentKind; vehicleId: string | null; key: string }[] = [];
  for (const n of missing) {
    const key = `${driverId}/${generatedName('pdf')}`;
    await storage.put('documents', key, PLACEHOLDER_PDF);
    keys.push({ ...n, key });
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(drivers)
      .set({
        abn: driver.abn ?? DEV_ABN,
        businessPhone: driver.businessPhone ?? user?.phone ?? '+61412345678',
        baseLocality: driver.baseLocality ?? 'Nelson Bay',
        basePostcode: driver.basePostcode ?? '2315',
        baseLat: driver.baseLat ?? -32.715,
        baseLng: driver.baseLng ?? 152.151,
        serviceRadiusKm: driver.baseLocality ? driver.serviceRadiusKm : 100,
        verificationStatus: 'verified',
        statusReason: null,
        statusChangedAt: now,
        statusChangedBy: null,
        submittedAt: driver.submittedAt ?? now,
        verifiedAt: now,
        updatedAt: now,
      })
      .where(eq(drivers.userId, driverId));
    for (const k of keys) {
      await tx.insert(driverDocuments).values({
        driverId,
        kind: k.kind,
        vehicleId: k.vehicleId,
        fileKey: k.key,
        fileType: 'application/pdf',
        fileSize: PLACEHOLDER_PDF.byteLength,
        originalName: `${k.kind.replace('_', '-')}-placeholder.pdf`,
        expiresOn: inOneYear(),
        status: 'approved',
        reviewReason: WHY,
        reviewedAt: now,
      });
    }
    await tx
      .update(driverDocuments)
      .set({ status: 'approved', reviewReason: WHY, reviewedAt: now })
      .where(
        and(
          eq(driverDocuments.driverId, driverId),
          eq(driverDocuments.status, 'pending'),
          isNull(driverDocuments.replacedAt),
        ),
      );
    await recordVerificationEvent(tx, { driverId, actorId: null, action: 'approved', reason: WHY });
  });
  return true;
}
