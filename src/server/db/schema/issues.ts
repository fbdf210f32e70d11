/** Reported issues (SPEC §3 issues record). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const issues = pgTable(
  'issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('bug'),
    priority: text('priority').notNull().default('medium'),
    screenshotUrl: text('screenshot_url'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    userType: text('user_type').notNull().default('customer'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issues_user_id_idx').on(t.userId),
    check('issues_title_check', sql`length(trim(${t.title})) >= 5`),
    check('issues_description_check', sql`length(trim(${t.description})) >= 10`),
    check('issues_category_check', sql`${t.category} in ('bug', 'feature', 'improvement', 'other')`),
    check('issues_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
    check('issues_status_check', sql`${t.status} in ('pending')`),
  ],
);
