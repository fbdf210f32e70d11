/** /api/ratings */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function ratingRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
