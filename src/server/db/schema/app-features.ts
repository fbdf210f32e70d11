/**
 * App-wide features (the app-wide features issue): notification choices and deliveries, first-party
 * analytics, client error reports, and settings the app generates once (such as VAPID keys).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, flag, jsonObject, timestamptz, updatedAt, uuidKey } from './columns.ts';
import { notifications } from './notifications.ts';

/** Per user and notification kind: deliver by e-mail, push and/or text message (in-app is always on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: flag('email', true),
    push: flag('push', true),
    /** Text messages (issue 30): only the kinds that matter when nobody looks at a screen send one. */
    sms: flag('sms', true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** pending: waiting to be sent (or retried); sent; failed: given up; skipped: nothing to send it to. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * One row per notification and channel: the unique index makes delivery happen at most once, and the
 * status/attempts columns let a worker retry failures.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuidKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_idx').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('email', 'push', 'sms')`),
    check(
      'notification_deliveries_status_check',
      sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

/** Values the app generates once and every instance shares (VAPID keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull(),
    lastActivityAt: timestamptz('last_activity_at').notNull(),
    pageViews: integer('page_views').notNull().default(0),
    events: integer('events').notNull().default(0),
    active: flag('active', true),
    userAgent: text('user_agent'),
  },
  (t) => [index('analytics_sessions_started_idx').on(t.startedAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuidKey(),
    /** The browser's own id for the event, so a resent batch is stored once. */
    clientId: text('client_id').notNull(),
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    title: text('title'),
    referrer: text('referrer'),
    properties: jsonObject('properties').notNull().default({}),
    timeOnPageMs: integer('time_on_page_ms'),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analytics_events_client_id_idx').on(t.sessionId, t.clientId),
    index('analytics_events_occurred_idx').on(t.occurredAt),
    check('analytics_events_kind_check', sql`${t.kind} in ('event', 'page_view')`),
  ],
);

/** High and critical errors the browser reports, for admins. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuidKey(),
    errorId: text('error_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    context: jsonObject('context').notNull().default({}),
    url: text('url'),
    userAgent: text('user_agent'),
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_errors_error_id_idx').on(t.errorId),
    index('client_errors_created_idx').on(t.createdAt),
    check('client_errors_severity_check', sql`${t.severity} in ('high', 'critical')`),
  ],
);
