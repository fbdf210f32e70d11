/**
 * `npm run test:chaos`, a step of `npm test` (issue 33 item 3): the chaos run in its short form, so that
 * main is tested under faults on every CI run. With PostgreSQL (DATABASE_URL set and pg_createcluster
 * installed, as in CI) it runs every fault on a scratch cluster of its own (port 5440, dropped after);
 * without, on PGlite (kill -9 and the SMTP outage). About 2 minutes; the long run stays `npm run chaos`
 * (bench/README.md, "Chaos").
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The short run: 1 trip a second, 8 s of load before, between and after faults, SMTP down 15 s. A send
 * may take 20 s, so the e-mail the kill -9 left claimed is tried again 50 s later, not 150 s.
 */
export const SHORT_RUN = [
  '--rate',
  '1',
  '--settle',
  '8',
  '--smtp-outage',
  '15',
  '--drain-timeout',
  '150',
  '--server-env',
  'MAIL_SEND_TIMEOUT_MS=20000',
];

const postgres =
  Boolean(process.env.DATABASE_URL) &&
  existsSync('/usr/bin/pg_createcluster') &&
  process.getuid?.() === 0 &&
  existsSync('/usr/lib/postgresql/15/bin/postgres');
const db = postgres ? 'postgres' : 'pglite';
if (!postgres) {
  console.log(
    'test:chaos: no PostgreSQL to make a scratch cluster with (DATABASE_URL, pg_createcluster, root): the PGlite run',
  );
}
const run = spawnSync('npx', ['tsx', 'bench/chaos.ts', '--db', db, ...SHORT_RUN], { stdio: 'inherit' });
process.exit(run.status ?? 1);
