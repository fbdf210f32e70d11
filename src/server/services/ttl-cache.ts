/**
 * A small in-process cache whose entries live a fixed time, for facts that may be shown a little late
 * (nothing decided on them is read from here). Past `maxEntries` the oldest entries go first (a Map keeps
 * insertion order). Per process: each server instance keeps its own.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; until: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * The values for `keys`: those cached, and the rest loaded by one call of `load` (given only the
   * missing keys) and kept.
   */
  async many(keys: K[], load: (missing: K[]) => Promise<Map<K, V>>, now = Date.now()): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const value = this.get(key, now);
      if (value === undefined) missing.push(key);
      else found.set(key, value);
    }
    if (missing.length > 0) {
      for (const [key, value] of await load(missing)) {
        this.set(key, value, now);
        found.set(key, value);
      }
    }
    return found;
  }
}
