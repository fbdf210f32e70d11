/** GET /api/admin/audit: the audit log, newest first, keyset-paged on its id (issue 14). */
import { and, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditQuerySchema } from '../../../shared/admin/audit-query.ts';
import { sydneyDayEnd, sydneyDayStart } from '../../../shared/marketplace/time.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { validationError } from '../../http/errors.ts';
import { toAuditDto } from './user-detail.ts';
import { containsPattern } from './users-list.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function auditRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/audit', async (c) => {
    const parsed = auditQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const q = parsed.data;
    const where: (SQL | undefined)[] = [];
    if (q.actor) {
      where.push(
        UUID.test(q.actor)
          ? eq(auditLog.actorId, q.actor)
          : sql`lower(${auditLog.actorEmail}) = ${q.actor.toLowerCase()}`,
      );
    }
    if (q.target) {
      where.push(
        UUID.test(q.target)
          ? eq(auditLog.targetId, q.target.toLowerCase())
          : or(eq(auditLog.targetId, q.target), ilike(auditLog.targetLabel, containsPattern(q.target))),
      );
    }
    if (q.action) where.push(eq(auditLog.action, q.action));
    const from = q.from ? sydneyDayStart(q.from) : null;
    const to = q.to ? sydneyDayEnd(q.to) : null;
    if (from) where.push(sql`${auditLog.at} >= ${from.toISOString()}`);
    if (to) where.push(sql`${auditLog.at} < ${to.toISOString()}`);
    if (q.cursor) where.push(lt(auditLog.id, q.cursor));
    const rows = await deps.db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    c.header('Cache-Control', 'no-store');
    return c.json({
      entries: page.map(toAuditDto),
      nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
    });
  });
  return app;
}
