/** /api/admin: user oversight and driver verification for administrators (manage_users). */
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { requirePermission } from '../../http/middleware.ts';
import { followUpBookings } from './follow-ups.ts';
import { verificationRoutes } from './verifications.ts';

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requirePermission('manage_users'));
  app.get('/users', async (c) => {
    const rows = await deps.db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        userType: users.userType,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(100);
    return c.json({ users: rows });
  });
  app.route('/', verificationRoutes(deps));
  app.get('/follow-ups', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await followUpBookings(deps.db) });
  });
  return app;
}
