/**
 * `npm run create-admin -- --email a@b.c [--name "Full Name"] [--password ...]`
 *
 * Makes an administrator (public sign-up never can, SPEC §6); the work is ensureAdmin's, shared with the
 * server's ADMIN_EMAIL start-up option. This file adds the command line: argument checks with the shared
 * form schemas, a guard against opening a PGlite folder the server holds, and a report of what changed.
 * - The account exists: it becomes an admin (user_type 'admin') with a confirmed e-mail address.
 * - It does not: --name and --password are required; the account is created through better-auth (so the
 *   password is hashed with argon2id like every other), as a customer, because better-auth's create hook
 *   refuses other types from an endpoint, and is then made an admin with a confirmed address.
 *
 * It opens the same database as the server (DATABASE_URL, else PGlite in DATA_DIR). A PGlite data
 * directory can be opened by one process at a time and PGlite takes no lock: the command refuses to run
 * while another process (the server) has the folder open. Stop the server first.
 * Exit code 0 on success, 1 with a message on failure.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../shared/messages.ts';
import { emailField, fullNameField, passwordField } from '../../shared/validation/auth.ts';
import { trustedOriginsFor } from '../app.ts';
import { createAuth } from '../auth/auth.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { type Env, loadEnv } from '../env.ts';
import { ensureAdmin } from '../modules/admin/ensure-admin.ts';
import { createMailer, type Mailer, mailFrom } from '../services/mail.ts';

const USAGE = `Usage: npm run create-admin -- --email <address> [--name "Full Name"] [--password <password>]

Makes the account with this e-mail address an administrator (and marks its address confirmed).
If there is no such account, --name and --password are required and the account is created.

It uses the server's database: PostgreSQL when DATABASE_URL is set (with DATABASE_MIGRATION_URL too
when the server has it: the migrations run first, as the owner), otherwise PGlite in DATA_DIR (default
./data). A PGlite data directory can be opened by only one process at a time, so stop the server
(npm start / npm run dev) before running this command against it.`;

class CliError extends Error {}

function parseCli(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
}

function check<T extends z.ZodType>(schema: T, value: unknown, option: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new CliError(`--${option}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}

/** The root cause of an error: Drizzle wraps the driver's error ("Failed query: ...") in its own. */
function reasonOf(err: unknown): string {
  let e: unknown = err;
  while (e instanceof Error && e.cause !== undefined) e = e.cause;
  if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0];
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return e.message || (typeof code === 'string' ? code : e.name);
  }
  return String(e);
}

/** The database URL without its password, for messages. */
function describeDatabase(env: Env): string {
  if (!env.DATABASE_URL) return `PGlite in ${env.DATA_DIR}`;
  try {
    const url = new URL(env.DATABASE_URL);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * Processes other than this one holding a file open inside the PGlite folder (a running server keeps its
 * catalog files open). PGlite itself takes no lock, and a second process writing the same folder would
 * corrupt it. Linux only (reads /proc); null where /proc is not available.
 */
function processesUsing(dir: string): { pid: number; command: string }[] | null {
  if (!existsSync('/proc/self/fd')) return null;
  const resolved = existsSync(dir) ? realpathSync(dir) : path.resolve(dir);
  const prefix = `${resolved}${path.sep}`;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(prefix);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {}
    found.push({ pid: Number(entry), command });
  }
  return found;
}

/** Without /proc: a server answering at APP_URL on PGlite is most likely using this folder. */
async function serverAnswersAt(appUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${appUrl}/api/health`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json()) as { database?: string };
    return res.ok && body.database === 'pglite';
  } catch {
    return false;
  }
}

const STOP_THE_SERVER =
  'A PGlite data directory can be opened by only one process at a time. Stop the server ' +
  '(npm start / npm run dev) and run this command again, or set DATABASE_URL to use PostgreSQL.';

async function open(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) {
    if (env.DATA_DIR.startsWith('memory://')) {
      throw new CliError(
        'DATA_DIR is an in-memory database: an administrator created there would be lost at once.',
      );
    }
    const folder = path.resolve(env.DATA_DIR, 'pglite');
    const holders = processesUsing(folder);
    if (holders && holders.length > 0) {
      const list = holders.map((u) => `  pid ${u.pid}: ${u.command || '(unknown command)'}`).join('\n');
      throw new CliError(
        `The PGlite database in ${folder} is open in another process:\n${list}\n${STOP_THE_SERVER}`,
      );
    }
    if (holders === null && (await serverAnswersAt(env.APP_URL))) {
      throw new CliError(`A server on PGlite is answering at ${env.APP_URL}.\n${STOP_THE_SERVER}`);
    }
  }
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      directUrl: env.DATABASE_DIRECT_URL,
      migrationUrl: env.DATABASE_MIGRATION_URL,
      dataDir: env.DATA_DIR,
    });
  } catch (err) {
    const reason = reasonOf(err);
    if (!env.DATABASE_URL) {
      throw new CliError(
        `Could not open the PGlite database in ${env.DATA_DIR}: ${reason}\nCheck that DATA_DIR is a folder this user can write. ${STOP_THE_SERVER}`,
      );
    }
    throw new CliError(`Could not open ${describeDatabase(env)}: ${reason}`);
  }
}

async function findUser(db: Database['db'], email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      userType: users.userType,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

async function run(argv: string[]): Promise<void> {
  const args = parseCli(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  if (args.email === undefined) throw new CliError(`--email is required.\n\n${USAGE}`);
  const email = check(emailField, args.email, 'email');

  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }

  const where = describeDatabase(env);
  if (!env.DATABASE_URL && !env.DATA_DIR.startsWith('memory://')) {
    console.log(`Using PGlite in ${env.DATA_DIR}: the server must be stopped while this command runs.`);
  }
  const database = await open(env);
  try {
    const db = database.db;
    const existing = await findUser(db, email);

    if (existing && (args.name !== undefined || args.password !== undefined)) {
      console.log(
        'The account already exists: --name and --password are ignored (name and password are unchanged).',
      );
    }
    let name: string | undefined;
    let password: string | undefined;
    if (!existing) {
      if (args.name === undefined || args.password === undefined) {
        throw new CliError(
          `There is no account for ${email} in ${where}. To create one, give --name and --password as well.\n\n${USAGE}`,
        );
      }
      name = check(fullNameField(VALIDATION.fullNameRequired), args.name, 'name');
      password = check(passwordField, args.password, 'password');
    }

    // Any other mail is only recorded in the outbox; the server's mail worker sends it once it runs.
    const mailer = createMailer(db, { from: mailFrom(env) });
    // The address is marked confirmed at once, so better-auth's sign-up confirmation mail would only
    // confuse the new administrator ("if you did not sign up, ignore this e-mail"): leave it unrecorded.
    const cliMailer: Mailer = {
      send: (message, opts) =>
        message.kind === 'verify-email'
          ? Promise.resolve({ id: '', messageId: '' })
          : mailer.send(message, opts),
    };
    const auth = createAuth({ db, env, mailer: cliMailer, trustedOrigins: trustedOriginsFor(env) });

    let outcome: Awaited<ReturnType<typeof ensureAdmin>>;
    try {
      outcome = await ensureAdmin({ db, auth }, { email, name, password });
    } catch (err) {
      throw new CliError(`Could not make ${email} an administrator: ${reasonOf(err)}`);
    }
    // Check the result in the database: better-auth answers a sign-up for an address taken meanwhile
    // with a made-up user, and an update of that id changes nothing.
    const after = await findUser(db, email);
    if (after?.userType !== 'admin' || !after.emailVerified) {
      throw new CliError(
        `${email} is not an administrator after all (another change got there first?); run this command again.`,
      );
    }

    if (outcome === 'unchanged') {
      console.log(
        `${after.email} is already an administrator with a confirmed address (${where}). Nothing changed.`,
      );
    } else if (outcome === 'promoted' && existing) {
      console.log(
        `Made the existing account ${after.email} (${after.fullName}, was ${existing.userType}${existing.emailVerified ? '' : ', address unconfirmed'}) an administrator with a confirmed address (${where}).`,
      );
    } else {
      console.log(
        `Created the administrator ${after.email} (${after.fullName}) with a confirmed address (${where}). They can sign in now.`,
      );
    }
  } finally {
    await database.close().catch(() => {});
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof CliError) console.error(`create-admin: ${err.message}`);
    else console.error('create-admin failed:', err);
    process.exit(1);
  },
);
