/** /api/admin/today (issue 30): GET, the bookings of the current Sydney day with their late markers. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';
import { todayBookings } from './today-list.ts';

export function adminTodayRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/today', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await todayBookings(deps.db));
  });
  return app;
}
