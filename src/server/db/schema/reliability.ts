/**
 * Tables that make faults recoverable: the live events a reconnecting stream replays, and the answers to
 * requests sent with an Idempotency-Key.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every live event, kept for a while (LIVE_EVENT_RETENTION) so that any instance can replay what a
 * reconnecting stream missed (Last-Event-ID). The id is the SSE event id.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_events_user_id_idx').on(t.userId, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per (scope, Idempotency-Key): the first request's fingerprint and, once it finished, its answer,
 * which a retry with the same key and body gets again for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: 'user:<id>' when signed in, else 'ip:<address>'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** 'POST /api/rides': a key is bound to one route. */
    route: text('route').notNull(),
    /** sha256 of the method, path and body. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'in_progress' | 'done'>().notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An in-progress row whose request died (a crash) may be taken over after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Written inside the transaction that made the request's change (the new record's id): a retry that
     * finds the request dead after this point rebuilds the answer from it instead of running it again.
     */
    effectRef: text('effect_ref'),
    effectAt: timestamp('effect_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status_check', sql`${t.status} in ('in_progress', 'done')`),
    check('idempotency_keys_key_check', sql`length(${t.key}) between 1 and 255`),
  ],
);
