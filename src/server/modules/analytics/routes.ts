/**
 * /api/analytics: first-party analytics (SPEC §7). The browser POSTs batches of events and page views with
 * its session, only with analytics consent; admins read a 7-day summary (view_analytics).
 */
import { Hono } from 'hono';
import { ANALYTICS_MESSAGES, analyticsBatchSchema } from '../../../shared/analytics.ts';
import { API_MESSAGES } from '../../../shared/messages.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { rateLimit, requirePermission } from '../../http/middleware.ts';
import { storeBatch, summary } from './service.ts';

/** Per client address: a batch every 30 s per tab leaves ample room for many tabs behind one address. */
const INGEST_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

const tooMany = () =>
  new AppError(429, 'rate_limited', 'Too many analytics requests. Please try again later.');

export function analyticsRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();

  // The body's size limit is in the app-wide table (http/body-limit.ts).
  app.post('/', rateLimit(deps, 'analytics', INGEST_RATE_LIMIT, tooMany), async (c) => {
    // Read as text: navigator.sendBeacon sends text/plain (a JSON content type is not CORS-safelisted).
    noteBodySchema(c, analyticsBatchSchema);
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      throw new AppError(400, 'validation', API_MESSAGES.validation);
    }
    // Consent first, so a batch without it is refused with a clear message whatever else it holds.
    const consent = (raw as { consent?: { analytics?: unknown } } | null)?.consent;
    if (typeof raw !== 'object' || raw === null || consent?.analytics !== true) {
      throw new AppError(400, 'validation', ANALYTICS_MESSAGES.consentRequired, [
        { path: 'consent.analytics', message: ANALYTICS_MESSAGES.consentRequired },
      ]);
    }
    const parsed = analyticsBatchSchema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const stored = await storeBatch(deps.db, parsed.data, {
      userId: c.get('user')?.id ?? null,
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json({ stored }, 202);
  });

  app.get('/summary', requirePermission('view_analytics'), async (c) => {
    const daysParam = Number(c.req.query('days') ?? 7);
    const days = Number.isInteger(daysParam) && daysParam >= 1 && daysParam <= 90 ? daysParam : 7;
    const limitParam = Number(c.req.query('limit') ?? 10);
    const limit = Number.isInteger(limitParam) && limitParam >= 1 && limitParam <= 50 ? limitParam : 10;
    return c.json(await summary(deps.db, days, limit));
  });

  return app;
}
