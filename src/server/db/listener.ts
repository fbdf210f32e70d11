/**
 * The one PostgreSQL connection that carries every LISTEN of this process, kept alive for the life of the
 * process: a dropped connection (PostgreSQL restarted, the backend terminated, the network cut) is
 * re-established with backoff and every channel listened to again. NOTIFYs sent while it was away are gone,
 * so each handler's `onResume` is called whenever the connection comes up to catch up from the database
 * (live events are replayed from live_events, workers run a round).
 *
 * A connection can also die silently (no FIN, no error): every CHECK_INTERVAL_MS a `select 1` must answer
 * within CHECK_TIMEOUT_MS, or the connection is thrown away and made again.
 */
import pg from 'pg';

/** How the connection shows in pg_stat_activity (the chaos test cuts it by this name). */
export const LISTEN_APPLICATION_NAME = 'shuttle-listen';

export interface ListenHandler {
  onPayload(payload: string): void;
  /**
   * Called each time the connection is established: NOTIFYs may have been missed before it.
   * `reconnected` is false for the first connection of the process, true after a drop.
   */
  onResume?(reconnected: boolean): void;
}

export interface ListenerOptions {
  connectionString: string;
  /** First reconnect delay; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  checkIntervalMs?: number;
  checkTimeoutMs?: number;
  log?: (message: string, err?: unknown) => void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<ListenHandler>>();
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private everConnected = false;
  private closed = false;
  /** Resolves when the connection is up (a fresh promise after every drop). */
  private upWaiters: (() => void)[] = [];

  constructor(private readonly opts: ListenerOptions) {}

  get connected() {
    return this.client !== null;
  }

  /** Starts listening on a channel; the connection is made (or re-made) in the background. */
  listen(channel: string, handler: ListenHandler): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = this.client;
      if (client) {
        client.query(`LISTEN ${channel}`).catch((err) => this.drop(client, err));
      }
    }
    set.add(handler);
    this.ensureConnected();
    return () => {
      set.delete(handler);
    };
  }

  /** Waits (at most timeoutMs) for the connection to be up; true if it is. */
  async waitUntilConnected(timeoutMs: number): Promise<boolean> {
    if (this.client) return true;
    this.ensureConnected();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.upWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    const client = this.client;
    this.client = null;
    await this.connecting?.catch(() => undefined);
    await client?.end().catch(() => undefined);
    // A connect that finished after close() started: end it too.
    await (this.client as pg.Client | null)?.end().catch(() => undefined);
  }

  private log(message: string, err?: unknown) {
    (this.opts.log ?? ((m, e) => console.error(m, e instanceof Error ? e.message : (e ?? ''))))(message, err);
  }

  private ensureConnected() {
    if (this.closed || this.client || this.connecting || this.retryTimer) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  private async connect() {
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // Without an 'error' listener a dropped connection would end the process.
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) {
        try {
          h.onPayload(msg.payload ?? '');
        } catch (err) {
          this.log(`LISTEN handler for ${msg.channel} failed`, err);
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.scheduleRetry(err);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const reconnected = this.everConnected;
    this.everConnected = true;
    if (this.failures > 0) console.log('LISTEN connection re-established');
    this.failures = 0;
    this.startChecks(client);
    for (const wake of this.upWaiters.splice(0)) wake();
    // Every connect, the first included: a handler registered before the connection was up may have
    // missed NOTIFYs meanwhile, just as after a drop.
    for (const set of this.handlers.values()) {
      for (const h of set) {
        try {
          h.onResume?.(reconnected);
        } catch (err) {
          this.log('LISTEN resume handler failed', err);
        }
      }
    }
  }

  private startChecks(client: pg.Client) {
    if (this.checkTimer) clearInterval(this.checkTimer);
    const every = this.opts.checkIntervalMs ?? 10_000;
    const within = this.opts.checkTimeoutMs ?? 5_000;
    this.checkTimer = setInterval(() => {
      if (this.client !== client) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${within} ms`)), within);
      });
      Promise.race([client.query('select 1'), timeout])
        .catch((err) => this.drop(client, err))
        .finally(() => clearTimeout(timer));
    }, every);
    this.checkTimer.unref();
  }

  /** Forgets a broken connection and schedules a new one (once per connection, whatever reported it). */
  private drop(client: pg.Client, err: unknown) {
    if (this.client !== client) return;
    this.client = null;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = null;
    client.removeAllListeners('end');
    // A connection that stopped answering is torn down; its socket may never report anything.
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.log('LISTEN connection lost; reconnecting', err);
    this.scheduleRetry(err);
  }

  private scheduleRetry(err: unknown) {
    if (this.closed || this.retryTimer) return;
    this.failures += 1;
    const min = this.opts.minDelayMs ?? 250;
    const max = this.opts.maxDelayMs ?? 5_000;
    const base = Math.min(min * 2 ** (this.failures - 1), max);
    // Jitter, so instances do not all reconnect in the same instant.
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    if (this.failures === 2 || this.failures % 10 === 0)
      this.log(`LISTEN connection unavailable (attempt ${this.failures}); retrying in ${delay} ms`, err);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected();
    }, delay);
    this.retryTimer.unref();
  }
}
