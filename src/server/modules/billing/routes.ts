/**
 * /api/billing (issue 15): a driver's billing.
 *
 *   GET /                         DriverBillingPageDto: this month's lines, the statements, how to pay
 *   GET /statements/:id           StatementDetailDto (the driver's own; an administrator: any)
 *   GET /statements/:id/pdf       the same as a PDF tax invoice
 *
 * Another driver's statement reads as 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { DriverBillingPageDto } from '../../../shared/billing.ts';
import { hasPermission } from '../../../shared/roles.ts';
import type { AppBindings, Deps, SessionUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireRole, requireUser } from '../../http/middleware.ts';
import { statementPdf } from './pdf.ts';
import { driverBilling, statementDetail } from './read.ts';
import { billingSettings } from './settings.ts';

const uuid = z.uuid();

export function billingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const settings = billingSettings(deps.env);
  app.use('*', requireUser);
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const statementFor = async (user: SessionUser, id: string | undefined) => {
    if (!uuid.safeParse(id).success) throw notFound();
    const admin = hasPermission(user.role, 'manage_system');
    const dto = await statementDetail(deps.db, id!, admin ? {} : { driverId: user.id });
    if (!dto) throw notFound();
    return dto;
  };

  app.get('/', requireRole('driver'), async (c) => {
    const user = c.get('user')!;
    const body: DriverBillingPageDto = {
      ...(await driverBilling(deps.db, user.id, settings.feeBasisPoints)),
      payment: { card: settings.stripe !== null, bank: settings.bank, supportEmail: settings.supportEmail },
    };
    return c.json(body);
  });

  app.get('/statements/:id', async (c) => {
    const dto = await statementFor(c.get('user')!, c.req.param('id'));
    return c.json({
      statement: dto,
      payment: { card: settings.stripe !== null, bank: settings.bank, supportEmail: settings.supportEmail },
    });
  });

  app.get('/statements/:id/pdf', async (c) => {
    const dto = await statementFor(c.get('user')!, c.req.param('id'));
    const pdf = await statementPdf(dto, {
      brandName: deps.env.BRAND_NAME,
      appUrl: deps.env.APP_URL,
      bank: settings.bank,
      supportEmail: settings.supportEmail,
      cardPayments: settings.stripe !== null,
    });
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${dto.number}.pdf"`);
    return c.body(new Uint8Array(pdf));
  });

  return app;
}
