/**
 * A live-updates client that behaves like the browser's EventSource plus the web app's watchdog: it reads
 * GET /api/notifications/stream over fetch, remembers the last SSE `id:`, reconnects after the server's
 * `retry:` delay (sending Last-Event-ID) whenever the stream ends, fails or answers anything but 200, and
 * treats 25 s without an event (`ping` included, comments not) as a dead stream.
 */
import type { ApiClient } from './http.ts';
import { now, sleep } from './util.ts';

/** The web app's LIVE_STALE_AFTER_MS: this long without an event and the stream counts as dead. */
export const STALE_AFTER_MS = 25_000;
/** Reconnect delay until the server names one with `retry:`. */
const DEFAULT_RETRY_MS = 2_000;
/** Never wait longer than this between reconnects (the harness is time-boxed). */
const MAX_RETRY_MS = 5_000;

export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/** Incremental text/event-stream parser (the WHATWG rules that matter here). */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private sawId = false;
  /** Last-Event-ID: kept across events (and reconnects) until an `id:` line changes it. */
  lastEventId: string | null = null;
  retryMs: number | null = null;

  constructor(private readonly onEvent: (e: SseEvent) => void) {}

  push(chunk: string) {
    this.buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  /** A new connection starts with an empty buffer (a half event from the old one is dropped). */
  reset() {
    this.buffer = '';
    this.event = '';
    this.data = [];
    this.sawId = false;
  }

  private line(line: string) {
    if (line === '') {
      if (this.data.length > 0 || this.event !== '') {
        this.onEvent({
          event: this.event || 'message',
          data: this.data.join('\n'),
          id: this.sawId ? this.lastEventId : null,
        });
      }
      this.event = '';
      this.data = [];
      this.sawId = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) {
      this.lastEventId = value === '' ? null : value;
      this.sawId = true;
    } else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}

export class LiveStream {
  /** Event id (live_events.id) -> when it first arrived. */
  readonly received = new Map<number, number>();
  /** Ids that arrived again (allowed: delivery is at least once). */
  duplicates = 0;
  /** `change` events with no SSE id (the contract wants live_events.id on every one). */
  changesWithoutId = 0;
  /** data.id of every `change` (the notification id for kind 'notification'). */
  readonly dataIds = new Set<string>();
  /** Times of each `ready`, `resync`; counts of pings. */
  readonly readies: number[] = [];
  readonly resyncs: number[] = [];
  pings = 0;
  /** Why each connection ended or failed ("ended", "stale", "503", "ECONNREFUSED", ...). */
  readonly breaks = new Map<string, number>();
  connects = 0;
  lastActivity = 0;
  /** When the last `change` arrived (0: none yet), and when every one did. */
  lastChangeAt = 0;
  readonly changeTimes: number[] = [];
  firstReadyAt: number | null = null;
  /**
   * Reconnects made without Last-Event-ID (the stream had received no event id yet): the server cannot
   * replay for them, and the client fetches everything again on that `ready` instead (web/.../live.ts, a
   * ready after the first). Events created between the break and that ready are covered by the refetch.
   */
  readonly refetchWindows: { from: number; to: number }[] = [];
  /** When the stream went down (its first break since the last ready), and how it is reconnecting. */
  private downSince: number | null = null;
  private reconnectWithoutId = false;
  private stopped = false;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private readonly parser: SseParser;
  private connectedAt = 0;

  constructor(
    readonly label: string,
    readonly userId: string,
    private readonly client: ApiClient,
    private readonly url: string,
  ) {
    this.parser = new SseParser((e) => this.onEvent(e));
  }

  start() {
    this.loop ??= this.run();
  }

  async stop() {
    this.stopped = true;
    this.abort?.abort();
    await this.loop;
  }

  /** The change events received at or after `at`. */
  changesSince(at: number) {
    let n = 0;
    for (const t of this.received.values()) if (t >= at) n += 1;
    return n;
  }

  private onEvent(e: SseEvent) {
    const t = now();
    this.lastActivity = t;
    if (e.event === 'ready') {
      this.readies.push(t);
      this.firstReadyAt ??= t;
      if (this.reconnectWithoutId && this.downSince !== null) {
        this.refetchWindows.push({ from: this.downSince, to: t });
      }
      this.downSince = null;
    } else if (e.event === 'ping') {
      this.pings += 1;
    } else if (e.event === 'resync') {
      this.resyncs.push(t);
    } else if (e.event === 'change') {
      this.lastChangeAt = t;
      this.changeTimes.push(t);
      try {
        const data = JSON.parse(e.data) as { id?: unknown };
        if (typeof data.id === 'string') this.dataIds.add(data.id);
      } catch {
        // ignored: the id is what counts
      }
      const id = e.id !== null && /^\d+$/.test(e.id) ? Number(e.id) : null;
      if (id === null) {
        this.changesWithoutId += 1;
      } else if (this.received.has(id)) {
        this.duplicates += 1;
      } else {
        this.received.set(id, t);
      }
    }
  }

  private countBreak(reason: string) {
    this.downSince ??= now();
    this.breaks.set(reason, (this.breaks.get(reason) ?? 0) + 1);
  }

  private async run() {
    while (!this.stopped) {
      const abort = new AbortController();
      this.abort = abort;
      let watchdog: NodeJS.Timeout | undefined;
      try {
        const headers = this.client.headers({ accept: 'text/event-stream', 'cache-control': 'no-store' });
        if (this.parser.lastEventId) headers['last-event-id'] = this.parser.lastEventId;
        // A reconnect (not the first connection) with no id to name: its ready means "refetch".
        this.reconnectWithoutId = this.connects > 0 && !this.parser.lastEventId;
        const connectTimer = setTimeout(() => abort.abort(new Error('connect timeout')), 10_000);
        const res = await fetch(this.url, { headers, signal: abort.signal }).finally(() =>
          clearTimeout(connectTimer),
        );
        if (res.status !== 200 || !res.body) {
          this.countBreak(String(res.status));
          await res.body?.cancel().catch(() => undefined);
        } else {
          this.connects += 1;
          this.connectedAt = now();
          this.lastActivity = this.connectedAt;
          this.parser.reset();
          let stale = false;
          watchdog = setInterval(() => {
            if (now() - this.lastActivity > STALE_AFTER_MS) {
              stale = true;
              abort.abort(new Error('stale'));
            }
          }, 1_000);
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              this.parser.push(decoder.decode(value, { stream: true }));
            }
            this.countBreak('ended by server');
          } catch (err) {
            if (!this.stopped) this.countBreak(stale ? 'stale (25 s silent)' : describe(err));
          }
        }
      } catch (err) {
        if (!this.stopped) this.countBreak(describe(err));
      } finally {
        clearInterval(watchdog);
      }
      if (this.stopped) break;
      await sleep(Math.min(this.parser.retryMs ?? DEFAULT_RETRY_MS, MAX_RETRY_MS));
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? err.message;
  }
  return String(err);
}
