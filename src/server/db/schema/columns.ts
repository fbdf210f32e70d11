/** Column shapes the schema files share: the random uuid key, times with their zone, flags, JSON objects. */
import { boolean, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id`: a random uuid, the primary key. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/** A moment in time, kept with its zone (timestamptz). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, now when the row is inserted. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at`, now when the row is inserted. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** `created_at` and `updated_at`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A yes/no column that always has a value. */
export const flag = (name: string, initial: boolean) => boolean(name).notNull().default(initial);

/** A JSON object (jsonb) of any keys. */
export const jsonObject = (name: string) => jsonb(name).$type<Record<string, unknown>>();
