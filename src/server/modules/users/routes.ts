/** /api/session: who is signed in, with the role and permissions the web app's guard reads. */
import { Hono } from 'hono';
import { PERMISSIONS } from '../../../shared/roles.ts';
import type { AppBindings } from '../../http/context.ts';

export function sessionRoutes() {
  const app = new Hono<AppBindings>();
  app.get('/', (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    if (!user) return c.json({ user: null });
    return c.json({ user, permissions: PERMISSIONS[user.role] });
  });
  return app;
}
