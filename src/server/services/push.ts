/**
 * Browser push (Web Push with VAPID). The key pair is generated on first use and kept in app_settings, so
 * every instance on the same database signs with the same pair: the first writer wins (INSERT ... ON
 * CONFLICT DO NOTHING) and everyone then reads back the stored row.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';
import { PushEndpointRefusedError, PushServiceAgent, pushEndpointProblem } from './push-endpoints.ts';

export const VAPID_SETTING_KEY = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The browser's PushSubscription.toJSON(). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  url?: string;
  tag?: string;
}

/** Sends one push; throws on failure (web-push's WebPushError carries statusCode). */
export type PushSender = (
  subscription: PushSubscriptionJson,
  payload: string,
  vapid: VapidKeys & { subject: string },
) => Promise<void>;

/**
 * Every push leaves through this agent: only to a listed push service's host, on port 443, at an address
 * that is public when the socket connects (services/push-endpoints.ts, issue 28 finding 5).
 */
const pushAgent = new PushServiceAgent();

/**
 * Sends through web-push, but only to an endpoint on the push-service allow-list (checked again here: a
 * row stored before the list existed, or written straight to the database, is refused without any
 * connection being opened), and through pushAgent, which checks the address actually connected to.
 */
export const webPushSender: PushSender = async (subscription, payload, vapid) => {
  const problem = pushEndpointProblem(subscription.endpoint);
  if (problem) throw new PushEndpointRefusedError(String(subscription.endpoint).slice(0, 200), problem);
  await webpush.sendNotification(subscription, payload, {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 24 * 60 * 60,
    timeout: 15_000,
    agent: pushAgent,
  });
};

const cache = new WeakMap<object, Promise<VapidKeys>>();

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, VAPID_SETTING_KEY));
    return row ? (JSON.parse(row.value) as VapidKeys) : null;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({
      key: VAPID_SETTING_KEY,
      value: JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }),
    })
    .onConflictDoNothing({ target: appSettings.key });
  // Another instance may have won the insert: the stored pair is the one everybody uses.
  const stored = await read();
  if (!stored) throw new Error('VAPID keys could not be stored');
  return stored;
}

/** The shared VAPID pair (cached per database handle once read). */
export function getVapidKeys(db: Db): Promise<VapidKeys> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadOrCreate(db);
    cache.set(db, pending);
    pending.catch(() => cache.delete(db));
  }
  return pending;
}

/**
 * True when the subscription is gone for good: a push service says so (404/410, unsubscribed or expired),
 * or its endpoint is not a listed push service's (PushEndpointRefusedError), which no retry can change.
 * The delivery worker then deletes the subscription. An allowed host that resolves to an internal address
 * (PushAddressRefusedError) is not gone: that is the resolver's fault, so it is retried like any failure.
 */
export function isGoneError(err: unknown): boolean {
  if (err instanceof PushEndpointRefusedError) return true;
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status === 404 || status === 410;
}

/** Parses a stored subscription; null when it is not a usable one. */
export function parseSubscription(raw: string): PushSubscriptionJson | null {
  try {
    const value = JSON.parse(raw) as PushSubscriptionJson;
    if (typeof value?.endpoint !== 'string' || !value.keys?.p256dh || !value.keys?.auth) return null;
    return value;
  } catch {
    return null;
  }
}
