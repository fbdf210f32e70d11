/**
 * GET /api/driver-cards/:id: the public driver page's data (issue 13), for anyone, signed in or not. Only
 * a verified driver has one; anyone else (a driver under review or suspended, a customer, an unknown id)
 * reads as 404. No contact details: those come with a booking.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { DriverPublicDto } from '../../../shared/marketplace/api.ts';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { drivers } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { activeVehicleCards, driverCards, recentReviews } from './cards.ts';

export function driverCardRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const [row] = await deps.db.select().from(drivers).where(eq(drivers.userId, id.data)).limit(1);
    if (row?.verificationStatus !== 'verified') throw notFound();
    const card = (await driverCards(deps.db, [row.userId])).get(row.userId);
    if (!card) throw notFound();
    const driver: DriverPublicDto = {
      ...card,
      description: row.description,
      baseLabel:
        row.baseLocality && row.basePostcode
          ? `${displayLocality(row.baseLocality)} NSW ${row.basePostcode}`
          : null,
      serviceRadiusKm: row.serviceRadiusKm,
      vehicles: await activeVehicleCards(deps.db, row.userId),
      reviews: await recentReviews(deps.db, row.userId),
    };
    c.header('Cache-Control', 'no-store');
    return c.json({ driver });
  });
  return app;
}
