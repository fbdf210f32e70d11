/**
 * The drivers' board answered from memory (issue 34). Two layers, both dropped whole by any change that
 * can alter a card:
 *
 * - pages: a page of cards as every driver of the same context sees it (the query, and of the driver only
 *   what decides the page: offers, and for "my area" the base, radius and usable vehicles' seats and bags),
 *   with `myQuote` left empty;
 * - answers: one driver's answer to one query, serialized, and compressed once per encoding the first time
 *   a client asks for it. A hit costs a Map lookup: no SQL (the driver's context, for the gate, is kept
 *   too: verification/context-cache.ts), no JSON, no compression.
 * A miss on both runs the board's two queries (available.ts); a page hit lays the driver's own live
 * quotes over it (decorate.ts myQuotesOn, one prepared query).
 *
 * Invalidation: triggers on rides, quotes, bookings, ratings and users.full_name (drizzle/0027) send
 * NOTIFY board_change, heard through the supervised LISTEN connection by every instance, whichever code
 * path or instance made the change. Each bumps a version and empties both layers; a miss computed across a
 * bump is answered but not kept. When the LISTEN connection comes (back) up everything goes too, as
 * notifications may have been missed. Nothing is kept until the LISTEN is in place.
 *
 * Time alone changes a page in two ways, both bounded: its first trip's pickup passes (the entry ends
 * then), and a customer's rating turns visible after 7 days (at most BOARD_CACHE.ttlMs late).
 */
import type { Page } from '../../../shared/marketplace/api.ts';
import { readOffers } from '../../../shared/marketplace/needs.ts';
import type { AvailableRidesQuery } from '../../../shared/validation/marketplace.ts';
import type { Db } from '../../db/client.ts';
import { compressNow, type Encoding } from '../../http/compress.ts';
import type { Deps } from '../../http/context.ts';
import { DriverContextCache } from '../verification/context-cache.ts';
import { type DriverContext, notVerifiedError } from '../verification/standing.ts';
import { type AvailableRideDto, availableRides } from './available.ts';
import { myQuotesOn } from './decorate.ts';
import type { Viewer } from './read.ts';

export const BOARD_CACHE = {
  channel: 'board_change',
  /** The longest an entry is used: the delay at worst for a rating that turns visible with time. */
  ttlMs: 30_000,
  /** Answers (one driver, one query) kept at most; past it, the least recently used go first. */
  maxAnswers: 20_000,
  /** Shared pages (one context, one query) kept at most; past it, the oldest go first. */
  maxPages: 5_000,
  /**
   * Bytes kept at most across both layers: answers count their JSON and compressed bodies, pages their
   * JSON (as objects they take about twice that in the heap). A 20-card page is about 19 KB of JSON.
   */
  maxBytes: 64 * 1024 * 1024,
} as const;

export type BoardLimits = {
  [K in keyof typeof BOARD_CACHE]: (typeof BOARD_CACHE)[K] extends number ? number : string;
};

/** One driver's answer to one query, ready to send. */
export interface BoardAnswer {
  /** Its key in the cache: a body compressed later is counted only while the answer is still kept. */
  key: string;
  json: Uint8Array;
  /** Compressed bodies, made the first time a client accepts the encoding. */
  encoded: Partial<Record<Encoding, Uint8Array>>;
  until: number;
  bytes: number;
}

interface SharedPage {
  page: Page<AvailableRideDto>;
  until: number;
  bytes: number;
}

const SEP = '\u0001';

/** The query as a key: every field, in a fixed order. */
function queryKey(q: AvailableRidesQuery): string {
  return [q.from, q.to, q.near, q.radiusKm, q.passengers, q.serve, q.cursor].map((v) => v ?? '').join(SEP);
}

/** What of the driver decides the page (see available.ts): their offers, and for "mine" their area and vehicles. */
function contextKey(context: DriverContext | null, query: AvailableRidesQuery): string {
  if (!context) return 'none';
  const offers = JSON.stringify(readOffers(context.driver.offers));
  if (query.serve !== 'mine') return offers;
  const { driver, vehicles, standing } = context;
  const carries = vehicles
    .filter((v) => standing.usableVehicleIds.includes(v.id))
    .map((v) => `${v.seats}/${v.luggageBags}`)
    .sort()
    .join(',');
  return [offers, driver.baseLat, driver.baseLng, driver.serviceRadiusKm, carries].join(SEP);
}

const encoder = new TextEncoder();

export class BoardCache {
  readonly #answers = new Map<string, BoardAnswer>();
  readonly #pages = new Map<string, SharedPage>();
  readonly #inflight = new Map<string, { version: number; answer: Promise<BoardAnswer> }>();
  readonly contexts = new DriverContextCache();
  #bytes = 0;
  #version = 0;
  #listening = false;

  constructor(private readonly limits: BoardLimits = BOARD_CACHE) {}

  /** Starts listening for changes (board and drivers' contexts); nothing is kept until this has worked. */
  async listen(listen: Deps['listen']): Promise<void> {
    try {
      await Promise.all([
        listen(
          this.limits.channel,
          () => this.clear(),
          () => this.clear(),
        ),
        this.contexts.listen({ listen }),
      ]);
      this.#listening = true;
    } catch (err) {
      // Without the notifications the board would go stale: it is computed on every request instead.
      console.error('Board cache: could not listen for changes; not caching', err);
    }
  }

  /** Entries kept now, and their bytes (for tests and the bench). */
  get stats() {
    return { answers: this.#answers.size, pages: this.#pages.size, bytes: this.#bytes };
  }

  /**
   * The board for this viewer and query: 403 for a driver who may not quote, else the answer, from memory
   * when kept.
   */
  async answer(db: Db, viewer: Viewer, query: AvailableRidesQuery, now = Date.now()): Promise<BoardAnswer> {
    // The gate (issue 13), from the kept context: an admin without a drivers record sees every open trip.
    const context = await this.contexts.get(db, viewer.id, now);
    if (context && viewer.role !== 'admin' && !context.standing.canQuote)
      throw notVerifiedError(context.standing);

    const shareKey = contextKey(context, query) + SEP + queryKey(query);
    const answerKey = viewer.id + SEP + shareKey;
    const kept = this.#answers.get(answerKey);
    if (kept && kept.until > now) {
      // Most recently used last: eviction takes the first.
      this.#answers.delete(answerKey);
      this.#answers.set(answerKey, kept);
      return kept;
    }
    // One computation per answer at a time: a burst of the same miss (a driver's tabs, a herd after a
    // change) waits for the first instead of queueing the same queries for the pool.
    const version = this.#version;
    const flying = this.#inflight.get(answerKey);
    if (flying && flying.version === version) return flying.answer;
    const answer = this.#fill(db, viewer, query, context, shareKey, answerKey, version, now);
    this.#inflight.set(answerKey, { version, answer });
    try {
      return await answer;
    } finally {
      if (this.#inflight.get(answerKey)?.answer === answer) this.#inflight.delete(answerKey);
    }
  }

  async #fill(
    db: Db,
    viewer: Viewer,
    query: AvailableRidesQuery,
    context: DriverContext | null,
    shareKey: string,
    answerKey: string,
    version: number,
    now: number,
  ): Promise<BoardAnswer> {
    let page: Page<AvailableRideDto>;
    let until: number;
    const shared = this.#pages.get(shareKey);
    if (shared && shared.until > now) {
      const mine = await myQuotesOn(
        db,
        viewer.id,
        shared.page.items.map((i) => i.id),
      );
      // Spread keeps the key order, so the JSON is byte for byte what the full query gives.
      page = {
        items: shared.page.items.map((i) => ({ ...i, myQuote: mine.get(i.id) ?? null })),
        nextCursor: shared.page.nextCursor,
      };
      until = shared.until;
    } else {
      page = await availableRides(db, viewer, query, context);
      const first = page.items[0];
      until = Math.min(now + this.limits.ttlMs, first ? new Date(first.pickupAt).getTime() : Infinity);
      if (this.#keeps(version)) {
        const anonymous = {
          items: page.items.map((i) => ({ ...i, myQuote: null })),
          nextCursor: page.nextCursor,
        };
        const bytes = JSON.stringify(anonymous).length;
        // Read again: another request may have kept this page meanwhile.
        const before = this.#pages.get(shareKey);
        if (before) this.#dropPage(shareKey, before);
        this.#pages.set(shareKey, { page: anonymous, until, bytes });
        this.#bytes += bytes;
      }
    }
    const json = encoder.encode(JSON.stringify(page));
    const answer: BoardAnswer = { key: answerKey, json, encoded: {}, until, bytes: json.byteLength };
    if (this.#keeps(version)) {
      const before = this.#answers.get(answerKey);
      if (before) this.#dropAnswer(answerKey, before);
      this.#answers.set(answerKey, answer);
      this.#bytes += answer.bytes;
      this.#evict();
    }
    return answer;
  }

  /** The answer's body in `encoding`, compressed the first time and kept with the answer. */
  encoded(answer: BoardAnswer, encoding: Encoding): Uint8Array {
    let body = answer.encoded[encoding];
    if (!body) {
      body = compressNow(answer.json, encoding);
      answer.encoded[encoding] = body;
      if (this.#answers.get(answer.key) === answer) {
        answer.bytes += body.byteLength;
        this.#bytes += body.byteLength;
        this.#evict();
      }
    }
    return body;
  }

  /** Drops everything: a change was heard, or notifications may have been missed. */
  clear(): void {
    this.#version += 1;
    this.#answers.clear();
    this.#pages.clear();
    this.#bytes = 0;
  }

  #keeps(version: number) {
    return this.#listening && version === this.#version;
  }

  #dropAnswer(key: string, answer: BoardAnswer) {
    this.#answers.delete(key);
    this.#bytes -= answer.bytes;
  }

  #dropPage(key: string, page: SharedPage) {
    this.#pages.delete(key);
    this.#bytes -= page.bytes;
  }

  #evict() {
    while (
      this.#answers.size > this.limits.maxAnswers ||
      (this.#bytes > this.limits.maxBytes && this.#answers.size > 0)
    ) {
      const [key, answer] = this.#answers.entries().next().value as [string, BoardAnswer];
      this.#dropAnswer(key, answer);
    }
    while (
      this.#pages.size > this.limits.maxPages ||
      (this.#bytes > this.limits.maxBytes && this.#pages.size > 0)
    ) {
      const [key, page] = this.#pages.entries().next().value as [string, SharedPage];
      this.#dropPage(key, page);
    }
  }
}
