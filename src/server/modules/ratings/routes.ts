/** /api/ratings: rate the other side of a completed booking; the user's ratings received, given and owed. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';
import { parseBody } from '../../http/errors.ts';
import { requireUser } from '../../http/middleware.ts';
import { myRatings, rateTrip, submitRatingSchema } from './service.ts';

export function ratingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.post('/', async (c) => {
    const input = await parseBody(c, submitRatingSchema);
    return c.json({ rating: await rateTrip(deps.db, c.get('user')!, input) }, 201);
  });

  app.get('/', async (c) => {
    return c.json(await myRatings(deps.db, c.get('user')!));
  });

  return app;
}
