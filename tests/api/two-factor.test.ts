/**
 * Two-factor sign-in (issue 14): set-up in /api/me/two-factor, the code step of signing in, backup codes,
 * the one-use rule, the sign-in rate limit, and administrators refused until their second factor is on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, freshTotp, totpAt } from '../support/totp.ts';
import {
  databaseKinds,
  enableTwoFactor,
  errorOf,
  readMailbox,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestServer,
} from './helpers.ts';

describe.each(databaseKinds())('two-factor sign-in (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  const auditOf = (userId: string, action: string) =>
    rows<{ action: string; details: Record<string, unknown> }>(
      server.db,
      sql`select action, details from audit_log where target_id = ${userId} and action = ${action} order by id`,
    );

  /** Password step only: the answer and a client holding just the challenge cookie. */
  async function passwordStep(email: string, password: string) {
    const client = server.client();
    const res = await client.post('/api/account/sign-in', { email, password });
    return { client, res, body: (await res.json()) as { ok: boolean; twoFactorRequired?: boolean } };
  }

  it('sends an administrator without a second factor to set it up: every admin and record route refuses', async () => {
    const a = await signedInClient(server, { fullName: 'Nova Admin' });
    await server.db.execute(sql`update users set user_type = 'admin' where id = ${a.userId}`);

    const session = await a.client.session();
    expect(session.user?.role).toBe('admin');
    expect(session.user?.twoFactorEnabled).toBe(false);
    for (const path of ['/api/admin/users', '/api/admin/dashboard', '/api/bookings', '/api/issues']) {
      const res = await a.client.get(path);
      expect(res.status, path).toBe(403);
      const err = await errorOf(res);
      expect(err.code).toBe('auth/two-factor-required');
      expect(err.message).toBe(
        'Administrators must turn on two-factor sign-in before using the admin pages. Set it up in Settings.',
      );
    }
    // Their own account stays open, so they can set it up.
    expect((await a.client.get('/api/me/two-factor')).status).toBe(200);

    await enableTwoFactor(server, { email: a.email, password: a.password });
    // Turning it on (in another session) ended this password-only session (issue 28); signed in again with
    // the code, the administrator is let in.
    expect((await a.client.session()).user).toBeNull();
    expect((await a.client.signIn(a.email, a.password)).status).toBe(200);
    expect((await a.client.session()).user?.twoFactorEnabled).toBe(true);
    expect((await a.client.get('/api/admin/users')).status).toBe(200);
  });

  it('sets up with the password, a QR code, a secret and backup codes; the first code turns it on', async () => {
    const c = await signedInClient(server, { fullName: 'Tess Totp' });
    expect(await (await c.client.get('/api/me/two-factor')).json()).toEqual({
      enabled: false,
      required: false,
      backupCodesLeft: null,
    });

    const wrong = await c.client.post('/api/me/two-factor/enable', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('That password is not right.');
    expect((await c.client.post('/api/me/two-factor/enable', {})).status).toBe(400);
    expect((await c.client.post('/api/me/two-factor/enable', 'not json')).status).toBe(400);

    const setup = await c.client.post('/api/me/two-factor/enable', { password: c.password });
    expect(setup.status).toBe(200);
    const dto = (await setup.json()) as {
      secret: string;
      otpauthUrl: string;
      qrSvg: string;
      backupCodes: string[];
    };
    expect(dto.secret).toMatch(/^[A-Z2-7]+$/);
    expect(dto.otpauthUrl).toContain(`secret=${dto.secret}`);
    expect(dto.otpauthUrl).toContain(encodeURIComponent(c.email));
    expect(dto.qrSvg).toMatch(/^<svg/);
    expect(dto.backupCodes).toHaveLength(10);
    for (const code of dto.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    // Not in force until a code proves the app has the secret: the password alone still signs in.
    const before = await passwordStep(c.email, c.password);
    expect(before.body.twoFactorRequired).toBeUndefined();

    const badCode = await c.client.post('/api/me/two-factor/confirm', { code: '000000' });
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).message).toBe(
      'That code is not right. Check your authenticator app and try again.',
    );
    const badShape = await c.client.post('/api/me/two-factor/confirm', { code: '12ab' });
    expect(badShape.status).toBe(400);
    expect((await errorOf(badShape)).message).toBe(
      'The code is the 6 digits your authenticator app shows for this account.',
    );

    const ok = await c.client.post('/api/me/two-factor/confirm', { code: await freshTotp(dto.secret) });
    expect(ok.status).toBe(200);
    // better-auth replaces the session; the client holds the new cookie and stays signed in.
    expect((await c.client.session()).user?.twoFactorEnabled).toBe(true);
    expect(await (await c.client.get('/api/me/two-factor')).json()).toEqual({
      enabled: true,
      required: false,
      backupCodesLeft: 10,
    });
    expect(await auditOf(c.userId, 'account.two_factor_enabled')).toHaveLength(1);
  });

  it('asks for the code after the password; a wrong, malformed or reused code gets no session', async () => {
    const a = await signUpAndConfirm(server, { fullName: 'Cody Coder' });
    const secret = await enableTwoFactor(server, a);

    const step = await passwordStep(a.email, a.password);
    expect(step.res.status).toBe(200);
    expect(step.body).toEqual({ ok: true, twoFactorRequired: true });
    expect((await step.client.session()).user).toBeNull();

    const wrong = await step.client.post('/api/account/two-factor', { method: 'totp', code: '000000' });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toMatchObject({
      code: 'auth/two-factor-invalid',
      message: 'That code is not right. Check your authenticator app and try again.',
    });
    for (const body of [
      {},
      { method: 'totp' },
      { method: 'totp', code: 'abcdef' },
      { method: 'sms', code: '1' },
    ]) {
      expect((await step.client.post('/api/account/two-factor', body)).status).toBe(400);
    }
    expect((await step.client.post('/api/account/two-factor', 'nonsense')).status).toBe(400);
    expect((await step.client.session()).user).toBeNull();

    // People type codes with a space; that is fine.
    const code = await freshTotp(secret);
    const right = await step.client.post('/api/account/two-factor', {
      method: 'totp',
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(right.status).toBe(200);
    expect((await step.client.session()).user?.email).toBe(a.email);
    const signIns = await auditOf(a.userId ?? '', 'account.sign_in');
    expect(signIns.at(-1)?.details).toMatchObject({ secondFactor: 'totp' });

    // The same code again, from another browser that knows the password: refused, no session.
    const replay = await passwordStep(a.email, a.password);
    const reused = await replay.client.post('/api/account/two-factor', { method: 'totp', code });
    expect(reused.status).toBe(401);
    expect(await errorOf(reused)).toMatchObject({
      code: 'auth/two-factor-reused',
      message: 'That code has already been used. Wait for the next code in your authenticator app.',
    });
    expect((await replay.client.session()).user).toBeNull();
    expect(
      reused.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('Max-Age=0')),
    ).toBe(false);
  });

  it('lets two browsers race with one code: exactly one gets a session', async () => {
    const a = await signUpAndConfirm(server, { fullName: 'Rae Racer' });
    const secret = await enableTwoFactor(server, a);
    const one = await passwordStep(a.email, a.password);
    const two = await passwordStep(a.email, a.password);
    const code = await freshTotp(secret);
    const answers = await Promise.all([
      one.client.post('/api/account/two-factor', { method: 'totp', code }),
      two.client.post('/api/account/two-factor', { method: 'totp', code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses the code step without the password step, and after five wrong codes asks for the password again', async () => {
    const lone = server.client();
    const res = await lone.post('/api/account/two-factor', { method: 'totp', code: '123456' });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({
      code: 'auth/two-factor-expired',
      message: 'Your sign-in has timed out. Enter your e-mail and password again.',
    });

    const a = await signUpAndConfirm(server, { fullName: 'Wendy Wrong' });
    const secret = await enableTwoFactor(server, a);
    const step = await passwordStep(a.email, a.password);
    for (let i = 0; i < 5; i++) {
      expect(
        (await step.client.post('/api/account/two-factor', { method: 'totp', code: '000000' })).status,
      ).toBe(401);
    }
    const sixth = await step.client.post('/api/account/two-factor', {
      method: 'totp',
      code: await freshTotp(secret),
    });
    expect(sixth.status).toBe(429);
    expect((await errorOf(sixth)).message).toBe(
      'Too many wrong codes. Enter your e-mail and password again.',
    );
    expect((await step.client.session()).user).toBeNull();
  });

  it('counts every code against the sign-in limit of the address', async () => {
    const a = await signUpAndConfirm(server, { fullName: 'Lim Itt' });
    await enableTwoFactor(server, a);
    const ip = '10.77.0.1';
    const client = server.client({ ip });
    let status = 0;
    let tries = 0;
    // 30 a minute per address (LOGIN_RATE_LIMIT), passwords and codes together.
    while (tries < 40) {
      tries += 1;
      const res =
        tries % 4 === 1
          ? await client.post('/api/account/sign-in', { email: a.email, password: a.password })
          : await client.post('/api/account/two-factor', { method: 'totp', code: '999999' });
      status = res.status;
      if (status === 429 && (await errorOf(res)).code === 'auth/rate-limit') break;
    }
    expect(status).toBe(429);
    expect(tries).toBe(31);
    const limited = await rows<{ details: { route: string } }>(
      server.db,
      sql`select details from security_events where event_type = 'rate_limited' and ip_address = ${ip}`,
    );
    expect(limited.map((r) => r.details.route)).toContain('two-factor');
  });

  it('signs in with a backup code once; new codes replace the old ones', async () => {
    const c = await signedInClient(server, { fullName: 'Bea Backup' });
    const setup = await c.client.post('/api/me/two-factor/enable', { password: c.password });
    const { secret, backupCodes } = (await setup.json()) as { secret: string; backupCodes: string[] };
    expect(
      (await c.client.post('/api/me/two-factor/confirm', { code: await freshTotp(secret) })).status,
    ).toBe(200);

    const first = await passwordStep(c.email, c.password);
    const used = backupCodes[0]!;
    expect(
      (await first.client.post('/api/account/two-factor', { method: 'backup_code', code: used })).status,
    ).toBe(200);
    expect((await first.client.session()).user?.email).toBe(c.email);
    expect(
      ((await (await c.client.get('/api/me/two-factor')).json()) as { backupCodesLeft: number })
        .backupCodesLeft,
    ).toBe(9);

    const again = await passwordStep(c.email, c.password);
    const refused = await again.client.post('/api/account/two-factor', { method: 'backup_code', code: used });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe(
      'That backup code is not right, or it has been used already.',
    );

    const renewed = await c.client.post('/api/me/two-factor/backup-codes', { password: c.password });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(await auditOf(c.userId, 'account.backup_codes_regenerated')).toHaveLength(1);
    const old = await again.client.post('/api/account/two-factor', {
      method: 'backup_code',
      code: backupCodes[1]!,
    });
    expect(old.status).toBe(401);
    // Without the hyphen works too.
    const newOne = await again.client.post('/api/account/two-factor', {
      method: 'backup_code',
      code: fresh[0]!.replace('-', ''),
    });
    expect(newOne.status).toBe(200);
  });

  it('lets a customer turn it off with the password, but never an administrator', async () => {
    const c = await signedInClient(server, { fullName: 'Otto Off' });
    expect((await c.client.post('/api/me/two-factor/disable', { password: c.password })).status).toBe(409);
    await enableTwoFactor(server, c);
    expect((await c.client.post('/api/me/two-factor/disable', { password: 'wrong-password-1' })).status).toBe(
      400,
    );
    const off = await c.client.post('/api/me/two-factor/disable', { password: c.password });
    expect(off.status).toBe(200);
    expect((await c.client.session()).user?.twoFactorEnabled).toBe(false);
    expect(await auditOf(c.userId, 'account.two_factor_disabled')).toHaveLength(1);
    const step = await passwordStep(c.email, c.password);
    expect(step.body.twoFactorRequired).toBeUndefined();

    const a = await signedInClient(server, { fullName: 'Adam Keeps' });
    await server.db.execute(sql`update users set user_type = 'admin' where id = ${a.userId}`);
    await enableTwoFactor(server, a);
    const adminOff = await a.client.post('/api/me/two-factor/disable', { password: a.password });
    expect(adminOff.status).toBe(403);
    expect((await errorOf(adminOff)).message).toBe(
      'Administrators must keep two-factor sign-in turned on. It protects every account on the marketplace.',
    );
    expect(await (await a.client.get('/api/me/two-factor')).json()).toMatchObject({
      enabled: true,
      required: true,
    });
  });

  it('sends no one-time sign-in link to an account with a second factor, and a suspended one gets no code step', async () => {
    const a = await signUpAndConfirm(server, { fullName: 'Mag Nolink' });
    await enableTwoFactor(server, a);
    const res = await server.client().post('/api/account/magic-link', { email: a.email });
    expect(res.status).toBe(200);
    await server.deps.later.drain();
    const mails = await readMailbox(server.baseUrl, a.email);
    expect(mails.filter((m) => m.kind === 'magic-link')).toHaveLength(0);
    const why = mails.find((m) => m.kind === 'magic-link-two-factor');
    expect(why?.subject).toBe('Sign in to ShuttleQuote with your password and code');
    expect(why?.text).toContain('a link would skip your authenticator code');
    expect(why?.text).toContain(`${server.baseUrl}/login`);

    await server.db.execute(sql`update users set status = 'suspended' where lower(email) = ${a.email}`);
    const step = await passwordStep(a.email, a.password);
    expect(step.res.status).toBe(403);
    expect(step.body).toMatchObject({ error: { code: 'auth/account-suspended' } });
  });

  it("keeps better-auth's own two-factor endpoints closed", async () => {
    const c = await signedInClient(server, { fullName: 'Clo Sed' });
    for (const path of [
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/verify-totp',
      '/api/auth/two-factor/disable',
    ]) {
      expect((await c.client.post(path, { password: c.password, code: '123456' })).status, path).toBe(404);
    }
  });

  it('computes codes the way authenticator apps do (RFC 6238 test vector)', () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082, of which an app shows the last 6 digits.
    expect(totpAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
    expect(currentStep(59_000)).toBe(1);
  });
});
