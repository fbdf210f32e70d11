/** /api/account: sign-up, sign-in, sign-out, password reset and magic link (see service.ts). */
import { Hono } from 'hono';
import { LOGIN_RATE_LIMIT } from '../../../shared/constants.ts';
import { AUTH_ERRORS } from '../../../shared/messages.ts';
import { CLIENT_IP_HEADER } from '../../auth/auth.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody } from '../../http/errors.ts';
import { rateLimit } from '../../http/middleware.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';
import {
  requestPasswordReset,
  resetPassword,
  sendMagicLink,
  signIn,
  signOutSchema,
  signUp,
} from './service.ts';

async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return null;
  }
}

function authHeaders(req: Request, ip: string) {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** Copies better-auth's Set-Cookie headers onto our JSON answer. */
function withCookies(from: Response, to: Response) {
  for (const cookie of from.headers.getSetCookie()) to.headers.append('set-cookie', cookie);
  return to;
}

export function accountRoutes(deps: Deps) {
  const tooManyAttempts = () => new AppError(429, 'auth/rate-limit', AUTH_ERRORS['auth/rate-limit']);
  const app = new Hono<AppBindings>();

  app.post(
    '/signup',
    rateLimit(deps, 'signup', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      const user = await signUp(
        deps,
        await readJson(c.req.raw),
        authHeaders(c.req.raw, c.get('ip')),
        c.get('ip'),
      );
      return c.json({ user, confirmationRequired: true }, 201);
    },
  );

  app.post(
    '/sign-in',
    async (c, next) => {
      try {
        await rateLimit(deps, 'sign-in', LOGIN_RATE_LIMIT, tooManyAttempts)(c, next);
      } catch (err) {
        if (err instanceof AppError && err.status === 429) {
          await recordSecurityEvent(deps.db, {
            type: 'rate_limited',
            ip: c.get('ip'),
            details: { route: 'sign-in' },
          });
        }
        throw err;
      }
    },
    async (c) => {
      const { response, userId } = await signIn(
        deps,
        await readJson(c.req.raw),
        authHeaders(c.req.raw, c.get('ip')),
        c.get('ip'),
      );
      return withCookies(response, c.json({ ok: true, userId }));
    },
  );

  app.post('/sign-out', async (c) => {
    const { reason } = await parseBody(c, signOutSchema).catch(() => ({ reason: 'user' as const }));
    const user = c.get('user');
    const response = await deps.auth.api.signOut({
      headers: authHeaders(c.req.raw, c.get('ip')),
      asResponse: true,
    });
    if (user) {
      await recordSecurityEvent(deps.db, {
        type: reason === 'session_timeout' ? 'session_timeout' : 'sign_out',
        userId: user.id,
        ip: c.get('ip'),
        details: { reason },
      });
    }
    return withCookies(response, c.json({ ok: true }));
  });

  app.post(
    '/forgot-password',
    rateLimit(deps, 'forgot', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      await requestPasswordReset(
        deps,
        await readJson(c.req.raw),
        authHeaders(c.req.raw, c.get('ip')),
        c.get('ip'),
      );
      return c.json({ ok: true });
    },
  );

  app.post(
    '/reset-password',
    rateLimit(deps, 'reset', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      await resetPassword(deps, await readJson(c.req.raw), authHeaders(c.req.raw, c.get('ip')), c.get('ip'));
      return c.json({ ok: true });
    },
  );

  app.post(
    '/magic-link',
    rateLimit(deps, 'magic', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      await sendMagicLink(deps, await readJson(c.req.raw), authHeaders(c.req.raw, c.get('ip')));
      return c.json({ ok: true });
    },
  );

  return app;
}
