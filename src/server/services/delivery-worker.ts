/**
 * Delivers every in-app notification by e-mail and by browser push, as the user chose per kind.
 *
 * It runs from the database, after commit: a notifications row only becomes visible once the change that
 * wrote it committed. Each round
 *  1. enqueues: one notification_deliveries row per notification and channel (INSERT ... ON CONFLICT DO
 *     NOTHING against the unique (notification_id, channel) index, so however many instances race, each
 *     notification gets one row per channel), 'skipped' straight away when the user turned the channel off;
 *  2. claims due pending rows with FOR UPDATE SKIP LOCKED, taking a lease (next_attempt_at moves forward)
 *     so another instance does not pick the same row while this one sends;
 *  3. sends, then marks the row 'sent' (or 'skipped' when there is nothing to send to), or schedules a
 *     retry with exponential backoff, 'failed' after MAX_ATTEMPTS.
 * A row leaves 'pending' once, so a notification is never delivered twice on a channel. An e-mail is
 * recorded in mail_outbox and its delivery row marked 'sent' in one transaction: either both happen or
 * neither, so there is no window for a duplicate. The mail worker (services/mail-worker.ts) then sends the
 * outbox row over SMTP with its own retries (ADR 011); a push is sent from here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client.ts';
import {
  notificationDeliveries,
  notifications,
  pushSubscriptions,
  type StoredAttachment,
  users,
} from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { loadBookingDto } from '../modules/bookings/dto.ts';
import { CALENDAR_KINDS, notificationPath } from '../modules/delivery/kinds.ts';
import { bookingCalendar } from './ics.ts';
import type { Mailer, MailMessage } from './mail.ts';
import { getVapidKeys, isGoneError, type PushSender, parseSubscription, webPushSender } from './push.ts';
import { EVENTS_CHANNEL } from './realtime.ts';
import { startWorkerLoop } from './worker-loop.ts';

export const MAX_ATTEMPTS = 5;
/** How long a claimed row stays reserved for the instance sending it. */
export const CLAIM_LEASE_SECONDS = 120;
/** Notifications older than this when first seen are not delivered any more (stale news). */
export const DELIVERY_MAX_AGE_HOURS = 24;

export type MailAttachment = StoredAttachment;

/** A notification's e-mail; its attachments are stored with the outbox row. */
export type NotificationMail = MailMessage;

export interface DeliveryDeps {
  db: Db;
  env: Pick<Env, 'APP_URL' | 'BRAND_NAME' | 'SUPPORT_EMAIL'>;
  mailer: Mailer;
  /** Defaults to web-push. */
  push?: PushSender;
  /** Delay before retry number `attempt` (1-based); exponential from 30 s by default. */
  retryDelayMs?: (attempt: number) => number;
  /** Rows claimed per round. */
  batchSize?: number;
}

export interface DeliveryRoundResult {
  enqueued: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

export const defaultRetryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

type Rows<T> = { rows: T[] };

/** Step 1: a delivery row per notification and channel, skipped at once for channels the user turned off. */
export async function enqueueDeliveries(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    insert into notification_deliveries (notification_id, channel, status, last_error)
    select n.id, c.channel,
      case when coalesce(case c.channel when 'email' then p.email else p.push end, true)
           then 'pending' else 'skipped' end,
      case when coalesce(case c.channel when 'email' then p.email else p.push end, true)
           then null else 'turned off by the user' end
    from notifications n
    cross join (values ('email'), ('push')) as c(channel)
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.type
    where n.created_at > now() - make_interval(hours => ${DELIVERY_MAX_AGE_HOURS})
      and not exists (
        select 1 from notification_deliveries d where d.notification_id = n.id and d.channel = c.channel
      )
    order by n.created_at
    limit 1000
    on conflict (notification_id, channel) do nothing
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

interface Claimed {
  id: string;
  notification_id: string;
  channel: 'email' | 'push';
  attempts: number;
}

/** Step 2: claims due rows (attempts + 1, leased), safe when several instances claim at once. */
export async function claimDueDeliveries(db: Db, limit = 20): Promise<Claimed[]> {
  const result = (await db.execute(sql`
    update notification_deliveries d
       set attempts = d.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
     where d.id in (
       select id from notification_deliveries
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
       and d.status = 'pending'
    returning d.id, d.notification_id, d.channel, d.attempts`)) as unknown as Rows<Claimed>;
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

function escapeHtml(s: string) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type NotificationRow = typeof notifications.$inferSelect;

async function buildMail(
  deps: DeliveryDeps,
  n: NotificationRow,
  to: string,
  deliveryId: string,
): Promise<NotificationMail> {
  const appUrl = deps.env.APP_URL.replace(/\/$/, '');
  const link = `${appUrl}${notificationPath(n.type, n.relatedId)}`;
  const settings = `${appUrl}/settings`;
  const attachments: MailAttachment[] = [];
  if (n.relatedId && CALENDAR_KINDS.includes(n.type)) {
    try {
      const booking = await loadBookingDto(deps.db, { id: n.userId, role: 'customer' }, n.relatedId);
      attachments.push({
        filename: `booking-${booking.id}.ics`,
        content: bookingCalendar(booking, { brandName: deps.env.BRAND_NAME, appUrl }),
        contentType: 'text/calendar; charset=utf-8',
      });
    } catch (err) {
      // The e-mail still goes; only the calendar file is missing.
      console.error(`calendar for notification ${n.id} failed`, err);
    }
  }
  const text = [
    n.message,
    '',
    `Open it in ${deps.env.BRAND_NAME}: ${link}`,
    attachments.length ? 'The booking is attached as a calendar file (.ics).' : '',
    '',
    `You get these e-mails because of your notification settings: ${settings}`,
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  const html = `<p>${escapeHtml(n.message)}</p>
<p><a href="${escapeHtml(link)}">Open it in ${escapeHtml(deps.env.BRAND_NAME)}</a></p>${
    attachments.length ? '\n<p>The booking is attached as a calendar file (.ics).</p>' : ''
  }
<p style="color:#555;font-size:12px">You get these e-mails because of your <a href="${escapeHtml(settings)}">notification settings</a>.</p>`;
  return {
    to,
    subject: n.title,
    text,
    html,
    kind: 'notification',
    meta: {
      deliveryId,
      notificationId: n.id,
      notificationType: n.type,
      attachments: attachments.map((a) => a.filename),
    },
    attachments,
  };
}

/** `marked`: the delivery row was already marked 'sent' together with the outbox row. */
type Outcome = { status: 'sent'; marked?: boolean } | { status: 'skipped'; reason: string };

/** The delivery row lost its claim (another instance finished it) while this one was recording the mail. */
class ClaimLost extends Error {}

async function deliverEmail(deps: DeliveryDeps, row: Claimed, n: NotificationRow): Promise<Outcome> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, n.userId));
  if (!user || user.email.endsWith('.invalid')) return { status: 'skipped', reason: 'no e-mail address' };
  const mail = await buildMail(deps, n, user.email, row.id);
  // The outbox row and the 'sent' mark commit together: never a mail without its mark, nor the reverse.
  await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notificationDeliveries)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(
        and(
          eq(notificationDeliveries.id, row.id),
          eq(notificationDeliveries.status, 'pending'),
          eq(notificationDeliveries.attempts, row.attempts),
        ),
      )
      .returning({ id: notificationDeliveries.id });
    if (marked.length === 0) throw new ClaimLost();
    await deps.mailer.send(mail, { tx: tx as Db });
  });
  return { status: 'sent', marked: true };
}

async function deliverPush(deps: DeliveryDeps, n: NotificationRow): Promise<Outcome> {
  const subs = await deps.db
    .select({ id: pushSubscriptions.id, subscription: pushSubscriptions.subscription })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, n.userId));
  if (subs.length === 0) return { status: 'skipped', reason: 'no push subscription' };
  const keys = await getVapidKeys(deps.db);
  const vapid = { ...keys, subject: `mailto:${deps.env.SUPPORT_EMAIL}` };
  const payload = JSON.stringify({
    title: n.title,
    body: n.message,
    icon: '/logo.png',
    url: notificationPath(n.type, n.relatedId),
    tag: n.id,
  });
  const send = deps.push ?? webPushSender;
  let delivered = 0;
  let lastError: unknown = null;
  for (const sub of subs) {
    const parsed = parseSubscription(sub.subscription);
    if (!parsed) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      continue;
    }
    try {
      await send(parsed, payload, vapid);
      delivered += 1;
    } catch (err) {
      if (isGoneError(err)) {
        // The browser unsubscribed or the subscription expired: forget it.
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      } else {
        lastError = err;
      }
    }
  }
  // Reaching at least one device counts as delivered: a retry would repeat it on the devices that got it.
  if (delivered > 0) return { status: 'sent' };
  if (lastError) throw lastError;
  return { status: 'skipped', reason: 'no usable push subscription' };
}

function errorText(err: unknown) {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/** Step 3 for one claimed row. */
async function deliverOne(deps: DeliveryDeps, row: Claimed): Promise<keyof DeliveryRoundResult> {
  const mark = (set: PgUpdateSetSource<typeof notificationDeliveries>) =>
    deps.db
      .update(notificationDeliveries)
      .set(set)
      .where(and(eq(notificationDeliveries.id, row.id), eq(notificationDeliveries.status, 'pending')));
  const [n] = await deps.db.select().from(notifications).where(eq(notifications.id, row.notification_id));
  if (!n) {
    await mark({ status: 'skipped', lastError: 'notification removed' });
    return 'skipped';
  }
  try {
    const outcome = row.channel === 'email' ? await deliverEmail(deps, row, n) : await deliverPush(deps, n);
    if (outcome.status === 'sent') {
      if (!outcome.marked) await mark({ status: 'sent', sentAt: sql`now()`, lastError: null });
      return 'sent';
    }
    await mark({ status: 'skipped', lastError: outcome.reason });
    return 'skipped';
  } catch (err) {
    // Someone else settled this row meanwhile (its lease ran out and another instance took it): leave it.
    if (err instanceof ClaimLost) return 'skipped';
    if (row.attempts >= MAX_ATTEMPTS) {
      await mark({ status: 'failed', lastError: errorText(err) });
      console.error(`notification ${n.id} by ${row.channel} failed for good`, err);
      return 'failed';
    }
    const delay = (deps.retryDelayMs ?? defaultRetryDelayMs)(row.attempts);
    await mark({
      lastError: errorText(err),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
    });
    return 'retried';
  }
}

/** One round: enqueue, then claim and deliver until nothing due is left. */
export async function runDeliveryRound(deps: DeliveryDeps): Promise<DeliveryRoundResult> {
  const result: DeliveryRoundResult = { enqueued: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
  result.enqueued = await enqueueDeliveries(deps.db);
  for (let guard = 0; guard < 50; guard += 1) {
    const claimed = await claimDueDeliveries(deps.db, deps.batchSize ?? 20);
    if (claimed.length === 0) break;
    for (const row of claimed) result[await deliverOne(deps, row)] += 1;
  }
  return result;
}

export interface DeliveryWorkerOptions extends DeliveryDeps {
  /** To be woken right after a notification commits (LISTEN on the app's events channel). */
  database?: Pick<Database, 'listen'>;
  intervalMs?: number;
}

/**
 * Polls every few seconds and runs at once when a notification commits; returns a function that stops it
 * (waiting for a round in progress).
 */
export async function startDeliveryWorker(opts: DeliveryWorkerOptions): Promise<() => Promise<void>> {
  return startWorkerLoop({
    round: () => runDeliveryRound(opts),
    name: 'notification delivery',
    database: opts.database,
    channel: EVENTS_CHANNEL,
    wakeOn: (payload) => payload.includes('"kind":"notification"'),
    intervalMs: opts.intervalMs,
  });
}
