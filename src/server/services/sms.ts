/**
 * Text messages (issue 30): the one provider interface, its drivers (a Twilio-compatible REST API, and the
 * development mailbox), the numbers a text can go to, and the inbound
 * webhook's signature. Imports no domain: the delivery worker and the webhook route call it.
 *
 * A message is never sent from a request or a delivery directly: it is an sms_outbox row first, written in
 * the caller's transaction, and services/sms-worker.ts sends it after commit, with retries.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { storedPhone } from '../../shared/validation/phone.ts';
import type { Db } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';
import type { Env } from '../env.ts';

/** The NOTIFY channel that wakes the SMS worker when a message is recorded. */
export const SMS_CHANNEL = 'sms_outbox';

export interface SmsMessage {
  /** E.164 (+61412345678). */
  to: string;
  body: string;
  /** The sms_outbox row: a hint against sending it twice, for providers that honour one. */
  id?: string;
}

export interface SmsProvider {
  readonly name: 'twilio' | 'dev';
  /** Resolves once the provider accepted the message; throws SmsSendError (or a network error) otherwise. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/** A refusal by the provider; `retryable` false when no retry can change it (4xx other than 429). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** How long one request to the provider may take before it is aborted (and retried later). */
export const SMS_SEND_TIMEOUT_MS = 15_000;

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A number, an alphanumeric sender id, or a Messaging Service SID (MG + 32 hex digits). */
  from: string;
  apiUrl: string;
}

const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

/**
 * POST {api}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From (or MessagingServiceSid), Body,
 * with HTTP basic auth; Twilio answers 201 with the message's JSON ("sid").
 */
export function twilioProvider(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  return {
    name: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (MESSAGING_SERVICE_SID.test(settings.from)) form.set('MessagingServiceSid', settings.from);
      else form.set('From', settings.from);
      const headers: Record<string, string> = {
        Authorization: `Basic ${auth}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      };
      // Twilio ignores it; compatible providers that deduplicate use it (the same on every attempt).
      if (message.id) headers['Idempotency-Key'] = message.id;
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers,
          body: form.toString(),
          signal: AbortSignal.timeout(SMS_SEND_TIMEOUT_MS),
        });
      } catch (err) {
        throw new SmsSendError(`provider unreachable: ${err instanceof Error ? err.message : err}`, true);
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) {
        let detail = text.slice(0, 300);
        try {
          const json = JSON.parse(text) as { message?: string; code?: number };
          if (json.message) detail = `${json.message}${json.code ? ` (code ${json.code})` : ''}`;
        } catch {
          // Not JSON: the start of the body says what went wrong.
        }
        const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
        throw new SmsSendError(`provider answered ${res.status}: ${detail}`, retryable, res.status);
      }
      try {
        const { sid } = JSON.parse(text) as { sid?: unknown };
        if (typeof sid === 'string' && sid) return { providerId: sid };
      } catch {
        // Accepted without a readable answer: it was sent; nothing to refer to it by.
      }
      return { providerId: `unknown-${message.id ?? randomUUID()}` };
    },
  };
}

/** Without a provider: the sms_outbox row is the message (the development mailbox lists it). */
export const devSmsProvider: SmsProvider = {
  name: 'dev',
  send: async () => ({ providerId: `dev-${randomUUID()}` }),
};

export function smsProviderFor(
  env: Pick<
    Env,
    'SMS_PROVIDER' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'
  >,
): SmsProvider {
  if (env.SMS_PROVIDER !== 'twilio' || !env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)
    return devSmsProvider;
  return twilioProvider({
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    apiUrl: env.TWILIO_API_URL,
  });
}

/**
 * The E.164 form of a stored phone number that can receive a text (a mobile), or null. Numbers are stored
 * in E.164 since they were checked at sign-up; older ones as typed ('0412 345 678'), read as Australian.
 */
export function smsNumber(stored: string | null | undefined): string | null {
  if (!stored?.trim()) return null;
  const parsed = storedPhone(stored.trim());
  return parsed?.mobile ? parsed.number : null;
}

/** A text to record in sms_outbox (the delivery worker's: modules/delivery/record-sent.ts). */
export interface NewSms {
  to: string;
  body: string;
  kind: string;
  /** Never two rows with the same key (the notification delivery it comes from). */
  dedupeKey?: string | null;
  meta?: Record<string, unknown>;
}

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the auth token, over the full URL it called followed by
 * every POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: [string, string][]): string {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const data = url + sorted.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is the right one, compared in constant time. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: [string, string][],
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The SMS outbox, newest first (the development mailbox's "Text messages"); `to` in any usual writing. */
export async function listSmsOutbox(db: Db, opts: { to?: string; limit?: number } = {}) {
  const q = db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      body: smsOutbox.body,
      kind: smsOutbox.kind,
      status: smsOutbox.status,
      attempts: smsOutbox.attempts,
      error: smsOutbox.error,
      providerId: smsOutbox.providerId,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
      nextAttemptAt: smsOutbox.nextAttemptAt,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(opts.limit ?? 100);
  return opts.to ? q.where(eq(smsOutbox.to, smsNumber(opts.to) ?? opts.to.trim())) : q;
}
