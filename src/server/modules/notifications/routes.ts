/** /api/notifications: the list, read marks, and the live stream (Server-Sent Events). */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/middleware.ts';
import type { RealtimeHub } from '../../services/realtime.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

const idParam = z.uuid();

export function notificationRoutes(deps: Deps, hub: RealtimeHub) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);

  app.get('/', async (c) => {
    const user = c.get('user')!;
    const [items, unread] = await Promise.all([
      listNotifications(deps.db, user.id),
      unreadCount(deps.db, user.id),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ items, unread });
  });

  app.post('/read-all', async (c) => {
    await markAllRead(deps.db, c.get('user')!.id);
    return c.json({ ok: true });
  });

  app.post('/:id/read', async (c) => {
    const id = idParam.safeParse(c.req.param('id'));
    if (!id.success || !(await markRead(deps.db, c.get('user')!.id, id.data))) throw notFound();
    return c.json({ ok: true });
  });

  /** One stream per open tab: `event: change` with { kind, id } whenever something of the user's changes. */
  app.get('/stream', (c) => {
    const user = c.get('user')!;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      await hub.start();
      const unsubscribe = hub.subscribe(user.id, (event) => {
        void stream.writeSSE({
          event: 'change',
          data: JSON.stringify({ kind: event.kind, id: event.id ?? null }),
        });
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: 'ready', data: '{}' });
      // A comment every 25 s keeps proxies from closing an idle stream.
      while (!stream.aborted) {
        await stream.sleep(25_000);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
  });

  return app;
}
