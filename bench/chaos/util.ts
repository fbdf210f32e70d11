/** Small helpers shared by the chaos harness: clock, logging, waiting, free ports, child commands. */
import { execFile } from 'node:child_process';
import net from 'node:net';

/** When the run started (ms since the epoch); every log line and timeline mark is relative to it. */
export const RUN_STARTED = Date.now();

export const now = () => Date.now();
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number | null | undefined) =>
  ms == null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
/** A run-relative timestamp, "+12.3s". */
export const stamp = (at: number = now()) => `+${((at - RUN_STARTED) / 1000).toFixed(1)}s`;

export function log(message: string) {
  console.log(`[${stamp().padStart(8)}] ${message}`);
}

/**
 * Calls `probe` every `intervalMs` until it returns a value other than undefined/false, or `timeoutMs`
 * passes (then null). Errors thrown by the probe count as "not yet".
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { intervalMs?: number; timeoutMs: number },
): Promise<T | null> {
  const deadline = now() + opts.timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not yet
    }
    if (now() >= deadline) return null;
    await sleep(opts.intervalMs ?? 100);
  }
}

/** A TCP port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function isListening(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(true)); // no RST in time: something holds the port
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Runs a command (no shell); resolves with its output, rejects with stderr on a non-zero exit. */
export function run(
  file: string,
  args: string[],
  opts: { timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: opts.timeoutMs ?? 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file} ${args.join(' ')} failed: ${stderr.trim() || err.message}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** The n-th percentile of sorted numbers. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
