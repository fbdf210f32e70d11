/** Uploaded file records (SPEC §3 user_files). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const userFiles = pgTable(
  'user_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull().unique(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    metadata: jsonb('metadata').$type<{ originalName: string; uploadedAt: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_files_user_id_idx').on(t.userId),
    check('user_files_size_check', sql`${t.fileSize} >= 0`),
  ],
);
