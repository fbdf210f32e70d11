/**
 * /api/account: sign-up, sign-in, sign-out, password reset and magic link (see service.ts), and undoing an
 * e-mail change with the old address's link (email-change-undo.ts).
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { LOGIN_RATE_LIMIT } from '../../../shared/constants.ts';
import { EMAIL_CHANGE_UNDO, undoEmailChangeSchema } from '../../../shared/email-change.ts';
import { AUTH_ERRORS } from '../../../shared/messages.ts';
import { type SignInAnswer, secondFactorSchema } from '../../../shared/two-factor.ts';
import { forgotPasswordSchema, signInSchema } from '../../../shared/validation/auth.ts';
import { signupRequestSchema } from '../../../shared/validation/signup.ts';
import { authHeaders, readJson, withCookies } from '../../auth/forward.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody } from '../../http/errors.ts';
import { rateLimit } from '../../http/middleware.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';
import { undoEmailChange } from './email-change-undo.ts';
import {
  magicLinkSchema,
  requestPasswordReset,
  resetPassword,
  resetRequestSchema,
  sendMagicLink,
  signIn,
  signOutSchema,
  signUp,
} from './service.ts';
import { verifySecondFactor } from './two-factor.ts';

export function accountRoutes(deps: Deps) {
  const tooManyAttempts = () => new AppError(429, 'auth/rate-limit', AUTH_ERRORS['auth/rate-limit']);
  const app = new Hono<AppBindings>();

  app.post(
    '/signup',
    rateLimit(deps, 'signup', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      // The services below check the body with these schemas; noted here for the fuzz test (body-schemas.ts).
      noteBodySchema(c, signupRequestSchema);
      const user = await signUp(
        deps,
        await readJson(c.req),
        authHeaders(c.req.raw, c.get('ip')),
        c.get('ip'),
      );
      return c.json({ user, confirmationRequired: true }, 201);
    },
  );

  const signInLimit = createMiddleware<AppBindings>(async (c, next) => {
    try {
      await rateLimit(deps, 'sign-in', LOGIN_RATE_LIMIT, tooManyAttempts)(c, next);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        await recordSecurityEvent(deps.db, {
          type: 'rate_limited',
          ip: c.get('ip'),
          details: { route: c.req.path.endsWith('/two-factor') ? 'two-factor' : 'sign-in' },
        });
      }
      throw err;
    }
  });

  app.post('/sign-in', signInLimit, async (c) => {
    noteBodySchema(c, signInSchema);
    const { response, userId, twoFactorRequired } = await signIn(
      deps,
      await readJson(c.req),
      authHeaders(c.req.raw, c.get('ip')),
      c.get('ip'),
    );
    const answer: SignInAnswer = twoFactorRequired
      ? { ok: true, twoFactorRequired }
      : { ok: true, userId: userId! };
    return withCookies(response, c.json(answer));
  });

  // The code after the password (two-factor.ts). Every code, right or wrong, counts against the same
  // per-address limit as passwords do, so guessing codes is as slow as guessing passwords.
  app.post('/two-factor', signInLimit, async (c) => {
    noteBodySchema(c, secondFactorSchema);
    const { response, userId } = await verifySecondFactor(
      deps,
      await readJson(c.req),
      authHeaders(c.req.raw, c.get('ip')),
      c.get('ip'),
    );
    const answer: SignInAnswer = { ok: true, userId };
    return withCookies(response, c.json(answer));
  });

  app.post('/sign-out', async (c) => {
    const { reason } = await parseBody(c, signOutSchema).catch(() => ({ reason: 'user' as const }));
    const user = c.get('user');
    const response = await deps.auth.api.signOut({
      headers: authHeaders(c.req.raw, c.get('ip')),
      asResponse: true,
    });
    if (user) {
      deps.sessions.forgetUser(user.id);
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
      noteBodySchema(c, forgotPasswordSchema);
      await requestPasswordReset(
        deps,
        await readJson(c.req),
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
      noteBodySchema(c, resetRequestSchema);
      await resetPassword(deps, await readJson(c.req), authHeaders(c.req.raw, c.get('ip')), c.get('ip'));
      return c.json({ ok: true });
    },
  );

  // The link sent to the old address when an e-mail change took effect (issue 28, finding 8): puts the
  // address back and ends every session (email-change-undo.ts).
  app.post(
    '/undo-email-change',
    rateLimit(
      deps,
      'undo-email',
      { max: EMAIL_CHANGE_UNDO.perAddressPerHour, windowMs: 60 * 60_000 },
      tooManyAttempts,
    ),
    async (c) => {
      const { token } = await parseBody(c, undoEmailChangeSchema);
      return c.json(await undoEmailChange(deps, token, c.get('ip')));
    },
  );

  app.post(
    '/magic-link',
    rateLimit(deps, 'magic', { max: 20, windowMs: 60 * 60_000 }, tooManyAttempts),
    async (c) => {
      noteBodySchema(c, magicLinkSchema);
      await sendMagicLink(deps, await readJson(c.req), authHeaders(c.req.raw, c.get('ip')));
      return c.json({ ok: true });
    },
  );

  return app;
}
