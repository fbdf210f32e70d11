/**
 * Instant prices on a posted trip (issue 31 item 1), mounted under /api/rides beside the trip routes:
 *
 *   GET  /:id/instant-prices   the trip's customer (or an admin): its fixed prices -> { items }
 *   POST /:id/book-instant     the trip's customer books one { fareId, priceCents } -> 201 { booking }
 *                              (200 for a retry of the same booking; 409 when the price changed: the
 *                              new price in the message and in issues[path 'priceCents'])
 *
 * Someone else's trip, or an id that is not a uuid, reads as 404.
 */
import { Hono } from 'hono';
import { bookInstantSchema } from '../../../shared/validation/fares.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { parseBody } from '../../http/errors.ts';
import { requirePermission, requireUser } from '../../http/middleware.ts';
import { loadBookingDto } from '../bookings/dto.ts';
import { bookInstant } from './book-instant.ts';
import { ridePrices } from './ride-prices.ts';

export function instantBookingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;

  app.get('/:id/instant-prices', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await ridePrices(db, c.get('user')!, c.req.param('id')) });
  });

  app.post('/:id/book-instant', requirePermission('book_rides'), async (c) => {
    const input = await parseBody(c, bookInstantSchema);
    const user = c.get('user')!;
    const { bookingId, created, booking } = await bookInstant(
      db,
      user,
      c.req.param('id'),
      input,
      deps.env.BRAND_NAME,
    );
    return c.json({ booking: booking ?? (await loadBookingDto(db, user, bookingId)) }, created ? 201 : 200);
  });

  return app;
}

/** The answer of POST /api/rides/:id/book-instant rebuilt from the booking id (idempotent-answers.ts). */
export async function instantBookingAnswer(
  db: Deps['db'],
  user: Parameters<typeof loadBookingDto>[1],
  bookingId: string,
) {
  return { booking: await loadBookingDto(db, user, bookingId) };
}
