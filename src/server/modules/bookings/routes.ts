/**
 * /api/bookings: the user's bookings (or one request's), one booking with contacts and history, its calendar
 * file, cancel, complete; and the day of the trip's actions (trip-day-routes.ts, issue 30).
 */

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { markPaidSchema } from '../../../shared/validation/billing.ts';
import { cancelInputSchema } from '../../../shared/validation/marketplace.ts';
import { bookings } from '../../db/schema/index.ts';
import type { AppBindings, Deps, SessionUser } from '../../http/context.ts';
import { notFound, parseBody } from '../../http/errors.ts';
import { requireUser } from '../../http/middleware.ts';
import { bookingCalendar } from '../../services/ics.ts';
import { issueReceipt, receiptFor } from '../billing/receipts.ts';
import { billingSettings } from '../billing/settings.ts';
import { loadBookingDto, loadBookingDtos } from './dto.ts';
import { partyList } from './pair-dto.ts';
import { cancelBooking, completeBooking } from './service.ts';
import { tripDayRoutes } from './trip-day-routes.ts';

const uuid = z.uuid();

export function bookingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const bookingFor = (user: SessionUser, id: string) => {
    if (!uuid.safeParse(id).success) throw notFound();
    return loadBookingDto(deps.db, user, id);
  };

  /**
   * The user's bookings as customer or driver: a return pair booked together once, confirmed bookings soonest
   * pickup first, then the others latest first (partyList, issue 32). An admin: every booking, newest pickup
   * first. ?rideId= narrows them to one request's bookings (its page explains a cancelled one), each leg apart.
   */
  app.get('/', async (c) => {
    const rideId = c.req.query('rideId');
    if (rideId !== undefined && !uuid.safeParse(rideId).success) return c.json({ items: [] });
    const filter = rideId ? eq(bookings.rideId, rideId) : undefined;
    const user = c.get('user')!;
    const items = await loadBookingDtos(deps.db, user, filter);
    return c.json({ items: rideId || user.role === 'admin' ? items : partyList(items) });
  });

  app.get('/:id', async (c) => {
    return c.json({ booking: await bookingFor(c.get('user')!, c.req.param('id')) });
  });

  app.get('/:id/calendar.ics', async (c) => {
    const booking = await bookingFor(c.get('user')!, c.req.param('id'));
    const body = bookingCalendar(booking, { brandName: deps.env.BRAND_NAME, appUrl: deps.env.APP_URL });
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="booking-${booking.id}.ics"`);
    return c.body(body);
  });

  app.post('/:id/cancel', async (c) => {
    const { reason } = await parseBody(c, cancelInputSchema);
    const user = c.get('user')!;
    await cancelBooking(deps.db, user, c.req.param('id'), reason);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.post('/:id/complete', async (c) => {
    const user = c.get('user')!;
    await completeBooking(deps.db, user, c.req.param('id'), billingSettings(deps.env).feeBasisPoints);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  /** The receipt of the fare paid to the driver (issue 15): either side; null until the driver marks it paid. */
  app.get('/:id/receipt', async (c) => {
    if (!uuid.safeParse(c.req.param('id')).success) throw notFound();
    return c.json({ receipt: await receiptFor(deps.db, c.get('user')!.id, c.req.param('id')) });
  });

  /** The driver marks a completed trip paid: the customer gets the receipt. */
  app.post('/:id/receipt', async (c) => {
    if (!uuid.safeParse(c.req.param('id')).success) throw notFound();
    const input = await parseBody(c, markPaidSchema);
    const receipt = await issueReceipt(deps.db, c.get('user')!.id, c.req.param('id'), input);
    return c.json({ receipt }, 201);
  });

  tripDayRoutes(app, deps);

  return app;
}
