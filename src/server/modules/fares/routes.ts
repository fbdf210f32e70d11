/**
 * /api/fares: drivers' fare tables (issue 31 item 1), and the public price list.
 *
 *   GET  /mine          the driver's live fares                         -> { items: FareDto[] }
 *   POST /              a verified driver adds a fare                     -> 201 { fare }
 *   PUT  /:id           the driver changes their fare (version + 1)       -> { fare }
 *   POST /:id/retire    the driver stops selling it (no body)             -> { fare }
 *   GET  /prices?...    anyone: the fixed prices for a trip, cheapest first -> { items: InstantPriceDto[] }
 *
 * Another driver's fare reads as 404. The price list is public (a guest on /book-ride) and rate-limited
 * per address like the fare guide.
 */
import { Hono } from 'hono';
import { FARE_CONFLICTS } from '../../../shared/marketplace/fare-messages.ts';
import { fareInputSchema, priceListQuerySchema } from '../../../shared/validation/fares.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody, validationError } from '../../http/errors.ts';
import { rateLimit, requirePermission } from '../../http/middleware.ts';
import { FARE_GUIDE_RATE_LIMIT } from '../fare-guide/routes.ts';
import { createFare } from './create.ts';
import { editFare } from './edit.ts';
import { listMyFares } from './list-mine.ts';
import { instantPrices } from './price-list.ts';
import { retireFare } from './retire.ts';

export function fareRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const tooMany = () => new AppError(429, 'rate_limited', FARE_CONFLICTS.tooMany);

  app.get('/prices', rateLimit(deps, 'fare-prices', FARE_GUIDE_RATE_LIMIT, tooMany), async (c) => {
    const parsed = priceListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const q = parsed.data;
    const items = await instantPrices(db, {
      pickupLat: q.pickupLat,
      pickupLng: q.pickupLng,
      destinationLat: q.destinationLat,
      destinationLng: q.destinationLng,
      pickupAt: q.pickupAt,
      passengers: q.passengers,
      bags: q.bags,
      needs: {
        infantSeats: q.infantSeats,
        childSeats: q.childSeats,
        boosterSeats: q.boosterSeats,
        wheelchair: q.wheelchair,
        pram: false,
        surfboards: 0,
        bikes: 0,
        pets: false,
      },
    });
    // Prices change when a driver edits a fare: never cached.
    c.header('Cache-Control', 'no-store');
    return c.json({ items });
  });

  app.get('/mine', requirePermission('submit_quotes'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listMyFares(db, c.get('user')!.id) });
  });

  app.post('/', requirePermission('submit_quotes'), async (c) => {
    const input = await parseBody(c, fareInputSchema);
    return c.json({ fare: await createFare(db, c.get('user')!, input) }, 201);
  });

  app.put('/:id', requirePermission('submit_quotes'), async (c) => {
    const input = await parseBody(c, fareInputSchema);
    return c.json({ fare: await editFare(db, c.get('user')!, c.req.param('id'), input) });
  });

  app.post('/:id/retire', requirePermission('submit_quotes'), async (c) => {
    return c.json({ fare: await retireFare(db, c.get('user')!, c.req.param('id')) });
  });

  return app;
}
