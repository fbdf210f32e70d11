/**
 * The embedded database's folder, checked before PGlite opens it (issue 33 item 4): on a read-only or full
 * disk PGlite stopped the server with "Failed query: CREATE SCHEMA IF NOT EXISTS drizzle" or "ENOENT mkdir
 * .../pglite", which says neither where nor what. This says both.
 */
import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Below this much free space the embedded database cannot be trusted to write (a checkpoint, a migration). */
export const DATA_DIR_MIN_FREE_BYTES = 64 * 1024 * 1024;

/** A start-up failure whose message is the whole story for the operator: printed as is, exit 1. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function whatIsWrong(err: unknown): string {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'EROFS':
      return 'is on a read-only file system';
    case 'EACCES':
    case 'EPERM':
      return 'is not writable by this user';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'is on a full disk (no space left)';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'is not a folder (a file is in the way)';
    default:
      return `cannot be written (${err instanceof Error ? err.message : String(err)})`;
  }
}

/**
 * mkdir -p one folder at a time: a recursive mkdirSync reports ENOENT on a read-only file system, where a
 * plain one reports EROFS.
 */
function makeFolders(dir: string): void {
  if (existsSync(dir)) return;
  makeFolders(path.dirname(dir));
  mkdirSync(dir);
}

/**
 * Makes sure `dir` exists, can be written and has at least `minFreeBytes` free; throws a StartupError
 * naming the folder and what is wrong (set DATA_DIR to another folder, or free space).
 */
export function checkDataDir(dir: string, minFreeBytes = DATA_DIR_MIN_FREE_BYTES): void {
  const where = path.resolve(dir);
  const fail = (what: string) =>
    new StartupError(
      `The data folder ${where} ${what}. The embedded database keeps everything there: point DATA_DIR at a writable folder with free space, or set DATABASE_URL to use PostgreSQL.`,
    );
  try {
    makeFolders(where);
    // A real write: a read-only mount and a full disk both refuse it (root ignores permissions, not these).
    const probe = path.join(where, `.write-check-${process.pid}`);
    writeFileSync(probe, Buffer.alloc(64 * 1024));
    rmSync(probe, { force: true });
  } catch (err) {
    throw fail(whatIsWrong(err));
  }
  const { bavail, bsize } = statfsSync(where);
  const free = Number(bavail) * Number(bsize);
  if (free < minFreeBytes) {
    const mb = (n: number) => `${Math.floor(n / (1024 * 1024))} MB`;
    throw fail(`is on a full disk (${mb(free)} free; at least ${mb(minFreeBytes)} is needed)`);
  }
}
