/**
 * Issue 33 item 5: the promised timeouts hold to the second. Node checks headersTimeout and requestTimeout
 * only every connectionsCheckingInterval (30 s by default: slow headers held a connection 42 s while the
 * docs promised 15 s). The server is started with short limits here so the test need not wait 15 s; the
 * check interval is the production one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBindings } from '../../src/server/http/context.ts';
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_HINT_S,
  KEEP_ALIVE_TIMEOUT_MS,
  listen,
  REQUEST_TIMEOUT_MS,
  type RunningServer,
  TIMEOUT_CHECK_INTERVAL_MS,
} from '../../src/server/server.ts';

const LIMITS = { headersMs: 1_500, requestMs: 3_000 };
/** Scheduling slack on a busy 2-core machine. */
const SLACK_MS = 1_000;

/** Opens a connection, sends `first`, then one byte of `drip` every `everyMs`; resolves when the server ends it. */
function trickle(port: number, first: string, everyMs: number) {
  return new Promise<{ afterMs: number; answer: string }>((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
    let answer = '';
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, everyMs);
    socket.on('data', (d) => {
      answer += d.toString();
    });
    const done = () => {
      clearInterval(drip);
      resolve({ afterMs: performance.now() - started, answer });
    };
    socket.on('close', done);
    socket.on('error', () => socket.destroy());
  });
}

describe('slow clients', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = new Hono<AppBindings>();
    // A body cut short rejects the read (ECONNRESET): nobody is left to answer.
    app.all('*', async (c) => c.text(`read ${(await c.req.text().catch(() => '')).length} bytes`));
    server = await listen(app, 0, '127.0.0.1', LIMITS);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the limits a server starts with are the documented ones, checked every second', () => {
    expect(HEADERS_TIMEOUT_MS).toBe(15_000);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(TIMEOUT_CHECK_INTERVAL_MS).toBeLessThanOrEqual(1_000);
  });

  it('headers sent a byte at a time are cut at the headers limit, to the second', async () => {
    const { afterMs, answer } = await trickle(port(), 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
    expect(afterMs).toBeLessThanOrEqual(LIMITS.headersMs + TIMEOUT_CHECK_INTERVAL_MS + SLACK_MS);
  });

  it('a body sent a byte at a time is cut at the request limit, to the second', async () => {
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n';
    const { afterMs, answer } = await trickle(port(), head, 200);
    expect(answer).not.toMatch(/read \d+ bytes/);
    expect(afterMs).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(afterMs).toBeLessThanOrEqual(LIMITS.requestMs + TIMEOUT_CHECK_INTERVAL_MS + SLACK_MS);
  });

  it('a prompt request is answered', async () => {
    const res = await fetch(`http://127.0.0.1:${port()}/`, { method: 'POST', body: 'hello' });
    expect(await res.text()).toBe('read 5 bytes');
  });

  it('a request sent on a kept-alive connection before its hint ran out is answered, though the server was held up', async () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/stalling-server.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer];
      const stalling = Number(/port (\d+)/.exec(line.toString())?.[1]);
      const socket = net.connect(stalling, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => {
        received += d.toString();
      });
      socket.on('error', () => socket.destroy());
      const request = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi';
      const answered = () => /read 2 bytes$/.test(received) || socket.destroyed;
      socket.write(request);
      await expect.poll(answered).toBe(true);
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      const hint = Number(/\r\nKeep-Alive: timeout=(\d+)\r\n/i.exec(received)?.[1]);
      expect(hint).toBe(KEEP_ALIVE_HINT_S);

      // Reused a tenth of a second before Node's http agent stops reusing it (a second before the hint
      // runs out), while the server's loop is held up (from 3.5 s to 7 s after its answer). Node itself
      // holds an idle connection a second past its keepAliveTimeout: a 5 s one was reset here.
      await new Promise((r) => setTimeout(r, hint * 1000 - 1000 - 100));
      received = '';
      socket.write(request);
      await expect.poll(answered, { timeout: 10_000 }).toBe(true);
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      expect(received).toMatch(/read 2 bytes$/);
      socket.destroy();
    } finally {
      child.kill();
    }
  });

  const port = () => server.port;
});
