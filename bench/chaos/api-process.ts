/**
 * The API as a child process whose pid IS the server: `node --import tsx src/server/index.ts` (not
 * `npx tsx`, which would run the server as a grandchild, so a kill -9 would orphan it). Its output goes
 * to a log file the run prints the end of on failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isListening, log, now, pollUntil, sleep } from './util.ts';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export class ApiProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> | null = null;
  /** Every start, for the report. */
  readonly starts: number[] = [];
  /** Exits the harness did not cause (a crash): time, code, signal. */
  readonly crashes: { at: number; code: number | null; signal: string | null }[] = [];
  /** Called after a crash (the harness restarts the API, as a supervisor would). */
  onCrash: (() => void) | null = null;
  private intentional = false;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
    /** The checkout whose server runs (its src/ and node_modules); this one by default. */
    readonly appDir: string = REPO_ROOT,
    /** Node's arguments: the development server by default; ['dist/server/index.js'] for the built one. */
    readonly nodeArgs: string[] = ['--import', 'tsx', 'src/server/index.ts'],
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  get running() {
    return this.child !== null;
  }

  /** Spawns the server; does not wait for it to listen (see waitHealthy). */
  start() {
    if (this.child) throw new Error('the API is already running');
    appendFileSync(
      this.logFile,
      `\n===== ${new Date().toISOString()} chaos harness: starting the API =====\n`,
    );
    const fd = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, this.nodeArgs, {
      cwd: this.appDir,
      env: this.env,
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    this.intentional = false;
    this.child = child;
    this.starts.push(now());
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        appendFileSync(this.logFile, `===== API exited: code ${code} signal ${signal} =====\n`);
        if (this.child === child) this.child = null;
        resolve(code);
        if (!this.intentional) {
          this.crashes.push({ at: now(), code, signal });
          log(`the API exited by itself (code ${code}, signal ${signal}); see ${this.logFile}`);
          this.onCrash?.();
        }
      });
    });
  }

  /**
   * Waits until GET /api/ready answers 200 (the server listens before its database is open, so
   * /api/health says alive, not serving); the time it did, or null.
   */
  async waitHealthy(timeoutMs: number): Promise<number | null> {
    return pollUntil(
      async () => {
        if (!this.child) throw new Error('the API process exited');
        const res = await fetch(`${this.baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
        await res.body?.cancel();
        return res.status === 200 ? now() : undefined;
      },
      { intervalMs: 50, timeoutMs },
    );
  }

  /**
   * kill -9, then checks nothing listens on the port any more (no orphaned server process behind the
   * pid we killed). Throws if something still does: the harness itself would be wrong.
   */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child?.pid) throw new Error('the API is not running');
    this.intentional = true;
    process.kill(child.pid, 'SIGKILL');
    await this.exited;
    const gone = await pollUntil(async () => !(await isListening(this.port, 500)), {
      intervalMs: 50,
      timeoutMs: 3_000,
    });
    if (!gone) {
      throw new Error(
        `after kill -9 of pid ${child.pid}, port ${this.port} still accepts connections: the server is not that pid`,
      );
    }
  }

  /** SIGTERM (graceful), SIGKILL after `graceMs`; the time it took. */
  async stop(graceMs = 15_000): Promise<number> {
    const child = this.child;
    if (!child?.pid) return 0;
    const started = now();
    this.intentional = true;
    child.kill('SIGTERM');
    const done = await Promise.race([this.exited!.then(() => true), sleep(graceMs).then(() => false)]);
    if (!done) {
      log(`the API did not stop within ${graceMs / 1000} s of SIGTERM: kill -9`);
      child.kill('SIGKILL');
      await this.exited;
    }
    return now() - started;
  }

  /** The last lines of the server's output. */
  tail(lines = 40): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}
