/**
 * /api/admin/issues (issue 14): triage of reported issues.
 *
 *   GET  /issues?status=&category=&priority=&kind=&q=&cursor=   { issues: AdminIssueDto[], nextCursor }
 *   GET  /issues/:id                      AdminIssueDetailDto (replies with how their e-mail went, history)
 *   POST /issues/:id/status  { status }
 *   POST /issues/:id/reply   { body, status? }   e-mailed to the reporter, kept with the issue
 *
 * A problem reported on a booking (issue 30) carries the booking (trip, pickup, both sides) in the list and
 * the page, kind=trip lists only those, and a reply to it names the booking and links to it.
 */
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditActionLabel } from '../../../shared/admin/audit.ts';
import {
  type AdminIssueDetailDto,
  type AdminIssueDto,
  ISSUE_ADMIN_MESSAGES,
  ISSUE_STATUS_LABELS,
  type IssueBookingDto,
  type IssueStatus,
  issueListQuerySchema,
  issueReplySchema,
  issueStatusSchema,
} from '../../../shared/admin/issues.ts';
import { ADMIN_USER_MESSAGES } from '../../../shared/admin/users.ts';
import { UNKNOWN_ISSUE_EMAIL } from '../../../shared/validation/issues.ts';
import type { Db } from '../../db/client.ts';
import { cursorInstant, cursorRefused, decodeInstantCursor, encodeCursor } from '../../db/keyset.ts';
import { auditLog, issueReplies, issues, mailOutbox, users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody, validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { renderEmail } from '../../services/email-layout.ts';
import { issueBooking, issueBookings } from '../issues/booking-summary.ts';
import { bookingLine } from '../issues/mails.ts';
import { adminContext } from './admin-context.ts';
import { found, uuidParam } from './route-params.ts';
import { containsPattern } from './users-list.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);
type IssueRow = typeof issues.$inferSelect;

function toDto(row: IssueRow, replies: number, booking: IssueBookingDto | null): AdminIssueDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status as IssueStatus,
    screenshotUrl: row.screenshotUrl,
    userId: row.userId,
    userEmail: row.userEmail,
    userType: row.userType,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    replies,
    booking,
  };
}

const replyCount = sql<number>`(select count(*)::int from issue_replies ir where ir.issue_id = ${issues.id})`;

/** The reply e-mail; about a booking, it names the trip and the pickup and its button opens the booking. */
function replyMail(deps: Deps, issue: IssueRow, body: string, booking: IssueBookingDto | null) {
  const subject = `Re: ${issue.title}`;
  const paragraphs = body
    .split(/\r?\n\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { html, text } = renderEmail({
    brandName: deps.env.BRAND_NAME,
    title: subject,
    preheader: paragraphs[0],
    heading: 'A reply to the issue you reported',
    paragraphs: [
      ...paragraphs,
      `You reported: "${issue.title}".`,
      ...(booking ? [`About your booking: ${bookingLine(booking)}.`] : []),
    ],
    button: booking
      ? { text: 'Open the booking', href: `${deps.env.APP_URL}/booking/${booking.id}` }
      : { text: `Open ${deps.env.BRAND_NAME}`, href: `${deps.env.APP_URL}/dashboard` },
    footer: {
      supportEmail: deps.env.SUPPORT_EMAIL,
      supportPhone: deps.env.SUPPORT_PHONE,
      reason: `You received this e-mail because you reported an issue in ${deps.env.BRAND_NAME}. Reply to it to write to our support team.`,
    },
  });
  return { to: issue.userEmail, subject, text, html, kind: 'issue-reply', replyTo: deps.env.SUPPORT_EMAIL };
}

async function detail(db: Db, id: string): Promise<AdminIssueDetailDto | null> {
  const [row] = await db.select().from(issues).where(eq(issues.id, id));
  if (!row) return null;
  const replies = await db
    .select({ reply: issueReplies, authorName: users.fullName, mailStatus: mailOutbox.status })
    .from(issueReplies)
    .leftJoin(users, eq(users.id, issueReplies.authorId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, issueReplies.mailId))
    .where(eq(issueReplies.issueId, id))
    .orderBy(issueReplies.createdAt);
  const history = await db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
  return {
    issue: toDto(row, replies.length, await issueBooking(db, row.bookingId)),
    replies: replies.map(({ reply, authorName, mailStatus }) => ({
      id: reply.id,
      body: reply.body,
      sentTo: reply.sentTo,
      authorName,
      createdAt: reply.createdAt.toISOString(),
      mailStatus: mailStatus ?? null,
    })),
    history: history.map((a) => ({
      at: a.at.toISOString(),
      text:
        a.action === 'issue.status_changed' && typeof a.details.to === 'string'
          ? `Status: ${ISSUE_STATUS_LABELS[a.details.to as IssueStatus] ?? a.details.to}`
          : auditActionLabel(a.action),
      by: a.actorEmail,
    })),
  };
}

export function adminIssueRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const answer = (id: string) => found(detail(deps.db, id));

  app.get('/issues', async (c) => {
    const parsed = issueListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const q = parsed.data;
    const where: SQL[] = [];
    if (q.status) where.push(eq(issues.status, q.status));
    if (q.category) where.push(eq(issues.category, q.category));
    if (q.priority) where.push(eq(issues.priority, q.priority));
    if (q.kind) where.push(q.kind === 'trip' ? isNotNull(issues.bookingId) : isNull(issues.bookingId));
    if (q.q) {
      const p = containsPattern(q.q.toLowerCase());
      where.push(
        sql`(lower(${issues.title}) like ${p} or lower(${issues.description}) like ${p} or lower(${issues.userEmail}) like ${p})`,
      );
    }
    if (q.cursor) {
      const c = decodeInstantCursor(q.cursor);
      if (!c) throw cursorRefused(ADMIN_USER_MESSAGES.badCursor);
      where.push(sql`(${issues.createdAt}, ${issues.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
    }
    const rows = await deps.db
      .select({
        issue: issues,
        replies: replyCount,
        cursorAt: cursorInstant(issues.createdAt).mapWith(String),
      })
      .from(issues)
      .where(and(...where))
      .orderBy(desc(issues.createdAt), desc(issues.id))
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const booked = await issueBookings(
      deps.db,
      page.flatMap((r) => (r.issue.bookingId ? [r.issue.bookingId] : [])),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({
      issues: page.map((r) =>
        toDto(r.issue, r.replies, r.issue.bookingId ? (booked.get(r.issue.bookingId) ?? null) : null),
      ),
      nextCursor: rows.length > q.limit && last ? encodeCursor(last.cursorAt, last.issue.id) : null,
    });
  });

  app.get('/issues/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await answer(uuidParam(c.req.param('id'))));
  });

  /** Moves the status inside `tx`, with its audit row; refuses a move to the same status. */
  async function moveStatus(tx: Db, c: Parameters<typeof adminContext>[0], row: IssueRow, to: IssueStatus) {
    const ctx = adminContext(c);
    await tx
      .update(issues)
      .set({ status: to, statusChangedAt: sql`now()`, statusChangedBy: ctx.actor.id })
      .where(eq(issues.id, row.id));
    await audit(tx, {
      actor: ctx.actor,
      action: 'issue.status_changed',
      target: { type: 'issue', id: row.id, label: row.title },
      details: { from: row.status, to },
      ip: ctx.ip,
    });
  }

  app.post('/issues/:id/status', async (c) => {
    const id = uuidParam(c.req.param('id'));
    const { status } = await parseBody(c, issueStatusSchema);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx.select().from(issues).where(eq(issues.id, id)).for('update');
      if (!row) throw notFound();
      if (row.status === status) throw conflict(ISSUE_ADMIN_MESSAGES.sameStatus);
      await moveStatus(tx, c, row, status);
    });
    return c.json(await answer(id));
  });

  app.post('/issues/:id/reply', async (c) => {
    const id = uuidParam(c.req.param('id'));
    const input = await parseBody(c, issueReplySchema);
    const ctx = adminContext(c);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx.select().from(issues).where(eq(issues.id, id)).for('update');
      if (!row) throw notFound();
      if (row.userEmail === UNKNOWN_ISSUE_EMAIL) throw conflict(ISSUE_ADMIN_MESSAGES.noAddress);
      const booking = await issueBooking(tx, row.bookingId);
      const mail = await deps.mailer.send(replyMail(deps, row, input.body, booking), { tx });
      await tx.insert(issueReplies).values({
        issueId: id,
        authorId: ctx.actor.id,
        body: input.body,
        sentTo: row.userEmail,
        mailId: mail.id,
      });
      await audit(tx, {
        actor: ctx.actor,
        action: 'issue.replied',
        target: { type: 'issue', id, label: row.title },
        details: { sentTo: row.userEmail },
        ip: ctx.ip,
      });
      const next = input.status ?? (row.status === 'pending' ? 'in_progress' : row.status);
      if (next !== row.status) await moveStatus(tx, c, row, next as IssueStatus);
    });
    return c.json(await answer(id), 201);
  });

  return app;
}
