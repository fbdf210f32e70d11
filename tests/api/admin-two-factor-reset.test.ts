/**
 * Issue 28, finding 11: "an admin cannot reset another person's lost second factor." Now
 * POST /api/admin/users/:id/reset-two-factor { reason } removes it (ADR 017's manual recovery as an action):
 * every session ends, the person is e-mailed, it is audited with the reason, and the next sign-in needs no
 * code (an administrator is then sent to set it up again).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  enableTwoFactor,
  errorOf,
  latestMail,
  makeAdmin,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestClient,
  type TestServer,
  totpSecrets,
} from './helpers.ts';

const REASON = 'Lost their phone and backup codes; identity checked by phone.';

describe.each(databaseKinds())(
  "probe: an admin resets another person's lost second factor (issue 28 finding 11) (%s)",
  (kind) => {
    let server: TestServer;
    let admin: TestClient;
    let adminId: string;

    beforeAll(async () => {
      server = await startServer(kind);
      const a = await signUpAndConfirm(server, { fullName: 'Ada Admin' });
      await makeAdmin(server, a);
      admin = server.client();
      expect((await admin.signIn(a.email, a.password)).status).toBe(200);
      adminId = a.userId;
    });
    afterAll(() => server?.close());

    /**
     * A person with two-factor sign-in on, signed in on two devices: the one that set it up (turning it on
     * ends the others) and a phone, signed in with password and code.
     */
    async function personWithTwoFactor(fields: { admin?: boolean } = {}) {
      const person = await signUpAndConfirm(server, { fullName: 'Pat Person' });
      if (fields.admin) await makeAdmin(server, person);
      else await enableTwoFactor(server, person);
      const phone = server.client();
      expect((await phone.signIn(person.email, person.password)).status).toBe(200);
      expect((await phone.session()).user?.twoFactorEnabled).toBe(true);
      return { ...person, devices: [phone] };
    }

    const sessionCount = async (userId: string) =>
      (await rows(server.db, sql`select 1 from sessions where user_id = ${userId}`)).length;

    const detailOf = async (userId: string) =>
      (
        (await (await admin.get(`/api/admin/users/${userId}`)).json()) as {
          user: { twoFactorEnabled: boolean };
        }
      ).user;

    it('needs a reason, refuses one’s own account and anyone but an administrator', async () => {
      const person = await personWithTwoFactor();
      const path = `/api/admin/users/${person.userId}/reset-two-factor`;

      const noReason = await admin.post(path, {});
      expect(noReason.status).toBe(400);
      expect((await errorOf(noReason)).message).toBe(
        'Please give a reason of at least 5 characters: it is kept in the audit log.',
      );
      expect((await admin.post(path, { reason: 'no' })).status).toBe(400);

      const self = await admin.post(`/api/admin/users/${adminId}/reset-two-factor`, { reason: REASON });
      expect(self.status).toBe(409);
      expect((await errorOf(self)).message).toBe('You cannot do this to your own account.');

      expect((await server.client().post(path, { reason: REASON })).status).toBe(401);
      const customer = (await signedInClient(server)).client;
      const driver = (await signedInClient(server, { userType: 'driver' })).client;
      for (const c of [customer, driver, person.devices[0]!]) {
        expect((await c.post(path, { reason: REASON })).status).toBe(403);
      }
      // Nothing changed.
      expect((await detailOf(person.userId)).twoFactorEnabled).toBe(true);
      for (const device of person.devices) expect((await device.session()).user).not.toBeNull();
    });

    it('resets it: sessions end, sign-in needs no code, an e-mail goes out, the audit keeps the reason', async () => {
      const person = await personWithTwoFactor();
      expect((await detailOf(person.userId)).twoFactorEnabled).toBe(true);
      const sessions = await sessionCount(person.userId);
      expect(sessions).toBeGreaterThanOrEqual(2);

      const res = await admin.post(`/api/admin/users/${person.userId}/reset-two-factor`, { reason: REASON });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, sessionsEnded: sessions });
      expect(await sessionCount(person.userId)).toBe(0);

      for (const device of person.devices) expect((await device.session()).user).toBeNull();
      expect((await detailOf(person.userId)).twoFactorEnabled).toBe(false);
      expect(
        await rows(server.db, sql`select 1 from two_factors where user_id = ${person.userId}`),
      ).toHaveLength(0);

      // The password alone signs in now.
      totpSecrets.delete(person.email.toLowerCase());
      const browser = server.client();
      const signIn = await browser.post('/api/account/sign-in', {
        email: person.email,
        password: person.password,
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { twoFactorRequired?: boolean }).twoFactorRequired).toBeUndefined();
      expect((await browser.session()).user).toMatchObject({ id: person.userId, twoFactorEnabled: false });

      const mail = await latestMail(server.baseUrl, person.email, 'two-factor-reset');
      expect(mail.subject).toBe('Two-factor sign-in was reset on your ShuttleQuote account');
      expect(mail.text).toContain(`"${REASON}"`);
      expect(mail.text).toContain('Set up two-factor sign-in again in Settings');

      const entries = await rows<{ actor_id: string; reason: string; details: Record<string, unknown> }>(
        server.db,
        sql`select actor_id, reason, details from audit_log where action = 'user.two_factor_reset' and target_id = ${person.userId}`,
      );
      expect(entries).toEqual([{ actor_id: adminId, reason: REASON, details: { sessionsEnded: sessions } }]);

      // Again: there is nothing left to reset.
      const again = await admin.post(`/api/admin/users/${person.userId}/reset-two-factor`, {
        reason: REASON,
      });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(
        'Two-factor sign-in is not on for this account: there is nothing to reset.',
      );
    });

    it('an administrator whose second factor was reset must set it up again at the next sign-in', async () => {
      const other = await personWithTwoFactor({ admin: true });
      const res = await admin.post(`/api/admin/users/${other.userId}/reset-two-factor`, { reason: REASON });
      expect(res.status).toBe(200);
      for (const device of other.devices) expect((await device.session()).user).toBeNull();
      const mail = await latestMail(server.baseUrl, other.email, 'two-factor-reset');
      expect(mail.text).toContain('As an administrator you must set up two-factor sign-in again');

      totpSecrets.delete(other.email.toLowerCase());
      const browser = server.client();
      expect(
        (await browser.post('/api/account/sign-in', { email: other.email, password: other.password })).status,
      ).toBe(200);
      const users = await browser.get('/api/admin/users');
      expect(users.status).toBe(403);
      expect((await errorOf(users)).code).toBe('auth/two-factor-required');
      // The set-up is open to them.
      expect((await browser.get('/api/me/two-factor')).status).toBe(200);
    });
  },
);
