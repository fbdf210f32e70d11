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

export interface RunningServer {
  port: number;
  /**
   * Stops accepting connections and resolves when every open one has ended: idle keep-alive connections
   * are closed at once, busy ones as soon as their response is done.
   */
  close(): Promise<void>;
}

export function listen(app: Hono<AppBindings>, port: number, hostname?: string) {
  return new Promise<RunningServer>((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        serverOptions: {
          headersTimeout: HEADERS_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
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
