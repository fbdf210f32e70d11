/**
 * The loop both background workers (notification delivery, mail) share: a round at once, on every wake-up
 * NOTIFY (and whenever the LISTEN connection comes back, since NOTIFYs sent while it was down are lost), and
 * every `intervalMs` as a fallback. Rounds never overlap: a wake-up during a round runs one more after it.
 * A failed round is logged and the next wake-up or poll tries again; nothing escapes the timer.
 */
import type { Database } from '../db/client.ts';

export interface WorkerLoopOptions {
  /** One round of work. */
  round: () => Promise<unknown>;
  /** For the log line of a failed round. */
  name: string;
  database?: Pick<Database, 'listen'>;
  /** The channel whose NOTIFYs wake the worker, and which of their payloads do (default: all). */
  channel: string;
  wakeOn?: (payload: string) => boolean;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
}

/** Starts the loop; returns a function that stops it and waits for a round in progress. */
export async function startWorkerLoop(opts: WorkerLoopOptions): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await opts.round();
        } while (again && !stopped);
      } catch (err) {
        console.error(`${opts.name} round failed; trying again at the next poll`, err);
      } finally {
        running = null;
      }
    })();
  };
  let unlisten: (() => Promise<void>) | null = null;
  if (opts.database) {
    try {
      unlisten = await opts.database.listen(
        opts.channel,
        (payload) => {
          if (!opts.wakeOn || opts.wakeOn(payload)) run();
        },
        () => run(),
      );
    } catch (err) {
      console.error(`${opts.name}: LISTEN failed, polling only`, err);
    }
  }
  const timer = setInterval(run, opts.intervalMs ?? 5_000);
  timer.unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten?.().catch(() => undefined);
    await running;
  };
}
