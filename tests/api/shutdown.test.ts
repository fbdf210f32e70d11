/**
 * Graceful shutdown (issue 11), on the real entry point (`src/server/index.ts` in its own process): on
 * SIGTERM the server stops accepting, ends event streams, lets a request in flight finish, closes the
 * database and exits with 0 within 10 s; a second signal exits at once.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
  let running: Running | undefined;
  afterEach(async () => {
    await running?.cleanup();
    running = undefined;
  });

  it('SIGTERM with a stream open and a request in flight: the stream ends, the request is answered, exit 0 within 10 s', async () => {
    running = await startServerProcess(kind);
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
    // The stream ends (its browser would reconnect, to another instance behind a load balancer).
    await stream.ended(5_000);
    // New connections are refused.
    await expect(fetch(`${running.baseUrl}/api/health`)).rejects.toThrow();
    // The request in flight still gets its answer.
    socket.write(body.slice(10));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);

    const { code, at } = await running.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    expect(running.output()).toContain('SIGTERM: shutting down');
  }, 90_000);

  it('a second signal exits at once, without waiting for what is in flight', async () => {
    running = await startServerProcess(kind);
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
