/** /api/admin: administrators only (manage_users). Each screen's routes live in their own file. */
import { Hono } from 'hono';
import { dashboardQuerySchema } from '../../../shared/admin/dashboard.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { validationError } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { auditRoutes } from './audit-routes.ts';
import { adminBillingRoutes } from './billing-routes.ts';
import { adminBookingRoutes } from './bookings-routes.ts';
import { dashboardFigures } from './dashboard.ts';
import { exportRoutes } from './exports-routes.ts';
import { followUpBookings } from './follow-ups.ts';
import { adminIssueRoutes } from './issues-routes.ts';
import { adminTodayRoutes } from './today-routes.ts';
import { usersRoutes } from './users-routes.ts';
import { verificationRoutes } from './verifications.ts';

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requirePermission('manage_users'));
  app.route('/', usersRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.route('/', adminBookingRoutes(deps));
  app.route('/', adminIssueRoutes(deps));
  app.route('/', exportRoutes(deps));
  app.route('/', adminBillingRoutes(deps));
  app.route('/', verificationRoutes(deps));
  app.route('/', adminTodayRoutes(deps));
  app.get('/dashboard', async (c) => {
    const parsed = dashboardQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await dashboardFigures(deps.db, parsed.data.days));
  });
  app.get('/follow-ups', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await followUpBookings(deps.db) });
  });
  return app;
}
