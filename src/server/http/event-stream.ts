/**
 * Server-Sent Events written straight to Node's response (issue 34, ADR 036). Hono's streamSSE gives each
 * stream a web TransformStream pair, a StreamingApi, a TextEncoder and a read always pending in
 * @hono/node-server; with 10,000 tabs open that was most of an instance's memory (85.7 KB a stream in
 * bench/memory.ts; a scratch comparison measured 45.7 KB through streamSSE against 28.0 KB written to Node's
 * response, client included). Here a stream is the response itself, and every stream's heartbeat comes from
 * one timer.
 *
 * The head still carries every header the app's middleware gives an answer (security headers, request id,
 * X-Worker, Connection: close while draining): the route answers an empty Response marked "already sent",
 * the middleware runs as for any answer, and `eventStreamHead()`, outermost in the chain, writes the head
 * with the headers they set, then lets the route start writing events. @hono/node-server leaves a Response
 * marked so alone.
 */
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/** One event; the same fields, in the same order, as Hono's writeSSE. */
export interface EventMessage {
  event?: string;
  data: string;
  id?: string;
  retry?: number;
}

/** An open stream, as the route that opened it sees it. */
export interface EventStreamWriter {
  /** Writes an event; does nothing once the stream has closed. */
  send(message: EventMessage): void;
  /** Ends the stream from the server's side (the client reconnects). */
  end(): void;
  /** Called once when the stream closes, from either side; at once if it already has. */
  onClose(listener: () => void): void;
  readonly closed: boolean;
}

/** @hono/node-server sends nothing for a Response with this header (its RESPONSE_ALREADY_SENT). */
const ALREADY_SENT = 'x-hono-already-sent';

/** Streams answered by their route whose head the outermost middleware has yet to write. */
const starting = new WeakMap<Context, (writer: EventStreamWriter) => void>();

export function formatEvent(message: EventMessage): string {
  for (const value of [message.event, message.id]) {
    if (value && /[\r\n]/.test(value)) throw new Error('an event name or id must not contain a line break');
  }
  let text = message.event ? `event: ${message.event}\n` : '';
  for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  if (message.id !== undefined) text += `id: ${message.id}\n`;
  if (message.retry !== undefined) text += `retry: ${message.retry}\n`;
  return `${text}\n`;
}

/**
 * The route's answer: a 200 event stream whose events `start` writes once the head has gone out. `start`
 * must not throw; it owns the writer from then on.
 */
export function eventStream(c: Context, start: (writer: EventStreamWriter) => void): Response {
  starting.set(c, start);
  c.header('Content-Type', 'text/event-stream; charset=utf-8');
  c.header('Cache-Control', 'no-store');
  // Proxies that buffer answers (nginx) would hold events back.
  c.header('X-Accel-Buffering', 'no');
  return c.body(null, 200, { [ALREADY_SENT]: 'true' });
}

/**
 * Outermost in the app's chain: writes an event stream's head with every header the rest of the chain set,
 * then starts it. Outside @hono/node-server (app.request in a test) the stream becomes a web stream.
 */
export function eventStreamHead(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const start = starting.get(c);
    if (!start) return;
    starting.delete(c);
    const res = c.res;
    if (!res.headers.has(ALREADY_SENT)) return;
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== ALREADY_SENT && name !== 'content-length') headers[name] = value;
    });
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      // @hono/node-server writes a light Response (built from null, a string or bytes) itself, whatever its
      // headers say; only once its web Response exists (reading `body` builds it) is the mark honoured.
      void res.body;
      outgoing.writeHead(res.status, headers);
      outgoing.flushHeaders();
      start(new NodeEventStream(outgoing));
      return;
    }
    const web = new WebEventStream();
    // Hono copies the old answer's headers onto a new one: the mark must go from it first.
    res.headers.delete(ALREADY_SENT);
    c.res = new Response(web.readable, { status: res.status, headers });
    start(web);
  };
}

/** Close listeners, called once. */
class Closing {
  private listeners: (() => void)[] | null = [];
  get done() {
    return this.listeners === null;
  }
  add(listener: () => void) {
    if (this.listeners) this.listeners.push(listener);
    else listener();
  }
  fire() {
    const listeners = this.listeners;
    this.listeners = null;
    for (const listener of listeners ?? []) listener();
  }
}

class NodeEventStream implements EventStreamWriter {
  private readonly closing = new Closing();
  constructor(private readonly res: ServerResponse) {
    // 'close' comes when the answer ended or the connection went, whichever side ended it.
    res.once('close', () => this.closing.fire());
  }
  get closed() {
    return this.closing.done || this.res.destroyed || this.res.writableEnded;
  }
  send(message: EventMessage) {
    // A slow client's events wait in Node's buffer, as they did in the web stream's queue.
    if (!this.closed) this.res.write(formatEvent(message));
  }
  end() {
    if (!this.res.writableEnded) this.res.end();
  }
  onClose(listener: () => void) {
    this.closing.add(listener);
  }
}

class WebEventStream implements EventStreamWriter {
  private readonly closing = new Closing();
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  readonly readable = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
    cancel: () => this.closing.fire(),
  });
  get closed() {
    return this.closing.done;
  }
  send(message: EventMessage) {
    if (!this.closed) this.controller.enqueue(this.encoder.encode(formatEvent(message)));
  }
  end() {
    if (this.closed) return;
    this.controller.close();
    this.closing.fire();
  }
  onClose(listener: () => void) {
    this.closing.add(listener);
  }
}

/**
 * Every open stream's heartbeat from one timer: a `ping` event to each stream every `intervalMs`, so the
 * client can tell a dead stream from a quiet one. The timer runs only while a stream is open.
 */
export class Heartbeat {
  private readonly streams = new Set<EventStreamWriter>();
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly intervalMs: number) {}

  add(stream: EventStreamWriter) {
    this.streams.add(stream);
    stream.onClose(() => {
      this.streams.delete(stream);
      if (this.streams.size === 0) this.stop();
    });
    if (!this.timer && !stream.closed) {
      this.timer = setInterval(() => this.beat(), this.intervalMs);
      this.timer.unref();
    }
  }

  private beat() {
    for (const stream of this.streams) stream.send({ event: 'ping', data: '{}' });
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
