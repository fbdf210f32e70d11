/** Reported issues (SPEC §3 issues record). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './marketplace.ts';

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
    /** A problem reported from a booking's page (issue 30): the booking it is about. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Issue 14's triage: who moved the status last, and when. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issues_user_id_idx').on(t.userId),
    check('issues_title_check', sql`length(trim(${t.title})) >= 5`),
    check('issues_description_check', sql`length(trim(${t.description})) >= 10`),
    // The app's own categories, then a trip's problems (issue 30: reported on a booking).
    check(
      'issues_category_check',
      sql`${t.category} in ('bug', 'feature', 'improvement', 'other', 'late', 'no_show', 'not_as_booked', 'safety', 'fare_dispute')`,
    ),
    index('issues_booking_idx').on(t.bookingId),
    check('issues_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
    check('issues_status_check', sql`${t.status} in ('pending', 'in_progress', 'resolved', 'closed')`),
    index('issues_created_idx').on(t.createdAt, t.id),
  ],
);

/** An administrator's reply to the reporter (issue 14): e-mailed to them and kept with the issue. */
export const issueReplies = pgTable(
  'issue_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The address it went to (the reporter's at the time). */
    sentTo: text('sent_to').notNull(),
    /** The mail_outbox row that carries it. */
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issue_replies_issue_idx').on(t.issueId, t.createdAt),
    check('issue_replies_body_check', sql`length(trim(${t.body})) between 1 and 5000`),
  ],
);
