/**
 * The bare Hono hello-world of bench/http.ts, answering with the app's security headers (issue 34's goal:
 * /api/health >= 80% of "a bare Hono hello with the same security headers"). The headers come from the
 * app's own module (src/server/http/security-headers.ts), as a development server sends them (no HSTS,
 * like the bench's server). Two paths:
 *
 *   /        the headers set per answer by the app's middleware, as any Hono app would add them
 *   /fixed   the headers the middleware gave the first answer, kept and sent as they are (what the app's
 *            health probe does: src/server/http/health-probe.ts), the cheapest way to send them
 *
 *   node --import tsx bench/hello-with-headers.ts <port>
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { securityHeaders } from '../src/server/http/security-headers.ts';

const port = Number(process.argv[2]);
if (!port) throw new Error('usage: node --import tsx bench/hello-with-headers.ts <port>');

const headers = securityHeaders({ production: false });

// The set the middleware gives an answer, read once.
const once = new Hono();
once.use('*', headers);
once.get('*', (c) => c.text('Hello'));
const fixed: Record<string, string> = {};
(await once.request('/')).headers.forEach((value, name) => {
  fixed[name] = value;
});

const app = new Hono();
app.get('/fixed', () => new Response('Hello', { headers: fixed }));
app.use('/', headers);
app.get('/', (c) => c.text('Hello'));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
