/**
 * The API's own middleware: client address, origin check, session loading, the role and admin-rights checks
 * (hasAdminRights, issue 28), flood and rate limits counted before the work.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { FLOOD_LIMITS, type FloodLimit } from '../../shared/constants.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { hasPermission, hasRole, type Permission, type Role, roleOf } from '../../shared/roles.ts';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_CODE } from '../../shared/two-factor.ts';
import { CLIENT_IP_HEADER, sessionCookieName } from '../auth/auth.ts';
import { isSecondFactorMethod } from '../auth/session-method.ts';
import { hitRateLimit, releaseSlot, takeSlot } from '../services/rate-limit.ts';
import type { AppBindings, Deps, SessionUser } from './context.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';

/** Client address from the socket; X-Forwarded-For (its last hop) only when TRUST_PROXY says a proxy sets it. */
export function clientIp(deps: Deps) {
  return createMiddleware<AppBindings>(async (c, next) => {
    let ip = 'unknown';
    if (deps.env.TRUST_PROXY) {
      // The proxy appends the address it saw; anything before it was written by the client.
      ip = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || ip;
    }
    if (ip === 'unknown') {
      try {
        ip = getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        // No socket (an in-process request): keep 'unknown'.
      }
    }
    c.set('ip', ip);
    await next();
  });
}

/**
 * Cross-site request guard for state-changing calls: a browser always sends Origin on them, and it must
 * be the app's own. Requests without Origin (curl, server-to-server) carry no ambient cookies by a browser.
 */
export function originCheck(trustedOrigins: string[]) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin && !trustedOrigins.includes(origin)) {
        throw new AppError(403, 'bad_origin', API_MESSAGES.badOrigin);
      }
    }
    await next();
  });
}

/** Loads the session (if any) into c.var.user. */
export function sessionLoader(deps: Deps) {
  const cookieName = sessionCookieName(deps.env);
  return createMiddleware<AppBindings>(async (c, next) => {
    // No session cookie: a guest, with nothing to look up (issue 17).
    const cookie = getCookie(c, cookieName);
    if (!cookie) {
      c.set('user', null);
      c.set('sessionId', null);
      return next();
    }
    // A session verified a moment ago and not changed since (auth/session-cache.ts).
    const cached = deps.sessions.get(cookie);
    if (cached) {
      c.set('user', cached.user);
      c.set('sessionId', cached.sessionId);
      return next();
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('ip'));
    const result = await deps.auth.api.getSession({ headers });
    // A suspended account's sessions are deleted when it is suspended; this covers one read in between.
    const suspended = (result?.user as { status?: string } | undefined)?.status === 'suspended';
    if (result && !suspended) {
      const u = result.user as typeof result.user & {
        userType?: string;
        phone?: string | null;
        twoFactorEnabled?: boolean | null;
      };
      const method = (result.session as { authMethod?: unknown }).authMethod;
      const user: SessionUser = {
        id: u.id,
        email: u.email,
        fullName: u.name,
        userType: u.userType ?? 'customer',
        role: roleOf(u.userType),
        avatarUrl: u.image ?? null,
        phone: u.phone ?? null,
        emailVerified: u.emailVerified,
        twoFactorEnabled: u.twoFactorEnabled === true,
        secondFactor: isSecondFactorMethod(method),
      };
      c.set('user', user);
      c.set('sessionId', result.session.id);
      deps.sessions.set(cookie, user, result.session.id, new Date(result.session.expiresAt));
    } else {
      c.set('user', null);
      c.set('sessionId', null);
    }
    await next();
  });
}

/**
 * After a change this instance makes to an account (its own settings, an administrator's action on it,
 * a sign-out), that account's cached sessions go at once, so the next request, here, sees the change. The
 * database's notification does the same for every instance a moment later (auth/session-cache.ts).
 * A refused request (4xx, 5xx) changed nothing: the sessions stay, or every form sent back with a mistake
 * would cost the person's next request a full session check (issue 34).
 */
export function forgetSessionsAfterChange(
  deps: Deps,
  whose: (c: Context<AppBindings>) => string | undefined,
) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const userId = c.req.method === 'GET' ? undefined : whose(c);
    await next();
    if (userId && c.res.status < 400) deps.sessions.forgetUser(userId);
  });
}

/**
 * Whether this request may use administrator rights: an administrator whose session was made with the
 * second factor (issue 28; the account having one is not enough: a password-only cookie from before it was
 * turned on, or from before a promotion, stays password-only). The one check for every admin-only path.
 */
export function hasAdminRights(user: SessionUser | null): boolean {
  return user?.role === 'admin' && user.secondFactor;
}

/**
 * An administrator acts for the whole marketplace, so a password alone is not enough (issues 14, 28): without
 * a session made with the second factor, every role- or permission-guarded route refuses them with a code
 * the web app turns into the set-up page (or a new sign-in when it is already on). Their own account routes
 * (/api/me, /api/session) stay open for the set-up.
 */
export function refuseAdminWithoutSecondFactor(user: SessionUser) {
  if (user.role === 'admin' && !hasAdminRights(user)) {
    const message = user.twoFactorEnabled
      ? TWO_FACTOR_MESSAGES.adminSignInAgain
      : TWO_FACTOR_MESSAGES.adminSetupRequired;
    throw new AppError(403, TWO_FACTOR_REQUIRED_CODE, message);
  }
}

/**
 * What an administrator without a second factor may still use: their own account (where the set-up is) and
 * what the app's frame loads on every page (notifications, push, avatar).
 */
const SELF_SERVICE_PATHS = [
  '/api/me',
  '/api/notifications',
  '/api/notification-preferences',
  '/api/push',
  '/api/avatars',
  '/api/rpc',
];

export const requireUser = createMiddleware<AppBindings>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  // Routes open to any signed-in user still show an administrator everyone's records (a trip, a booking).
  if (!SELF_SERVICE_PATHS.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`))) {
    refuseAdminWithoutSecondFactor(user);
  }
  await next();
});

/** Passes for the given roles; admin passes every role check (SPEC §6). */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    refuseAdminWithoutSecondFactor(user);
    if (!hasRole(user.role, roles)) throw forbidden();
    await next();
  });
}

export function requirePermission(permission: Permission) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    refuseAdminWithoutSecondFactor(user);
    if (!hasPermission(user.role, permission)) throw forbidden();
    await next();
  });
}

/**
 * A flood limit (issues 16, 28; FLOOD_LIMITS), per account or per client address for a guest. The request
 * takes its place before the route runs, in one statement, so 100 sent at once pass at most the places left;
 * a request the route does not accept (not 2xx) gives its place back, so a form sent back with a mistake
 * costs nothing. Once the hour's allowance is used, 429 `rate_limited` naming what and when to try again,
 * with Retry-After. Mount after the session loader.
 */
export function floodLimit(deps: Deps, name: FloodLimit) {
  const rule = FLOOD_LIMITS[name];
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = c.get('user');
    const key = `flood:${name}:${user ? `user:${user.id}` : `ip:${c.get('ip')}`}`;
    const slot = await takeSlot(deps.db, key, rule);
    if (!slot.allowed) {
      throw new AppError(
        429,
        'rate_limited',
        API_MESSAGES.tooManyInAWhile(rule.what, slot.retryAfterSeconds),
        undefined,
        { 'Retry-After': String(slot.retryAfterSeconds) },
      );
    }
    let accepted = false;
    try {
      await next();
      accepted = c.res.status >= 200 && c.res.status < 300;
    } finally {
      if (!accepted) await releaseSlot(deps.db, key, slot);
    }
  });
}

/** A Postgres-backed limit per client address for one route: counted first, one atomic upsert. */

export function rateLimit(
  deps: Deps,
  name: string,
  rule: { max: number; windowMs: number },
  error: () => AppError,
) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const result = await hitRateLimit(deps.db, `${name}:ip:${c.get('ip')}`, rule);
    if (!result.allowed) {
      const err = error();
      throw new AppError(err.status, err.code, err.message, undefined, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
    await next();
  });
}
