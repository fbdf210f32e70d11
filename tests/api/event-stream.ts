/** An open Server-Sent Events stream, read event by event over real HTTP, as the API tests use it. */
import { expect } from 'vitest';
import type { TestClient } from './helpers.ts';

export interface StreamEvent {
  event: string;
  data: string;
  /** The SSE id field, when the event had one. */
  id?: string;
}

export class EventStream {
  private buffer = '';
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  private readonly decoder = new TextDecoder();
  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {}

  /** Opens a stream as the client; `lastEventId` is sent as the Last-Event-ID header, like EventSource. */
  static async open(
    client: TestClient,
    url: string,
    opts: { lastEventId?: string } = {},
  ): Promise<{ status: number; stream: EventStream | null; headers: Headers }> {
    const abort = new AbortController();
    const res = await fetch(url, {
      headers: {
        cookie: client.cookieHeader(),
        accept: 'text/event-stream',
        'x-forwarded-for': client.ip ?? '',
        ...(opts.lastEventId !== undefined ? { 'last-event-id': opts.lastEventId } : {}),
      },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) {
      abort.abort();
      return { status: res.status, stream: null, headers: res.headers };
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return { status: 200, stream: new EventStream(res.body.getReader(), abort), headers: res.headers };
  }

  /** The next event (comments and `retry:` lines skipped), or an error after `timeoutMs`. */
  async next(timeoutMs = 5_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':') && !l.startsWith('retry:'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines
            .find((l) => l.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const data = lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n');
        const id = field('id');
        return { event: field('event') ?? 'message', data, ...(id !== undefined ? { id } : {}) };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      let timer: NodeJS.Timeout | undefined;
      // A read that outlives a timeout is kept for the next call, or its chunk would be lost.
      this.pending ??= this.reader.read();
      const chunk = await Promise.race([
        this.pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      this.pending = null;
      if (chunk.done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
    }
  }

  /** The next event that is not a heartbeat ('ping'). */
  async nextOf(kinds: string[], timeoutMs = 5_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await this.next(Math.max(1, deadline - Date.now()));
      if (kinds.includes(e.event)) return e;
    }
  }

  /**
   * Reads 'change' (and other) events until every notification id in `ids` has arrived; returns all the
   * events read. Replays are at least once, so other (older) events may come along.
   */
  async collectUntil(ids: string[], timeoutMs = 10_000): Promise<StreamEvent[]> {
    const deadline = Date.now() + timeoutMs;
    const events: StreamEvent[] = [];
    const missing = new Set(ids);
    while (missing.size > 0) {
      const e = await this.next(Math.max(1, deadline - Date.now()));
      events.push(e);
      if (e.event === 'change') missing.delete((JSON.parse(e.data) as { id: string }).id);
    }
    return events;
  }

  /** Resolves when the server ends the stream (rejects after `timeoutMs`). */
  async ended(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.next(Math.max(1, deadline - Date.now()));
      } catch (err) {
        if (err instanceof Error && err.message === 'the stream ended') return;
        throw err;
      }
    }
  }

  close() {
    this.abort.abort();
  }
}
