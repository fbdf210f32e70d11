/**
 * /api/admin/users (issue 14):
 *
 *   GET    /users?q=&role=&status=&verification=&from=&to=&sort=&cursor=&limit=   AdminUserListDto
 *   GET    /users/:id                              AdminUserDetailDto
 *   POST   /users/:id/suspend        { reason }    -> { ok, sessionsEnded, tripsClosed, quotesWithdrawn }
 *   POST   /users/:id/reinstate      { reason? }
 *   POST   /users/:id/role           { role, reason }
 *   POST   /users/:id/resend-confirmation
 *   POST   /users/:id/password-reset
 *   POST   /users/:id/reset-two-factor { reason }  -> { ok, sessionsEnded } (issue 28; not one's own)
 *   POST   /users/:id/notes          { body }
 *   DELETE /users/:id                { reason }
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminNoteSchema,
  adminOptionalReasonSchema,
  adminReasonSchema,
  roleChangeSchema,
  userListQuerySchema,
} from '../../../shared/admin/users.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound, parseBody, validationError } from '../../http/errors.ts';
import { forgetSessionsAfterChange } from '../../http/middleware.ts';
import { adminContext } from './admin-context.ts';
import {
  addUserNote,
  adminDeleteUser,
  changeRole,
  reinstateUser,
  resendConfirmation,
  resetTwoFactor,
  sendPasswordReset,
  suspendUser,
} from './user-actions.ts';
import { userDetail } from './user-detail.ts';
import { listUsers } from './users-list.ts';

const uuid = z.uuid();

export function usersRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const ctx = adminContext;
  /** The :id of the path: a malformed id is a missing user. */
  const target = (id: string | undefined) => {
    const parsed = uuid.safeParse(id);
    if (!parsed.success) throw notFound();
    return parsed.data;
  };

  // An action on an account (a suspension, a new role, a deletion) ends its cached sessions at once.
  const forget = forgetSessionsAfterChange(deps, (c) => c.req.param('id'));
  app.use('/users/:id', forget);
  app.use('/users/:id/*', forget);

  app.get('/users', async (c) => {
    const parsed = userListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    c.header('Cache-Control', 'no-store');
    return c.json(await listUsers(deps.db, parsed.data));
  });

  app.get('/users/:id', async (c) => {
    const detail = await userDetail(deps.db, target(c.req.param('id')));
    if (!detail) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json(detail);
  });

  app.post('/users/:id/suspend', async (c) => {
    const id = target(c.req.param('id'));
    const { reason } = await parseBody(c, adminReasonSchema);
    return c.json({ ok: true, ...(await suspendUser(deps, ctx(c), id, reason)) });
  });

  app.post('/users/:id/reinstate', async (c) => {
    const id = target(c.req.param('id'));
    const { reason } = await parseBody(c, adminOptionalReasonSchema);
    await reinstateUser(deps, ctx(c), id, reason);
    return c.json({ ok: true });
  });

  app.post('/users/:id/role', async (c) => {
    const id = target(c.req.param('id'));
    const { role, reason } = await parseBody(c, roleChangeSchema);
    await changeRole(deps, ctx(c), id, role, reason);
    return c.json({ ok: true });
  });

  app.post('/users/:id/resend-confirmation', async (c) => {
    await resendConfirmation(deps, ctx(c), target(c.req.param('id')));
    return c.json({ ok: true });
  });

  app.post('/users/:id/password-reset', async (c) => {
    await sendPasswordReset(deps, ctx(c), target(c.req.param('id')));
    return c.json({ ok: true });
  });

  app.post('/users/:id/reset-two-factor', async (c) => {
    const id = target(c.req.param('id'));
    const { reason } = await parseBody(c, adminReasonSchema);
    return c.json({ ok: true, ...(await resetTwoFactor(deps, ctx(c), id, reason)) });
  });

  app.post('/users/:id/notes', async (c) => {
    const id = target(c.req.param('id'));
    const { body } = await parseBody(c, adminNoteSchema);
    await addUserNote(deps, ctx(c), id, body);
    return c.json({ ok: true }, 201);
  });

  app.delete('/users/:id', async (c) => {
    const id = target(c.req.param('id'));
    const { reason } = await parseBody(c, adminReasonSchema);
    await adminDeleteUser(deps, ctx(c), id, reason);
    return c.json({ ok: true });
  });

  return app;
}
