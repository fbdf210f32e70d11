/**
 * The databases the run reads and breaks.
 *
 * PostgreSQL: a scratch cluster of its own (`pg_createcluster <version> chaos --port 5440`, trust auth on
 * 127.0.0.1), created fresh (any leftover dropped first) and dropped at the end. Never the shared cluster
 * on 5432. PGlite: the server's DATA_DIR, which the harness opens only while the server is stopped (a
 * PGlite folder belongs to one process at a time).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { run } from './util.ts';

export const CLUSTER_NAME = 'chaos';

/** A read/write handle for the checks: raw SQL with $n parameters. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export class ScratchCluster {
  readonly adminUrl: string;
  readonly databaseUrl: string;

  constructor(
    readonly version: string,
    readonly port: number,
    readonly database = 'shuttle_chaos',
  ) {
    this.adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    this.databaseUrl = `postgres://postgres@127.0.0.1:${port}/${database}`;
  }

  private async exists(): Promise<boolean> {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    return stdout.split('\n').some((l) => {
      const [ver, name] = l.trim().split(/\s+/);
      return ver === this.version && name === CLUSTER_NAME;
    });
  }

  /** Drops a leftover `chaos` cluster, creates a new one with trust auth over TCP, starts it, makes the database. */
  async create() {
    await this.drop();
    await run(
      'pg_createcluster',
      [
        this.version,
        CLUSTER_NAME,
        '--port',
        String(this.port),
        '--start',
        '--start-conf=manual',
        '--',
        '--auth-host=trust',
        '--auth-local=peer',
      ],
      { timeoutMs: 120_000 },
    );
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${this.database}`);
    } finally {
      await admin.end();
    }
  }

  /**
   * `pg_ctlcluster <version> chaos restart -m immediate` in its two halves: an immediate stop (a crash: no
   * checkpoint, every connection cut) and a start (crash recovery), so the harness can note when it was down.
   */
  async stopImmediate() {
    await run('pg_ctlcluster', [this.version, CLUSTER_NAME, 'stop', '-m', 'immediate'], {
      timeoutMs: 120_000,
    });
  }

  async start() {
    await run('pg_ctlcluster', [this.version, CLUSTER_NAME, 'start'], { timeoutMs: 120_000 });
  }

  async drop() {
    if (await this.exists()) {
      await run('pg_dropcluster', [this.version, CLUSTER_NAME, '--stop'], { timeoutMs: 120_000 });
    }
  }

  /** A connection per query: survives the restarts the run causes. */
  sql(): Sql {
    const url = this.databaseUrl;
    return {
      async query<T>(text: string, params: unknown[] = []) {
        const client = new pg.Client({
          connectionString: url,
          application_name: 'chaos-harness',
          connectionTimeoutMillis: 3_000,
        });
        client.on('error', () => undefined);
        await client.connect();
        try {
          return (await client.query(text, params)).rows as T[];
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      async close() {},
    };
  }
}

/** Opens the server's PGlite data (DATA_DIR/pglite); only while the server is stopped. */
export async function openPglite(dataDir: string): Promise<Sql> {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.waitReady;
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await db.query<T>(text, params)).rows;
    },
    close: () => db.close(),
  };
}
