/** /api/bookings */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function bookingRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
