/**
 * In-app notifications: written in the same transaction as the change they report, and pushed live
 * to the user's open browsers after commit.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { NotificationDto } from '../../../shared/marketplace/api.ts';
import type { NotificationType } from '../../../shared/marketplace/notification-types.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { publish, publishRowsSql } from '../../services/realtime.ts';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
}

/**
 * Notifications that may come in bursts about one thing (a driver editing a quote again and again, issue
 * 16): within COALESCE_MINUTES of the first one about the same thing, that notification is brought up to
 * date in place (and unread again) instead of a new one, so the user gets at most one e-mail and push per
 * window (they are sent for new rows only) and the in-app list shows the latest.
 */
const COALESCING_TYPES: ReadonlySet<NotificationType> = new Set(['quote_updated']);
export const COALESCE_MINUTES = 10;

/** Call inside the transaction that makes the change. A new row is one statement with its live event. */
export async function notify(tx: Db, n: NewNotification) {
  if (COALESCING_TYPES.has(n.type) && n.relatedId) {
    const [latest] = await tx
      .update(notifications)
      .set({ title: n.title, message: n.message, isRead: false })
      .where(
        sql`${notifications.id} = (
          select id from notifications
           where user_id = ${n.userId} and type = ${n.type} and related_id = ${n.relatedId}
             and created_at > now() - make_interval(mins => ${COALESCE_MINUTES})
           order by created_at desc limit 1)`,
      )
      .returning({ id: notifications.id });
    if (latest) {
      await publish(tx, { userId: n.userId, kind: 'notification', id: latest.id });
      return;
    }
  }
  await insertNotifications(tx, [n]);
}

/**
 * Writes several notifications and their live events in ONE statement (issue 34: an accept told its
 * driver, its customer and every declined driver with three statements each). For kinds that never
 * coalesce (a coalescing kind goes through `notify`, which may update in place instead). In the order
 * given; nothing is sent for an empty list. Call inside the transaction that makes the change.
 */
export async function notifyAll(tx: Db, list: readonly NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  if (list.some((n) => COALESCING_TYPES.has(n.type))) {
    for (const n of list) await notify(tx, n);
    return;
  }
  await insertNotifications(tx, list);
}

/**
 * New rows, their live events and NOTIFYs: one statement (`list` not empty). The list goes as one JSON
 * array, so the statement's text is the same however many are told (PostgreSQL plans it once per
 * connection, ADR 038; a VALUES list of one row per notification was a new text per length).
 */
async function insertNotifications(tx: Db, list: readonly NewNotification[]): Promise<void> {
  const given = list.map((n, ord) => ({
    ord,
    user_id: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    related_id: n.relatedId ?? null,
  }));
  await tx.execute(sql`
    with given as (
      select * from json_to_recordset(${JSON.stringify(given)}::json)
        as g(ord int, user_id uuid, type text, title text, message text, related_id uuid)
    ),
    inserted as (
      insert into notifications (user_id, type, title, message, related_id)
      select user_id, type, title, message, related_id from given order by ord
      returning id, user_id),
    told as (select user_id, 'notification'::text as kind, id::text as ref_id from inserted)
    ${publishRowsSql('told')}`);
}

export function toNotificationDto(row: typeof notifications.$inferSelect): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    relatedId: row.relatedId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: Db,
  userId: string,
  opts: { before?: Date; limit?: number } = {},
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        opts.before ? lt(notifications.createdAt, opts.before) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit ?? 50);
  return rows.map(toNotificationDto);
}

/**
 * The bell shows up to 99 and then "99+" (web/app/shell/AccountControls.tsx), so unread rows are counted up
 * to UNREAD_COUNT_CAP and no further (issue 34): the cost stays bounded however many a user leaves unread.
 */
export const UNREAD_COUNT_CAP = 100;

/** The user's unread notifications, counted up to UNREAD_COUNT_CAP (through notifications_unread_idx). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from (
      select 1 from notifications where user_id = ${userId} and not is_read limit ${UNREAD_COUNT_CAP}
    ) unread`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Marks one of the user's notifications read; another user's id changes nothing (and reads as 404). */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
