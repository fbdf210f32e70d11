/**
 * Graceful shutdown (issues 11 and 33), on the real entry point (`src/server/index.ts`, compiled, in its own
 * process):
 * on SIGTERM /api/ready fails at once while the server keeps serving for the drain delay (every answer with
 * `Connection: close`); then it stops accepting, ends event streams, answers every request it received,
 * closes the database and exits with 0; a second signal exits at once.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventStream } from './event-stream.ts';
import { databaseKinds, extractLink, readMailbox, signupBody, TestClient } from './helpers.ts';
import { type Running, startServerProcess } from './server-process.ts';

/** A confirmed, signed-in customer of the running server. */
async function signedIn(baseUrl: string) {
  const client = new TestClient(baseUrl);
  const body = signupBody();
  expect((await client.post('/api/account/signup', body)).status).toBe(201);
  const [mail] = await readMailbox(baseUrl, body.email);
  expect((await client.get(extractLink(mail!.text))).status).toBe(302);
  expect((await client.signIn(body.email, body.password)).status).toBe(200);
  return client;
}

describe.each(databaseKinds())('shutdown (%s)', (kind) => {
  // Each test stops its own server process (that is what it tests), so each has one; the three start
  // together before the first test instead of one after another (about 4 s each here; issue 29: CI time).
  // They sit idle until their test signals them.
  let servers: Running[] = [];
  let running: Running | undefined;
  beforeAll(async () => {
    const started = await Promise.allSettled([
      startServerProcess(kind, { env: { SHUTDOWN_DRAIN_MS: '1500' } }),
      startServerProcess(kind, { env: { SHUTDOWN_DRAIN_MS: '3000' } }),
      startServerProcess(kind),
    ]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 120_000);
  afterEach(async () => {
    await running?.cleanup();
    running = undefined;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.cleanup()));
  });

  it('SIGTERM with a stream open and a request in flight: ready fails, then the stream ends, the request is answered, exit 0', async () => {
    const drainMs = 1_500; // its server's SHUTDOWN_DRAIN_MS
    running = servers[0]!;
    const client = await signedIn(running.baseUrl);
    const opened = await EventStream.open(client, `${running.baseUrl}/api/notifications/stream`);
    const stream = opened.stream!;
    expect((await stream.next()).event).toBe('ready');

    // A request in flight: its body is still arriving when the signal comes.
    const { port } = new URL(running.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' });
    socket.write(
      `POST /api/account/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Forwarded-For: 10.9.9.9\r\n\r\n${body.slice(0, 10)}`,
    );
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const socketClosed = new Promise((r) => socket.once('close', r));
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    running.child.kill('SIGTERM');
    // During the drain delay: not ready (the load balancer moves on), still serving, connections not kept.
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${running.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    const health = await fetch(`${running.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    // Then the stream ends (its browser would reconnect, to another instance behind a load balancer).
    await stream.ended(drainMs + 5_000);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs - 100);
    // New connections are refused.
    await expect(fetch(`${running.baseUrl}/api/health`)).rejects.toThrow();
    // The request in flight still gets its answer.
    socket.write(body.slice(10));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);

    const { code, at } = await running.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(drainMs + 10_000);
    expect(running.output()).toContain('SIGTERM: shutting down');
  }, 90_000);

  it('200 requests in flight at the signal and arriving during the drain delay are all answered', async () => {
    const drainMs = 3_000; // its server's SHUTDOWN_DRAIN_MS
    running = servers[1]!;
    const { baseUrl } = running;
    // A public read that asks the database (each from its own address: the per-address limit is not the point).
    let n = 0;
    const request = () => {
      n += 1;
      const q = new URLSearchParams({
        pickupLat: '-32.795',
        pickupLng: '151.834',
        destinationLat: '-32.715',
        destinationLng: '152.151',
        pickupAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        passengers: '2',
        bags: '1',
      });
      return fetch(`${baseUrl}/api/fares/prices?${q}`, {
        headers: { 'X-Forwarded-For': `10.33.${Math.floor(n / 250)}.${n % 250}` },
      }).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        (err: Error) => ({ status: 0, body: String(err.cause ?? err) }),
      );
    };
    expect((await request()).status).toBe(200);
    const answers: Promise<{ status: number; body: string }>[] = [];
    // 100 in flight when the signal comes...
    for (let i = 0; i < 100; i++) answers.push(request());
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    // ...and 100 more arriving during the drain delay: 20 every 100 ms.
    for (let batch = 0; batch < 5; batch++) {
      await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 20; i++) answers.push(request());
    }
    // All were sent well inside the delay (else this test would measure its own lateness).
    expect(Date.now() - signalled).toBeLessThan(drainMs - 1_000);
    const settled = await Promise.all(answers);
    const unanswered = settled.filter((a) => a.status === 0 || a.status >= 500);
    expect(unanswered, JSON.stringify(unanswered.slice(0, 3))).toEqual([]);
    expect(settled.every((a) => a.status === 200)).toBe(true);
    const { code, at } = await running.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(drainMs - 100);
    expect(running.output()).toContain('Stopped in');
  }, 90_000);

  it('a second signal exits at once, without waiting for what is in flight', async () => {
    running = servers[2]!;
    // A request whose body never completes holds the graceful shutdown.
    const { port } = new URL(running.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /api/account/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    socket.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    running.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(running.child.exitCode).toBeNull();
    running.child.kill('SIGTERM');
    const { code } = await running.exited;
    expect(code).toBe(1);
    expect(running.output()).toContain('SIGTERM again: exiting now');
    socket.destroy();
  }, 90_000);
});
