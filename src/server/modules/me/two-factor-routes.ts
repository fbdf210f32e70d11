/**
 * /api/me/two-factor: the signed-in user's second factor (issue 14; the work is in account/two-factor.ts).
 *   GET  /                    -> TwoFactorStatusDto
 *   POST /enable        { password } -> TwoFactorSetupDto (not in force until confirmed)
 *   POST /confirm       { code }     -> { ok: true } (on; the session cookie is renewed)
 *   POST /disable       { password } -> { ok: true } (not for administrators)
 *   POST /backup-codes  { password } -> { backupCodes } (the old codes stop working)
 */
import { Hono } from 'hono';
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

  // account/two-factor.ts checks each body; its schema is noted for the fuzz test (body-schemas.ts).
  app.post('/enable', async (c) => {
    noteBodySchema(c, passwordConfirmSchema);
    await limitPasswordAttempts(c.get('user')!.id);
    return c.json(await startSetup(deps, await readJson(c.req.raw), authHeaders(c.req.raw, c.get('ip'))));
  });

  app.post('/confirm', async (c) => {
    noteBodySchema(c, confirmTwoFactorSchema);
    await limitPasswordAttempts(c.get('user')!.id);
    const response = await confirmSetup(
      deps,
      c.get('user')!,
      await readJson(c.req.raw),
      authHeaders(c.req.raw, c.get('ip')),
      c.get('ip'),
    );
    return withCookies(response, c.json({ ok: true }));
  });

  app.post('/disable', async (c) => {
    noteBodySchema(c, passwordConfirmSchema);
    await limitPasswordAttempts(c.get('user')!.id);
    const response = await disableTwoFactor(
      deps,
      c.get('user')!,
      await readJson(c.req.raw),
      authHeaders(c.req.raw, c.get('ip')),
      c.get('ip'),
    );
    return withCookies(response, c.json({ ok: true }));
  });

  app.post('/backup-codes', async (c) => {
    noteBodySchema(c, passwordConfirmSchema);
    await limitPasswordAttempts(c.get('user')!.id);
    return c.json(
      await newBackupCodes(
        deps,
        c.get('user')!,
        await readJson(c.req.raw),
        authHeaders(c.req.raw, c.get('ip')),
        c.get('ip'),
      ),
    );
  });

  return app;
}
