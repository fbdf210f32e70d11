/** /api/fare-guide: what trips like this one cost and how soon drivers quote (public, read-only, rate-limited). */
import { Hono } from 'hono';
import { FARE_GUIDE_MESSAGES, fareGuideQuerySchema } from '../../../shared/marketplace/fare-guide.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { rateLimit } from '../../http/middleware.ts';
import { fareGuide } from './query.ts';

/** Generous for a form that asks again as the places change (debounced), tight for a scraper. */
export const FARE_GUIDE_RATE_LIMIT = { max: 120, windowMs: 60_000 };

export function fareGuideRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const tooMany = () => new AppError(429, 'rate_limited', FARE_GUIDE_MESSAGES.tooMany);

  /** GET /api/fare-guide?pickupLat=&pickupLng=&destinationLat=&destinationLng=&passengers= -> FareGuideDto. */
  app.get('/', rateLimit(deps, 'fare-guide', FARE_GUIDE_RATE_LIMIT, tooMany), async (c) => {
    const parsed = fareGuideQuerySchema.safeParse({
      pickupLat: c.req.query('pickupLat'),
      pickupLng: c.req.query('pickupLng'),
      destinationLat: c.req.query('destinationLat'),
      destinationLng: c.req.query('destinationLng'),
      passengers: c.req.query('passengers'),
    });
    if (!parsed.success) throw validationError(parsed.error);
    // The same for everyone: short shared caching spares the database while a form is being filled in.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await fareGuide(deps.db, parsed.data));
  });

  return app;
}
