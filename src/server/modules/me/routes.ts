/**
 * /api/me: the signed-in user's own account.
 *   PATCH  /                       { fullName, phone? }              -> { user: { fullName, phone, email } }
 *   POST   /email                  { newEmail, password }            -> { ok: true, pendingEmail }
 *   POST   /password               { currentPassword, newPassword }  -> { ok: true } (other sessions ended)
 *   GET    /sessions                                                 -> { items: SessionDto[] }
 *   POST   /sessions/revoke-others                                   -> { ok: true, revoked }
 *   DELETE /                       { confirm: 'DELETE', password }   -> { ok: true } (signed out)
 *   /two-factor/*                  two-factor sign-in (two-factor-routes.ts)
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { authHeaders, withCookies } from '../../auth/forward.ts';
import { sessions } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, forbidden, parseBody } from '../../http/errors.ts';
import { forgetSessionsAfterChange, requireUser } from '../../http/middleware.ts';
import { audit } from '../../services/audit.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';
import { accessibilityRoutes } from './accessibility.ts';
import {
  checkPassword,
  deleteAccount,
  deleteAccountSchema,
  emailChangeSchema,
  ME_MESSAGES,
  passwordChangeSchema,
  profileUpdateSchema,
  updateProfile,
} from './service.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

/** Password checks per user (change and delete share it). */
const PASSWORD_ATTEMPTS = { max: 10, windowMs: 60 * 60_000 } as const;

export function meRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);
  // A change to one's own account (password, e-mail, two-factor, name) is seen by the next request.
  app.use(
    '*',
    forgetSessionsAfterChange(deps, (c) => c.get('user')?.id),
  );

  const limitPasswordAttempts = async (userId: string) => {
    const r = await hitRateLimit(deps.db, `me-password:${userId}`, PASSWORD_ATTEMPTS);
    if (!r.allowed) {
      throw new AppError(429, 'rate_limited', ME_MESSAGES.tooManyAttempts, undefined, {
        'Retry-After': String(r.retryAfterSeconds),
      });
    }
  };

  app.route('/two-factor', twoFactorRoutes(deps, limitPasswordAttempts));

  app.patch('/', async (c) => {
    const user = c.get('user')!;
    const input = await parseBody(c, profileUpdateSchema);
    return c.json({ user: await updateProfile(deps, user.id, input) });
  });

  app.post('/email', async (c) => {
    const user = c.get('user')!;
    const { newEmail, password } = await parseBody(c, emailChangeSchema);
    if (newEmail === user.email.toLowerCase()) {
      throw new AppError(400, 'validation', ME_MESSAGES.sameEmail, [
        { path: 'newEmail', message: ME_MESSAGES.sameEmail },
      ]);
    }
    // The current password first (issue 28, finding 8): a stolen session alone cannot move the account.
    // It counts against the same per-user limit as the other password checks, and nothing happens before.
    await limitPasswordAttempts(user.id);
    await checkPassword(deps, user.id, password);
    const limit = await hitRateLimit(deps.db, `me-email:${user.id}`, { max: 5, windowMs: 60 * 60_000 });
    if (!limit.allowed) throw new AppError(429, 'rate_limited', ME_MESSAGES.tooManyAttempts);
    // better-auth sends the confirmation link to the new address (for an address already in use it sends
    // nothing and answers the same, so the answer reveals nothing). The address changes when it is opened.
    await deps.auth.api.changeEmail({
      body: { newEmail, callbackURL: '/profile?emailChanged=true' },
      headers: authHeaders(c.req.raw, c.get('ip')),
    });
    await audit(deps.db, {
      actor: { id: user.id, email: user.email },
      action: 'account.email_change_requested',
      target: { type: 'user', id: user.id, label: user.email },
      details: { newEmail },
      ip: c.get('ip'),
    });
    return c.json({ ok: true, pendingEmail: newEmail });
  });

  app.post('/password', async (c) => {
    const user = c.get('user')!;
    const input = await parseBody(c, passwordChangeSchema);
    if (input.currentPassword === input.newPassword) {
      throw new AppError(400, 'validation', ME_MESSAGES.samePassword, [
        { path: 'newPassword', message: ME_MESSAGES.samePassword },
      ]);
    }
    await limitPasswordAttempts(user.id);
    await checkPassword(deps, user.id, input.currentPassword);
    // better-auth hashes the new password, ends every other session and renews this one's cookie.
    const response = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: authHeaders(c.req.raw, c.get('ip')),
      asResponse: true,
    });
    if (!response.ok) {
      console.error('password change failed', response.status, await response.text().catch(() => ''));
      throw new AppError(400, 'validation', ME_MESSAGES.wrongPassword);
    }
    await audit(deps.db, {
      actor: { id: user.id, email: user.email },
      action: 'account.password_changed',
      target: { type: 'user', id: user.id, label: user.email },
      ip: c.get('ip'),
    });
    return withCookies(response, c.json({ ok: true }));
  });

  app.get('/sessions', async (c) => {
    const user = c.get('user')!;
    const current = c.get('sessionId');
    const rows = await deps.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.updatedAt))
      .limit(50);
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        current: r.id === current,
        userAgent: r.userAgent,
        ipAddress: r.ipAddress,
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: r.updatedAt.toISOString(),
      })),
    });
  });

  app.post('/sessions/revoke-others', async (c) => {
    const user = c.get('user')!;
    const current = c.get('sessionId');
    if (!current) throw forbidden();
    const removed = await deps.db
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, current)))
      .returning({ id: sessions.id });
    return c.json({ ok: true, revoked: removed.length });
  });

  app.delete('/', async (c) => {
    const user = c.get('user')!;
    const input = await parseBody(c, deleteAccountSchema);
    if (user.role === 'admin') throw new AppError(403, 'forbidden', ME_MESSAGES.adminDelete);
    await limitPasswordAttempts(user.id);
    await checkPassword(deps, user.id, input.password);
    await deleteAccount(deps, user.id);
    await audit(deps.db, {
      actor: { id: user.id, email: user.email },
      action: 'account.deleted',
      target: { type: 'user', id: user.id, label: user.email },
      ip: c.get('ip'),
    });
    // The session row is gone with the others; this clears the browser's cookie.
    const response = await deps.auth.api.signOut({
      headers: authHeaders(c.req.raw, c.get('ip')),
      asResponse: true,
    });
    return withCookies(response, c.json({ ok: true }));
  });

  // GET/PUT /accessibility: the account's accessibility settings (accessibility.ts).
  accessibilityRoutes(app, deps);

  return app;
}
