/**
 * /api/admin/bookings (issue 14):
 *
 *   GET  /bookings?status=&flag=&origin=&from=&to=&driver=&customer=&cursor=   AdminBookingListDto
 *   GET  /bookings/:id                      AdminBookingDetailDto (the timeline)
 *   POST /bookings/:id/cancel   { reason }  both sides told; the request reopens, the other bidders invited
 *   POST /bookings/:id/flag     { flag, reason }   customer_no_show, driver_no_show, disputed; null clears
 *   POST /bookings/:id/notes    { body }
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  BOOKING_ADMIN_MESSAGES,
  BOOKING_FLAGS,
  bookingFlagSchema,
  bookingListQuerySchema,
} from '../../../shared/admin/bookings.ts';
import { adminNoteSchema, adminReasonSchema } from '../../../shared/admin/users.ts';
import type { Db } from '../../db/client.ts';
import { bookings, rides } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody, validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { syncBookingFee } from '../billing/ledger.ts';
import { billingSettings } from '../billing/settings.ts';
import { cancelBookingAsAdmin } from '../bookings/service.ts';
import { adminContext } from './admin-context.ts';
import { adminBookingDetail } from './booking-detail.ts';
import { listAdminBookings } from './bookings-list.ts';
import { addAdminNote } from './notes.ts';
import { found, uuidParam } from './route-params.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

export function adminBookingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const detail = (id: string) => found(adminBookingDetail(deps.db, id));

  app.get('/bookings', async (c) => {
    const parsed = bookingListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await listAdminBookings(deps.db, parsed.data));
  });

  app.get('/bookings/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await detail(uuidParam(c.req.param('id'))));
  });

  app.post('/bookings/:id/cancel', async (c) => {
    const id = uuidParam(c.req.param('id'));
    const { reason } = await parseBody(c, adminReasonSchema);
    const ctx = adminContext(c);
    await cancelBookingAsAdmin(deps.db, ctx.actor.id, id, reason, (tx) =>
      audit(tx, {
        actor: ctx.actor,
        action: 'booking.cancelled',
        target: { type: 'booking', id },
        reason,
        ip: ctx.ip,
      }),
    );
    return c.json(await detail(id));
  });

  app.post('/bookings/:id/flag', async (c) => {
    const id = uuidParam(c.req.param('id'));
    const { flag, reason } = await parseBody(c, bookingFlagSchema);
    const ctx = adminContext(c);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .select({ flag: bookings.adminFlag, pickupAt: rides.pickupAt })
        .from(bookings)
        .innerJoin(rides, eq(rides.id, bookings.rideId))
        .where(eq(bookings.id, id))
        .for('update', { of: bookings });
      if (!row) throw notFound();
      if (flag === null && row.flag === null) throw conflict(BOOKING_ADMIN_MESSAGES.noFlag);
      if (flag !== null && row.flag === flag) throw conflict(BOOKING_ADMIN_MESSAGES.sameFlag);
      if (flag?.endsWith('no_show') && row.pickupAt > new Date())
        throw conflict(BOOKING_ADMIN_MESSAGES.flagNotYet);
      await tx
        .update(bookings)
        .set({
          adminFlag: flag,
          adminFlagReason: flag ? reason : null,
          adminFlaggedAt: sql`now()`,
          adminFlaggedBy: ctx.actor.id,
        })
        .where(eq(bookings.id, id));
      // A trip marked as not having taken place owes no fee; clearing the mark charges it again.
      await syncBookingFee(tx, {
        bookingId: id,
        actorId: ctx.actor.id,
        feeBasisPoints: billingSettings(deps.env).feeBasisPoints,
      });
      await audit(tx, {
        actor: ctx.actor,
        action: flag ? 'booking.flagged' : 'booking.flag_cleared',
        target: { type: 'booking', id, label: flag ? BOOKING_FLAGS[flag] : undefined },
        reason,
        details: { flag: flag ?? row.flag },
        ip: ctx.ip,
      });
    });
    return c.json(await detail(id));
  });

  app.post('/bookings/:id/notes', async (c) => {
    const id = uuidParam(c.req.param('id'));
    const { body } = await parseBody(c, adminNoteSchema);
    const ctx = adminContext(c);
    const [exists] = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
    if (!exists) throw notFound();
    await addAdminNote(deps.db, ctx, { type: 'booking', id }, body);
    return c.json(await detail(id), 201);
  });

  return app;
}
