/**
 * /api/client-errors: high and critical errors the browser reports (SPEC §7 error reporting), stored once
 * per errorId; administrators (manage_system) read them newest first.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CLIENT_ERROR_LIMITS, ERROR_CATEGORIES, REPORTED_SEVERITIES } from '../../../shared/errors.ts';
import { clientErrors, users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody } from '../../http/errors.ts';
import { rateLimit, requirePermission } from '../../http/middleware.ts';

const cut = (max: number) => z.string().transform((s) => s.slice(0, max));

export const clientErrorSchema = z.object({
  errorId: z
    .string()
    .min(1)
    .max(CLIENT_ERROR_LIMITS.errorIdMax)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Invalid error id'),
  category: z.enum(ERROR_CATEGORIES),
  severity: z.enum(REPORTED_SEVERITIES),
  message: cut(CLIENT_ERROR_LIMITS.messageMax).pipe(z.string().min(1).max(CLIENT_ERROR_LIMITS.messageMax)),
  context: z
    .record(z.string().max(100), z.unknown())
    .default({})
    .refine((v) => JSON.stringify(v).length <= CLIENT_ERROR_LIMITS.contextMaxChars, {
      message: 'Error context is too large',
    }),
  url: cut(CLIENT_ERROR_LIMITS.urlMax).nullish(),
  occurredAt: z.iso.datetime({ offset: true }),
});

const REPORT_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;
const tooMany = () => new AppError(429, 'rate_limited', 'Too many error reports. Please try again later.');

export function clientErrorRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();

  // The body's size limit is in the app-wide table (http/body-limit.ts).
  app.post('/', rateLimit(deps, 'client-errors', REPORT_RATE_LIMIT, tooMany), async (c) => {
    const body = await parseBody(c, clientErrorSchema);
    const now = new Date();
    const occurredAt = new Date(body.occurredAt);
    const inserted = await deps.db
      .insert(clientErrors)
      .values({
        errorId: body.errorId,
        userId: c.get('user')?.id ?? null,
        category: body.category,
        severity: body.severity,
        message: body.message,
        context: body.context,
        url: body.url ?? null,
        userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
        occurredAt: occurredAt > now ? now : occurredAt,
      })
      .onConflictDoNothing({ target: clientErrors.errorId })
      .returning({ id: clientErrors.id });
    return c.json({ errorId: body.errorId, stored: inserted.length === 1 }, 202);
  });

  app.get('/', requirePermission('manage_system'), async (c) => {
    const limitParam = Number(c.req.query('limit') ?? 100);
    const limit = Number.isInteger(limitParam) && limitParam >= 1 && limitParam <= 500 ? limitParam : 100;
    const rows = await deps.db
      .select({
        id: clientErrors.id,
        errorId: clientErrors.errorId,
        category: clientErrors.category,
        severity: clientErrors.severity,
        message: clientErrors.message,
        context: clientErrors.context,
        url: clientErrors.url,
        userAgent: clientErrors.userAgent,
        userId: clientErrors.userId,
        userEmail: users.email,
        occurredAt: clientErrors.occurredAt,
        createdAt: clientErrors.createdAt,
      })
      .from(clientErrors)
      .leftJoin(users, eq(users.id, clientErrors.userId))
      .orderBy(desc(clientErrors.createdAt), desc(clientErrors.occurredAt))
      .limit(limit);
    return c.json({ errors: rows });
  });

  return app;
}
