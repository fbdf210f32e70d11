/**
 * /api/drivers: the drivers record of SPEC §3 (business, vehicle, insurance, availability).
 *
 *   GET /me         the signed-in driver's record        -> { driver: DriverProfileDto }
 *   PUT /me         replace it (driverProfileSchema)     -> { driver: DriverProfileDto }
 *   GET /:userId    admin: any driver's record           -> { driver: DriverProfileDto }
 *   PUT /:userId    admin: replace any driver's record   -> { driver: DriverProfileDto }
 *
 * 404 when the user has no drivers record (an admin's own /me, a customer's id, a non-uuid).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { driverProfileSchema } from '../../../shared/validation/driver-business.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound, parseBody } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { getDriverProfile, saveDriverProfile } from './service.ts';

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
