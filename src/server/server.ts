/** Starts the HTTP server for an app; used by index.ts and by the tests that need a real socket. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppBindings } from './http/context.ts';

/**
 * Slow clients cannot hold a connection for ever: the request line and headers must arrive within
 * HEADERS_TIMEOUT_MS, and the whole request (body included) within REQUEST_TIMEOUT_MS, which leaves room
 * for the largest upload (5 files of 5 MB) on a slow mobile uplink. An idle keep-alive connection is
 * closed after KEEP_ALIVE_TIMEOUT_MS. Responses are not limited: event streams stay open, kept busy by
 * their heartbeat.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 120_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * How often Node checks the two timeouts above. Its default, 30 s, let slow headers hold a connection 42 s
 * (issue 33); every second, a timeout holds to the second.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The limits a server is started with: the constants above, shorter in tests that wait for them. */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
}

export interface RunningServer {
  port: number;
  /**
   * Stops accepting connections and resolves when every open one has ended: idle keep-alive connections
   * are closed at once, busy ones as soon as their response is done.
   */
  close(): Promise<void>;
}

export function listen(
  app: Hono<AppBindings>,
  port: number,
  hostname?: string,
  timeouts: ServerTimeouts = { headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS },
) {
  return new Promise<RunningServer>((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        serverOptions: {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        },
      },
      (info: AddressInfo) => {
        server.on('error', (err) => console.error('HTTP server error', err));
        resolve({ port: info.port, close: () => closeGracefully(server as Server) });
      },
    ) as Server;
    // EADDRINUSE and friends reject the promise instead of crashing as an unhandled 'error' event.
    server.once('error', reject);
  });
}

function closeGracefully(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    if (!server.listening) {
      done();
      return;
    }
    server.close(() => done());
    // A keep-alive connection that finishes its request after close() stays open until its idle timeout;
    // close such connections as soon as they are idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}
