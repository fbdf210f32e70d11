/**
 * The loop both background workers (notification delivery, mail) share: a round at once, on every wake-up
 * NOTIFY (and whenever the LISTEN connection comes back, since NOTIFYs sent while it was down are lost), and
 * every `intervalMs` as a fallback. Rounds never overlap: a wake-up during a round runs one more after it.
 * A failed round is logged and the next wake-up or poll tries again; nothing escapes the timer.
 *
 * Rounds start at most once per `minGapMs` (issue 34): at 200 accepts a second every commit NOTIFYs, and a
 * round per NOTIFY made the workers claim and send one row at a time, paying a round's fixed statements for
 * each. Wake-ups within the gap are coalesced into one round at its end, which takes the whole batch.
 *
 * A round that stops before its work is done (a cap on what one round takes) answers `more: true`, and
 * another runs after the gap, as if woken: with no new NOTIFY the rest would wait for the next poll (issue
 * 34: 200 e-mails left for up to 5 s after a burst, the mail round's cap).
 */
import type { Database } from '../db/client.ts';

/** What a round may answer: `more` when it stopped before its work was done. */
export interface RoundOutcome {
  more?: boolean;
}

export interface WorkerLoopOptions {
  /** One round of work. */
  round: () => Promise<RoundOutcome | undefined>;
  /** For the log line of a failed round. */
  name: string;
  database?: Pick<Database, 'listen'>;
  /** The channel whose NOTIFYs wake the worker, and which of their payloads do (default: all). */
  channel: string;
  wakeOn?: (payload: string) => boolean;
  /** Poll interval (default 5 s). */
  intervalMs?: number;
  /** The least time between the starts of two rounds (default WORKER_MIN_GAP_MS). */
  minGapMs?: number;
}

/** Wake-ups are coalesced into at most one round per this many milliseconds. */
export const WORKER_MIN_GAP_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the loop; returns a function that stops it and waits for a round in progress. */
export async function startWorkerLoop(opts: WorkerLoopOptions): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const gap = opts.minGapMs ?? WORKER_MIN_GAP_MS;
  let lastStart = Number.NEGATIVE_INFINITY;
  let deferred: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + gap - Date.now();
    if (wait > 0) {
      // Too soon after the last round: one round at the end of the gap takes this wake-up and any more.
      deferred ??= setTimeout(() => {
        deferred = null;
        run();
      }, wait);
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          lastStart = Date.now();
          const outcome = await opts.round();
          if (outcome?.more) again = true;
          const rest = lastStart + gap - Date.now();
          if (again && !stopped && rest > 0) await sleep(rest);
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
    if (deferred) clearTimeout(deferred);
    await unlisten?.().catch(() => undefined);
    await running;
  };
}
