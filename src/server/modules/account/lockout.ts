/**
 * Per-account sign-in defences (issue 16). The per-address limit (LOGIN_RATE_LIMIT) stops one client;
 * this stops many clients guessing one account's password. Failures are counted per e-mail address in a
 * window of ACCOUNT_GUARD.windowMinutes: from the slowAfter-th, the next attempt waits 1, 2, 4, 8... seconds
 * (a 429 with Retry-After, the password unchecked); at the lockAfter-th the address is locked for
 * lockMinutes, its owner is e-mailed and a security event recorded. While slowed or locked every attempt is
 * refused with the same answer, right password or not. A successful sign-in or a password reset clears it.
 *
 * Addresses without an account are counted and locked the same way, so the answers tell nothing about
 * whether an account exists (only the owner's e-mail differs, and that goes to the owner).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_GUARD } from '../../../shared/constants.ts';
import { AUTH_ERRORS } from '../../../shared/messages.ts';
import { accountLockedMail } from '../../auth/emails.ts';
import type { Db } from '../../db/client.ts';
import { signInGuards, twoFactorChallenges, users } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';

const normalise = (email: string) => email.trim().toLowerCase();

function refusal(code: 'auth/account-locked' | 'auth/slow-down', retryAfterSeconds: number): AppError {
  return new AppError(429, code, AUTH_ERRORS[code], undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Throws the 429 when this address is locked or must wait; call before checking the password or code. */
export async function assertMayTry(db: Db, email: string, opts: { lockOnly?: boolean } = {}): Promise<void> {
  const result = (await db.execute(sql`
    select extract(epoch from locked_until - now()) as locked_for,
           extract(epoch from next_attempt_at - now()) as wait_for
      from sign_in_guards where email = ${normalise(email)}`)) as unknown as {
    rows: { locked_for: string | number | null; wait_for: string | number | null }[];
  };
  const row = result.rows[0];
  if (!row) return;
  const lockedFor = Number(row.locked_for ?? 0);
  if (lockedFor > 0) throw refusal('auth/account-locked', lockedFor);
  const waitFor = Number(row.wait_for ?? 0);
  if (waitFor > 0 && !opts.lockOnly) throw refusal('auth/slow-down', waitFor);
}

/**
 * Counts one wrong password or code against the address (one atomic upsert, so racing requests each
 * count). When this failure locks it, the owner (if any) is told by e-mail and a security event kept.
 */
export async function countFailure(deps: Deps, email: string, ip: string): Promise<void> {
  const key = normalise(email);
  const { windowMinutes, slowAfter, lockAfter, lockMinutes } = ACCOUNT_GUARD;
  const result = (await deps.db.execute(sql`
    insert into sign_in_guards as g (email, failures, window_start) values (${key}, 1, now())
    on conflict (email) do update set
      failures = case when g.window_start < now() - make_interval(mins => ${windowMinutes})
                        or g.locked_until <= now() then 1 else g.failures + 1 end,
      window_start = case when g.window_start < now() - make_interval(mins => ${windowMinutes})
                            or g.locked_until <= now() then now() else g.window_start end,
      locked_until = case when g.locked_until <= now() then null else g.locked_until end,
      updated_at = now()
    returning failures`)) as unknown as { rows: { failures: number | string }[] };
  const failures = Number(result.rows[0]?.failures ?? 0);
  if (failures >= lockAfter) {
    const locked = (await deps.db.execute(sql`
      update sign_in_guards set locked_until = now() + make_interval(mins => ${lockMinutes}),
             next_attempt_at = null
       where email = ${key} and locked_until is null
      returning email`)) as unknown as { rows: unknown[] };
    if (locked.rows.length > 0) await accountLocked(deps, key, ip, failures);
  } else if (failures >= slowAfter) {
    const delaySeconds = 2 ** (failures - slowAfter);
    await deps.db.execute(sql`
      update sign_in_guards set next_attempt_at = now() + make_interval(secs => ${delaySeconds})
       where email = ${key}`);
  }
}

async function accountLocked(deps: Deps, email: string, ip: string, failures: number) {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  await recordSecurityEvent(deps.db, {
    type: 'account_locked',
    userId: user?.id ?? null,
    ip,
    details: { email, failures, minutes: ACCOUNT_GUARD.lockMinutes },
  });
  if (user) await deps.mailer.send(accountLockedMail(deps.env, user.email, ip, ACCOUNT_GUARD.lockMinutes));
}

/** The right password (and code) got through, or the password was reset: forget the failures. */
export async function clearGuard(db: Db, email: string): Promise<void> {
  await db.delete(signInGuards).where(eq(signInGuards.email, normalise(email)));
}

// --- Two-factor challenges ---------------------------------------------------------------------------

/** better-auth's two-factor challenge cookie ends in this (its prefix varies with secure cookies). */
const CHALLENGE_COOKIE = /(?:^|;\s*)([^=;\s]*\.two_factor)=([^;]*)/;
const hash = (value: string) => createHash('sha256').update(decodeURIComponent(value)).digest('hex');

/** After a right password on an account with a second factor: remember whose challenge it is. */
export async function rememberChallenge(db: Db, response: Response, email: string): Promise<void> {
  for (const cookie of response.headers.getSetCookie()) {
    const m = cookie.match(CHALLENGE_COOKIE);
    if (m?.[2]) {
      await db
        .insert(twoFactorChallenges)
        .values({ cookieHash: hash(m[2]), email: normalise(email) })
        .onConflictDoNothing();
    }
  }
}

/** The address whose challenge this request carries, or null (no challenge, or one we never issued). */
export async function challengeEmail(db: Db, cookieHeader: string | undefined): Promise<string | null> {
  const m = cookieHeader?.match(CHALLENGE_COOKIE);
  if (!m?.[2]) return null;
  const [row] = await db
    .select({ email: twoFactorChallenges.email })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.cookieHash, hash(m[2])));
  return row?.email ?? null;
}

/** Challenges live 10 minutes in better-auth; rows older than a day, and stale guards, go in the sweep. */
export async function deleteStaleGuards(db: Db): Promise<void> {
  await db.execute(sql`delete from two_factor_challenges where created_at < now() - interval '1 day'`);
  await db.execute(sql`
    delete from sign_in_guards
     where updated_at < now() - interval '1 day' and (locked_until is null or locked_until < now())`);
}
