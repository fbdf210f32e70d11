/**
 * Card payments of statements through Stripe Checkout (issue 15), with the official `stripe` library. Only
 * when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. "Pay now" creates a Checkout Session and sends
 * the driver to Stripe's hosted page; the statement becomes paid only when Stripe's signed
 * `checkout.session.completed` webhook arrives, counted once by its event id (`stripe_events`).
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { periodLabel } from '../../../shared/billing.ts';
import type { Db } from '../../db/client.ts';
import { billingStatements, stripeEvents } from '../../db/schema/index.ts';
import { recordPayment } from './payments.ts';
import type { BillingSettings } from './settings.ts';

type StripeSettings = NonNullable<BillingSettings['stripe']>;

/** The client; STRIPE_API_URL points it at a stand-in server (the tests'). */
export function stripeClient(s: StripeSettings): Stripe {
  const base = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    timeout: 15_000,
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

export interface CheckoutFor {
  statementId: string;
  number: string;
  period: string;
  totalCents: number;
  email: string;
  brandName: string;
  appUrl: string;
}

/** A Checkout Session for the statement's total; its hosted page's address. */
export async function createCheckout(stripe: Stripe, f: CheckoutFor): Promise<string> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      customer_email: f.email,
      client_reference_id: f.statementId,
      metadata: { statement_id: f.statementId, statement_number: f.number },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'aud',
            unit_amount: f.totalCents,
            product_data: {
              name: `Statement ${f.number}`,
              description: `${f.brandName} platform fees for ${periodLabel(f.period)}, GST included`,
            },
          },
        },
      ],
      success_url: `${f.appUrl}/success?statement=${f.statementId}`,
      cancel_url: `${f.appUrl}/driver-billing/${f.statementId}?payment=cancelled`,
    },
    // A double click makes one session, not two (Stripe keeps idempotency keys for 24 hours).
    { idempotencyKey: `checkout-${f.statementId}-${f.totalCents}-${new Date().toISOString().slice(0, 13)}` },
  );
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return session.url;
}

export type WebhookOutcome = 'paid' | 'duplicate' | 'ignored';

/**
 * Handles a verified event. A `checkout.session.completed` (or `async_payment_succeeded`) whose session
 * is paid settles its statement; anything else, an unknown statement, or one already paid or void,
 * changes nothing but is remembered so a retry is answered at once.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'duplicate';
    if (
      event.type !== 'checkout.session.completed' &&
      event.type !== 'checkout.session.async_payment_succeeded'
    )
      return 'ignored';
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return 'ignored';
    const statementId = session.metadata?.statement_id ?? session.client_reference_id ?? '';
    const [statement] = await tx
      .select({ status: billingStatements.status, total: billingStatements.totalCents })
      .from(billingStatements)
      .where(sql`${billingStatements.id}::text = ${statementId}`)
      .for('update');
    if (statement?.status !== 'open') return 'ignored';
    if (session.amount_total !== statement.total) {
      // Money arrived that does not match: an administrator settles it by hand. Logged, not guessed.
      console.error(
        `stripe: session ${session.id} paid ${session.amount_total} for statement ${statementId} of ${statement.total}`,
      );
      return 'ignored';
    }
    await recordPayment(tx, {
      statementId,
      method: 'card',
      amountCents: statement.total,
      reference: session.id,
      recordedBy: null,
      stripeEventId: event.id,
    });
    return 'paid';
  });
}
