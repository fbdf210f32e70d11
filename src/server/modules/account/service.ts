/**
 * Account flows wrapped around better-auth so that every entry point applies the spec's validation,
 * the rate limits, the error codes of SPEC §8 and the security_events log.
 */

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIGN_IN_FAILURE_AUDIT } from '../../../shared/admin/audit.ts';
import { ADMIN_USER_MESSAGES } from '../../../shared/admin/users.ts';
import { PASSWORD_RESET_LIMIT } from '../../../shared/constants.ts';
import { ACCOUNT, API_MESSAGES, AUTH_ERRORS } from '../../../shared/messages.ts';
import { SIGNUP_USER_TYPES } from '../../../shared/roles.ts';
import { forgotPasswordSchema, resetPasswordSchema, signInSchema } from '../../../shared/validation/auth.ts';
import { signupRequestSchema } from '../../../shared/validation/signup.ts';
import { ACCOUNT_SUSPENDED, LINK_LIFETIME_SECONDS } from '../../auth/auth.ts';
import { noLinkWithTwoFactorMail, signupTakenMail } from '../../auth/emails.ts';
import { hashPassword } from '../../auth/password.ts';
import { drivers, securityEvents, users } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';
import { clearGuard, confirmFailure, releaseAttempt, rememberChallenge, reserveAttempt } from './lockout.ts';

/** Where the confirmation link lands: the sign-in page, which says the address is confirmed. */
export const CONFIRMED_CALLBACK = '/login?confirmed=true';

export async function findUserByEmail(deps: Deps, email: string) {
  const [row] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function signUp(deps: Deps, raw: unknown, headers: Headers, ip: string) {
  // An admin (or any unknown type) is refused before anything else: it is not a form mistake.
  const requested = (raw as { userType?: unknown } | null)?.userType;
  if (typeof requested === 'string' && !(SIGNUP_USER_TYPES as readonly unknown[]).includes(requested)) {
    await recordSecurityEvent(deps.db, {
      type: 'admin_signup_refused',
      ip,
      details: { requestedUserType: String(requested).slice(0, 40) },
    });
    throw new AppError(403, 'auth/admin-signup-refused', API_MESSAGES.adminSignupRefused);
  }
  const parsed = signupRequestSchema.safeParse(
    typeof raw === 'object' && raw !== null ? { userType: 'customer', ...raw } : raw,
  );
  if (!parsed.success) throw validationError(parsed.error);
  const input = parsed.data;

  if (await findUserByEmail(deps, input.email)) return takenSignUp(deps, input);
  let userId: string;
  try {
    const result = await deps.auth.api.signUpEmail({
      body: {
        name: input.fullName,
        email: input.email,
        password: input.password,
        userType: input.userType,
        phone: input.phone,
        callbackURL: CONFIRMED_CALLBACK,
      },
      headers,
    });
    userId = result.user.id;
  } catch (err) {
    // Two sign-ups for one address at once: the unique index decides, the loser gets the same answer.
    if (await findUserByEmail(deps, input.email)) return takenSignUp(deps, input);
    console.error('sign-up failed', err);
    throw new AppError(
      500,
      'internal',
      input.userType === 'driver' ? ACCOUNT.errorCreatingDriverAccount : ACCOUNT.errorCreatingAccount,
    );
  }
  if (input.userType === 'driver') {
    try {
      await deps.db.insert(drivers).values({
        userId,
        bspNumber: input.bspNumber,
        companyName: input.companyName || null,
        // The sign-up mobile is the business phone until the driver gives another (issue 13).
        businessPhone: input.phone,
      });
    } catch (err) {
      // Without its business record a driver account is unusable: take the account back.
      await deps.db.delete(users).where(eq(users.id, userId));
      console.error('driver record failed', err);
      throw new AppError(500, 'internal', ACCOUNT.errorCreatingDriverAccount);
    }
  }
  return { id: userId, email: input.email, fullName: input.fullName, userType: input.userType };
}

/**
 * A sign-up for an address that already has an account answers exactly like a new one (issue 16: nobody
 * learns which addresses have accounts). It hashes the password as a new sign-up does, so the answer takes
 * about as long (what remains is a new sign-up's few inserts: docs/SECURITY.md), and the owner is told by
 * e-mail after the answer, at most 3 times an hour.
 */
async function takenSignUp(
  deps: Deps,
  input: { email: string; password: string; fullName: string; userType: string },
) {
  await hashPassword(input.password);
  deps.later.run('sign-up with a taken address', async () => {
    const owner = await findUserByEmail(deps, input.email);
    const limit = await hitRateLimit(
      deps.db,
      `signup-taken:${input.email.toLowerCase()}`,
      PASSWORD_RESET_LIMIT,
    );
    if (owner && limit.allowed) await deps.mailer.send(signupTakenMail(deps.env, owner.email));
  });
  return { id: randomUUID(), email: input.email, fullName: input.fullName, userType: input.userType };
}

interface AuthErrorLike {
  status?: number | string;
  statusCode?: number;
  body?: { code?: string; message?: string };
}

export async function signIn(deps: Deps, raw: unknown, headers: Headers, ip: string) {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) {
    const emailInvalid = parsed.error.issues.some(
      (i) => i.path[0] === 'email' && i.message === AUTH_ERRORS['auth/invalid-email'],
    );
    if (emailInvalid) throw new AppError(400, 'auth/invalid-email', AUTH_ERRORS['auth/invalid-email']);
    throw new AppError(400, 'auth/missing-credentials', AUTH_ERRORS['auth/missing-credentials']);
  }
  const { email, password } = parsed.data;
  // This attempt takes its place first (issue 28): slowed or locked after repeated failures on this address,
  // or beaten to the last place by attempts sent at the same moment, it is refused before the password is
  // checked. The place is settled below: cleared, given back, or confirmed as a failure.
  await reserveAttempt(deps.db, email, 'password');
  try {
    const response = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true, callbackURL: CONFIRMED_CALLBACK },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      throw { status: response.status, body } satisfies AuthErrorLike;
    }
    const body = (await response.json()) as {
      user?: { id: string; email: string };
      twoFactorRedirect?: boolean;
    };
    if (body.twoFactorRedirect || !body.user) {
      // The password is right and the account has a second factor: better-auth made no session, only a
      // short-lived challenge cookie; POST /api/account/two-factor finishes the sign-in (two-factor.ts).
      await rememberChallenge(deps.db, response, email);
      await releaseAttempt(deps.db, email);
      return { response, userId: null, twoFactorRequired: true };
    }
    await clearGuard(deps.db, email);
    await recordSecurityEvent(deps.db, { type: 'sign_in', userId: body.user.id, ip });
    await audit(deps.db, {
      actor: { id: body.user.id, email: body.user.email },
      action: 'account.sign_in',
      target: { type: 'user', id: body.user.id, label: body.user.email },
      ip,
    });
    return { response, userId: body.user.id, twoFactorRequired: false };
  } catch (err) {
    const e = err as AuthErrorLike;
    const code = e.body?.code;
    const user = await findUserByEmail(deps, email);
    const reason =
      code === 'EMAIL_NOT_VERIFIED'
        ? 'email-not-confirmed'
        : code === ACCOUNT_SUSPENDED
          ? 'account-suspended'
          : 'invalid-credentials';
    await recordSecurityEvent(deps.db, {
      type: 'sign_in_failed',
      userId: user?.id ?? null,
      ip,
      details: { reason, email },
    });
    if (user && code === ACCOUNT_SUSPENDED) {
      // The password was right (better-auth checks it before it makes a session): say why, and audit it.
      await audit(deps.db, {
        actor: { id: user.id, email: user.email },
        action: 'account.sign_in_refused_suspended',
        target: { type: 'user', id: user.id, label: user.email },
        ip,
      });
      throw new AppError(
        403,
        'auth/account-suspended',
        ADMIN_USER_MESSAGES.suspendedSignIn(deps.env.SUPPORT_EMAIL),
      );
    }
    if (reason === 'invalid-credentials') {
      await confirmFailure(deps, email, ip);
      if (user) await auditRepeatedFailures(deps, user, ip);
    } else {
      // The password was right (an unconfirmed or suspended account): not a failure to count.
      await releaseAttempt(deps.db, email);
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      // A fresh confirmation link, at most 3 an hour, so failed sign-ins cannot flood an inbox.
      const resend = await hitRateLimit(deps.db, `verify:${email}`, { max: 3, windowMs: 60 * 60_000 });
      if (resend.allowed) {
        await deps.auth.api
          .sendVerificationEmail({ body: { email, callbackURL: CONFIRMED_CALLBACK }, headers })
          .catch((mailErr: unknown) => console.error('confirmation resend failed', mailErr));
      }
      throw new AppError(403, 'auth/email-not-confirmed', AUTH_ERRORS['auth/email-not-confirmed']);
    }
    if (
      code === 'INVALID_EMAIL_OR_PASSWORD' ||
      code === 'PASSWORD_TOO_LONG' ||
      e.status === 401 ||
      e.status === 'UNAUTHORIZED'
    ) {
      throw new AppError(401, 'auth/invalid-credentials', AUTH_ERRORS['auth/invalid-credentials']);
    }
    console.error('sign-in failed', err);
    throw new AppError(500, 'auth/unknown', AUTH_ERRORS['auth/unknown']);
  }
}

/**
 * Failed sign-ins are security events; the moment one account reaches SIGN_IN_FAILURE_AUDIT.count failures
 * within the window, that is audited once (and again at every further multiple).
 */
async function auditRepeatedFailures(deps: Deps, user: { id: string; email: string }, ip: string) {
  const { count, windowMinutes } = SIGN_IN_FAILURE_AUDIT;
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, user.id),
        eq(securityEvents.eventType, 'sign_in_failed'),
        sql`${securityEvents.createdAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    );
  const failures = row?.n ?? 0;
  if (failures > 0 && failures % count === 0) {
    await audit(deps.db, {
      actor: null,
      action: 'account.sign_in_failures',
      target: { type: 'user', id: user.id, label: user.email },
      details: { failures, windowMinutes },
      ip,
    });
  }
}

export const signOutSchema = z.object({ reason: z.enum(['user', 'session_timeout']).default('user') });

export async function requestPasswordReset(deps: Deps, raw: unknown, headers: Headers, ip: string) {
  const parsed = forgotPasswordSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const { email } = parsed.data;
  const limit = await hitRateLimit(deps.db, `reset:${email}`, PASSWORD_RESET_LIMIT);
  if (!limit.allowed) {
    throw new AppError(429, 'auth/reset-rate-limit', ACCOUNT.tooManyResetAttempts, undefined, {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  // Everything that depends on whether the address has an account happens after the answer, so the
  // answer takes the same time either way (issue 16, services/later.ts).
  deps.later.run('password reset request', async () => {
    const user = await findUserByEmail(deps, email);
    await recordSecurityEvent(deps.db, {
      type: 'password_reset_requested',
      userId: user?.id ?? null,
      ip,
      details: { email },
    });
    // better-auth makes the token and writes the mail to the outbox only for an existing account.
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers });
  });
}

export const resetRequestSchema = z.intersection(
  resetPasswordSchema,
  z.object({
    token: z.string({ error: ACCOUNT.resetFailed }).min(1, { error: ACCOUNT.resetFailed }).max(512),
  }),
);

export async function resetPassword(deps: Deps, raw: unknown, headers: Headers, ip: string) {
  const parsed = resetRequestSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  try {
    await deps.auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
      headers,
    });
  } catch {
    throw new AppError(
      400,
      'validation',
      'This password reset link is invalid or has expired. Please ask for a new one.',
    );
  }
  await recordSecurityEvent(deps.db, { type: 'password_reset', ip });
}

export const magicLinkSchema = z.object({ email: forgotPasswordSchema.shape.email });

export async function sendMagicLink(deps: Deps, raw: unknown, headers: Headers) {
  const parsed = magicLinkSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const limit = await hitRateLimit(deps.db, `magic:${parsed.data.email}`, PASSWORD_RESET_LIMIT);
  if (!limit.allowed) {
    throw new AppError(429, 'auth/rate-limit', AUTH_ERRORS['auth/rate-limit'], undefined, {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  // Only existing accounts get a link, decided after the answer so that it takes the same time either way
  // (issue 16). An account with two-factor sign-in gets none: a link would skip the second factor
  // (auth.ts refuses one made before it was on).
  const email = parsed.data.email;
  deps.later.run('magic link request', async () => {
    const user = await findUserByEmail(deps, email);
    if (user?.twoFactorEnabled) {
      await deps.mailer.send({
        ...noLinkWithTwoFactorMail(deps.env, user.email, `${deps.env.APP_URL}/login`),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_SECONDS.magicLink * 1000),
      });
    } else if (user) {
      await deps.auth.api.signInMagicLink({
        body: { email, callbackURL: '/dashboard', errorCallbackURL: '/login?magic_link=failed' },
        headers,
      });
    }
  });
}
