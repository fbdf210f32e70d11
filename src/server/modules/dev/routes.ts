/**
 * /api/dev: development tools, mounted only when APP_ENV=development.
 * - GET /mailbox: the outbox, so a person can read and click every e-mail, with each one's delivery status
 *   (pending, sent, failed, expired), attempts and last error.
 * - POST /rides/:id/pickup-passed: moves a trip's pickup time into the past, so the "after the trip" steps
 *   (complete, rate) can be tried locally and by the browser journeys without waiting hours.
 * - POST /drivers/:id/verify: makes a driver verified with current placeholder documents and a vehicle, as
 *   an admin would after a complete review (modules/verification/dev-verify.ts).
 * - POST /billing/month-end: runs the monthly statement run as if this Sydney month had ended, so this
 *   month's lines become a statement now (the real run does this on the 1st; ADR 007).
 * - GET /sms?to=: the text-message outbox (issue 30), newest first: without an SMS provider this is where
 *   every text goes.
 * - POST /bookings/:id/shift { minutes }: moves a booking N minutes into the past (its request's pickup,
 *   its day-of-trip times, its events and the driver's stored position), so "10 minutes of waiting passed"
 *   or "12 hours after pickup" (issue 30) can be tried without waiting.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { addMonths, periodOf, periodStart } from '../../../shared/billing.ts';
import { rides } from '../../db/schema/index.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound, parseBody, validationError } from '../../http/errors.ts';
import { listOutbox } from '../../services/mail.ts';
import { listSmsOutbox } from '../../services/sms.ts';
import { storageFor } from '../../services/storage.ts';
import { billingSettings } from '../billing/settings.ts';
import { issueStatements } from '../billing/statements.ts';
import { shiftBookingIntoPast, shiftSchema } from '../bookings/time-travel.ts';
import { verifyDriverForDevelopment } from '../verification/dev-verify.ts';

const devVerifySchema = z.object({
  seats: z.number().int().min(1).max(50).optional(),
  luggageBags: z.number().int().min(0).max(100).optional(),
  vehicle: z
    .object({
      make: z.string().min(1).max(60).optional(),
      model: z.string().min(1).max(60).optional(),
      colour: z.string().max(40).optional(),
      plate: z
        .string()
        .regex(/^[A-Z0-9]{1,9}$/)
        .optional(),
    })
    .optional(),
});

export function devRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/mailbox', async (c) => {
    const to = c.req.query('to') || undefined;
    const rows = await listOutbox(deps.db, { to, limit: 100 });
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: rows });
  });
  app.post('/rides/:id/pickup-passed', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const updated = await deps.db
      .update(rides)
      .set({ pickupAt: sql`now() - interval '1 hour'` })
      .where(eq(rides.id, id.data))
      .returning({ id: rides.id });
    if (updated.length === 0) throw notFound();
    return c.json({ ok: true });
  });
  app.post('/drivers/:id/verify', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    // Optional: { seats, luggageBags, vehicle: { make, model, colour, plate } } for the vehicle it adds.
    noteBodySchema(c, devVerifySchema);
    const body = devVerifySchema.safeParse(await c.req.json().catch(() => ({})));
    if (!body.success) throw validationError(body.error);
    const done = await verifyDriverForDevelopment(deps.db, storageFor(deps.env), id.data, body.data);
    if (!done) throw notFound();
    return c.json({ ok: true });
  });
  app.post('/billing/month-end', async (c) => {
    const nextMonth = periodStart(addMonths(periodOf(new Date()), 1));
    const result = await issueStatements(deps.db, billingSettings(deps.env), nextMonth);
    return c.json(result);
  });
  app.get('/sms', async (c) => {
    const to = c.req.query('to') || undefined;
    const rows = await listSmsOutbox(deps.db, { to, limit: 100 });
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: rows });
  });
  // Issue 30: moves a booking N minutes into the past (bookings/time-travel.ts).
  app.post('/bookings/:id/shift', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const { minutes } = await parseBody(c, shiftSchema);
    if (!(await shiftBookingIntoPast(deps.db, id.data, minutes))) throw notFound();
    return c.json({ ok: true });
  });
  return app;
}
