/**
 * Text messages (issue 30): every SMS is a row of sms_outbox first, written with the change or delivery
 * that causes it, and sent by a worker with retries (never twice: a row leaves 'pending' once); numbers
 * that replied STOP are kept in sms_opt_outs until they reply START.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, jsonObject, timestamptz, uuidKey } from './columns.ts';

export const SMS_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuidKey(),
    /** The number in E.164 form (+61412345678). */
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** What it is about: the notification kind, or a system message such as 'opt_out_confirmation'. */
    kind: text('kind').notNull(),
    /** Makes a message unique (for example the notification delivery it came from): never written twice. */
    dedupeKey: text('dedupe_key'),
    meta: jsonObject('meta').notNull().default({}),
    status: text('status').$type<SmsStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The provider's id for the message once it accepted it. */
    providerId: text('provider_id'),
    error: text('error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_outbox_dedupe_idx').on(t.dedupeKey),
    index('sms_outbox_to_created_idx').on(t.to, t.createdAt),
    index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/** A number that replied STOP: no text message goes to it until it replies START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: createdAt(),
});
