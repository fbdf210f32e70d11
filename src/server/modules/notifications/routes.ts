/** /api/notifications: the list, read marks, and the live stream (Server-Sent Events). */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { sessions } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/middleware.ts';
import type { RealtimeHub } from '../../services/realtime.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

const idParam = z.uuid();

export function notificationRoutes(deps: Deps, hub: RealtimeHub) {
  const app = new Hono<AppBindings>();
  const heartbeatMs = deps.env.LIVE_HEARTBEAT_SECONDS * 1000;
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

  /**
   * One stream per open tab: `change` events (with the live_events id as SSE id) whenever something of the
   * user's changes, `ping` every LIVE_HEARTBEAT_SECONDS (10 by default; the web app treats 25 s of silence
   * as a dead stream) so the client can tell a dead stream from a quiet one,
   * `resync` when events may have been missed (the client refetches). A reconnect with Last-Event-ID (the
   * header EventSource sends, or `?lastEventId=` from a client that reconnects by itself) is replayed
   * what it missed.
   */
  app.get('/stream', (c) => {
    const user = c.get('user')!;
    const lastEventId = parseLastEventId(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let ended!: () => void;
      const done = new Promise<void>((resolve) => {
        ended = resolve;
      });
      // A write to a stream whose client has gone fails; the stream then ends by itself.
      const write = (message: Parameters<typeof stream.writeSSE>[0]) => {
        if (!stream.aborted && !stream.closed) stream.writeSSE(message).catch(ended);
      };
      const sessionId = c.get('sessionId');
      // An administrator suspended or deleted the account (issue 14): if this stream's session is gone, the
      // tab is told to sign out and the stream ends (a reconnect is refused 401).
      const checkSession = async () => {
        const [alive] = sessionId
          ? await deps.db
              .select({ id: sessions.id })
              .from(sessions)
              .where(eq(sessions.id, sessionId))
              .limit(1)
          : [];
        if (alive) return;
        write({ event: 'signed_out', data: JSON.stringify({ reason: 'session_revoked' }) });
        connection.close();
        ended();
      };
      const connection = await hub.open(
        user.id,
        {
          event: (e) => {
            if (e.kind === 'session_revoked') {
              checkSession().catch((err: unknown) => console.error('stream session check failed', err));
              return;
            }
            write({
              event: 'change',
              id: String(e.eventId),
              data: JSON.stringify({ kind: e.kind, id: e.id }),
            });
          },
          resync: (reason) => write({ event: 'resync', data: JSON.stringify({ reason }) }),
          close: ended,
        },
        lastEventId,
      );
      stream.onAbort(() => {
        connection.close();
        ended();
      });
      write({ event: 'ready', data: '{}', retry: RECONNECT_DELAY_MS });
      while (!stream.aborted && !connection.isClosed) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([done, new Promise((r) => (timer = setTimeout(r, heartbeatMs)))]);
        clearTimeout(timer);
        if (!stream.aborted && !connection.isClosed) write({ event: 'ping', data: '{}' });
      }
      connection.close();
    });
  });

  return app;
}
/** What the server asks EventSource to wait before reconnecting. */
const RECONNECT_DELAY_MS = 2_000;

/** A positive event id, or null when none was given; anything unreadable counts as "unknown" (0). */
function parseLastEventId(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  return /^\d{1,15}$/.test(value) ? Number(value) : 0;
}
