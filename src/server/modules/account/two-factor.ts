/**
 * Two-factor sign-in (issue 14) around better-auth's twoFactor plugin (ADR 001, ADR 017): the code step of
 * signing in, and set-up, turning off and new backup codes for the signed-in account. better-auth keeps the
 * encrypted secret and backup codes and checks codes; this adds the spec's messages, the sign-in rate limit
 * and security log, the audit entries, and the one-use rule for authenticator codes that it lacks.
 */

import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  confirmTwoFactorSchema,
  passwordConfirmSchema,
  secondFactorSchema,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '../../../shared/two-factor.ts';
import { ACCOUNT_SUSPENDED, sessionCookieName } from '../../auth/auth.ts';
import { sessionTokenSet } from '../../auth/forward.ts';
import { sessions, twoFactorCodeClaims, twoFactors, users } from '../../db/schema/index.ts';
import type { Deps, SessionUser } from '../../http/context.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';
import { challengeEmail, clearGuard, confirmFailure, releaseAttempt, reserveAttempt } from './lockout.ts';

/**
 * How long an accepted authenticator code stays claimed. better-auth accepts the codes of the previous, the
 * current and the next 30-second step, so a code is good for at most 90 s; 3 minutes leaves clock slack.
 */
export const TOTP_CLAIM_SECONDS = 180;

interface AuthAnswer {
  response: Response;
  body: Record<string, unknown> & { code?: string; message?: string };
}

/** better-auth endpoints called with asResponse: the answer and its JSON body. */
async function answerOf(response: Response): Promise<AuthAnswer> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as AuthAnswer['body'];
  return { response, body };
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Records that `code` was accepted for this user. False when it already was within TOTP_CLAIM_SECONDS:
 * the primary key makes the first of two racing requests the only winner.
 */
async function claimCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  await deps.db
    .delete(twoFactorCodeClaims)
    .where(
      and(
        eq(twoFactorCodeClaims.userId, userId),
        sql`${twoFactorCodeClaims.claimedAt} < now() - make_interval(secs => ${TOTP_CLAIM_SECONDS})`,
      ),
    );
  const claimed = await deps.db
    .insert(twoFactorCodeClaims)
    .values({ userId, codeHash: hashCode(code) })
    .onConflictDoNothing()
    .returning({ userId: twoFactorCodeClaims.userId });
  return claimed.length === 1;
}

function refusal(code: string | undefined, method: 'totp' | 'backup_code'): AppError {
  switch (code) {
    case 'INVALID_TWO_FACTOR_COOKIE':
      return new AppError(401, 'auth/two-factor-expired', TWO_FACTOR_MESSAGES.challengeExpired);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return new AppError(429, 'auth/two-factor-expired', TWO_FACTOR_MESSAGES.tooManyAttempts);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError(429, 'auth/two-factor-locked', TWO_FACTOR_MESSAGES.locked);
    case ACCOUNT_SUSPENDED:
      return new AppError(403, 'auth/account-suspended', TWO_FACTOR_MESSAGES.challengeExpired);
    default:
      return new AppError(
        401,
        'auth/two-factor-invalid',
        method === 'totp' ? TWO_FACTOR_MESSAGES.invalidCode : TWO_FACTOR_MESSAGES.invalidBackupCode,
      );
  }
}

/**
 * POST /api/account/two-factor: the code after the password. better-auth's challenge cookie (set by the
 * sign-in answer) says whose code it is; on success it sets the session cookie, which the route passes on.
 */
export async function verifySecondFactor(deps: Deps, raw: unknown, headers: Headers, ip: string) {
  const parsed = secondFactorSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const { method, code } = parsed.data;
  // Whose challenge this is: wrong codes count against that address's sign-in guard (lockout.ts).
  const email = await challengeEmail(deps.db, headers.get('cookie') ?? undefined);
  // The code takes its place before it is checked (issue 28), so codes sent all at once count like codes
  // sent one by one. Only a lock (or the lock's count reached by codes in flight) stops the code step:
  // better-auth allows 5 codes per challenge, and a new challenge needs the password step, which the
  // slowdown does stop.
  if (email) await reserveAttempt(deps.db, email, 'code');
  const call =
    method === 'totp'
      ? deps.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
      : deps.auth.api.verifyBackupCode({ body: { code }, headers, asResponse: true });
  const { response, body } = await answerOf(await call);
  if (!response.ok) {
    await recordSecurityEvent(deps.db, {
      type: 'sign_in_failed',
      ip,
      details: { reason: `two-factor-${body.code ?? response.status}`, method },
    });
    if (body.code === undefined && response.status >= 500) {
      console.error('two-factor verification failed', response.status, body);
      if (email) await releaseAttempt(deps.db, email);
      throw new AppError(500, 'auth/unknown', TWO_FACTOR_MESSAGES.challengeExpired);
    }
    if (email) await confirmFailure(deps, email, ip);
    throw refusal(body.code, method);
  }
  const result = body as { token: string; user: { id: string; email: string } };
  if (method === 'totp' && !(await claimCode(deps, result.user.id, code))) {
    // A replay: take back the session better-auth just made, and pass none of its cookies on.
    await deps.db.delete(sessions).where(eq(sessions.token, result.token));
    await recordSecurityEvent(deps.db, {
      type: 'sign_in_failed',
      userId: result.user.id,
      ip,
      details: { reason: 'two-factor-reused', method },
    });
    if (email) await confirmFailure(deps, email, ip);
    throw new AppError(401, 'auth/two-factor-reused', TWO_FACTOR_MESSAGES.reusedCode);
  }
  if (email) await clearGuard(deps.db, email);
  await recordSecurityEvent(deps.db, { type: 'sign_in', userId: result.user.id, ip, details: { method } });
  await audit(deps.db, {
    actor: { id: result.user.id, email: result.user.email },
    action: 'account.sign_in',
    target: { type: 'user', id: result.user.id, label: result.user.email },
    details: { secondFactor: method },
    ip,
  });
  return { response, userId: result.user.id };
}

/** GET /api/me/two-factor */
export async function twoFactorStatus(deps: Deps, user: SessionUser): Promise<TwoFactorStatusDto> {
  const [row] = await deps.db
    .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  const enabled = Boolean(row?.enabled && row.verified);
  let backupCodesLeft: number | null = null;
  if (enabled) {
    const codes = await deps.auth.api.viewBackupCodes({ body: { userId: user.id } });
    backupCodesLeft = codes.backupCodes.length;
  }
  return { enabled, required: user.role === 'admin', backupCodesLeft };
}

function passwordOf(raw: unknown): string {
  const parsed = passwordConfirmSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.password;
}

/** better-auth's refusals of a settings call, in our words. */
function settingsRefusal(body: AuthAnswer['body'], status: number): AppError {
  if (body.code === 'INVALID_PASSWORD') {
    return new AppError(400, 'validation', TWO_FACTOR_MESSAGES.wrongPassword, [
      { path: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword },
    ]);
  }
  if (body.code === 'TOTP_ALREADY_ENABLED')
    return new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.alreadyOn);
  if (body.code === 'TOTP_NOT_ENABLED' || body.code === 'TWO_FACTOR_NOT_ENABLED') {
    return new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.setupNotStarted);
  }
  if (body.code === 'INVALID_CODE') {
    return new AppError(400, 'validation', TWO_FACTOR_MESSAGES.invalidCode, [
      { path: 'code', message: TWO_FACTOR_MESSAGES.invalidCode },
    ]);
  }
  console.error('two-factor settings call failed', status, body);
  return new AppError(500, 'internal', 'Two-factor sign-in could not be changed. Please try again.');
}

/**
 * POST /api/me/two-factor/enable: a new secret and backup codes, not yet in force. The first code from the
 * app (confirm below) turns two-factor sign-in on, so a mistyped secret never locks anyone out.
 */
export async function startSetup(deps: Deps, raw: unknown, headers: Headers): Promise<TwoFactorSetupDto> {
  const password = passwordOf(raw);
  const { response, body } = await answerOf(
    await deps.auth.api.enableTwoFactor({
      body: { password, issuer: deps.env.BRAND_NAME },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) throw settingsRefusal(body, response.status);
  const { totpURI, backupCodes } = body as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const qrSvg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUrl: totpURI, secret, qrSvg, backupCodes };
}

/** POST /api/me/two-factor/confirm: better-auth turns it on and replaces the session (cookie passed on). */
export async function confirmSetup(
  deps: Deps,
  user: SessionUser,
  raw: unknown,
  headers: Headers,
  ip: string,
) {
  const parsed = confirmTwoFactorSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const { response, body } = await answerOf(
    await deps.auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true }),
  );
  if (!response.ok) throw settingsRefusal(body, response.status);
  // The code that proved the set-up cannot be replayed to sign in.
  await claimCode(deps, user.id, parsed.data.code);
  // better-auth replaced this session with one made with the code; every other session of the account was
  // made with the password alone and ends now (issue 28), so a stolen password-only cookie does not gain
  // what the second factor protects.
  const kept = sessionTokenSet(response, sessionCookieName(deps.env));
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), kept ? ne(sessions.token, kept) : sql`true`))
    .returning({ id: sessions.id });
  await audit(deps.db, {
    actor: { id: user.id, email: user.email },
    action: 'account.two_factor_enabled',
    target: { type: 'user', id: user.id, label: user.email },
    details: { otherSessionsEnded: ended.length },
    ip,
  });
  return response;
}

/** POST /api/me/two-factor/disable: not for administrators. */
export async function disableTwoFactor(
  deps: Deps,
  user: SessionUser,
  raw: unknown,
  headers: Headers,
  ip: string,
) {
  const password = passwordOf(raw);
  if (user.role === 'admin') throw new AppError(403, 'forbidden', TWO_FACTOR_MESSAGES.adminMustKeep);
  if (!user.twoFactorEnabled) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.notOn);
  const { response, body } = await answerOf(
    await deps.auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true }),
  );
  if (!response.ok) throw settingsRefusal(body, response.status);
  await audit(deps.db, {
    actor: { id: user.id, email: user.email },
    action: 'account.two_factor_disabled',
    target: { type: 'user', id: user.id, label: user.email },
    ip,
  });
  return response;
}

/** POST /api/me/two-factor/backup-codes: ten new codes; the old ones stop working. */
export async function newBackupCodes(
  deps: Deps,
  user: SessionUser,
  raw: unknown,
  headers: Headers,
  ip: string,
): Promise<{ backupCodes: string[] }> {
  const password = passwordOf(raw);
  if (!user.twoFactorEnabled) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.notOn);
  const { response, body } = await answerOf(
    await deps.auth.api.generateBackupCodes({ body: { password }, headers, asResponse: true }),
  );
  if (!response.ok) throw settingsRefusal(body, response.status);
  await audit(deps.db, {
    actor: { id: user.id, email: user.email },
    action: 'account.backup_codes_regenerated',
    target: { type: 'user', id: user.id, label: user.email },
    ip,
  });
  return { backupCodes: (body as { backupCodes: string[] }).backupCodes };
}
