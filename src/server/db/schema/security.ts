/** Security events (SPEC §3) and the shared rate-limit counters (kept in the database so every instance agrees). */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const SECURITY_EVENT_TYPES = [
  'sign_in_failed',
  'sign_in',
  'sign_out',
  'session_timeout',
  'rate_limited',
  'password_reset_requested',
  'password_reset',
  'admin_signup_refused',
  'account_locked',
  // Issue 28: the old address's link put the account's e-mail address back.
  'email_change_undone',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').$type<SecurityEventType>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_type_created_idx').on(t.eventType, t.createdAt)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account (issue 16), keyed by the normalised e-mail address so that an address with no
 * account is slowed and locked exactly like one with an account (nothing to tell them apart). The row
 * goes when the right password (and code) gets through, or a password reset succeeds.
 */
export const signInGuards = pgTable('sign_in_guards', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** While slowed: no attempt is checked before this moment. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which address a two-factor challenge belongs to (issue 16): better-auth's challenge cookie, hashed, to
 * the e-mail that passed the password step, so wrong codes count against that account's guard too.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    cookieHash: text('cookie_hash').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_created_idx').on(t.createdAt)],
);
