/**
 * /api/runs (issue 31 item 2): runs and empty return legs sold by the seat or the vehicle.
 *
 *   GET    /                 public, rate-limited: search ?from=&to=&date=       -> { items: RunDto[] }
 *   GET    /mine             the driver's runs                                    -> { items: MyRunDto[] }
 *   GET    /drive-backs      the driver's "Publish your drive back" offers        -> { items } (?bookingId=)
 *   POST   /                 a verified driver publishes a run                    -> 201 { run }
 *   GET    /:id              public detail                                        -> { run }
 *   POST   /:id/cancel       the run's driver cancels it, with a reason           -> { run }
 *   POST   /:id/book         a customer books seats or the vehicle                -> 201 { booking }
 *
 * Another driver's run reads as 404 for changes; races are decided by the database and answered 409.
 */
import { Hono } from 'hono';
import { RUN_MESSAGES } from '../../../shared/marketplace/runs.ts';
import {
  bookRunSchema,
  cancelRunSchema,
  publishRunSchema,
  runSearchSchema,
} from '../../../shared/validation/runs.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody, validationError } from '../../http/errors.ts';
import { rateLimit, requirePermission } from '../../http/middleware.ts';
import { bookRun } from './book.ts';
import { cancelRun } from './cancel.ts';
import { driveBackOffers } from './drive-back.ts';
import { listMyRuns } from './list-mine.ts';
import { publishRun } from './publish.ts';
import { readRun } from './read.ts';
import { uuid } from './rules.ts';
import { searchRuns } from './search.ts';

/** Like the fare guide: generous for a search page, tight for a scraper. */
export const RUN_SEARCH_RATE_LIMIT = { max: 120, windowMs: 60_000 };

export function runRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const tooMany = () => new AppError(429, 'rate_limited', RUN_MESSAGES.tooMany);
  const publicRead = rateLimit(deps, 'runs', RUN_SEARCH_RATE_LIMIT, tooMany);

  app.get('/', publicRead, async (c) => {
    const parsed = runSearchSchema.safeParse({
      from: c.req.query('from') || undefined,
      to: c.req.query('to') || undefined,
      date: c.req.query('date') || undefined,
    });
    if (!parsed.success) throw validationError(parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await searchRuns(db, parsed.data) });
  });

  app.get('/mine', requirePermission('submit_quotes'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listMyRuns(db, c.get('user')!) });
  });

  app.get('/drive-backs', requirePermission('submit_quotes'), async (c) => {
    const bookingId = c.req.query('bookingId');
    if (bookingId !== undefined && !uuid.safeParse(bookingId).success) return c.json({ items: [] });
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await driveBackOffers(db, c.get('user')!, bookingId) });
  });

  app.post('/', requirePermission('submit_quotes'), async (c) => {
    const input = await parseBody(
      c,
      publishRunSchema(() => new Date()),
    );
    return c.json({ run: await publishRun(db, c.get('user')!, input) }, 201);
  });

  app.get('/:id', publicRead, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ run: await readRun(db, c.req.param('id')) });
  });

  app.post('/:id/cancel', requirePermission('submit_quotes'), async (c) => {
    const { reason } = await parseBody(c, cancelRunSchema);
    await cancelRun(db, c.get('user')!, c.req.param('id'), reason);
    return c.json({ run: await readRun(db, c.req.param('id')) });
  });

  app.post('/:id/book', requirePermission('book_rides'), async (c) => {
    const input = await parseBody(c, bookRunSchema);
    const user = c.get('user')!;
    return c.json({ booking: await bookRun(db, user, c.req.param('id'), input, deps.env.BRAND_NAME) }, 201);
  });

  return app;
}
