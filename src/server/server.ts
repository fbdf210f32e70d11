/** Starts the HTTP server for an app; used by index.ts and by the tests that need a real socket. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppBindings } from './http/context.ts';

export function listen(app: Hono<AppBindings>, port: number, hostname?: string) {
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    // EADDRINUSE and friends reject the promise instead of crashing as an unhandled 'error' event.
    server.once('error', reject);
  });
}
