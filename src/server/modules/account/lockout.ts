/**
 * Per-account sign-in defences (issue 16). The per-address limit (LOGIN_RATE_LIMIT) stops one client;
 * this stops many clients guessing one account's password. Failures are counted per e-mail address in a
 * window of ACCOUNT_GUARD.windowMinutes: from the slowAfter-th, the next attempt waits 1, 2, 4, 8... seconds
 * (a 429 with Retry-After, the password unchecked); at the lockAfter-th the address is locked for
 * lockMinutes, its owner is e-mailed and a security event recorded. While slowed or locked every attempt is
 * refused with the same answer, right password or not. A successful sign-in or a password reset clears it.
 * Each attempt takes its place before its password is checked (issue 28), so attempts sent all at once are
 * held to the same numbers as attempts sent one after another.
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

/** SQL: the guard's window has run out (or its lock has): the next attempt starts counting afresh. */
const FRESH = sql.raw(`(g.window_start < now() - make_interval(mins => ${ACCOUNT_GUARD.windowMinutes})
                        or g.locked_until <= now())`);

/**
 * Takes this attempt's place before the password or code is checked (issue 28): one atomic upsert counts it
 * as a failure in advance, and only when the address is neither locked nor (for a password) told to wait,
 * nor already at the lock's count with attempts in flight. So N requests arriving at once for one account
 * are checked at most until the slowdown starts (the slowAfter-th sets the wait): the rest are refused
 * without their password being looked at. The caller then settles it: `clearGuard` when the sign-in
 * completes, `releaseAttempt` when the password was right but no session was made (a code still to come,
 * an unconfirmed or suspended account), `confirmFailure` when it was wrong.
 */
export async function reserveAttempt(db: Db, email: string, step: 'password' | 'code'): Promise<void> {
  const { slowAfter, lockAfter } = ACCOUNT_GUARD;
  const key = normalise(email);
  const checksWait = step === 'password';
  const result = (await db.execute(sql`
    insert into sign_in_guards as g (email, failures, window_start, updated_at) values (${key}, 1, now(), now())
    on conflict (email) do update set
      failures = (case when ${FRESH} then 0 else g.failures end) + 1,
      window_start = case when ${FRESH} then now() else g.window_start end,
      locked_until = case when g.locked_until <= now() then null else g.locked_until end,
      next_attempt_at = case
        when (case when ${FRESH} then 0 else g.failures end) + 1 >= ${slowAfter}
          then now() + make_interval(secs => power(2, (case when ${FRESH} then 0 else g.failures end) + 1 - ${slowAfter}))
        when ${FRESH} then null
        else g.next_attempt_at end,
      updated_at = now()
    where (g.locked_until is null or g.locked_until <= now())
      and (${FRESH} or (g.failures < ${lockAfter}
                        and (not ${checksWait} or g.next_attempt_at is null or g.next_attempt_at <= now())))
    returning failures`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0) return;
  // No place: say why, from the row as it is now.
  const now = (await db.execute(sql`
    select extract(epoch from locked_until - now()) as locked_for,
           extract(epoch from next_attempt_at - now()) as wait_for
      from sign_in_guards where email = ${key}`)) as unknown as {
    rows: { locked_for: string | number | null; wait_for: string | number | null }[];
  };
  const lockedFor = Number(now.rows[0]?.locked_for ?? 0);
  if (lockedFor > 0) throw refusal('auth/account-locked', lockedFor);
  throw refusal('auth/slow-down', Math.max(1, Number(now.rows[0]?.wait_for ?? 1)));
}

/**
 * The password was right but the sign-in is not complete (a second factor to come, an unconfirmed or a
 * suspended account): the attempt counted in advance is given back, with the wait it may have set.
 */
export async function releaseAttempt(db: Db, email: string): Promise<void> {
  await db.execute(sql`
    update sign_in_guards
       set failures = greatest(failures - 1, 0),
           next_attempt_at = case when failures - 1 >= ${ACCOUNT_GUARD.slowAfter} then next_attempt_at end
     where email = ${normalise(email)}`);
}

/**
 * The password or code was wrong: it was counted by `reserveAttempt` already. When the count has reached
 * the lock, the address is locked (once: the row's lock is set by one statement) and its owner, if any, is
 * told by e-mail and a security event kept.
 */
export async function confirmFailure(deps: Deps, email: string, ip: string): Promise<void> {
  const key = normalise(email);
  const { lockAfter, lockMinutes } = ACCOUNT_GUARD;
  const locked = (await deps.db.execute(sql`
    update sign_in_guards set locked_until = now() + make_interval(mins => ${lockMinutes}), next_attempt_at = null
     where email = ${key} and locked_until is null and failures >= ${lockAfter}
    returning failures`)) as unknown as { rows: { failures: number | string }[] };
  const row = locked.rows[0];
  if (row) await accountLocked(deps, key, ip, Number(row.failures));
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
