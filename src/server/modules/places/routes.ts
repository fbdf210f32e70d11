/** /api/places: NSW locality search for the pickup and destination fields (public, read-only). */
import { Hono } from 'hono';
import { z } from 'zod';
import type { PlaceSuggestionDto } from '../../../shared/marketplace/api.ts';
import { MARKETPLACE_MESSAGES } from '../../../shared/validation/marketplace.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { validationError } from '../../http/errors.ts';
import { search } from '../../services/places.ts';

const querySchema = z.object({
  q: z
    .string({ error: MARKETPLACE_MESSAGES.placeQuery })
    .trim()
    .min(1, { error: MARKETPLACE_MESSAGES.placeQuery })
    .max(60, { error: MARKETPLACE_MESSAGES.placeQuery }),
});

export const PLACE_SEARCH_LIMIT = 10;

export function placeRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();

  /** GET /api/places?q=nel -> { items: PlaceSuggestionDto[] } (at most 10, best first). */
  app.get('/', (c) => {
    const parsed = querySchema.safeParse({ q: c.req.query('q') });
    if (!parsed.success) throw validationError(parsed.error);
    const items: PlaceSuggestionDto[] = search(parsed.data.q, PLACE_SEARCH_LIMIT);
    // The gazetteer only changes with a new release of the app.
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ items });
  });

  return app;
}
