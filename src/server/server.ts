/** Starts the HTTP server for an app; used by index.ts and by the tests that need a real socket. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { NodeAnswer } from './http/health-probe.ts';

/**
 * Slow clients cannot hold a connection for ever: the request line and headers must arrive within
 * HEADERS_TIMEOUT_MS, and the whole request (body included) within REQUEST_TIMEOUT_MS, which leaves room
 * for the largest upload (5 files of 5 MB) on a slow mobile uplink. Responses are not limited: event
 * streams stay open, kept busy by their heartbeat.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 120_000;
/**
 * Idle keep-alive connections: every answer tells the client to keep the connection KEEP_ALIVE_HINT_S
 * (`Keep-Alive: timeout=5`; Node's clients stop reusing it a second before), and the server holds it
 * KEEP_ALIVE_TIMEOUT_MS, longer than a load balancer's idle timeout (60 s on the usual ones), so the
 * client side always closes first. A server that closes first races the client's next request: with
 * 5 s (Node closes a second after it), a request sent just before the hint ran out while either side's
 * event loop was held up for two seconds or more (a saturated 2-core machine) was reset (ECONNRESET)
 * instead of answered, as the journeys saw now and then.
 */
export const KEEP_ALIVE_HINT_S = 5;
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * How often Node checks the two timeouts above. Its default, 30 s, let slow headers hold a connection 42 s
 * (issue 33); every second, a timeout holds to the second.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Connections the kernel queues for the server to accept (Linux caps it at net.core.somaxconn, 4096 on
 * current kernels). Node's default is 511: 1,000 clients connecting at once (tests/timing/accept-burst)
 * overflowed it while the event loop was busy; a dropped handshake is retried by the client only after
 * 1, 3, 7 s..., and its request then arrived past HEADERS_TIMEOUT_MS and was answered 408 (this machine's
 * TcpExtListenOverflows counter: 88,619). Queued, it waits its turn instead.
 */
export const LISTEN_BACKLOG = 4096;

/** The limits a server is started with: the constants above, shorter in tests that wait for them. */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
}

/** What answers requests: a Hono app's fetch. */
export type FetchHandler = (request: Request, bindings?: unknown) => Response | Promise<Response>;

export interface RunningServer {
  port: number;
  /**
   * From now on every answer says `Connection: close`, so keep-alive clients open their next request anew
   * (through the load balancer, to an instance that is not stopping). The server still accepts.
   */
  drain(): void;
  /**
   * Stops accepting connections (once none has arrived for a moment; then `stoppedAccepting` is called)
   * and resolves when every open one has ended: idle keep-alive connections are closed at once, busy ones
   * as soon as their answer is sent, silent new ones after a grace (closeGracefully).
   */
  close(stoppedAccepting?: () => void): Promise<void>;
}

/**
 * `answer`, when given, sees each request first, on Node's own objects, and answers it or leaves it to
 * `fetch` (the health probe: http/health-probe.ts).
 */
export function listen(
  app: { fetch: FetchHandler; answer?: NodeAnswer },
  port: number,
  hostname?: string,
  timeouts: ServerTimeouts = { headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS },
) {
  return new Promise<RunningServer>((resolve, reject) => {
    const server = createAdaptorServer({
      fetch: app.fetch,
      hostname,
      ...(app.answer ? { createServer: serverAnsweringFirst(app.answer) } : {}),
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      },
    }) as Server;
    // @hono/node-server's serve() listens with Node's default backlog: listen here with ours.
    server.listen({ port, host: hostname, backlog: LISTEN_BACKLOG }, () => {
      const info = server.address() as AddressInfo;
      server.on('error', (err) => console.error('HTTP server error', err));
      const connections = trackConnections(server as Server);
      let draining = false;
      // Headers set here are merged into the app's own writeHead. `Connection: close`: Node closes the
      // connection after this answer. A Keep-Alive header of our own replaces the one Node would derive
      // from keepAliveTimeout (see KEEP_ALIVE_HINT_S).
      server.prependListener('request', (_req, res) => {
        if (draining) res.setHeader('Connection', 'close');
        else res.setHeader('Keep-Alive', `timeout=${KEEP_ALIVE_HINT_S}`);
      });
      resolve({
        port: info.port,
        drain: () => {
          draining = true;
        },
        close: (stoppedAccepting) => {
          draining = true;
          return closeGracefully(server as Server, connections, stoppedAccepting);
        },
      });
    });
    // EADDRINUSE and friends reject the promise instead of crashing as an unhandled 'error' event.
    server.once('error', reject);
  });
}

/** Node's createServer with `answer` in front of the app's request listener. */
function serverAnsweringFirst(answer: NodeAnswer) {
  return ((options: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer(options, (req, res) => {
      if (!answer(req, res)) listener(req, res);
    })) as unknown as typeof createServer;
}

/**
 * A connection accepted but still silent this long when the server closes is closed: its request may be
 * in the socket's buffer, not yet read (a busy event loop), so it is given this long to arrive.
 */
const SILENT_CONNECTION_GRACE_MS = 2_000;

/**
 * The listening socket closes only once no connection has been accepted for this long (and at most
 * STOP_ACCEPTING_WAIT_MS after close() was called): connections the kernel has already queued but the
 * event loop has not yet accepted (a loop kept busy, as with PGlite) would be reset by closing it.
 */
const QUIET_BEFORE_CLOSE_MS = 100;
const STOP_ACCEPTING_WAIT_MS = 5_000;

interface ConnectionState {
  /** A request is being received or answered. */
  busy: boolean;
  /** Requests answered on it. */
  served: number;
  /** When it was accepted or last finished an answer. */
  since: number;
}

/** Keeps what closeGracefully needs to know of each open connection. */
interface Connections extends Map<Socket, ConnectionState> {
  /** How many connections were accepted in all. */
  accepted: number;
}

function trackConnections(server: Server): Connections {
  const connections = Object.assign(new Map<Socket, ConnectionState>(), { accepted: 0 });
  server.on('connection', (socket: Socket) => {
    connections.accepted += 1;
    connections.set(socket, { busy: false, served: 0, since: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy = true;
    res.once('close', () => {
      state.busy = false;
      state.served += 1;
      state.since = Date.now();
    });
  });
  return connections;
}

/**
 * Stops accepting and resolves when every connection has ended, without dropping a request received.
 * Node's own server.close() also closes every "idle" connection at once, and a connection whose first
 * request is still in its buffer counts as idle: 18 to 55 of 60 requests sent just before a SIGTERM were
 * reset (issue 33). So the listening socket is closed as a plain net.Server, and connections are closed
 * here only when idle after an answer (keep-alive), or silent for SILENT_CONNECTION_GRACE_MS.
 */
async function closeGracefully(
  server: Server,
  connections: Connections,
  stoppedAccepting?: () => void,
): Promise<void> {
  if (!server.listening) {
    stoppedAccepting?.();
    return;
  }
  // Until no connection is accepted for QUIET_BEFORE_CLOSE_MS, a poll phase of the event loop included
  // (setImmediate runs after it: what the kernel had queued is accepted by then).
  const giveUpAt = Date.now() + STOP_ACCEPTING_WAIT_MS;
  for (;;) {
    const before = connections.accepted;
    await new Promise((r) => setTimeout(r, QUIET_BEFORE_CLOSE_MS));
    await new Promise((r) => setImmediate(r));
    if (connections.accepted === before || Date.now() >= giveUpAt) break;
  }
  return new Promise<void>((done) => {
    net.Server.prototype.close.call(server, () => done());
    stoppedAccepting?.();
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [socket, state] of connections) {
        if (state.busy) continue;
        if (state.served > 0 || now - state.since >= SILENT_CONNECTION_GRACE_MS) socket.destroy();
      }
    }, 100);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}
