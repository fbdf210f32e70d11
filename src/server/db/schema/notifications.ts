/** In-app notifications and browser push subscriptions (SPEC §3). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    relatedId: uuid('related_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 34: true from the insert until the delivery worker has written this notification's delivery
     * rows (jobs/delivery-worker.ts), so each round reads only these through a small partial index instead
     * of rescanning the last 24 hours.
     */
    awaitingDeliveries: boolean('awaiting_deliveries').notNull().default(true),
  },
  (t) => [
    index('notifications_user_id_created_idx').on(t.userId, t.createdAt),
    index('notifications_awaiting_deliveries_idx').on(t.createdAt).where(sql`${t.awaitingDeliveries}`),
    // The unread count (capped, modules/notifications/service.ts) reads only unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The serialised PushSubscription JSON. */
    subscription: text('subscription').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_user_id_idx').on(t.userId),
    check('push_subscriptions_subscription_check', sql`length(${t.subscription}) > 0`),
  ],
);
