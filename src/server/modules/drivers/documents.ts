/**
 * Compliance documents (issue 13): the authorisation and insurance certificates of the business and a
 * safety inspection per vehicle. Each is one private file (PDF or image, the spec's 5 MB) with an expiry
 * date and a review. Files are read only by their owner and admins; anyone else gets 404.
 *
 * A new upload of the same kind (and vehicle) replaces an older one still waiting for review; an approved
 * one stays in force until its successor is approved (the admin's approval marks it replaced).
 */

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { UPLOAD } from '../../../shared/constants.ts';
import type { DriverDocumentDto } from '../../../shared/marketplace/api.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import {
  type DocumentKind,
  type DocumentStatus,
  VERIFICATION_MESSAGES,
} from '../../../shared/marketplace/verification.ts';
import { documentMetaSchema } from '../../../shared/validation/driver-business.ts';
import { checkFile, DOCUMENT_UPLOAD_RULES, UPLOAD_MESSAGES } from '../../../shared/validation/uploads.ts';
import type { Db } from '../../db/client.ts';
import { driverDocuments, vehicles } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { floodLimit, hasAdminRights, refuseAdminWithoutSecondFactor } from '../../http/middleware.ts';
import { generatedName, storageFor } from '../../services/storage.ts';
import {
  assertImageSize,
  detectType,
  filesOf,
  readForm,
  tooLarge,
  uploadBodyLimit,
} from '../files/upload.ts';
import { recordVerificationEvent } from '../verification/events.ts';
import { vehicleLabel } from '../verification/standing.ts';

type DocumentRow = typeof driverDocuments.$inferSelect;
const uuid = z.uuid();

const fieldError = (path: string, message: string) =>
  new AppError(400, 'validation', message, [{ path, message }]);

export function documentUrl(id: string): string {
  return `/api/driver-documents/${id}/file`;
}

/** Every document of the driver: current ones first (by kind), then replaced ones, newest first. */
export async function listDocuments(db: Db, driverId: string): Promise<DriverDocumentDto[]> {
  const rows = await db
    .select({ doc: driverDocuments, vehicle: vehicles })
    .from(driverDocuments)
    .leftJoin(vehicles, eq(vehicles.id, driverDocuments.vehicleId))
    .where(eq(driverDocuments.driverId, driverId))
    .orderBy(sql`${driverDocuments.replacedAt} is not null`, desc(driverDocuments.createdAt));
  const today = sydneyToday();
  return rows.map(({ doc, vehicle }) => toDocumentDto(doc, vehicle ? vehicleLabel(vehicle) : null, today));
}

export function toDocumentDto(
  d: DocumentRow,
  vehicleLabelText: string | null,
  today: string,
): DriverDocumentDto {
  return {
    id: d.id,
    kind: d.kind as DocumentKind,
    vehicleId: d.vehicleId,
    vehicleLabel: vehicleLabelText,
    status: d.status as DocumentStatus,
    expiresOn: d.expiresOn,
    expired: d.expiresOn < today,
    originalName: d.originalName,
    fileType: d.fileType,
    fileSize: d.fileSize,
    url: documentUrl(d.id),
    reviewReason: d.reviewReason,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    uploadedAt: d.createdAt.toISOString(),
    replaced: d.replacedAt !== null,
  };
}

/** A file name safe inside a Content-Disposition header. */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Mounted at /api/drivers/me/documents (the caller's own documents; requires manage_driver_profile). */
export function documentRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const storage = storageFor(deps.env);

  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listDocuments(db, c.get('user')!.id) });
  });

  app.post('/', floodLimit(deps, 'uploads'), uploadBodyLimit(1, UPLOAD.maxBytes), async (c) => {
    const driverId = c.get('user')!.id;
    const form = await readForm(c);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const meta = documentMetaSchema(() => sydneyToday()).safeParse({
      kind: text('kind'),
      vehicleId: text('vehicleId'),
      expiresOn: text('expiresOn') ?? '',
    });
    if (!meta.success) throw validationError(meta.error);
    const { kind, vehicleId, expiresOn } = meta.data;
    if (vehicleId) {
      const [own] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)))
        .limit(1);
      if (!own) throw fieldError('vehicleId', VERIFICATION_MESSAGES.documentVehicle);
    }
    const files = filesOf(form, 'file');
    if (files.length === 0) throw fieldError('file', VERIFICATION_MESSAGES.documentFile);
    if (files.length > 1) throw fieldError('file', UPLOAD_MESSAGES.tooManyFiles(1));
    const file = files[0]!;
    if (file.size > UPLOAD.maxBytes) throw tooLarge();
    if (file.size === 0) throw fieldError('file', UPLOAD_MESSAGES.typeUndetermined);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkFile(file, await detectType(bytes), DOCUMENT_UPLOAD_RULES);
    if (!check.ok) throw fieldError('file', check.message);
    await assertImageSize(bytes, check.mime);

    // Everything is checked: only now is anything stored.
    const key = `${driverId}/${generatedName(check.ext)}`;
    await storage.put('documents', key, bytes);
    try {
      const row = await db.transaction(async (tx) => {
        // An older upload of the same document still waiting for review is superseded by this one.
        await tx
          .update(driverDocuments)
          .set({ replacedAt: sql`now()` })
          .where(
            and(
              eq(driverDocuments.driverId, driverId),
              eq(driverDocuments.kind, kind),
              vehicleId ? eq(driverDocuments.vehicleId, vehicleId) : isNull(driverDocuments.vehicleId),
              eq(driverDocuments.status, 'pending'),
              isNull(driverDocuments.replacedAt),
            ),
          );
        const [inserted] = await tx
          .insert(driverDocuments)
          .values({
            driverId,
            kind,
            vehicleId,
            fileKey: key,
            fileType: check.mime,
            fileSize: bytes.byteLength,
            originalName: file.name.slice(0, 255) || `${kind}.${check.ext}`,
            expiresOn,
          })
          .returning();
        await recordVerificationEvent(tx, {
          driverId,
          actorId: driverId,
          action: 'document_uploaded',
          documentId: inserted!.id,
          reason: '',
        });
        return inserted!;
      });
      const [dto] = (await listDocuments(db, driverId)).filter((d) => d.id === row.id);
      return c.json({ document: dto }, 201);
    } catch (err) {
      await storage.delete('documents', key);
      throw err;
    }
  });

  /** Only a document still waiting for review may be taken back. */
  app.delete('/:id', async (c) => {
    const driverId = c.get('user')!.id;
    const id = uuid.safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const [row] = await db
      .select()
      .from(driverDocuments)
      .where(and(eq(driverDocuments.id, id.data), eq(driverDocuments.driverId, driverId)))
      .limit(1);
    if (!row) throw notFound();
    if (row.status !== 'pending' || row.replacedAt)
      throw new AppError(409, 'conflict', VERIFICATION_MESSAGES.documentDecided);
    await db.delete(driverDocuments).where(eq(driverDocuments.id, row.id));
    await storage.delete('documents', row.fileKey);
    return c.json({ ok: true });
  });

  return app;
}

/** GET /api/driver-documents/:id/file: the owner or an admin; anyone else (signed out included) 404. */
export function documentFileRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);
  app.get('/:id/file', async (c) => {
    const user = c.get('user');
    const id = uuid.safeParse(c.req.param('id'));
    if (!user || !id.success) throw notFound();
    const [row] = await deps.db
      .select()
      .from(driverDocuments)
      .where(eq(driverDocuments.id, id.data))
      .limit(1);
    if (!row) throw notFound();
    if (row.driverId !== user.id) {
      // Someone else's document: administrators only, through the one admin check (issue 28: a session made
      // with the second factor; an administrator without one is told to sign in with it).
      refuseAdminWithoutSecondFactor(user);
      if (!hasAdminRights(user)) throw notFound();
    }
    const bytes = await storage.get('documents', row.fileKey);
    if (!bytes) throw notFound();
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': row.fileType,
      'Content-Disposition': `${row.fileType.startsWith('image/') ? 'inline' : 'attachment'}; ${dispositionName(row.originalName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    });
  });
  return app;
}
