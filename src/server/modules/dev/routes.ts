/** /api/dev/mailbox: the development outbox, so a person can read and click every e-mail. Off in production. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';
import { listOutbox } from '../../services/mail.ts';

export function devRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.get('/mailbox', async (c) => {
    const to = c.req.query('to') || undefined;
    const rows = await listOutbox(deps.db, { to, limit: 100 });
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: rows });
  });
  return app;
}
