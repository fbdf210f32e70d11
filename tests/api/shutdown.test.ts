/**
 * Graceful shutdown (issue 11), on the real entry point (`src/server/index.ts` in its own process): on
 * SIGTERM the server stops accepting, ends event streams, lets a request in flight finish, closes the
 * database and exits with 0 within 10 s; a second signal exits at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStream } from './event-stream.ts';
import { databaseKinds, extractLink, freePort, readMailbox, signupBody, TestClient } from './helpers.ts';

interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  cleanup: () => Promise<void>;
}

async function startProcess(kind: 'pglite' | 'postgres'): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-shutdown-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
  };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `test_shutdown_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/api/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    baseUrl,
    output: () => log,
    exited,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
    running = await startProcess(kind);
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
    running = await startProcess(kind);
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
