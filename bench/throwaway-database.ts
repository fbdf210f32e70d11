/**
 * A throwaway PostgreSQL database for a benchmark: made on the server DATABASE_URL names, dropped by
 * `drop()` (unless kept). Every bench that measures PostgreSQL starts with one.
 */
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  /** DATABASE_URL with the throwaway database's name in it. */
  url: string;
  /** Drops it (WITH FORCE), unless `keep`; says so when kept. */
  drop(): Promise<void>;
}

/**
 * `prefix` names it (`bench_<prefix>_<time>`; BENCH_DATABASE_PREFIX in the environment replaces `bench_`, for a
 * shared server where each user keeps to names of their own). `reuse`: an existing database instead (not dropped); `keep`:
 * leave it after the run, for EXPLAIN by hand. Without DATABASE_URL the process exits with a message,
 * unless `fallbackUrl` is given.
 */
export async function throwawayDatabase(
  prefix: string,
  opts: { reuse?: string; keep?: boolean; fallbackUrl?: string } = {},
): Promise<ThrowawayDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? opts.fallbackUrl;
  if (!adminUrl) {
    console.error('Set DATABASE_URL to a PostgreSQL server (a throwaway database is created on it).');
    process.exit(1);
  }
  const name =
    opts.reuse ?? `${process.env.BENCH_DATABASE_PREFIX ?? 'bench_'}${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  admin.on('error', (e) => console.error('admin connection:', e.message));
  if (!opts.reuse) await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (opts.reuse || opts.keep) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
