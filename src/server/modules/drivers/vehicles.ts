/**
 * A driver's vehicles (issue 13): listed, added, edited and retired by their owner; a photo each (resized
 * to a WebP by the server, served publicly because it appears on the driver card). Another driver's vehicle
 * reads as 404. A vehicle is retired rather than deleted, so quotes and bookings that named it still read.
 */

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import { UPLOAD } from '../../../shared/constants.ts';
import type { DriverVehicleDto } from '../../../shared/marketplace/api.ts';
import { LIVE_QUOTE_STATUSES } from '../../../shared/marketplace/constants.ts';
import { VERIFICATION_MESSAGES } from '../../../shared/marketplace/verification.ts';
import { type Vehicle, vehicleInputSchema } from '../../../shared/validation/driver-business.ts';
import {
  AVATAR_MESSAGES,
  checkFile,
  checkFileCount,
  IMAGE_UPLOAD_RULES,
} from '../../../shared/validation/uploads.ts';
import type { Db } from '../../db/client.ts';
import { bookings, quotes, rides, vehicles } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody } from '../../http/errors.ts';
import { floodLimit } from '../../http/middleware.ts';
import { generatedName, storageFor } from '../../services/storage.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../bookings/db-errors.ts';
import { vehiclePhotoUrl } from '../driver-cards/cards.ts';
import {
  assertImageSize,
  badRequest,
  detectType,
  filesOf,
  readForm,
  tooLarge,
  uploadBodyLimit,
} from '../files/upload.ts';
import { loadStanding, vehicleLabel } from '../verification/standing.ts';

type VehicleRow = typeof vehicles.$inferSelect;
const uuid = z.uuid();

export function toDriverVehicleDto(v: VehicleRow, usable: boolean): DriverVehicleDto {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    plate: v.plate,
    colour: v.colour,
    seats: v.seats,
    luggageBags: v.luggageBags,
    wheelchairAccessible: v.wheelchairAccessible,
    childSeats: v.childSeats,
    trailer: v.trailer,
    photoUrl: vehiclePhotoUrl(v),
    label: vehicleLabel(v),
    usable,
    createdAt: v.createdAt.toISOString(),
  };
}

/** The driver's active vehicles, oldest first, each saying whether a quote may name it now. */
export async function listVehicles(db: Db, driverId: string): Promise<DriverVehicleDto[]> {
  const [rows, standing] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)))
      .orderBy(vehicles.createdAt),
    loadStanding(db, driverId),
  ]);
  const usable = new Set(standing?.usableVehicleIds ?? []);
  return rows.map((v) => toDriverVehicleDto(v, usable.has(v.id)));
}

async function ownVehicle(db: Db, driverId: string, rawId: string | undefined): Promise<VehicleRow> {
  const id = uuid.safeParse(rawId);
  if (!id.success) throw notFound();
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id.data), eq(vehicles.driverId, driverId), isNull(vehicles.retiredAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const plateTaken = () =>
  new AppError(400, 'validation', VERIFICATION_MESSAGES.plateTaken, [
    { path: 'plate', message: VERIFICATION_MESSAGES.plateTaken },
  ]);

function values(input: Vehicle) {
  return {
    make: input.make,
    model: input.model,
    year: input.year,
    plate: input.plate,
    colour: input.colour,
    seats: input.seats,
    luggageBags: input.luggageBags,
    wheelchairAccessible: input.wheelchairAccessible,
    childSeats: input.childSeats,
    trailer: input.trailer,
  };
}

/** Photos fit 960x640, as WebP: enough for a card and a page, small to download. */
export async function resizeVehiclePhoto(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
    .rotate()
    .resize(960, 640, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Mounted at /api/drivers/me/vehicles (the caller's own vehicles; requires manage_vehicle). */
export function vehicleRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const storage = storageFor(deps.env);
  const dto = async (driverId: string, id: string) =>
    (await listVehicles(db, driverId)).find((v) => v.id === id)!;

  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listVehicles(db, c.get('user')!.id) });
  });

  app.post('/', async (c) => {
    const driverId = c.get('user')!.id;
    const input = await parseBody(c, vehicleInputSchema);
    try {
      const [row] = await db
        .insert(vehicles)
        .values({ driverId, ...values(input) })
        .returning();
      return c.json({ vehicle: await dto(driverId, row!.id) }, 201);
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw plateTaken();
      throw err;
    }
  });

  app.put('/:id', async (c) => {
    const driverId = c.get('user')!.id;
    const row = await ownVehicle(db, driverId, c.req.param('id'));
    const input = await parseBody(c, vehicleInputSchema);
    try {
      await db
        .update(vehicles)
        .set({ ...values(input), updatedAt: new Date() })
        .where(eq(vehicles.id, row.id));
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw plateTaken();
      throw err;
    }
    return c.json({ vehicle: await dto(driverId, row.id) });
  });

  /** Retires the vehicle, unless a live quote or an upcoming booking names it. */
  app.delete('/:id', async (c) => {
    const driverId = c.get('user')!.id;
    const row = await ownVehicle(db, driverId, c.req.param('id'));
    const [inUse] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .innerJoin(rides, eq(rides.id, quotes.rideId))
      .leftJoin(bookings, eq(bookings.quoteId, quotes.id))
      .where(
        and(
          eq(quotes.vehicleId, row.id),
          sql`(${inArray(quotes.status, [...LIVE_QUOTE_STATUSES])}
               or (${bookings.status} = 'confirmed' and ${rides.pickupAt} > now()))`,
        ),
      )
      .limit(1);
    if (inUse) throw new AppError(409, 'conflict', VERIFICATION_MESSAGES.vehicleInUse);
    await db
      .update(vehicles)
      .set({ retiredAt: new Date(), updatedAt: new Date() })
      .where(eq(vehicles.id, row.id));
    return c.json({ ok: true });
  });

  app.post('/:id/photo', floodLimit(deps, 'uploads'), uploadBodyLimit(1, UPLOAD.maxBytes), async (c) => {
    const driverId = c.get('user')!.id;
    const row = await ownVehicle(db, driverId, c.req.param('id'));
    const form = await readForm(c);
    const files = filesOf(form, 'file', 'photo');
    const countProblem = checkFileCount(files.length, { ...IMAGE_UPLOAD_RULES, maxFiles: 1 });
    if (countProblem)
      throw new AppError(400, 'validation', countProblem.message, [
        { path: 'file', message: countProblem.message },
      ]);
    const file = files[0]!;
    if (file.size > UPLOAD.maxBytes) throw tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkFile(file, await detectType(bytes), IMAGE_UPLOAD_RULES);
    if (!check.ok)
      throw new AppError(400, 'validation', check.message, [{ path: 'file', message: check.message }]);
    await assertImageSize(bytes, check.mime);
    let resized: Buffer;
    try {
      resized = await resizeVehiclePhoto(bytes);
    } catch {
      throw badRequest(AVATAR_MESSAGES.processFailed);
    }
    const key = `${driverId}/${generatedName('webp')}`;
    await storage.put('vehicles', key, resized);
    await db.update(vehicles).set({ photoKey: key, updatedAt: new Date() }).where(eq(vehicles.id, row.id));
    if (row.photoKey) await storage.delete('vehicles', row.photoKey);
    return c.json({ vehicle: await dto(driverId, row.id) });
  });

  return app;
}

/** GET /api/vehicles/:id/photo: public, like avatars (the photo appears on the driver card). */
export function vehiclePhotoRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);
  app.get('/:id/photo', async (c) => {
    const id = uuid.safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const [row] = await deps.db
      .select({ photoKey: vehicles.photoKey })
      .from(vehicles)
      .where(eq(vehicles.id, id.data))
      .limit(1);
    if (!row?.photoKey) throw notFound();
    const bytes = await storage.get('vehicles', row.photoKey);
    if (!bytes) throw notFound();
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
      // The URL carries ?v=<updated at>, so a new photo is a new URL.
      'Cache-Control': 'public, max-age=86400',
    });
  });
  return app;
}
