/**
 * E-mail changes that can be undone (issue 28, finding 8): when a new address confirms a change, the old
 * address gets a link that puts it back. Only the sha256 of the link's token is kept; a row is used once
 * (`used_at`), and an undo voids the account's other open rows and every confirmation link made before it.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token in the link: the token itself is not kept. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the change took away (where the link was sent) and the one it gave. */
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was used, or voided by another undo of the same account. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_change_undos_user_idx').on(t.userId, t.usedAt)],
);
