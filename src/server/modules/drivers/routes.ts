/** /api/drivers: the signed-in driver's business record (SPEC §3). The editor comes with the marketplace issue. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { drivers } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';

export function driverRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/me', requirePermission('manage_driver_profile'), async (c) => {
    const user = c.get('user')!;
    const [row] = await deps.db.select().from(drivers).where(eq(drivers.userId, user.id)).limit(1);
    if (!row) throw notFound();
    return c.json({ driver: row });
  });
  return app;
}
