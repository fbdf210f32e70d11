/**
 * Delivers every in-app notification by e-mail and by browser push, and the day-of-trip kinds also by text
 * message (issue 30: SMS_KINDS), as the user chose per kind.
 *
 * It runs from the database, after commit: a notifications row only becomes visible once the change that
 * wrote it committed. Each round
 *  1. enqueues: one notification_deliveries row per notification and channel (INSERT ... ON CONFLICT DO
 *     NOTHING against the unique (notification_id, channel) index, so however many instances race, each
 *     notification gets one row per channel), 'skipped' straight away when the user turned the channel off
 *     (or, for push, has no subscribed browser);
 *     only notifications still marked awaiting_deliveries are read (issue 34), and the mark is cleared by
 *     the same statement;
 *  2. claims due pending rows with FOR UPDATE SKIP LOCKED, taking a lease (next_attempt_at moves forward)
 *     so another instance does not pick the same row while this one sends; the lease is renewed just
 *     before each row is sent, only while the claim is still this instance's (renewClaim), so a row whose
 *     lease ran out in a slow batch and was claimed again elsewhere is sent by that instance alone;
 *  3. sends, then marks the row 'sent' (or 'skipped' when there is nothing to send to), or schedules a
 *     retry with exponential backoff, 'failed' after MAX_ATTEMPTS.
 * A row leaves 'pending' once, so a notification is never delivered twice on a channel. An e-mail is
 * recorded in mail_outbox and its delivery row marked 'sent' in the same statement: either both happen or
 * neither, so there is no window for a duplicate; a batch's e-mails and texts are written by one statement
 * after its rows are rendered (modules/delivery/record-sent.ts). The mail worker (services/mail-worker.ts)
 * then sends the outbox row over SMTP with its own retries (ADR 011); a push is sent from here. A text is
 * the same as an e-mail: an sms_outbox row (dedupe_key = the delivery id) and the 'sent' mark together,
 * sent by services/sms-worker.ts; skipped when the user has no mobile number or the number replied STOP.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { BookingDto } from '../../shared/marketplace/api.ts';
import { isSmsKind, SMS_KINDS } from '../../shared/marketplace/sms.ts';
import { anyOf } from '../db/any-of.ts';
import type { Database, Db } from '../db/client.ts';
import { useGenericPlans } from '../db/prepared.ts';
import {
  DELIVERY_STATUSES,
  notificationDeliveries,
  notifications,
  pushSubscriptions,
  type StoredAttachment,
  smsOptOuts,
  users,
} from '../db/schema/index.ts';
import { stillPending } from '../db/still-pending.ts';
import type { Env } from '../env.ts';
import { loadBookingDto, loadPartyViews } from '../modules/bookings/dto.ts';
import { notificationPath } from '../modules/delivery/kinds.ts';
import {
  BOOKING_MAIL_KINDS,
  type NotificationMailFacts,
  RIDE_MAIL_KINDS,
  type RideMailFacts,
  renderNotificationMail,
} from '../modules/delivery/mail.ts';
import { recordSentMessages, type SentMessage } from '../modules/delivery/record-sent.ts';
import { type RideForMail, readRidesForMail, rideMailFacts } from '../modules/delivery/ride-facts.ts';
import { smsFactsOf } from '../modules/sms/facts.ts';
import { fallbackSmsText, smsText } from '../modules/sms/texts.ts';
import { type MailMessage, mailFrom, mailOutboxRow, messageIdDomain } from '../services/mail.ts';
import {
  getVapidKeys,
  isGoneError,
  type PushSender,
  parseSubscription,
  webPushSender,
} from '../services/push.ts';
import { EVENTS_CHANNEL } from '../services/realtime.ts';
import { smsNumber } from '../services/sms.ts';
import { startWorkerLoop } from '../services/worker-loop.ts';

export const MAX_ATTEMPTS = 5;
/** How long a claimed row stays reserved for the instance sending it. */
export const CLAIM_LEASE_SECONDS = 120;
/** Notifications older than this when first seen are not delivered any more (stale news). */
export const DELIVERY_MAX_AGE_HOURS = 24;
/** "On the way" and "arrived" texts older than this are not sent: by then they would mislead. */
export const SMS_MOMENT_MAX_AGE_MINUTES = 30;
const MOMENT_KINDS: readonly string[] = ['driver_on_the_way', 'driver_arrived'];

export type MailAttachment = StoredAttachment;

/** A notification's e-mail; its attachments are stored with the outbox row. */
export type NotificationMail = MailMessage;

export interface DeliveryDeps {
  db: Db;
  /** MAIL_FROM (else the brand and support address) names the e-mails' Message-ID domain, as Mailer's. */
  env: Pick<Env, 'APP_URL' | 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'MAIL_FROM'>;
  /** Defaults to web-push. */
  push?: PushSender;
  /** Delay before retry number `attempt` (1-based); exponential from 30 s by default. */
  retryDelayMs?: (attempt: number) => number;
  /** Rows claimed per round. */
  batchSize?: number;
  /**
   * A claimed row's lease is renewed before it is delivered once this long has passed since the claim
   * (default RENEW_AFTER_MS); sooner, no other instance can have claimed it.
   */
  renewAfterMs?: number;
}

export interface DeliveryRoundResult {
  enqueued: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  /** The round stopped at its cap of batches with rows perhaps still due: the loop runs another at once. */
  more?: boolean;
}

/** What a round counts per row. */
type Counted = 'sent' | 'skipped' | 'retried' | 'failed';

/** Batches one round claims at most, so a round ends (and its loop can stop) however much is due. */
const MAX_BATCHES_PER_ROUND = 50;

export const defaultRetryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

type Rows<T> = { rows: T[] };

const smsKindList = sql.join(
  SMS_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/** Notifications taken per round by step 1 (each gets up to three delivery rows). */
const ENQUEUE_BATCH = 300;

/**
 * Step 1: a delivery row per notification and channel (a text only for SMS_KINDS), skipped at once for
 * channels the user turned off. Reads only notifications still awaiting their rows (awaiting_deliveries,
 * a partial index: issue 34, no rescan of the last 24 hours each round) and clears the mark in the same
 * statement, so the rows and the mark commit together. SKIP LOCKED: instances racing take different
 * notifications; the unique (notification_id, channel) index would keep a duplicate out anyway. A
 * notification first seen when older than DELIVERY_MAX_AGE_HOURS is marked and gets no rows (stale news).
 * Answers the rows written and whether it took as many notifications as it may (more may be waiting).
 */
export async function enqueueDeliveries(db: Db): Promise<{ rows: number; full: boolean }> {
  const chosen = sql`coalesce(case c.channel when 'email' then p.email when 'push' then p.push else p.sms end, true)`;
  // A push to a user with no subscribed browser is skipped here rather than claimed and marked later (issue
  // 34: two statements a notification for most users, who never subscribe).
  const why = sql`case when not ${chosen} then 'turned off by the user'
      when c.channel = 'push' and not exists (select 1 from push_subscriptions s where s.user_id = n.user_id)
        then 'no push subscription' end`;
  const result = (await db.execute(sql`
    with due as (
      select id, user_id, type, created_at from notifications
       where awaiting_deliveries
       order by created_at
       limit ${ENQUEUE_BATCH}
       for update skip locked
    ), marked as (
      update notifications set awaiting_deliveries = false where id in (select id from due)
    ), inserted as (
    insert into notification_deliveries (notification_id, channel, status, last_error)
    select n.id, c.channel,
      case when ${why} is null then 'pending' else 'skipped' end,
      ${why}
    from due n
    cross join (values ('email'), ('push'), ('sms')) as c(channel)
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.type
    where n.created_at > now() - make_interval(hours => ${DELIVERY_MAX_AGE_HOURS})
      and (c.channel <> 'sms' or n.type in (${smsKindList}))
    on conflict (notification_id, channel) do nothing
    returning id)
    select (select count(*) from inserted)::int as rows, (select count(*) from due)::int as taken`)) as unknown as Rows<{
    rows: number;
    taken: number;
  }>;
  const [counts] = result.rows;
  return { rows: Number(counts?.rows ?? 0), full: Number(counts?.taken ?? 0) >= ENQUEUE_BATCH };
}

interface Claimed {
  id: string;
  notification_id: string;
  channel: 'email' | 'push' | 'sms';
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
       and ${stillPending(sql.raw('d.status'), DELIVERY_STATUSES)}
    returning d.id, d.notification_id, d.channel, d.attempts`)) as unknown as Rows<Claimed>;
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

type NotificationRow = typeof notifications.$inferSelect;

/** A claimed row's notification with what its channels need of the recipient, read for the whole batch. */
type BatchNotification = NotificationRow & { email: string | null; phone: string | null };

/**
 * What one claimed batch needs, read together rather than row by row (issue 34): the notifications with
 * their recipients' e-mail and phone, the numbers that replied STOP, the push subscriptions, and every
 * booking view the e-mails and texts describe (an e-mail and a text to one person share one view, and the
 * customer's and the driver's views of one booking come from one read). Kept for the batch only, so a later
 * batch sees the booking as it is then.
 */
class Batch {
  readonly claimedAt = performance.now();
  /**
   * The batch's e-mails and texts, written with their 'sent' marks in one statement once every row is
   * rendered (recordBatch); the mail and SMS workers are woken once after it.
   */
  readonly toRecord: { row: Claimed; n: NotificationRow; message: SentMessage }[] = [];
  private readonly views = new Map<string, Promise<BookingDto>>();
  /** The trips the batch's ride-kind e-mails describe, read together (modules/delivery/ride-facts.ts). */
  private rides: Promise<Map<string, RideForMail>> = Promise.resolve(new Map());
  private vapid: ReturnType<typeof getVapidKeys> | null = null;
  /** Subscriptions found gone or unusable in this batch: not tried again for the user's next row. */
  readonly forgotten = new Set<string>();

  private constructor(
    private readonly db: Db,
    readonly notifications: Map<string, BatchNotification>,
    readonly optedOut: Set<string>,
    readonly subscriptions: Map<string, { id: string; subscription: string }[]>,
  ) {}

  /**
   * Reads what the batch needs in one transaction on generic plans (ADR 045): every read is a lookup by
   * key, and planned for its values PostgreSQL re-planned them on almost every batch (pg_stat_statements:
   * the booking view's seven-table select 95 plans in 133 batches, 8.4 ms each). Everything is read before
   * the transaction ends; the batch's later reads (a view not read here, push keys) use the pool.
   */
  static async read(db: Db, claimed: readonly Claimed[]): Promise<Batch> {
    return db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await useGenericPlans(tx);
      return Batch.readIn(tx, db, claimed);
    });
  }

  private static async readIn(db: Db, pool: Db, claimed: readonly Claimed[]): Promise<Batch> {
    const found = await db
      .select({ n: notifications, email: users.email, phone: users.phone })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.userId))
      .where(
        anyOf(
          notifications.id,
          claimed.map((r) => r.notification_id),
        ),
      );
    const byId = new Map(found.map((f) => [f.n.id, { ...f.n, email: f.email, phone: f.phone }]));
    const channelRows = (channel: Claimed['channel']) =>
      claimed.flatMap((r) => {
        const n = r.channel === channel ? byId.get(r.notification_id) : undefined;
        return n ? [n] : [];
      });
    const numbers = [
      ...new Set(
        channelRows('sms').flatMap((n) => {
          const to = isSmsKind(n.type) ? smsNumber(n.phone) : null;
          return to ? [to] : [];
        }),
      ),
    ];
    const pushUsers = [...new Set(channelRows('push').map((n) => n.userId))];
    const [optedOut, subs] = await Promise.all([
      numbers.length
        ? db
            .select({ phone: smsOptOuts.phone })
            .from(smsOptOuts)
            .where(anyOf(smsOptOuts.phone, numbers, 'text'))
        : [],
      pushUsers.length
        ? db
            .select({
              id: pushSubscriptions.id,
              userId: pushSubscriptions.userId,
              subscription: pushSubscriptions.subscription,
            })
            .from(pushSubscriptions)
            .where(anyOf(pushSubscriptions.userId, pushUsers))
        : [],
    ]);
    const subscriptions = new Map<string, { id: string; subscription: string }[]>();
    for (const sub of subs) subscriptions.set(sub.userId, [...(subscriptions.get(sub.userId) ?? []), sub]);
    const batch = new Batch(pool, byId, new Set(optedOut.map((o) => o.phone)), subscriptions);
    const rideIds = channelRows('email').flatMap((n) =>
      n.relatedId && RIDE_MAIL_KINDS.includes(n.type) ? [n.relatedId] : [],
    );
    if (rideIds.length > 0) batch.rides = Promise.resolve(await readRidesForMail(db, rideIds));
    // The booking views of the batch's booking e-mails and texts, in one read.
    const wanted = claimed.flatMap((r) => {
      const n = byId.get(r.notification_id);
      if (!n?.relatedId) return [];
      const describes =
        r.channel === 'email'
          ? BOOKING_MAIL_KINDS.includes(n.type)
          : r.channel === 'sms' && isSmsKind(n.type);
      return describes ? [{ viewerId: n.userId, bookingId: n.relatedId }] : [];
    });
    if (wanted.length > 0) {
      const views = await loadPartyViews(db, wanted);
      for (const w of wanted) {
        const dto = views.get(`${w.viewerId} ${w.bookingId}`);
        const view = dto
          ? Promise.resolve(dto)
          : Promise.reject(new Error('no such booking of this recipient'));
        view.catch(() => undefined);
        batch.views.set(`${w.viewerId} ${w.bookingId}`, view);
      }
    }
    return batch;
  }

  /** The booking as `userId` sees it; rejects when it is not theirs or is gone. */
  view(userId: string, bookingId: string): Promise<BookingDto> {
    const key = `${userId} ${bookingId}`;
    let view = this.views.get(key);
    if (!view) {
      view = loadBookingDto(this.db, { id: userId, role: 'customer' }, bookingId);
      // Settled either way here, so a rejection nobody else awaits is not reported as unhandled.
      view.catch(() => undefined);
      this.views.set(key, view);
    }
    return view;
  }

  /** The e-mail facts of ride-kind notification `n`; null when its trip is gone. */
  async rideFacts(n: NotificationRow): Promise<RideMailFacts | null> {
    const found = n.relatedId ? (await this.rides).get(n.relatedId) : undefined;
    return found ? rideMailFacts(this.db, n, found) : null;
  }

  vapidKeys() {
    this.vapid ??= getVapidKeys(this.db);
    return this.vapid;
  }
}

async function buildMail(
  deps: DeliveryDeps,
  batch: Batch,
  n: NotificationRow,
  to: string,
  deliveryId: string,
): Promise<NotificationMail> {
  const facts: NotificationMailFacts = { booking: null, ride: null };
  try {
    if (n.relatedId && BOOKING_MAIL_KINDS.includes(n.type)) {
      facts.booking = await batch.view(n.userId, n.relatedId);
    } else if (RIDE_MAIL_KINDS.includes(n.type)) {
      facts.ride = await batch.rideFacts(n);
    }
  } catch (err) {
    // The e-mail still goes, with the notification's own words.
    console.error(`details for notification ${n.id} failed`, err);
  }
  const mail = renderNotificationMail(n, facts, deps.env, (what, err) =>
    console.error(`${what} for notification ${n.id} failed`, err),
  );
  return {
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    kind: 'notification',
    meta: {
      deliveryId,
      notificationId: n.id,
      notificationType: n.type,
      attachments: mail.attachments.map((a) => a.filename),
    },
    attachments: mail.attachments,
  };
}

/** `recording`: an e-mail or text to be written with its 'sent' mark once the batch is rendered. */
type Outcome = { status: 'sent' } | { status: 'recording' } | { status: 'skipped'; reason: string };

/** The claim on `row` is still this instance's: the same attempt, still pending. */
const stillOurs = (row: Claimed) =>
  and(
    eq(notificationDeliveries.id, row.id),
    stillPending(notificationDeliveries.status, DELIVERY_STATUSES),
    eq(notificationDeliveries.attempts, row.attempts),
  );

async function deliverEmail(
  deps: DeliveryDeps,
  batch: Batch,
  row: Claimed,
  n: BatchNotification,
): Promise<Outcome> {
  if (!n.email || n.email.endsWith('.invalid')) return { status: 'skipped', reason: 'no e-mail address' };
  const mail = await buildMail(deps, batch, n, n.email, row.id);
  // The outbox row and the 'sent' mark are written together, with the batch's others (recordBatch).
  const domain = messageIdDomain(mailFrom(deps.env));
  batch.toRecord.push({ row, n, message: { delivery: row, mail: mailOutboxRow(mail, domain) } });
  return { status: 'recording' };
}

/** The text, written to sms_outbox with the 'sent' mark (as deliverEmail's e-mail). */
async function deliverSms(
  deps: DeliveryDeps,
  batch: Batch,
  row: Claimed,
  n: BatchNotification,
): Promise<Outcome> {
  if (!isSmsKind(n.type)) return { status: 'skipped', reason: 'no text message for this kind' };
  if (
    MOMENT_KINDS.includes(n.type) &&
    Date.now() - n.createdAt.getTime() > SMS_MOMENT_MAX_AGE_MINUTES * 60_000
  ) {
    return { status: 'skipped', reason: 'too late for this text' };
  }
  const to = smsNumber(n.phone);
  if (!to) return { status: 'skipped', reason: 'no mobile number' };
  if (batch.optedOut.has(to)) return { status: 'skipped', reason: 'the number replied STOP' };
  const appUrl = deps.env.APP_URL.replace(/\/$/, '');
  const textOptions = {
    brandName: deps.env.BRAND_NAME,
    link: `${appUrl}${notificationPath(n.type, n.relatedId)}`,
  };
  // Not the recipient's booking (or gone): the notification's own words.
  const booking = n.relatedId ? await batch.view(n.userId, n.relatedId).catch(() => null) : null;
  const facts = booking ? smsFactsOf(booking) : null;
  const body = facts ? smsText(n.type, facts, textOptions) : fallbackSmsText(n.title, textOptions);
  const sms = {
    to,
    body,
    kind: n.type,
    dedupeKey: row.id,
    meta: { deliveryId: row.id, notificationId: n.id, relatedId: n.relatedId },
  };
  batch.toRecord.push({ row, n, message: { delivery: row, sms } });
  return { status: 'recording' };
}

async function deliverPush(deps: DeliveryDeps, batch: Batch, n: NotificationRow): Promise<Outcome> {
  const subs = (batch.subscriptions.get(n.userId) ?? []).filter((s) => !batch.forgotten.has(s.id));
  if (subs.length === 0) return { status: 'skipped', reason: 'no push subscription' };
  const keys = await batch.vapidKeys();
  const vapid = { ...keys, subject: `mailto:${deps.env.SUPPORT_EMAIL}` };
  const payload = JSON.stringify({
    title: n.title,
    body: n.message,
    icon: '/logo.png',
    url: notificationPath(n.type, n.relatedId),
    tag: n.id,
  });
  const send = deps.push ?? webPushSender;
  const forget = async (id: string) => {
    batch.forgotten.add(id);
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  };
  let delivered = 0;
  let lastError: unknown = null;
  for (const sub of subs) {
    const parsed = parseSubscription(sub.subscription);
    if (!parsed) {
      await forget(sub.id);
      continue;
    }
    try {
      await send(parsed, payload, vapid);
      delivered += 1;
    } catch (err) {
      if (isGoneError(err)) {
        // The browser unsubscribed or the subscription expired: forget it.
        await forget(sub.id);
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

/**
 * What an attempt's error is stored as: the innermost cause's message. Drizzle wraps a database error in
 * "Failed query: <the statement> params: <its parameters>", which for the batch's outbox statement would
 * store other recipients' e-mails in this row's last_error.
 */
function errorText(err: unknown) {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 500);
}

/**
 * A claimed row's lease is renewed before it is delivered once this much of the lease has passed since the
 * claim; sooner, no other instance can have claimed it (the lease still has three quarters to run).
 */
export const RENEW_AFTER_MS = (CLAIM_LEASE_SECONDS * 1000) / 4;

/**
 * Renews the lease on a claimed row just before it is delivered, if the claim is still ours. A batch is
 * claimed at once and delivered row after row (a push may take its 15 s timeout per device), so a row at
 * the end of a slow batch can outlive its lease, be claimed by another instance (attempts + 1) and be
 * delivered there. Of that claim and this renewal only one can win (both update the row; the loser's
 * condition no longer holds), so the row goes out once: an e-mail or text would be caught anyway by its
 * mark, written with it (record-sent.ts), a push would not. Only rows reached RENEW_AFTER_MS after their claim are
 * renewed (a statement per row saved in the usual quick batch).
 */
async function renewClaim(deps: DeliveryDeps, batch: Batch, row: Claimed): Promise<boolean> {
  if (performance.now() - batch.claimedAt < (deps.renewAfterMs ?? RENEW_AFTER_MS)) return true;
  const renewed = await deps.db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
    .where(stillOurs(row))
    .returning({ id: notificationDeliveries.id });
  return renewed.length > 0;
}

/** Only while the claim on `row` is ours: a later claim's outcome is not overwritten. */
const markRow = (deps: DeliveryDeps, row: Claimed, set: PgUpdateSetSource<typeof notificationDeliveries>) =>
  deps.db.update(notificationDeliveries).set(set).where(stillOurs(row));

/**
 * Step 3 for one claimed row; null when the claim was lost before it began (another instance has it), and
 * 'recording' for an e-mail or text rendered and waiting in the batch for its statement (recordBatch).
 */
async function deliverOne(
  deps: DeliveryDeps,
  batch: Batch,
  row: Claimed,
): Promise<Counted | 'recording' | null> {
  if (!(await renewClaim(deps, batch, row))) return null;
  const n = batch.notifications.get(row.notification_id);
  if (!n) {
    await markRow(deps, row, { status: 'skipped', lastError: 'notification removed' });
    return 'skipped';
  }
  try {
    const outcome =
      row.channel === 'email'
        ? await deliverEmail(deps, batch, row, n)
        : row.channel === 'sms'
          ? await deliverSms(deps, batch, row, n)
          : await deliverPush(deps, batch, n);
    if (outcome.status === 'recording') return 'recording';
    if (outcome.status === 'sent') {
      await markRow(deps, row, { status: 'sent', sentAt: sql`now()`, lastError: null });
      return 'sent';
    }
    await markRow(deps, row, { status: 'skipped', lastError: outcome.reason });
    return 'skipped';
  } catch (err) {
    return attemptFailed(deps, row, n, err);
  }
}

/** A failed attempt: retried after its backoff, or 'failed' after MAX_ATTEMPTS. */
async function attemptFailed(
  deps: DeliveryDeps,
  row: Claimed,
  n: NotificationRow,
  err: unknown,
): Promise<'failed' | 'retried'> {
  if (row.attempts >= MAX_ATTEMPTS) {
    await markRow(deps, row, { status: 'failed', lastError: errorText(err) });
    console.error(`notification ${n.id} by ${row.channel} failed for good: ${errorText(err)}`);
    return 'failed';
  }
  const delay = (deps.retryDelayMs ?? defaultRetryDelayMs)(row.attempts);
  await markRow(deps, row, {
    lastError: errorText(err),
    nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
  });
  return 'retried';
}

/**
 * Writes the batch's e-mails and texts with their 'sent' marks, waking the mail and SMS workers (one
 * statement), and counts them. A row whose mark did not take lost its claim to another instance, which
 * settles it ('skipped' here, as before). If the statement fails, nothing of it happened: each of its rows
 * is a failed attempt.
 */
async function recordBatch(deps: DeliveryDeps, batch: Batch, result: DeliveryRoundResult): Promise<void> {
  const pending = batch.toRecord.splice(0);
  if (pending.length === 0) return;
  let marked: Set<string>;
  try {
    marked = await recordSentMessages(
      deps.db,
      pending.map((p) => p.message),
    );
  } catch (err) {
    for (const p of pending) result[await attemptFailed(deps, p.row, p.n, err)] += 1;
    return;
  }
  for (const p of pending) result[marked.has(p.row.id) ? 'sent' : 'skipped'] += 1;
}

/** One round: enqueue, then claim and deliver until nothing due is left. */
export async function runDeliveryRound(deps: DeliveryDeps): Promise<DeliveryRoundResult> {
  const result: DeliveryRoundResult = { enqueued: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
  const enqueued = await enqueueDeliveries(deps.db);
  result.enqueued = enqueued.rows;
  // More notifications than one enqueue takes: the next round enqueues the rest.
  if (enqueued.full) result.more = true;
  const limit = deps.batchSize ?? 20;
  for (let batches = 0; ; batches += 1) {
    if (batches === MAX_BATCHES_PER_ROUND) {
      result.more = true;
      break;
    }
    const claimed = await claimDueDeliveries(deps.db, limit);
    if (claimed.length === 0) break;
    const batch = await Batch.read(deps.db, claimed);
    try {
      for (const row of claimed) {
        const outcome = await deliverOne(deps, batch, row);
        if (outcome && outcome !== 'recording') result[outcome] += 1;
      }
    } finally {
      // Also when a row failed past its own handling (the database went away): what was rendered is
      // written if it can be, else its rows are retried once their lease ends.
      await recordBatch(deps, batch, result);
    }
    // A short batch took every row due when it was claimed: no claim again to find none (issue 34: a
    // statement per round). Rows enqueued since NOTIFY, and a wake-up during a round runs another.
    if (claimed.length < limit) break;
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
