/**
 * /api/issues (SPEC §2.8, §3 issues, §5 Issue form, §7, §8 Issue submission): the in-app issue reporter.
 * A signed-in user files an issue (JSON, or multipart with an optional screenshot); the row is stored as
 * pending and, in the same transaction, the report to support and the thank-you to the submitter are
 * recorded in the mail outbox (the mail worker sends them, with retries). A body naming a bookingId is a
 * problem with that trip (issue 30, trip-problems.ts): its own categories, linked to the booking.
 * Administrators list the issues and open screenshots.
 */

import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { UPLOAD } from '../../../shared/constants.ts';
import { API_MESSAGES } from '../../../shared/messages.ts';
import {
  ISSUE_MESSAGES,
  type IssueRecord,
  issueSchema,
  UNKNOWN_ISSUE_EMAIL,
} from '../../../shared/validation/issues.ts';
import { tripProblemSchema } from '../../../shared/validation/trip-problems.ts';
import { checkFile, IMAGE_UPLOAD_RULES } from '../../../shared/validation/uploads.ts';
import { z } from '../../../shared/validation/z.ts';
import type { Db } from '../../db/client.ts';
import { issues } from '../../db/schema/index.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { floodLimit, hasAdminRights, requirePermission } from '../../http/middleware.ts';
import { storageFor } from '../../services/storage.ts';
import { assertImageSize, detectType, filesOf, readForm, uploadBodyLimit } from '../files/upload.ts';
import { recordIssueMails } from './mails.ts';
import { reportTripProblem } from './trip-problems.ts';

const BUCKET = 'issues';
const SCREENSHOT_PREFIX = '/api/issues/screenshots/';
const SCREENSHOT_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9]{10,16}\.(png|jpg|jpeg|jpe|gif|webp)$/;

/** The body: an app-wide issue, or a problem with a trip when it names a booking (issue 30). */
const issueBodySchema = z.union([issueSchema, tripProblemSchema]);

const requireReporter = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'unauthenticated', ISSUE_MESSAGES.loginRequired);
  await next();
});

type IssueRow = typeof issues.$inferSelect;
export function toRecord(row: IssueRow): IssueRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function issueRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);

  app.post(
    '/',
    requireReporter,
    floodLimit(deps, 'issues'),
    uploadBodyLimit(1, UPLOAD.maxBytes),
    async (c) => {
      const user = c.get('user')!;
      const isMultipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
      let raw: Record<string, unknown>;
      let screenshot: File | undefined;
      if (isMultipart) {
        const form = await readForm(c);
        raw = Object.fromEntries(
          ['title', 'description', 'category', 'priority', 'bookingId'].map((k) => [
            k,
            form.get(k) ?? undefined,
          ]),
        );
        screenshot = filesOf(form, 'screenshot').find((f) => f.size > 0);
      } else {
        noteBodySchema(c, issueBodySchema);
        try {
          raw = (await c.req.json()) as Record<string, unknown>;
        } catch {
          throw new AppError(400, 'validation', API_MESSAGES.validation);
        }
      }
      // Naming a booking makes it a problem with that trip, checked by its own rules (nothing is written
      // when they refuse it).
      const namesBooking = typeof raw === 'object' && raw !== null && raw.bookingId !== undefined;
      const trip = namesBooking ? tripProblemSchema.safeParse(raw) : null;
      if (trip && !trip.success) throw validationError(trip.error);
      const parsed = trip ? null : issueSchema.safeParse(raw);
      if (parsed && !parsed.success) throw validationError(parsed.error);

      // A screenshot that fails never blocks the issue: it is dropped with a warning.
      let screenshotUrl: string | null = null;
      let warning: string | undefined;
      if (screenshot) {
        const bytes = new Uint8Array(await screenshot.arrayBuffer());
        const check = checkFile(screenshot, await detectType(bytes), IMAGE_UPLOAD_RULES);
        // An unusable screenshot (wrong type, or too many pixels) is dropped with a warning; the issue stays.
        if (
          !check.ok ||
          !(await assertImageSize(bytes, check.mime).then(
            () => true,
            () => false,
          ))
        ) {
          warning = ISSUE_MESSAGES.screenshotProcessFailed;
        } else {
          const name = `${user.id}-${Date.now()}.${check.ext}`;
          try {
            await storage.put(BUCKET, `issue-screenshots/${name}`, bytes);
            screenshotUrl = `${SCREENSHOT_PREFIX}${name}`;
          } catch (err) {
            console.error(`[${c.get('requestId')}] issue screenshot upload failed`, err);
            warning = ISSUE_MESSAGES.screenshotUploadFailed;
          }
        }
      }

      if (trip?.success) {
        const row = await reportTripProblem(deps, user, trip.data, screenshotUrl);
        return c.json({ issue: toRecord(row), ...(warning ? { warning } : {}) }, 201);
      }
      const input = parsed!.data!;
      // The issue and its two e-mails commit together.
      const row = await deps.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(issues)
          .values({
            title: input.title,
            description: input.description,
            category: input.category,
            priority: input.priority,
            screenshotUrl,
            userId: user.id,
            userEmail: user.email || UNKNOWN_ISSUE_EMAIL,
            userType: user.userType || 'customer',
            status: 'pending',
          })
          .returning();
        await recordIdempotentEffect(tx as Db, inserted!.id);
        await recordIssueMails(deps, tx as Db, inserted!, user);
        return inserted;
      });
      return c.json({ issue: toRecord(row!), ...(warning ? { warning } : {}) }, 201);
    },
  );

  app.get('/', requirePermission('manage_system'), async (c) => {
    const rows = await deps.db.select().from(issues).orderBy(desc(issues.createdAt)).limit(500);
    c.header('Cache-Control', 'no-store');
    return c.json({ issues: rows.map(toRecord) });
  });

  /** A screenshot: for administrators and the user who attached it. */
  app.get('/screenshots/:name', requireReporter, async (c) => {
    const user = c.get('user')!;
    const name = c.req.param('name');
    const match = SCREENSHOT_NAME.exec(name);
    if (!match) throw notFound();
    // Another reporter's screenshot: administrators only, and only once their second factor is on.
    const oversees = hasAdminRights(user);
    if (match[1] !== user.id && !oversees) throw notFound();
    const bytes = await storage.get(BUCKET, `issue-screenshots/${name}`);
    if (!bytes) throw notFound();
    const type = (await detectType(bytes)) ?? 'application/octet-stream';
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': type.startsWith('image/') ? type : 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=3600',
    });
  });

  return app;
}
