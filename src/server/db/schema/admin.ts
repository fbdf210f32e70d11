/**
 * What administrators do and what happens to accounts (issue 14): the append-only audit log (a trigger
 * refuses UPDATE, DELETE and TRUNCATE, migration 0010) and internal notes on users and bookings.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it: an admin, the account holder, or null for the system. No foreign key: rows never change. */
    actorId: uuid('actor_id'),
    /** The actor's e-mail when it happened (an account deleted later is anonymised; this row stays). */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The target as a person reads it then: an e-mail, a booking's trip. */
    targetLabel: text('target_label'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** Internal notes admins keep on a user or a booking; never shown to that user. */
export const adminNotes = pgTable(
  'admin_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_notes_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    check('admin_notes_subject_type_check', sql`${t.subjectType} in ('user', 'booking')`),
    check('admin_notes_body_check', sql`length(trim(${t.body})) between 1 and 2000`),
  ],
);
