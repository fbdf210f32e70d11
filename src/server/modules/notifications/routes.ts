/** /api/notifications: the list, read marks, and the live stream (Server-Sent Events). */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { sessions } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { type EventStreamWriter, eventStream, Heartbeat } from '../../http/event-stream.ts';
import { requireUser } from '../../http/middleware.ts';
import type { RealtimeHub } from '../../services/realtime.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

const idParam = z.uuid();

export function notificationRoutes(deps: Deps, hub: RealtimeHub) {
  const app = new Hono<AppBindings>();
  // One timer for every open stream's heartbeat.
  const heartbeat = new Heartbeat(deps.env.LIVE_HEARTBEAT_SECONDS * 1000);
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
   * what it missed. Written straight to Node's response (http/event-stream.ts, ADR 036).
   */
  app.get('/stream', (c) => {
    const user = c.get('user')!;
    const sessionId = c.get('sessionId');
    const lastEventId = parseLastEventId(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
    return eventStream(c, (stream) => {
      openStream(stream, user.id, sessionId, lastEventId).catch((err: unknown) => {
        // The database is unreachable while the stream opens: the client reconnects after `retry`.
        console.error('event stream failed to open', err);
        stream.end();
      });
    });
  });

  async function openStream(
    stream: EventStreamWriter,
    userId: string,
    sessionId: string | null,
    lastEventId: number | null,
  ) {
    // An administrator suspended or deleted the account (issue 14): if this stream's session is gone, the
    // tab is told to sign out and the stream ends (a reconnect is refused 401).
    const checkSession = async () => {
      const [alive] = sessionId
        ? await deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).limit(1)
        : [];
      if (alive) return;
      stream.send({ event: 'signed_out', data: JSON.stringify({ reason: 'session_revoked' }) });
      stream.end();
    };
    const connection = await hub.open(
      userId,
      {
        event: (e) => {
          if (e.kind === 'session_revoked') {
            checkSession().catch((err: unknown) => console.error('stream session check failed', err));
            return;
          }
          stream.send({
            event: 'change',
            id: String(e.eventId),
            data: JSON.stringify({ kind: e.kind, id: e.id }),
          });
        },
        resync: (reason) => stream.send({ event: 'resync', data: JSON.stringify({ reason }) }),
        close: () => stream.end(),
      },
      lastEventId,
    );
    // Whichever side ends it (the client going, shutdown, a revoked session), the hub lets it go.
    stream.onClose(() => connection.close());
    stream.send({ event: 'ready', data: '{}', retry: RECONNECT_DELAY_MS });
    heartbeat.add(stream);
  }

  return app;
}
/** What the server asks EventSource to wait before reconnecting. */
const RECONNECT_DELAY_MS = 2_000;

/** A positive event id, or null when none was given; anything unreadable counts as "unknown" (0). */
function parseLastEventId(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  return /^\d{1,15}$/.test(value) ? Number(value) : 0;
}
