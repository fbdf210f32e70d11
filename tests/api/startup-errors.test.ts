/**
 * Issue 33 item 4: a start that cannot work says where and what. A read-only or full data folder for the
 * embedded database stops the server at once naming the folder and the fault (it said "Failed query:
 * CREATE SCHEMA IF NOT EXISTS drizzle"); a PostgreSQL that never answers stops it after
 * DATABASE_STARTUP_WAIT_MS naming the host, the port and the last error, and while it waits the server
 * listens: /api/health 200, /api/ready 503 (it used to listen on nothing, then say "connect ECONNREFUSED").
 * The folders are real file systems (tmpfs, mounted read-only or filled up): the machine runs as root.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers.ts';
import { startServerProcess } from './server-process.ts';

const mounts: string[] = [];
/** A fresh tmpfs of `size` at a new folder, with `options` (e.g. 'ro'). */
function mountTmpfs(size: string, options = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shuttle-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${options ? `,${options}` : ''}`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of mounts) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('start-up failures say where and what', () => {
  it('a read-only data folder: exit 1 at once, naming the folder and "read-only"', async () => {
    const dir = mountTmpfs('1m', 'ro');
    const running = await startServerProcess('pglite', { env: { DATA_DIR: dir }, ready: false });
    try {
      const { code } = await running.exited;
      expect(code).toBe(1);
      expect(running.output()).toContain(
        `The data folder ${path.join(dir, 'pglite')} is on a read-only file system`,
      );
      expect(running.output()).not.toMatch(/Failed query|at .*\.js:\d+/);
    } finally {
      await running.cleanup();
    }
  }, 60_000);

  it('a full disk: exit 1 at once, naming the folder and how much is free', async () => {
    const dir = mountTmpfs('2m');
    // Fill it up (tmpfs refuses the write that does not fit).
    try {
      writeFileSync(path.join(dir, 'filler'), Buffer.alloc(4 * 1024 * 1024));
    } catch {
      // ENOSPC: full, as wanted.
    }
    const running = await startServerProcess('pglite', { env: { DATA_DIR: dir }, ready: false });
    try {
      const { code } = await running.exited;
      expect(code).toBe(1);
      expect(running.output()).toContain(`The data folder ${path.join(dir, 'pglite')} is on a full disk`);
    } finally {
      await running.cleanup();
    }
  }, 60_000);

  it('a database that never answers: the server listens meanwhile, then exits naming host, port and error', async () => {
    const dbPort = await freePort();
    const running = await startServerProcess('pglite', {
      env: {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${dbPort}/nowhere`,
        DATABASE_STARTUP_WAIT_MS: '4000',
      },
      ready: false,
    });
    try {
      // Listening while it waits: alive, not ready.
      let health = 0;
      for (let i = 0; i < 100 && health !== 200; i++) {
        health = await fetch(`${running.baseUrl}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (health !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health).toBe(200);
      const ready = await fetch(`${running.baseUrl}/api/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${running.baseUrl}/api/rides`)).status).toBe(503);

      const { code } = await running.exited;
      expect(code).toBe(1);
      expect(running.output()).toMatch(
        new RegExp(
          `The database at 127\\.0\\.0\\.1:${dbPort}/nowhere did not answer within 4 s \\(DATABASE_STARTUP_WAIT_MS\\); the last error: .*ECONNREFUSED`,
        ),
      );
    } finally {
      await running.cleanup();
    }
  }, 60_000);
});
