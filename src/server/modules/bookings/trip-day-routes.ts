/**
 * The day of the trip on /api/bookings/:id (issue 30), each answering the booking as its caller now sees it:
 *
 *   POST /:id/trip-status       { status }                      the driver: on_the_way, arrived, on_board, dropped_off
 *   POST /:id/customer-signal   { kind: 'running_late', minutes } | { kind: 'at_pickup' }   the customer
 *   PUT  /:id/position-sharing  { on }                          the driver
 *   POST /:id/position          { lat, lng, accuracyM? }        the driver: 200 stored, 202 not stored (< 10 s)
 *   POST /:id/no-show           { note? }                       the driver, after the free waiting time
 *   POST /:id/no-show-dispute   { reason }                      the customer, within 48 hours
 *   POST /:id/not-happened      { reason }                      either side, after pickup, before completion
 */
import type { Hono } from 'hono';
import {
  customerSignalSchema,
  noShowDisputeSchema,
  noShowSchema,
  notHappenedSchema,
  positionSchema,
  positionSharingSchema,
  tripStatusInputSchema,
} from '../../../shared/marketplace/trip-status.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { parseBody, validationError } from '../../http/errors.ts';
import { billingSettings } from '../billing/settings.ts';
import { sendCustomerSignal } from './customer-signal.ts';
import { loadBookingDto } from './dto.ts';
import { disputeNoShow, markNoShow } from './no-show.ts';
import { reportNotHappened } from './not-happened.ts';
import { recordPosition, setPositionSharing } from './positions.ts';
import { setTripStatus } from './trip-status.ts';

export function tripDayRoutes(app: Hono<AppBindings>, deps: Deps): void {
  const fee = () => billingSettings(deps.env).feeBasisPoints;

  app.post('/:id/trip-status', async (c) => {
    const { status } = await parseBody(c, tripStatusInputSchema);
    const user = c.get('user')!;
    await setTripStatus(deps.db, user, c.req.param('id'), status, fee());
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.post('/:id/customer-signal', async (c) => {
    const input = await parseBody(c, customerSignalSchema);
    const user = c.get('user')!;
    await sendCustomerSignal(deps.db, user, c.req.param('id'), input);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.put('/:id/position-sharing', async (c) => {
    const { on } = await parseBody(c, positionSharingSchema);
    const user = c.get('user')!;
    await setPositionSharing(deps.db, user, c.req.param('id'), on);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.post('/:id/position', async (c) => {
    const input = await parseBody(c, positionSchema);
    const stored = await recordPosition(deps.db, c.get('user')!, c.req.param('id'), input);
    // 202: taken, not stored (within 10 s of the last stored one); the next one will be.
    return c.json({ stored }, stored ? 200 : 202);
  });

  app.post('/:id/no-show', async (c) => {
    // The body is optional (a note); no body at all is the same as {}.
    noteBodySchema(c, noShowSchema);
    const text = await c.req.text();
    let raw: unknown = {};
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        raw = undefined;
      }
    }
    const parsed = noShowSchema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const user = c.get('user')!;
    await markNoShow(deps.db, user, c.req.param('id'), parsed.data.note ?? '', fee());
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.post('/:id/no-show-dispute', async (c) => {
    const { reason } = await parseBody(c, noShowDisputeSchema);
    const user = c.get('user')!;
    await disputeNoShow(deps.db, user, c.req.param('id'), reason);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });

  app.post('/:id/not-happened', async (c) => {
    const { reason } = await parseBody(c, notHappenedSchema);
    const user = c.get('user')!;
    await reportNotHappened(deps.db, user, c.req.param('id'), reason);
    return c.json({ booking: await loadBookingDto(deps.db, user, c.req.param('id')) });
  });
}
