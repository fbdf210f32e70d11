/**
 * /api/drivers: the drivers record of SPEC §3 (business, vehicle, insurance, availability).
 *
 *   GET /me         the signed-in driver's record        -> { driver: DriverProfileDto }
 *   PUT /me         replace it (driverProfileSchema)     -> { driver: DriverProfileDto }
 *   GET /:userId    admin: any driver's record           -> { driver: DriverProfileDto }
 *   PUT /:userId    admin: replace any driver's record   -> { driver: DriverProfileDto }
 *
 *   GET  /me/standing   the verification checklist      -> { standing: DriverStandingDto }
 *   POST /me/submit     submit for review                -> { standing } or 409
 *   /me/vehicles/...    the driver's vehicles (vehicles.ts)
 *   /me/documents/...   the compliance documents (documents.ts)
 *
 * 404 when the user has no drivers record (an admin's own /me, a customer's id, a non-uuid).
 */
import { eq } from 'drizzle-orm';
import { type Context, Hono, type Next } from 'hono';
import { z } from 'zod';
import { driverProfileSchema } from '../../../shared/validation/driver-business.ts';
import { drivers } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound, parseBody } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { loadStanding } from '../verification/standing.ts';
import { documentRoutes } from './documents.ts';
import { getDriverProfile, saveDriverProfile } from './service.ts';
import { submitForReview } from './submit.ts';
import { vehicleRoutes } from './vehicles.ts';

const uuid = z.uuid();

function userIdParam(raw: string | undefined): string {
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function driverRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;

  app.get('/me', requirePermission('manage_driver_profile'), async (c) => {
    const driver = await getDriverProfile(db, c.get('user')!.id);
    if (!driver) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ driver });
  });

  app.put('/me', requirePermission('manage_driver_profile'), async (c) => {
    const input = await parseBody(c, driverProfileSchema);
    const driver = await saveDriverProfile(db, c.get('user')!.id, input);
    if (!driver) throw notFound();
    return c.json({ driver });
  });

  app.get('/me/standing', requirePermission('manage_driver_profile'), async (c) => {
    const standing = await loadStanding(db, c.get('user')!.id);
    if (!standing) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ standing });
  });

  app.post('/me/submit', requirePermission('manage_driver_profile'), async (c) => {
    return c.json({ standing: await submitForReview(db, c.get('user')!.id) });
  });

  // Vehicles and documents belong to a drivers record: an admin without one gets 404 from the guard.
  const ownRecord = async (c: Context<AppBindings>, next: Next) => {
    const [row] = await db
      .select({ id: drivers.userId })
      .from(drivers)
      .where(eq(drivers.userId, c.get('user')!.id))
      .limit(1);
    if (!row) throw notFound();
    await next();
  };
  app.use('/me/vehicles/*', requirePermission('manage_vehicle'), ownRecord);
  app.use('/me/vehicles', requirePermission('manage_vehicle'), ownRecord);
  app.use('/me/documents/*', requirePermission('manage_driver_profile'), ownRecord);
  app.use('/me/documents', requirePermission('manage_driver_profile'), ownRecord);
  app.route('/me/vehicles', vehicleRoutes(deps));
  app.route('/me/documents', documentRoutes(deps));

  app.get('/:userId', requirePermission('manage_users'), async (c) => {
    const driver = await getDriverProfile(db, userIdParam(c.req.param('userId')));
    if (!driver) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ driver });
  });

  app.put('/:userId', requirePermission('manage_users'), async (c) => {
    const userId = userIdParam(c.req.param('userId'));
    const input = await parseBody(c, driverProfileSchema);
    const driver = await saveDriverProfile(db, userId, input);
    if (!driver) throw notFound();
    return c.json({ driver });
  });

  return app;
}
