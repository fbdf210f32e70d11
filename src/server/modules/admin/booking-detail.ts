/**
 * GET /api/admin/bookings/:id (issue 14): one booking with its whole timeline, oldest first: every state
 * change with who and when, the notifications about it (in the app, and how their e-mail and push went),
 * the ratings, internal notes and the admin actions.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { auditActionLabel } from '../../../shared/admin/audit.ts';
import {
  type AdminBookingDetailDto,
  BOOKING_FLAGS,
  type TimelineEntryDto,
} from '../../../shared/admin/bookings.ts';
import type { Db } from '../../db/client.ts';
import {
  adminNotes,
  auditLog,
  bookingEvents,
  notificationDeliveries,
  notifications,
  ratings,
  users,
} from '../../db/schema/index.ts';
import { ADMIN_BOOKING_FROM, ADMIN_BOOKING_SELECT, toAdminBookingRow } from './bookings-list.ts';

const EVENT_TEXT: Record<string, string> = {
  booked: 'Booked: the customer accepted the quote',
  cancelled: 'Cancelled',
  completed: 'Completed by the driver',
  rated: 'Rated',
  problem_reported: 'Problem reported (see Issues)',
};

export async function adminBookingDetail(db: Db, id: string): Promise<AdminBookingDetailDto | null> {
  const result = await db.execute(
    sql`select ${ADMIN_BOOKING_SELECT} ${ADMIN_BOOKING_FROM} where b.id = ${id}`,
  );
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  const base = toAdminBookingRow(row);
  const names = new Map<string, string>([
    [base.customer.id, `${base.customer.name} (customer)`],
    [base.driver.id, `${base.driver.businessName ?? base.driver.name} (driver)`],
  ]);

  const [events, notes, rated, audits, sent] = await Promise.all([
    db
      .select({ event: bookingEvents, actorEmail: users.email })
      .from(bookingEvents)
      .leftJoin(users, eq(users.id, bookingEvents.actorId))
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(asc(bookingEvents.createdAt)),
    db
      .select({ note: adminNotes, author: users.email })
      .from(adminNotes)
      .leftJoin(users, eq(users.id, adminNotes.authorId))
      .where(and(eq(adminNotes.subjectType, 'booking'), eq(adminNotes.subjectId, id))),
    db.select().from(ratings).where(eq(ratings.bookingId, id)),
    db.select().from(auditLog).where(eq(auditLog.targetId, id)),
    // Notifications about this booking or its request, to either side.
    db
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.relatedId, [id, String(row.ride_id)]),
          inArray(notifications.userId, [base.customer.id, base.driver.id]),
        ),
      ),
  ]);
  const deliveries = sent.length
    ? await db
        .select()
        .from(notificationDeliveries)
        .where(
          inArray(
            notificationDeliveries.notificationId,
            sent.map((n) => n.id),
          ),
        )
    : [];

  const timeline: TimelineEntryDto[] = [];
  for (const { event, actorEmail } of events) {
    const by = event.actorId
      ? (names.get(event.actorId) ?? actorEmail ?? 'An administrator')
      : 'ShuttleQuote';
    timeline.push({
      at: event.createdAt.toISOString(),
      kind: 'event',
      text: EVENT_TEXT[event.type] ?? event.type,
      by,
      detail: event.type === 'booked' ? null : event.note || null,
    });
  }
  for (const n of sent) {
    const of = (channel: string) =>
      deliveries.find((d) => d.notificationId === n.id && d.channel === channel)?.status ?? null;
    timeline.push({
      at: n.createdAt.toISOString(),
      kind: 'notification',
      text: `Told ${names.get(n.userId) ?? 'a user'}: ${n.title}`,
      by: 'ShuttleQuote',
      detail: n.message,
      delivery: { email: of('email'), push: of('push') },
    });
  }
  for (const r of rated) {
    timeline.push({
      at: r.createdAt.toISOString(),
      kind: 'rating',
      text: `${names.get(r.raterId) ?? 'Someone'} rated ${r.stars} of 5`,
      by: names.get(r.raterId) ?? null,
      detail: r.comment || null,
    });
  }
  for (const { note, author } of notes) {
    timeline.push({
      at: note.createdAt.toISOString(),
      kind: 'note',
      text: 'Internal note',
      by: author ?? 'An administrator',
      detail: note.body,
    });
  }
  for (const a of audits) {
    if (a.action === 'booking.note_added') continue; // the note itself is on the timeline
    const flag =
      typeof a.details.flag === 'string' ? BOOKING_FLAGS[a.details.flag as keyof typeof BOOKING_FLAGS] : null;
    timeline.push({
      at: a.at.toISOString(),
      kind: 'audit',
      text: flag ? `${auditActionLabel(a.action)}: ${flag}` : auditActionLabel(a.action),
      by: a.actorEmail,
      detail: a.reason,
    });
  }
  timeline.sort((x, y) => x.at.localeCompare(y.at));

  return {
    booking: {
      ...base,
      rideId: String(row.ride_id),
      cancelReason: (row.cancel_reason as string | null) ?? null,
      flagReason: (row.admin_flag_reason as string | null) ?? null,
      flaggedAt: row.admin_flagged_at ? new Date(String(row.admin_flagged_at)).toISOString() : null,
    },
    timeline,
  };
}
