/**
 * Live events for open browsers. A change writes its notification row and calls pg_notify in the same
 * transaction; Postgres delivers the NOTIFY after commit to every instance (in-process on PGlite), and the
 * hub hands it to that user's Server-Sent Events streams on this instance.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

export const EVENTS_CHANNEL = 'app_events';

export interface LiveEvent {
  userId: string;
  /** What changed: 'notification' (a new row) or a resource name the page should refetch. */
  kind: string;
  id?: string;
}

/** Queue an event for after the surrounding transaction commits (nothing is sent if it rolls back). */
export async function publish(tx: Db, event: LiveEvent) {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

type Listener = (event: LiveEvent) => void;

export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start() {
    if (this.stop) return;
    this.stop = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      for (const l of this.listeners.get(event.userId) ?? []) l(event);
    });
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async close() {
    await this.stop?.();
    this.stop = null;
  }
}
