/**
 * /api/issues (SPEC §2.8, §3 issues, §5 Issue form, §7, §8 Issue submission): the in-app issue reporter.
 * A signed-in user files an issue (JSON, or multipart with an optional screenshot); the row is stored as
 * pending and, in the same transaction, the report to support and the thank-you to the submitter are
 * recorded in the mail outbox (the mail worker sends them, with retries).
 * Administrators list the issues and open screenshots.
 */

import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { UPLOAD } from '../../../shared/constants.ts';
import { API_MESSAGES } from '../../../shared/messages.ts';
import {
  ISSUE_CATEGORY_LABELS,
  ISSUE_MESSAGES,
  type IssueRecord,
  issueSchema,
  UNKNOWN_ISSUE_EMAIL,
} from '../../../shared/validation/issues.ts';
import { checkFile, IMAGE_UPLOAD_RULES } from '../../../shared/validation/uploads.ts';
import type { Db } from '../../db/client.ts';
import { issues } from '../../db/schema/index.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps, SessionUser } from '../../http/context.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { recordIdempotentEffect } from '../../http/idempotency.ts';
import { floodLimit, hasAdminRights, requirePermission } from '../../http/middleware.ts';
import { renderEmail } from '../../services/email-layout.ts';
import { storageFor } from '../../services/storage.ts';
import { assertImageSize, detectType, filesOf, readForm, uploadBodyLimit } from '../files/upload.ts';

const BUCKET = 'issues';
const SCREENSHOT_PREFIX = '/api/issues/screenshots/';
const SCREENSHOT_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9]{10,16}\.(png|jpg|jpeg|jpe|gif|webp)$/;

const requireReporter = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'unauthenticated', ISSUE_MESSAGES.loginRequired);
  await next();
});

type IssueRow = typeof issues.$inferSelect;
export function toRecord(row: IssueRow): IssueRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** §3 Email payload, issue report: userName is the full name, else the e-mail, else 'Unknown User'. */
export function reporterName(user: Pick<SessionUser, 'fullName' | 'email'>): string {
  return user.fullName?.trim() || user.email?.trim() || 'Unknown User';
}

/** Records both e-mails of a new issue in the transaction `tx` that stores it. */
async function recordIssueMails(deps: Deps, tx: Db, row: IssueRow, user: SessionUser) {
  const absolute = (url: string | null) => (url ? `${deps.env.APP_URL}${url}` : null);
  const attachments = row.screenshotUrl ? [absolute(row.screenshotUrl)!] : [];
  const formData = {
    title: row.title,
    category: row.category,
    priority: row.priority,
    userName: reporterName(user),
    userEmail: row.userEmail,
    description: row.description,
    attachments,
  };
  const lines = [
    `Title: ${formData.title}`,
    `Category: ${ISSUE_CATEGORY_LABELS[formData.category as keyof typeof ISSUE_CATEGORY_LABELS] ?? formData.category}`,
    `Priority: ${formData.priority}`,
    `Reported by: ${formData.userName} <${formData.userEmail}>`,
    `Account type: ${row.userType}`,
    '',
    formData.description,
    ...(attachments.length ? ['', `Screenshot: ${attachments[0]}`] : []),
  ];
  await deps.mailer.send(
    {
      to: deps.env.SUPPORT_EMAIL,
      subject: `[Issue][${formData.priority}] ${formData.title}`,
      text: lines.join('\n'),
      html: renderEmail({
        brandName: deps.env.BRAND_NAME,
        title: `[Issue][${formData.priority}] ${formData.title}`,
        heading: 'New issue report',
        paragraphs: [],
        sections: [
          {
            rows: [
              { label: 'Title', value: formData.title },
              { label: 'Category', value: lines[1]!.slice('Category: '.length) },
              { label: 'Priority', value: formData.priority },
              {
                label: 'Reported by',
                value: [
                  formData.userName,
                  { text: formData.userEmail, href: `mailto:${formData.userEmail}` },
                ],
              },
              { label: 'Account type', value: row.userType },
              { label: 'Description', value: formData.description.split(/\r?\n/) },
              ...(attachments.length
                ? [{ label: 'Screenshot', value: { text: 'Open the screenshot', href: attachments[0]! } }]
                : []),
            ],
          },
        ],
        footer: {
          supportEmail: deps.env.SUPPORT_EMAIL,
          supportPhone: deps.env.SUPPORT_PHONE,
          reason: `Sent by the issue reporter of ${deps.env.BRAND_NAME}.`,
        },
      }).html,
      kind: 'issue',
      replyTo: row.userEmail === UNKNOWN_ISSUE_EMAIL ? undefined : row.userEmail,
      meta: { formData, issueId: row.id },
    },
    { tx },
  );
  if (row.userEmail === UNKNOWN_ISSUE_EMAIL) return;
  const thanks = [
    `Hello ${formData.userName},`,
    '',
    `Thank you for your feedback. We received your issue "${formData.title}" and will review it and get back to you via email.`,
    '',
    `The ${deps.env.BRAND_NAME} team`,
  ];
  const thankYou = renderEmail({
    brandName: deps.env.BRAND_NAME,
    title: `We received your issue: ${formData.title}`,
    heading: 'We received your issue',
    paragraphs: thanks.filter(Boolean),
    footer: {
      supportEmail: deps.env.SUPPORT_EMAIL,
      supportPhone: deps.env.SUPPORT_PHONE,
      reason: `You got this e-mail because you reported an issue in ${deps.env.BRAND_NAME}.`,
    },
  });
  await deps.mailer.send(
    {
      to: row.userEmail,
      subject: `We received your issue: ${formData.title}`,
      text: thankYou.text,
      html: thankYou.html,
      kind: 'issue',
      replyTo: deps.env.SUPPORT_EMAIL,
      meta: { confirmation: true, issueId: row.id },
    },
    { tx },
  );
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
          ['title', 'description', 'category', 'priority'].map((k) => [k, form.get(k) ?? undefined]),
        );
        screenshot = filesOf(form, 'screenshot').find((f) => f.size > 0);
      } else {
        noteBodySchema(c, issueSchema);
        try {
          raw = (await c.req.json()) as Record<string, unknown>;
        } catch {
          throw new AppError(400, 'validation', API_MESSAGES.validation);
        }
      }
      const parsed = issueSchema.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      const input = parsed.data;

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
