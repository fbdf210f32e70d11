/**
 * /api/me/two-factor: the signed-in user's second factor (issue 14; the work is in account/two-factor.ts).
 *   GET  /                    -> TwoFactorStatusDto
 *   POST /enable        { password } -> TwoFactorSetupDto (not in force until confirmed)
 *   POST /confirm       { code }     -> { ok: true } (on; the session cookie is renewed)
 *   POST /disable       { password } -> { ok: true } (not for administrators)
 *   POST /backup-codes  { password } -> { backupCodes } (the old codes stop working)
 */
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { confirmTwoFactorSchema, passwordConfirmSchema } from '../../../shared/two-factor.ts';
import { authHeaders, readJson, withCookies } from '../../auth/forward.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import {
  confirmSetup,
  disableTwoFactor,
  newBackupCodes,
  startSetup,
  twoFactorStatus,
} from '../account/two-factor.ts';

/** `limitPasswordAttempts`: the per-user limit the other password checks of /api/me share. */
export function twoFactorRoutes(deps: Deps, limitPasswordAttempts: (userId: string) => Promise<void>) {
  const app = new Hono<AppBindings>();

  app.get('/', async (c) => c.json(await twoFactorStatus(deps, c.get('user')!)));

  /**
   * What every change of the second factor does first: notes the body's schema (account/two-factor.ts
   * checks the body; the schema is noted for the fuzz test, body-schemas.ts), counts a password attempt
   * against the user, and reads what the change needs from the request.
   */
  async function attempt(c: Context<AppBindings>, schema: z.ZodType) {
    noteBodySchema(c, schema);
    await limitPasswordAttempts(c.get('user')!.id);
    return {
      user: c.get('user')!,
      body: await readJson(c.req),
      headers: authHeaders(c.req.raw, c.get('ip')),
      ip: c.get('ip'),
    };
  }

  app.post('/enable', async (c) => {
    const { body, headers } = await attempt(c, passwordConfirmSchema);
    return c.json(await startSetup(deps, body, headers));
  });

  app.post('/confirm', async (c) => {
    const { user, body, headers, ip } = await attempt(c, confirmTwoFactorSchema);
    return withCookies(await confirmSetup(deps, user, body, headers, ip), c.json({ ok: true }));
  });

  app.post('/disable', async (c) => {
    const { user, body, headers, ip } = await attempt(c, passwordConfirmSchema);
    return withCookies(await disableTwoFactor(deps, user, body, headers, ip), c.json({ ok: true }));
  });

  app.post('/backup-codes', async (c) => {
    const { user, body, headers, ip } = await attempt(c, passwordConfirmSchema);
    return c.json(await newBackupCodes(deps, user, body, headers, ip));
  });

  return app;
}
