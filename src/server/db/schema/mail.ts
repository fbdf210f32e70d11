/**
 * Every e-mail the app sends is a row here first (an outbox): the mail worker sends pending rows with
 * retries, and development reads the table as a mailbox. A row is written in the transaction of the change
 * that causes it where there is one, so a committed change always has its e-mail and a rolled-back one none.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** pending: waiting to be sent (or retried); sent: the SMTP server accepted it; failed: given up; expired: its link ran out first. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface StoredAttachment {
  filename: string;
  content: string;
  contentType?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    replyTo: text('reply_to'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** Chosen when the row is written and sent as the Message-ID header on every attempt (see ADR 011). */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last attempt's error. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A mail whose link stops working at this time is not sent after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Attachments with their content (such as a booking's .ics), so a retry sends the same message. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
  },
  (t) => [
    index('mail_outbox_to_created_idx').on(t.to, t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'expired')`),
  ],
);
