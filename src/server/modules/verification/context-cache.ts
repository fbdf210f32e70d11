/**
 * Drivers' contexts (loadDriverContext: their row, vehicles, documents, an overdue statement, and the
 * standing worked out from them) kept in memory for the board (issue 34), so a board answered from memory
 * still holds the gate without a query: a driver who may no longer quote does not get it.
 *
 * An entry goes when:
 * - a trigger (drizzle/0027) on drivers, vehicles, driver_documents or billing_statements sends NOTIFY
 *   driver_context_change with the driver's id, whichever instance or code path made the change;
 * - the LISTEN connection comes (back) up: notifications may have been missed, everything goes;
 * - it is CONTEXT_CACHE.ttlMs old: what changes with time alone (a document's last day passing at Sydney
 *   midnight, a statement's hold day) is honoured that late at worst.
 * Nothing is kept until the LISTEN is in place.
 */
import type { Database, Db } from '../../db/client.ts';
import { type DriverContext, loadDriverContext } from './standing.ts';

export const CONTEXT_CACHE = {
  channel: 'driver_context_change',
  ttlMs: 30_000,
  /** Past this many drivers the oldest entry goes first (a context is about 2 KB). */
  maxEntries: 20_000,
} as const;

interface Entry {
  context: DriverContext | null;
  until: number;
}

export class DriverContextCache {
  readonly #entries = new Map<string, Entry>();
  #listening = false;
  /** Bumped by every change heard: a load that started before one is not kept. */
  #generation = 0;

  constructor(private readonly ttlMs: number = CONTEXT_CACHE.ttlMs) {}

  /** Starts listening (once). */
  async listen(database: Pick<Database, 'listen'>): Promise<void> {
    await database.listen(
      CONTEXT_CACHE.channel,
      (driverId) => {
        this.#generation += 1;
        this.#entries.delete(driverId);
      },
      () => this.clear(),
    );
    this.#listening = true;
  }

  /** The driver's context, from memory when kept, else loaded (one prepared query) and kept. */
  async get(db: Db, driverId: string, now = Date.now()): Promise<DriverContext | null> {
    const entry = this.#entries.get(driverId);
    if (entry && entry.until > now) return entry.context;
    const generation = this.#generation;
    const context = await loadDriverContext(db, driverId, new Date(now));
    if (this.#listening && generation === this.#generation) {
      this.#entries.delete(driverId);
      this.#entries.set(driverId, { context, until: now + this.ttlMs });
      if (this.#entries.size > CONTEXT_CACHE.maxEntries) {
        this.#entries.delete(this.#entries.keys().next().value as string);
      }
    }
    return context;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
