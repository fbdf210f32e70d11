/**
 * /api/push: the VAPID public key and the signed-in user's browser push subscriptions.
 * /api/notification-preferences: per notification kind, e-mail and push on or off (both on by default),
 * and text messages for the kinds that send one (SMS_KINDS, on by default; null for the others).
 */
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { roleReceives } from '../../../shared/marketplace/notification-roles.ts';
import { NOTIFICATION_TYPES } from '../../../shared/marketplace/notification-types.ts';
import { isSmsKind, SMS_MESSAGES } from '../../../shared/marketplace/sms.ts';
import type { Role } from '../../../shared/roles.ts';
import { notificationPreferences, pushSubscriptions } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody, unauthenticated } from '../../http/errors.ts';
import { requireUser } from '../../http/middleware.ts';
import { getVapidKeys } from '../../services/push.ts';
import {
  isAllowedPushEndpoint,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_ENDPOINT_MESSAGE,
} from '../../services/push-endpoints.ts';
import { NOTIFICATION_KIND_LABELS } from './kinds.ts';

const subscriptionSchema = z.object({
  // Only https://<a browser push service's host>/...: anything else would make the server connect where
  // the caller chose (issue 28 finding 5; the list is services/push-endpoints.ts).
  endpoint: z
    .url({ error: PUSH_ENDPOINT_MESSAGE })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: PUSH_ENDPOINT_MESSAGE })
    .refine(isAllowedPushEndpoint, { error: PUSH_ENDPOINT_MESSAGE }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

const subscribeSchema = z.union([z.object({ subscription: subscriptionSchema }), subscriptionSchema]);

const unsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export function pushRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();

  app.get('/public-key', async (c) => {
    const { publicKey } = await getVapidKeys(deps.db);
    return c.json({ publicKey });
  });

  /** Upserts by endpoint: the browser's subscription now belongs to the signed-in user. */
  app.post('/subscriptions', requireUser, async (c) => {
    const user = c.get('user');
    // SPEC §5: a push subscription needs a non-empty user id.
    if (!user?.id) throw unauthenticated();
    const body = await parseBody(c, subscribeSchema);
    const sub = 'subscription' in body ? body.subscription : body;
    const serialised = JSON.stringify({
      endpoint: sub.endpoint,
      expirationTime: sub.expirationTime ?? null,
      keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    });
    // One device, one owner: signing in as someone else on the same browser moves it to them.
    await deps.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: sub.endpoint, subscription: serialised })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.id, subscription: serialised, createdAt: sql`now()` },
      });
    return c.json({ ok: true }, 201);
  });

  app.delete('/subscriptions', requireUser, async (c) => {
    const user = c.get('user')!;
    const { endpoint } = await parseBody(c, unsubscribeSchema);
    // Only the caller's own subscription: another user's endpoint is left alone.
    await deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
    return c.json({ ok: true });
  });

  return app;
}

const preferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification kind.' }),
  email: z.boolean({ error: 'email must be true or false.' }),
  push: z.boolean({ error: 'push must be true or false.' }),
  /** Optional: left as it is when absent (clients from before texts existed). */
  sms: z.boolean({ error: SMS_MESSAGES.smsMustBeBoolean }).optional(),
});

export interface NotificationPreferenceDto {
  kind: string;
  label: string;
  email: boolean;
  push: boolean;
  /** Text messages on or off; null when this kind sends no text. */
  sms: boolean | null;
}

/** The kinds the user's role can receive (shared/marketplace/notification-roles.ts), in the usual order. */
async function listPreferences(deps: Deps, userId: string, role: Role): Promise<NotificationPreferenceDto[]> {
  const rows = await deps.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_TYPES.filter((kind) => roleReceives(role, kind)).map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    email: byKind.get(kind)?.email ?? true,
    push: byKind.get(kind)?.push ?? true,
    sms: isSmsKind(kind) ? (byKind.get(kind)?.sms ?? true) : null,
  }));
}

/** /api/notification-preferences: per kind, e-mail, push and (for some kinds) text messages on or off. */
export function preferenceRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);

  app.get('/', async (c) => {
    const user = c.get('user')!;
    return c.json({ items: await listPreferences(deps, user.id, user.role) });
  });

  app.put('/', async (c) => {
    const user = c.get('user')!;
    const input = await parseBody(c, preferenceSchema);
    if (input.sms !== undefined && !isSmsKind(input.kind)) {
      throw new AppError(400, 'validation', SMS_MESSAGES.notForKind, [
        { path: 'sms', message: SMS_MESSAGES.notForKind },
      ]);
    }
    const sms = input.sms === undefined ? {} : { sms: input.sms };
    await deps.db
      .insert(notificationPreferences)
      .values({ userId: user.id, kind: input.kind, email: input.email, push: input.push, ...sms })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: input.email, push: input.push, ...sms, updatedAt: sql`now()` },
      });
    return c.json({ items: await listPreferences(deps, user.id, user.role) });
  });

  return app;
}
