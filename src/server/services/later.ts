/**
 * Work a route does after it has answered (issue 16): the answer to "send me a reset link" must not take
 * longer when the address has an account, so the lookup, the token and the e-mail (into the outbox) happen
 * once the response has gone out. "Gone out" means the socket write finished: with the embedded database
 * every query runs on the main thread, so starting sooner would hold the answer back. Not durable: a crash
 * in the milliseconds between the answer and the outbox insert loses that request, and the person asks
 * again. Shutdown waits for what is in flight.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

export interface Later {
  /** Runs `work` once the current response has been sent; failures are logged, never thrown. */
  run(name: string, work: () => Promise<unknown>): void;
  /** Runs `fn` (a request) with its Node response, so `run` can wait for it to be sent. */
  scope<T>(outgoing: ServerResponse | undefined, fn: () => Promise<T>): Promise<T>;
  /** Resolves when everything started so far has finished (shutdown, tests). */
  drain(): Promise<void>;
}

/** Resolves when the response has been written (or the client went away); at once outside a request. */
function sent(outgoing: ServerResponse | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) return setImmediate(resolve);
    outgoing.once('finish', resolve);
    outgoing.once('close', resolve);
  });
}

export function createLater(): Later {
  const pending = new Set<Promise<void>>();
  const current = new AsyncLocalStorage<ServerResponse | undefined>();
  return {
    run(name, work) {
      const task: Promise<void> = sent(current.getStore())
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => console.error(`${name} failed after answering`, err),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    scope(outgoing, fn) {
      return current.run(outgoing, fn);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
