/** Mounted by app.ts; see the app-wide features issue. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function clientErrorRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
