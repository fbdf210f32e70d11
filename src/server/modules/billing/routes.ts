/**
 * /api/billing (issue 15): a driver's billing.
 *
 *   GET /                         DriverBillingPageDto: this month's lines, the statements, how to pay
 *   GET /statements/:id           StatementDetailDto (the driver's own; an administrator: any)
 *   GET /statements/:id/pdf       the same as a PDF tax invoice
 *   POST /statements/:id/checkout { url }: Stripe Checkout for an open statement (card payments on)
 *
 * And, outside the session (Stripe calls it): POST /api/stripe/webhook, signed.
 * Another driver's statement reads as 404.
 */
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { z } from 'zod';
import { BILLING_MESSAGES, type DriverBillingPageDto } from '../../../shared/billing.ts';
import { ERROR_CATEGORY_TEXT } from '../../../shared/errors.ts';
import type { AppBindings, Deps, SessionUser } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { hasAdminRights, requireRole, requireUser } from '../../http/middleware.ts';
import { statementPdf } from './pdf.ts';
import { driverBilling, statementDetail } from './read.ts';
import { billingSettings } from './settings.ts';
import { createCheckout, handleStripeEvent, stripeClient } from './stripe.ts';

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
    const admin = hasAdminRights(user);
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

  app.post('/statements/:id/checkout', requireRole('driver'), async (c) => {
    const user = c.get('user')!;
    if (!uuid.safeParse(c.req.param('id')).success) throw notFound();
    const dto = await statementDetail(deps.db, c.req.param('id'), { driverId: user.id });
    if (!dto) throw notFound();
    if (!settings.stripe) throw new AppError(409, 'conflict', BILLING_MESSAGES.cardPaymentsOff);
    if (dto.status === 'paid') throw new AppError(409, 'conflict', BILLING_MESSAGES.alreadyPaid);
    if (dto.status === 'void') throw new AppError(409, 'conflict', BILLING_MESSAGES.voidCannotBePaid);
    try {
      const url = await createCheckout(stripeClient(settings.stripe), {
        statementId: dto.id,
        number: dto.number,
        period: dto.period,
        totalCents: dto.totalCents,
        email: user.email,
        brandName: deps.env.BRAND_NAME,
        appUrl: deps.env.APP_URL,
      });
      return c.json({ url });
    } catch (err) {
      console.error(`stripe: checkout for statement ${dto.number} failed`, err);
      throw new AppError(402, 'payment_failed', ERROR_CATEGORY_TEXT.payment.userMessage);
    }
  });

  return app;
}

/** POST /api/stripe/webhook: Stripe's signed events. A bad or stale signature is 400 and changes nothing. */
export function stripeWebhookRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const stripeSettings = billingSettings(deps.env).stripe;
  app.post('/webhook', async (c) => {
    if (!stripeSettings) throw notFound();
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = stripeClient(stripeSettings).webhooks.constructEvent(
        payload,
        c.req.header('stripe-signature') ?? '',
        stripeSettings.webhookSecret,
      );
    } catch {
      throw new AppError(400, 'validation', 'Invalid Stripe signature.');
    }
    const outcome = await handleStripeEvent(deps.db, event);
    return c.json({ received: true, outcome });
  });
  return app;
}
