/**
 * Live events for open browsers (ADR 006, ADR 013). A change records its event in live_events and calls
 * pg_notify in the same transaction; Postgres delivers the NOTIFY after commit to every instance
 * (in-process on PGlite), and the hub hands it to that user's Server-Sent Events streams on this instance.
 *
 * Nothing is lost to a gap: the event's row id is its SSE id, so a stream that reconnects with
 * Last-Event-ID is replayed what it missed from the table (by any instance), and when this instance's
 * LISTEN connection comes back from a drop every open stream is replayed from the table and told to
 * `resync`. Delivery is at least once: a client may see an id twice and can drop the repeat.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { liveEvents } from '../db/schema/index.ts';

export const EVENTS_CHANNEL = 'app_events';

/** How long events are kept for replay; older ones are deleted by the sweep. */
export const LIVE_EVENT_RETENTION_HOURS = 24;
/** A reconnect that missed more than this many events is told to resync instead of replayed. */
export const MAX_REPLAY = 500;
/**
 * Ids are taken when a transaction inserts, but transactions commit in another order: an event with a
 * lower id can commit after one with a higher id that a client already saw. A replay therefore also
 * covers events written shortly before the last one the client has (duplicates are harmless).
 */
export const REPLAY_OVERLAP_SECONDS = 10;

export interface LiveEvent {
  userId: string;
  /** What changed: 'notification' (a new row) or a resource name the page should refetch. */
  kind: string;
  id?: string;
}

/** What a stream sends: the event's id (live_events.id), its kind and the changed record's id. */
export interface DeliveredEvent {
  eventId: number;
  kind: string;
  id: string | null;
}

/** The NOTIFY payload. */
interface Payload {
  eventId: number;
  userId: string;
  kind: string;
  id: string | null;
}

/** Records the event and queues its NOTIFY for after the surrounding transaction commits. */
export async function publish(tx: Db, event: LiveEvent) {
  const [row] = await tx
    .insert(liveEvents)
    .values({ userId: event.userId, kind: event.kind, refId: event.id ?? null })
    .returning({ id: liveEvents.id });
  const payload: Payload = { eventId: row!.id, userId: event.userId, kind: event.kind, id: event.id ?? null };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * The same as `publish` for every row of `rows` (a CTE of the caller's statement with columns user_id,
 * kind and ref_id), as the tail of that one statement (issue 34: a notification and its event written
 * together, however many users are told, instead of two statements a user). The payload is built by
 * PostgreSQL in exactly the form `publish` sends (JSON.stringify of Payload, compact), since listeners
 * match on it (the delivery worker wakes on '"kind":"notification"').
 */
export function publishRowsSql(rows: string) {
  return sql`, published_events as (
      insert into live_events (user_id, kind, ref_id)
      select user_id, kind, ref_id from ${sql.raw(rows)}
      returning id, user_id, kind, ref_id)
    select pg_notify(${EVENTS_CHANNEL},
      '{"eventId":' || id || ',"userId":' || to_json(user_id::text)::text || ',"kind":' || to_json(kind)::text ||
      ',"id":' || coalesce(to_json(ref_id)::text, 'null') || '}')
    from published_events`;
}

/** Deletes events past the retention period; called by the sweep. */
export async function deleteOldLiveEvents(db: Db): Promise<number> {
  const deleted = await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - make_interval(hours => ${LIVE_EVENT_RETENTION_HOURS})`)
    .returning({ id: liveEvents.id });
  return deleted.length;
}

/** Where a connection's events go (the SSE route implements it). */
export interface StreamSink {
  event(e: DeliveredEvent): void;
  /** The client should refetch everything it shows: events may have been missed. */
  resync(reason: string): void;
  /** The server is shutting down: end the stream so the client reconnects (to another instance). */
  close(): void;
}

/** The events of one user after `afterId`, plus the overlap window before it; null if too many. */
async function missedEvents(db: Db, userId: string, afterId: number): Promise<DeliveredEvent[] | null> {
  const rows = await db
    .select({ id: liveEvents.id, kind: liveEvents.kind, refId: liveEvents.refId })
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.userId, userId),
        sql`(${liveEvents.id} > ${afterId} or ${liveEvents.createdAt} >= (
          select created_at - make_interval(secs => ${REPLAY_OVERLAP_SECONDS})
            from live_events where id = ${afterId}))`,
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(MAX_REPLAY + 1);
  if (rows.length > MAX_REPLAY) return null;
  return rows.map((r) => ({ eventId: r.id, kind: r.kind, id: r.refId }));
}

/** Whether the event id a client names still exists (older ones were swept: the client must resync). */
async function eventExists(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(and(eq(liveEvents.id, id), eq(liveEvents.userId, userId)));
  return rows.length > 0;
}

/** The newest event id of a user (0 if none): where a fresh stream starts counting. */
async function latestEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::bigint` })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return Number(row?.id ?? 0);
}

/** Remembers the ids a connection sent lately, so replays and live events do not repeat on it. */
class RecentIds {
  private readonly set = new Set<number>();
  private readonly order: number[] = [];
  constructor(private readonly capacity = 2_000) {}
  /** True if new (and remembers it). */
  add(id: number): boolean {
    if (this.set.has(id)) return false;
    this.set.add(id);
    this.order.push(id);
    if (this.order.length > this.capacity) this.set.delete(this.order.shift()!);
    return true;
  }
}

/** One open stream of one user on this instance. */
export class StreamConnection {
  private readonly sent = new RecentIds();
  /** Events that arrived live while a replay was running; sent after it, in order. */
  private held: DeliveredEvent[] | null = null;
  private closed = false;
  /** The newest id sent on this connection: where a catch-up starts. */
  lastEventId = 0;
  /**
   * A stream opened without Last-Event-ID starts from the newest event at that moment: a catch-up never
   * sends it anything older (the page fetched its data as it opened).
   */
  floorId = 0;

  constructor(
    private readonly hub: RealtimeHub,
    readonly userId: string,
    private readonly sink: StreamSink,
  ) {}

  /** A live event from LISTEN. */
  deliver(e: DeliveredEvent) {
    if (this.closed) return;
    if (this.held) {
      this.held.push(e);
      return;
    }
    this.send(e);
  }

  /**
   * A client reconnected naming the last event it has: replay what came after it (live events are held
   * meanwhile). An id the server cannot replay from (unknown, swept, another user's) gets `resync`.
   */
  async replayFrom(clientLastEventId: number) {
    await this.holding(async () => {
      const missed =
        clientLastEventId > 0 && (await eventExists(this.hub.db, this.userId, clientLastEventId))
          ? await missedEvents(this.hub.db, this.userId, clientLastEventId)
          : null;
      if (missed === null) {
        this.floorId = await latestEventId(this.hub.db, this.userId);
        this.sink.resync('reconnected');
        return;
      }
      for (const e of missed) this.send(e);
    });
  }

  /**
   * The LISTEN connection came up: NOTIFYs may have been lost while it was down (or before it first
   * connected). Replay this stream's events since the last one it sent; after a drop, also tell the
   * client to resync, since what it shows may be stale in ways events do not cover.
   */
  async resume(reconnected: boolean) {
    await this.holding(async () => {
      const missed = await missedEvents(this.hub.db, this.userId, Math.max(this.lastEventId, this.floorId));
      for (const e of missed ?? []) if (e.eventId > this.floorId) this.send(e);
      if (reconnected || missed === null) this.sink.resync('live updates were interrupted');
    });
  }

  /** Runs a replay with live events held back, then sends the held ones; a failed replay means resync. */
  private async holding(replay: () => Promise<void>) {
    if (this.closed) return;
    this.held ??= [];
    try {
      await replay();
    } catch (err) {
      // The database is unreachable right now: the client must refetch once it can.
      console.error(`live event replay for ${this.userId} failed`, err);
      this.sink.resync('live updates were interrupted');
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const e of held) this.send(e);
    }
  }

  /** Called by the stream when it ends (client gone, server closing); safe to call more than once. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.hub.remove(this);
  }

  get isClosed() {
    return this.closed;
  }

  /** The server ends the stream (shutdown). */
  end() {
    this.sink.close();
    this.close();
  }

  private send(e: DeliveredEvent) {
    if (!this.sent.add(e.eventId)) return;
    this.lastEventId = Math.max(this.lastEventId, e.eventId);
    this.sink.event(e);
  }
}

export class RealtimeHub {
  private readonly connections = new Map<string, Set<StreamConnection>>();
  private unlisten: Promise<() => Promise<void>> | null = null;
  readonly db: Db;

  constructor(private readonly database: Database) {
    this.db = database.db;
  }

  /** Starts listening (once); the LISTEN connection comes up in the background and recovers by itself. */
  start() {
    this.unlisten ??= this.database.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      (reconnected) => this.resumeAll(reconnected),
    );
    return this.unlisten;
  }

  /**
   * Opens a connection for a user's stream. With `lastEventId` (a reconnect), what was missed is replayed
   * first; otherwise the stream starts from now.
   */
  async open(userId: string, sink: StreamSink, lastEventId: number | null): Promise<StreamConnection> {
    await this.start();
    const connection = new StreamConnection(this, userId, sink);
    let set = this.connections.get(userId);
    if (!set) {
      set = new Set();
      this.connections.set(userId, set);
    }
    set.add(connection);
    if (lastEventId !== null) {
      await connection.replayFrom(lastEventId);
    } else {
      connection.floorId = await latestEventId(this.db, userId).catch(() => 0);
    }
    return connection;
  }

  /** Removes a connection; removing one twice, or after another of the same user opened, is harmless. */
  remove(connection: StreamConnection) {
    const set = this.connections.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0 && this.connections.get(connection.userId) === set) {
      this.connections.delete(connection.userId);
    }
  }

  /** Open streams on this instance. */
  get size() {
    let n = 0;
    for (const set of this.connections.values()) n += set.size;
    return n;
  }

  /** Ends every open stream (shutdown): clients reconnect, to another instance if this one is going. */
  closeAll() {
    for (const set of [...this.connections.values()]) for (const c of [...set]) c.end();
  }

  async close() {
    this.closeAll();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await (await unlisten?.catch(() => null))?.();
  }

  private dispatch(raw: string) {
    let payload: Payload;
    try {
      payload = JSON.parse(raw) as Payload;
    } catch {
      return;
    }
    if (typeof payload.eventId !== 'number') return;
    const event: DeliveredEvent = { eventId: payload.eventId, kind: payload.kind, id: payload.id ?? null };
    for (const c of this.connections.get(payload.userId) ?? []) c.deliver(event);
  }

  /** The LISTEN connection came up: NOTIFYs sent while it was away are gone; replay them from the table. */
  private resumeAll(reconnected: boolean) {
    const all = [...this.connections.values()].flatMap((set) => [...set]);
    void (async () => {
      for (const c of all) {
        if (!c.isClosed) await c.resume(reconnected);
      }
    })();
  }
}
