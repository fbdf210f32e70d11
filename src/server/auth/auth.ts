/**
 * better-auth configured for this app: e-mail + password with confirmation, magic link, password reset,
 * argon2id hashes, sessions in Postgres, HttpOnly SameSite cookies (Secure in production).
 */

import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins/magic-link';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { API_MESSAGES } from '../../shared/messages.ts';
import { SIGNUP_USER_TYPES } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { audit } from '../services/audit.ts';
import type { Mailer } from '../services/mail.ts';
import { afterEmailChange, beforeEmailChange } from './email-change-notice.ts';
import {
  changeEmailMail,
  guestTripMail,
  magicLinkMail,
  resetPasswordMail,
  verifyEmailMail,
} from './emails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { type SessionCreateContext, sessionAuthMethod } from './session-method.ts';

/** better-auth's e-mail tokens are JWTs; an address change carries requestType 'change-email-verification'. */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      requestType?: string;
    };
    return payload.requestType === 'change-email-verification';
  } catch {
    return false;
  }
}

/** The code better-auth answers with when a suspended account tries to start a session. */
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

/** The code for a one-time link used by an account that signs in with a second factor (see below). */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

/** The header the API sets from the socket address (any client-sent copy is removed first). */
export const CLIENT_IP_HEADER = 'x-shuttle-client-ip';

/** How long the links in account e-mails work, in seconds; a mail still unsent then is not sent at all. */
export const LINK_LIFETIME_SECONDS = {
  verifyEmail: 24 * 60 * 60,
  resetPassword: 60 * 60,
  magicLink: 15 * 60,
} as const;

/** better-auth's cookie names start with this: `__Host-` in production (Secure, Path=/, no Domain). */
const cookiePrefixFor = (env: Env) => (env.isProduction ? '__Host-better-auth' : 'better-auth');

/** The session cookie: its value (token and signature) is what the session cache is keyed by. */
export const sessionCookieName = (env: Env) => `${cookiePrefixFor(env)}.session_token`;

const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);

export interface AuthDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  trustedOrigins: string[];
  /**
   * After a password reset: the account domain lifts a lock on sign-in (issue 16), as the owner has just
   * proved who they are. Given by the wiring (app.ts), so this layer imports no domain module (issue 29).
   */
  onPasswordReset?: (email: string) => Promise<void>;
  /**
   * After any sign-in: a guest's trips waiting for their e-mail confirmation go live (issue 31), also when
   * their first link ran out and they signed in with a new one from /login. Given by the wiring.
   */
  onSignedIn?: (userId: string) => Promise<void>;
}

export function createAuth(deps: AuthDeps) {
  const { db, env, mailer } = deps;
  const brand = env.BRAND_NAME;
  return betterAuth({
    appName: brand,
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    user: {
      fields: { name: 'fullName', image: 'avatarUrl' },
      additionalFields: {
        userType: { type: 'string', required: false, defaultValue: 'customer', input: true },
        phone: { type: 'string', required: false, input: true },
        // 'active' or 'suspended' (issue 14); set by administrators only, never by a request.
        status: { type: 'string', required: false, defaultValue: 'active', input: false },
      },
      // E-mail change (/api/me/email): a confirmation link goes to the new address through
      // sendVerificationEmail below; the address changes only when that link is opened.
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS.resetPassword,
      // Account e-mails are recorded in the outbox and sent by the mail worker (ADR 011), with the link's
      // lifetime as their expiry.
      // Audited as a sensitive account event (issue 14).
      onPasswordReset: async ({ user }) => {
        await deps.onPasswordReset?.(user.email);
        await audit(db, {
          actor: { id: user.id, email: user.email },
          action: 'account.password_reset',
          target: { type: 'user', id: user.id, label: user.email },
        });
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          ...resetPasswordMail(env, user.email, url),
          expiresAt: expiresIn(LINK_LIFETIME_SECONDS.resetPassword),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Resent by our sign-in route instead, behind a rate limit (modules/account/service.ts).
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: LINK_LIFETIME_SECONDS.verifyEmail,
      sendVerificationEmail: async ({ user, url, token }) => {
        const expiresAt = expiresIn(LINK_LIFETIME_SECONDS.verifyEmail);
        // An e-mail change (/api/me/email) sends its confirmation to the new address through here too.
        if (isEmailChangeToken(token)) {
          await mailer.send({ ...changeEmailMail(env, user.email, url), expiresAt });
          return;
        }
        await mailer.send({ ...verifyEmailMail(env, user.email, url), expiresAt });
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // How the session was made (issue 28: admin rights need one made with the second factor). Set by the
      // session.create hook below, never by a request.
      additionalFields: {
        authMethod: { type: 'string', required: false, defaultValue: 'password', input: false },
      },
    },
    // Our own Postgres-backed limiter guards the sign-in, sign-up, reset and magic-link routes (see app.ts).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      // Production cookies carry the __Host- prefix (issue 16): Secure, Path=/ and no Domain, so no other
      // host or path can set or shadow them. better-auth's own secure option would give only __Secure-.
      useSecureCookies: false,
      cookiePrefix: cookiePrefixFor(env),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: env.isProduction, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account gets no session, whatever the way in (password, magic link): issue 14.
          before: async (session, ctx) => {
            const [row] = await db
              .select({ status: users.status, twoFactorEnabled: users.twoFactorEnabled })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            if (row?.status === 'suspended') {
              throw new APIError('FORBIDDEN', { message: ACCOUNT_SUSPENDED, code: ACCOUNT_SUSPENDED });
            }
            // The two-factor plugin guards the password sign-in only; a one-time e-mail link would skip the
            // second factor, so such an account gets no session from one (none is sent to it either).
            if (row?.twoFactorEnabled && ctx?.path === '/magic-link/verify') {
              throw new APIError('FORBIDDEN', { message: TWO_FACTOR_REQUIRED, code: TWO_FACTOR_REQUIRED });
            }
            return {
              data: {
                ...session,
                authMethod: sessionAuthMethod(ctx as SessionCreateContext, session.userId),
              },
            };
          },
          after: async (session) => {
            // Never fails the sign-in: the drafts stay drafts and the next sign-in tries again.
            await deps.onSignedIn?.(session.userId).catch((err: unknown) => {
              console.error('after sign-in: could not open the drafts', err);
            });
          },
        },
      },
      user: {
        create: {
          // Public sign-up can never create an admin, whatever the request says.
          before: async (user, ctx) => {
            const type = user.userType ?? 'customer';
            const fromEndpoint = ctx?.path !== undefined;
            if (fromEndpoint && !(SIGNUP_USER_TYPES as readonly unknown[]).includes(type)) {
              throw new APIError('FORBIDDEN', { message: API_MESSAGES.adminSignupRefused });
            }
            return { data: { ...user, userType: type } };
          },
        },
        // An e-mail change takes effect when the new address opens its link (issue 28, finding 8): a link
        // made before the account's last undo is refused, and the old address is told, with a link that
        // undoes the change (email-change-notice.ts).
        update: {
          before: async (data, ctx) => {
            await beforeEmailChange(db, data, ctx);
          },
          after: async (user, ctx) => {
            const ip =
              ctx?.request?.headers.get(CLIENT_IP_HEADER) ?? ctx?.headers?.get(CLIENT_IP_HEADER) ?? null;
            await afterEmailChange(deps, user, ctx, ip);
          },
        },
      },
    },
    plugins: [
      // TOTP with backup codes (issue 14). Its endpoints are reached only through /api/account and /api/me
      // (ADR 001); a sign-in challenge lasts 10 minutes and allows 5 codes, and 10 wrong codes in a row lock
      // the second factor for 15 minutes (the plugin's defaults, kept).
      twoFactor({
        issuer: brand,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      magicLink({
        disableSignUp: true,
        expiresIn: LINK_LIFETIME_SECONDS.magicLink,
        sendMagicLink: async ({ email, url, metadata }) => {
          // A guest's trip (issue 31, modules/rides/guest-post.ts): the same one-time link, worded as the
          // confirmation of their address and trip.
          const guestTrip = metadata?.purpose === 'guest-trip' ? String(metadata.trip ?? 'your trip') : null;
          await mailer.send({
            ...(guestTrip ? guestTripMail(env, email, url, guestTrip) : magicLinkMail(env, email, url)),
            expiresAt: expiresIn(LINK_LIFETIME_SECONDS.magicLink),
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
