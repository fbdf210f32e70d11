/** /api/quotes */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function quoteRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
