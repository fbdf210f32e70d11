/** Mounted by app.ts; see the app-wide features issue. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function pushRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}

/** /api/notification-preferences: per kind, e-mail and push on or off. */
export function preferenceRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
