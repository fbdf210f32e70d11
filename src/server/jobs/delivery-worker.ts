/**
 * Delivers every in-app notification by e-mail and by browser push, and the day-of-trip kinds also by text
 * message (issue 30: SMS_KINDS), as the user chose per kind.
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
 * outbox row over SMTP with its own retries (ADR 011); a push is sent from here. A text is the same as an
 * e-mail: an sms_outbox row (dedupe_key = the delivery id) and the 'sent' mark in one transaction, sent by
 * services/sms-worker.ts; skipped when the user has no mobile number or the number replied STOP.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { BookingDto } from '../../shared/marketplace/api.ts';
import { displayLocality } from '../../shared/marketplace/booking.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { needsLabels } from '../../shared/marketplace/needs-labels.ts';
import { isSmsKind, SMS_KINDS } from '../../shared/marketplace/sms.ts';
import { formatSydneyDateTime, formatSydneyShort } from '../../shared/marketplace/time.ts';
import { plural } from '../../shared/plural.ts';
import { formatPhone, PHONE_MESSAGES, phoneHref } from '../../shared/validation/phone.ts';
import type { Database, Db } from '../db/client.ts';
import {
  drivers,
  notificationDeliveries,
  notifications,
  pushSubscriptions,
  quotes,
  rides,
  type StoredAttachment,
  smsOptOuts,
  users,
} from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { loadBookingDto } from '../modules/bookings/dto.ts';
import {
  CALENDAR_KINDS,
  isNotificationKind,
  NOTIFICATION_KIND_LABELS,
  notificationPath,
} from '../modules/delivery/kinds.ts';
import { loadSmsFacts } from '../modules/sms/facts.ts';
import { fallbackSmsText, smsText } from '../modules/sms/texts.ts';
import { type EmailInline, type EmailRow, type EmailSection, renderEmail } from '../services/email-layout.ts';
import { bookingCalendar } from '../services/ics.ts';
import type { Mailer, MailMessage } from '../services/mail.ts';
import {
  getVapidKeys,
  isGoneError,
  type PushSender,
  parseSubscription,
  webPushSender,
} from '../services/push.ts';
import { EVENTS_CHANNEL } from '../services/realtime.ts';
import { recordSms, smsNumber } from '../services/sms.ts';
import { startWorkerLoop } from '../services/worker-loop.ts';
import { pairMailLead, pairMailSections, pairMailSubject } from './pair-mail.ts';

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
  env: Pick<Env, 'APP_URL' | 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>;
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

const smsKindList = sql.join(
  SMS_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * Step 1: a delivery row per notification and channel (a text only for SMS_KINDS), skipped at once for
 * channels the user turned off.
 */
export async function enqueueDeliveries(db: Db): Promise<number> {
  const chosen = sql`coalesce(case c.channel when 'email' then p.email when 'push' then p.push else p.sms end, true)`;
  const result = (await db.execute(sql`
    insert into notification_deliveries (notification_id, channel, status, last_error)
    select n.id, c.channel,
      case when ${chosen} then 'pending' else 'skipped' end,
      case when ${chosen} then null else 'turned off by the user' end
    from notifications n
    cross join (values ('email'), ('push'), ('sms')) as c(channel)
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.type
    where n.created_at > now() - make_interval(hours => ${DELIVERY_MAX_AGE_HOURS})
      and (c.channel <> 'sms' or n.type in (${smsKindList}))
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
       and d.status = 'pending'
    returning d.id, d.notification_id, d.channel, d.attempts`)) as unknown as Rows<Claimed>;
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

type NotificationRow = typeof notifications.$inferSelect;

/** Kinds about a booking (relatedId is the booking): their e-mail carries the day's details. */
const BOOKING_KINDS: readonly string[] = [
  'quote_accepted',
  'booking_confirmed',
  'booking_cancelled',
  'trip_reminder',
  'trip_completed',
  'rating_received',
];
/** Kinds about a trip request (relatedId is the ride): the trip without contacts or street addresses. */
const RIDE_KINDS: readonly string[] = [
  'ride_matched',
  'quote_received',
  'quote_updated',
  'quote_needs_confirmation',
  'quote_declined',
  'quote_invited',
];

/** '$139' for whole dollars, '$139.50' otherwise: short enough for a subject line. */
export function audShort(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-AU')}` : formatAud(cents);
}

const tripOf = (pickupLocality: string, destinationLocality: string) =>
  `${displayLocality(pickupLocality)} → ${displayLocality(destinationLocality)}`;

function luggageText(bags: number, largeItems: string[]): string {
  const parts = [bags > 0 ? plural(bags, 'bag') : '', ...largeItems].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

const placeLines = (p: BookingDto['ride']['pickup']): string[] => {
  const locality = `${displayLocality(p.locality)} NSW ${p.postcode}`;
  return p.address.trim() ? [p.address.trim(), locality] : [locality];
};

const phoneValue = (phone: string | null): EmailInline =>
  phone ? { text: formatPhone(phone), href: phoneHref(phone) } : PHONE_MESSAGES.none;

/** The trip and the other side, as they matter on the day (date, places, people, fare, phone, vehicle). */
export function bookingSections(booking: BookingDto): EmailSection[] {
  const { ride, driver, customer } = booking;
  const asDriver = booking.viewerRole === 'driver';
  const v = driver.vehicle;
  const vehicle = [[v.make, v.model].filter(Boolean).join(' '), v.color, v.year ? String(v.year) : '']
    .filter(Boolean)
    .join(', ');
  const trip: EmailRow[] = [
    { label: 'When', value: `${formatSydneyDateTime(ride.pickupAt)} (Sydney time)` },
    { label: 'Pickup', value: placeLines(ride.pickup) },
    { label: 'Drop-off', value: placeLines(ride.destination) },
    ...(ride.flightNumber ? [{ label: 'Flight', value: ride.flightNumber }] : []),
    { label: 'Passengers', value: String(ride.passengers) },
    { label: 'Luggage', value: luggageText(ride.luggageBags, ride.largeItems) },
    // Issue 30: every need (child seats, wheelchair...), one a line, so the driver comes equipped.
    ...(needsLabels(ride.needs).length ? [{ label: 'Needs', value: needsLabels(ride.needs) }] : []),
    {
      label: 'Fare',
      value: `${formatAud(booking.priceCents)} agreed, paid ${asDriver ? 'to you by the customer' : 'to the driver'} directly`,
    },
    ...(ride.notes.trim() ? [{ label: 'Notes', value: ride.notes.trim() }] : []),
    { label: 'Reference', value: booking.id.slice(0, 8).toUpperCase() },
  ];
  const other: EmailSection = asDriver
    ? {
        title: 'Your customer',
        rows: [
          { label: 'Name', value: customer.contact.name },
          { label: 'Phone', value: phoneValue(customer.contact.phone) },
          {
            label: 'E-mail',
            value: { text: customer.contact.email, href: `mailto:${customer.contact.email}` },
          },
        ],
      }
    : {
        title: 'Your driver',
        rows: [
          {
            label: 'Driver',
            value: driver.companyName ? [driver.companyName, driver.contact.name] : driver.contact.name,
          },
          { label: 'Phone', value: phoneValue(driver.contact.phone) },
          { label: 'E-mail', value: { text: driver.contact.email, href: `mailto:${driver.contact.email}` } },
        ],
      };
  const car: EmailRow[] = [
    { label: 'Vehicle', value: vehicle || 'See the booking' },
    { label: 'Number plate', value: v.registration || 'See the booking' },
  ];
  if (asDriver) return [{ title: 'The trip', rows: [...trip, ...car] }, other];
  return [
    { title: 'Your trip', rows: trip },
    { ...other, rows: [...other.rows, ...car] },
  ];
}

interface RideContext {
  pickupLocality: string;
  destinationLocality: string;
  pickupPostcode: string;
  destinationPostcode: string;
  pickupAt: Date;
  passengers: number;
  luggageBags: number;
  largeItems: string[];
  quote?: { priceCents: number; status: string; driverName: string } | null;
}

async function loadRideContext(db: Db, n: NotificationRow): Promise<RideContext | null> {
  if (!n.relatedId) return null;
  const [ride] = await db
    .select({
      pickupLocality: rides.pickupLocality,
      destinationLocality: rides.destinationLocality,
      pickupPostcode: rides.pickupPostcode,
      destinationPostcode: rides.destinationPostcode,
      pickupAt: rides.pickupAt,
      passengers: rides.passengers,
      luggageBags: rides.luggageBags,
      largeItems: rides.largeItems,
    })
    .from(rides)
    .where(eq(rides.id, n.relatedId));
  if (!ride) return null;
  if (n.type !== 'quote_received' && n.type !== 'quote_updated') return ride;
  // The quote this notification reports: the one of this ride written in the same transaction (or the
  // latest before it).
  const [quote] = await db
    .select({
      priceCents: quotes.priceCents,
      status: quotes.status,
      fullName: users.fullName,
      companyName: drivers.companyName,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.driverId))
    .leftJoin(drivers, eq(drivers.userId, quotes.driverId))
    .where(
      and(
        eq(quotes.rideId, n.relatedId),
        lte(quotes.updatedAt, sql`${n.createdAt.toISOString()}::timestamptz + interval '1 second'`),
      ),
    )
    .orderBy(desc(quotes.updatedAt))
    .limit(1);
  return {
    ...ride,
    quote: quote
      ? {
          priceCents: quote.priceCents,
          status: quote.status,
          driverName: quote.companyName?.trim() || quote.fullName.trim().split(/\s+/)[0] || 'A driver',
        }
      : null,
  };
}

function rideSections(r: RideContext): EmailSection[] {
  const rows: EmailRow[] = [
    { label: 'When', value: `${formatSydneyDateTime(r.pickupAt)} (Sydney time)` },
    { label: 'From', value: `${displayLocality(r.pickupLocality)} NSW ${r.pickupPostcode}` },
    { label: 'To', value: `${displayLocality(r.destinationLocality)} NSW ${r.destinationPostcode}` },
    { label: 'Passengers', value: String(r.passengers) },
    { label: 'Luggage', value: luggageText(r.luggageBags, r.largeItems) },
  ];
  if (r.quote && r.quote.status !== 'withdrawn') {
    rows.push({ label: 'Quote', value: `${formatAud(r.quote.priceCents)} from ${r.quote.driverName}` });
  }
  return [{ title: 'The trip', rows }];
}

/** The subject: what happened, where and when, from the notification's kind and its record. */
export function mailSubject(
  n: Pick<NotificationRow, 'type' | 'title'>,
  ctx: { booking?: BookingDto | null; ride?: RideContext | null },
): string {
  const { booking, ride } = ctx;
  if (booking) {
    const trip = tripOf(booking.ride.pickup.locality, booking.ride.destination.locality);
    const when = formatSydneyShort(booking.ride.pickupAt);
    const driver = booking.driver.companyName || booking.driver.contact.name;
    const paired = pairMailSubject(n.type, booking, trip, driver);
    if (paired) return paired;
    switch (n.type) {
      case 'booking_confirmed':
        return `Booking confirmed: ${trip}, ${when} with ${driver}`;
      case 'quote_accepted':
        return `New booking ${audShort(booking.priceCents)}: ${trip}, ${when}`;
      case 'trip_reminder':
        return booking.viewerRole === 'driver'
          ? `Reminder: pickup ${when}, ${trip}`
          : `Reminder: your shuttle ${when}, ${trip}`;
      case 'booking_cancelled':
        return `Booking cancelled: ${trip}, ${when}`;
      case 'trip_completed':
        return `Trip completed: ${trip}, ${when}`;
      case 'rating_received':
        return `New rating for your trip ${trip}, ${when}`;
    }
  }
  if (ride) {
    const trip = tripOf(ride.pickupLocality, ride.destinationLocality);
    const when = formatSydneyShort(ride.pickupAt);
    const q = ride.quote;
    switch (n.type) {
      case 'quote_received':
        return q
          ? `New quote ${audShort(q.priceCents)} for ${trip}, ${when}`
          : `New quote for ${trip}, ${when}`;
      case 'quote_updated':
        if (q?.status === 'withdrawn') return `Quote withdrawn: ${trip}, ${when}`;
        return q
          ? `${n.title.startsWith('Quote confirmed') ? 'Quote confirmed' : 'Quote changed'}: ${audShort(q.priceCents)} for ${trip}, ${when}`
          : `Quote changed: ${trip}, ${when}`;
      case 'ride_matched':
        return `New trip request: ${trip}, ${when}, ${plural(ride.passengers, 'passenger')}`;
      case 'quote_needs_confirmation':
        return `Trip changed, please confirm your quote: ${trip}, ${when}`;
      case 'quote_declined':
        // "Quote not chosen", "The customer cancelled this request" (issue 32), "Trip request closed".
        return `${n.title}: ${trip}, ${when}`;
      case 'quote_invited':
        return `Open for quotes again: ${trip}, ${when}`;
      case 'quote_withdrawn':
        return `Quote withdrawn: ${trip}, ${when}`;
    }
  }
  return n.title;
}

function bookingHeading(type: string, booking: BookingDto): string | null {
  switch (type) {
    case 'booking_confirmed':
      return 'Your booking is confirmed';
    case 'quote_accepted':
      return 'New booking: your quote was accepted';
    case 'trip_reminder':
      return booking.viewerRole === 'driver' ? 'Your pickup is coming up' : 'Your shuttle is coming up';
    case 'booking_cancelled':
      return 'Booking cancelled';
    default:
      return null;
  }
}

/**
 * The opening sentence of a booking e-mail. The details follow in the table, so the day's kinds say what
 * happened in a few words rather than repeat the in-app message (which carries every detail in one line).
 */
function bookingLead(type: string, booking: BookingDto, message: string): string {
  const trip = `${displayLocality(booking.ride.pickup.locality)} to ${displayLocality(booking.ride.destination.locality)}`;
  const driver = booking.driver.companyName || booking.driver.contact.name;
  const customer = booking.customer.contact.name;
  const onTheDay = 'Keep this e-mail: it has everything you need on the day.';
  switch (type) {
    case 'booking_confirmed':
      return `Your shuttle from ${trip} is booked with ${driver}. ${onTheDay}`;
    case 'quote_accepted':
      return `${customer} accepted your quote of ${formatAud(booking.priceCents)} for ${trip}. ${onTheDay}`;
    case 'trip_reminder':
      return booking.viewerRole === 'driver'
        ? `You pick up ${customer} within the next 24 hours, for ${trip}. Call them if anything changes.`
        : `Your shuttle from ${trip} picks you up within the next 24 hours. Be ready at the pickup address a few minutes early; call your driver if anything changes.`;
    default:
      return message;
  }
}

function buttonLabel(path: string): string {
  if (path.startsWith('/booking/')) return 'View the booking';
  if (path.startsWith('/driver-matching/')) return 'Compare your quotes';
  if (path === '/available-rides') return 'See available trips';
  if (path.startsWith('/driver-profile')) return 'Open your driver profile';
  if (path.startsWith('/admin/verifications/')) return 'Review the driver';
  return 'Open your notifications';
}

async function buildMail(
  deps: DeliveryDeps,
  n: NotificationRow,
  to: string,
  deliveryId: string,
): Promise<NotificationMail> {
  const appUrl = deps.env.APP_URL.replace(/\/$/, '');
  const path = notificationPath(n.type, n.relatedId);
  const link = `${appUrl}${path}`;
  const settings = `${appUrl}/settings`;
  const attachments: MailAttachment[] = [];
  let booking: BookingDto | null = null;
  let ride: RideContext | null = null;
  try {
    if (n.relatedId && BOOKING_KINDS.includes(n.type)) {
      booking = await loadBookingDto(deps.db, { id: n.userId, role: 'customer' }, n.relatedId);
    } else if (RIDE_KINDS.includes(n.type)) {
      ride = await loadRideContext(deps.db, n);
    }
  } catch (err) {
    // The e-mail still goes, with the notification's own words.
    console.error(`details for notification ${n.id} failed`, err);
  }
  if (booking && CALENDAR_KINDS.includes(n.type)) {
    try {
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
  const subject = mailSubject(n, { booking, ride });
  const label = isNotificationKind(n.type) ? NOTIFICATION_KIND_LABELS[n.type] : n.title;
  const { html, text } = renderEmail({
    brandName: deps.env.BRAND_NAME,
    title: subject,
    preheader: n.message,
    heading: (booking && bookingHeading(n.type, booking)) || n.title,
    paragraphs: [
      booking ? (pairMailLead(n.type, booking) ?? bookingLead(n.type, booking, n.message)) : n.message,
    ],
    sections: booking
      ? (pairMailSections(n.type, booking, bookingSections) ?? bookingSections(booking))
      : ride
        ? rideSections(ride)
        : [],
    button: { text: buttonLabel(path), href: link },
    after: attachments.length
      ? ['The booking is attached as a calendar file (.ics): open it to add the trip to your calendar.']
      : [],
    footer: {
      supportEmail: deps.env.SUPPORT_EMAIL,
      supportPhone: deps.env.SUPPORT_PHONE,
      reason: `You got this e-mail because e-mails for "${label}" are on in your ${deps.env.BRAND_NAME} notification settings.`,
      settingsUrl: settings,
    },
  });
  return {
    to,
    subject,
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

/**
 * Marks the claimed delivery row 'sent' and runs `write` (the outbox insert) in the same transaction, so
 * the message and its mark commit together. Throws ClaimLost when the row is no longer this instance's
 * claim (another instance finished it, or its attempt count moved on).
 */
async function markSentWith(
  deps: DeliveryDeps,
  row: Claimed,
  write: (tx: Db) => Promise<unknown>,
): Promise<Outcome> {
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
    await write(tx as Db);
  });
  return { status: 'sent', marked: true };
}

async function deliverEmail(deps: DeliveryDeps, row: Claimed, n: NotificationRow): Promise<Outcome> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, n.userId));
  if (!user || user.email.endsWith('.invalid')) return { status: 'skipped', reason: 'no e-mail address' };
  const mail = await buildMail(deps, n, user.email, row.id);
  // The outbox row and the 'sent' mark commit together: never a mail without its mark, nor the reverse.
  return markSentWith(deps, row, (tx) => deps.mailer.send(mail, { tx }));
}

/** The text, written to sms_outbox with the 'sent' mark in one transaction (as deliverEmail does). */
async function deliverSms(deps: DeliveryDeps, row: Claimed, n: NotificationRow): Promise<Outcome> {
  if (!isSmsKind(n.type)) return { status: 'skipped', reason: 'no text message for this kind' };
  if (
    MOMENT_KINDS.includes(n.type) &&
    Date.now() - n.createdAt.getTime() > SMS_MOMENT_MAX_AGE_MINUTES * 60_000
  ) {
    return { status: 'skipped', reason: 'too late for this text' };
  }
  const [user] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, n.userId));
  const to = smsNumber(user?.phone);
  if (!to) return { status: 'skipped', reason: 'no mobile number' };
  const [optedOut] = await deps.db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, to));
  if (optedOut) return { status: 'skipped', reason: 'the number replied STOP' };
  const appUrl = deps.env.APP_URL.replace(/\/$/, '');
  const textOptions = {
    brandName: deps.env.BRAND_NAME,
    link: `${appUrl}${notificationPath(n.type, n.relatedId)}`,
  };
  const facts = n.relatedId ? await loadSmsFacts(deps.db, n.userId, n.relatedId) : null;
  const body = facts ? smsText(n.type, facts, textOptions) : fallbackSmsText(n.title, textOptions);
  return markSentWith(deps, row, (tx) =>
    recordSms(tx, {
      to,
      body,
      kind: n.type,
      dedupeKey: row.id,
      meta: { deliveryId: row.id, notificationId: n.id, relatedId: n.relatedId },
    }),
  );
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
    const outcome =
      row.channel === 'email'
        ? await deliverEmail(deps, row, n)
        : row.channel === 'sms'
          ? await deliverSms(deps, row, n)
          : await deliverPush(deps, n);
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
