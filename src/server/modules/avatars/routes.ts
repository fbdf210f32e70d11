/** Mounted by app.ts; see the app-wide features issue. */
import { Hono } from 'hono';
import type { AppBindings, Deps } from '../../http/context.ts';

export function avatarRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}

/** The get_user_avatar / update_user_avatar remote procedures (SPEC §7), under /api/rpc. */
export function avatarRpcRoutes(_deps: Deps) {
  const app = new Hono<AppBindings>();
  return app;
}
