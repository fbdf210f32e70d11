/**
 * Issue 28, finding 8: "changing the account e-mail needs no password and the old address is not told: a
 * stolen session can move the account for good." Now the change needs the current password, and when the
 * new address confirms it the old address gets a link that puts it back and signs every device out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  extractLink,
  latestMail,
  PASSWORD,
  readMailbox,
  rows,
  signedInClient,
  signUpAndConfirm,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const WRONG = 'Your current password is incorrect.';
const UNDO_INVALID =
  'This link is invalid, has already been used or has expired. If your e-mail address was changed without you, contact support.';

describe.each(databaseKinds())(
  'probe: changing the e-mail needs the current password and the old address can undo it (issue 28 finding 8) (%s)',
  (kind) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startServer(kind);
    });
    afterAll(() => server?.close());

    const emailOf = async (userId: string) =>
      (
        await rows<{ email: string; email_verified: boolean }>(
          server.db,
          sql`select email, email_verified from users where id = ${userId}`,
        )
      )[0]!;
    const auditCount = async (action: string, userId: string) =>
      (await rows(server.db, sql`select 1 from audit_log where action = ${action} and target_id = ${userId}`))
        .length;

    /** Asks for the change, opens the new address's link; answers the link sent to the old address. */
    async function moveAccount(account: Awaited<ReturnType<typeof signedInClient>>, newEmail: string) {
      const res = await account.client.post('/api/me/email', { newEmail, password: account.password });
      expect(res.status).toBe(200);
      const confirmation = extractLink((await latestMail(server.baseUrl, newEmail, 'change-email')).text);
      expect((await server.client().get(confirmation)).status).toBe(302);
      const notice = await latestMail(server.baseUrl, account.email, 'email-changed');
      const undoLink = extractLink(notice.text);
      return { confirmation, notice, undoLink, token: new URL(undoLink).searchParams.get('token')! };
    }

    it('a missing or wrong password is refused at the field, and nothing changes or is sent', async () => {
      const account = await signedInClient(server);
      const newEmail = uniqueEmail('thief');

      const missing = await account.client.post('/api/me/email', { newEmail });
      expect(missing.status).toBe(400);
      expect(await errorOf(missing)).toMatchObject({
        code: 'validation',
        message: 'Enter your current password to change your e-mail address.',
        issues: [{ path: 'password', message: 'Enter your current password to change your e-mail address.' }],
      });

      const wrong = await account.client.post('/api/me/email', { newEmail, password: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(await errorOf(wrong)).toMatchObject({
        code: 'validation',
        message: WRONG,
        issues: [{ path: 'password', message: WRONG }],
      });

      expect(await readMailbox(server.baseUrl, newEmail)).toEqual([]);
      expect((await account.client.session()).user?.email).toBe(account.email);
      expect(await auditCount('account.email_change_requested', account.userId)).toBe(0);
    });

    it('wrong passwords count against the per-user limit the other password checks share', async () => {
      const account = await signedInClient(server);
      for (let i = 0; i < 10; i += 1) {
        const res = await account.client.post('/api/me/email', {
          newEmail: uniqueEmail('guess'),
          password: `wrong-guess-${i}`,
        });
        expect(res.status).toBe(400);
      }
      // The 11th check in the hour, here or on the password change, is not even tried.
      const eleventh = await account.client.post('/api/me/email', {
        newEmail: uniqueEmail('guess'),
        password: account.password,
      });
      expect(eleventh.status).toBe(429);
      const password = await account.client.post('/api/me/password', {
        currentPassword: account.password,
        newPassword: 'Another-Strong-77',
      });
      expect(password.status).toBe(429);
      expect((await account.client.session()).user?.email).toBe(account.email);
    });

    it('the right password: confirmation to the new address; opening it moves the account and tells the old one, whose link undoes it and signs everyone out', async () => {
      const account = await signedInClient(server);
      const oldEmail = account.email;
      // The owner's other browser, and the "thief" holding the first one.
      const owner = server.client();
      expect((await owner.signIn(oldEmail, PASSWORD)).status).toBe(200);
      const newEmail = uniqueEmail('thief');

      const res = await account.client.post('/api/me/email', { newEmail, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, pendingEmail: newEmail });
      // Not yet: the new address must confirm, and the old address has heard nothing.
      expect((await account.client.session()).user?.email).toBe(oldEmail);
      expect((await readMailbox(server.baseUrl, oldEmail)).some((m) => m.kind === 'email-changed')).toBe(
        false,
      );

      const confirmation = extractLink((await latestMail(server.baseUrl, newEmail, 'change-email')).text);
      expect((await account.client.get(confirmation)).status).toBe(302);
      expect((await account.client.session()).user?.email).toBe(newEmail);
      const notice = await latestMail(server.baseUrl, oldEmail, 'email-changed');
      const undoLink = extractLink(notice.text);
      const token = new URL(undoLink).searchParams.get('token')!;
      expect(notice.subject).toBe('The e-mail address of your ShuttleQuote account was changed');
      expect(notice.text).toContain(`from ${oldEmail} to ${newEmail}`);
      expect(notice.text).toContain('The link works for 7 days.');
      expect(notice.html).toContain('Undo this change');
      expect(undoLink.startsWith(`${server.baseUrl}/undo-email-change?token=`)).toBe(true);
      expect(await auditCount('account.email_changed', account.userId)).toBe(1);
      // Only a hash of the token is kept.
      const stored = await rows<{ token_hash: string }>(
        server.db,
        sql`select token_hash from email_change_undos where user_id = ${account.userId}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(token);

      // The thief asks for a password reset to the address they now hold: the undo voids that link.
      expect((await server.client().post('/api/account/forgot-password', { email: newEmail })).status).toBe(
        200,
      );
      const reset = await latestMail(server.baseUrl, newEmail, 'reset-password');
      const resetToken = new URL(extractLink(reset.text)).pathname.split('/').pop()!;

      // The owner opens the link (in a browser that is not signed in) and undoes the change.
      const undo = await server.client().post('/api/account/undo-email-change', { token });
      expect(undo.status).toBe(200);
      expect(await undo.json()).toEqual({ ok: true, email: oldEmail });
      expect(await emailOf(account.userId)).toEqual({ email: oldEmail, email_verified: true });

      // Every session of the account now reads as signed out.
      expect((await account.client.session()).user).toBeNull();
      expect((await owner.session()).user).toBeNull();
      expect(
        (await rows(server.db, sql`select 1 from sessions where user_id = ${account.userId}`)).length,
      ).toBe(0);
      expect(await auditCount('account.email_change_undone', account.userId)).toBe(1);
      expect(
        await rows(
          server.db,
          sql`select ip_address from security_events where event_type = 'email_change_undone' and user_id = ${account.userId}`,
        ),
      ).toHaveLength(1);

      // The link works once.
      const again = await server.client().post('/api/account/undo-email-change', { token });
      expect(again.status).toBe(400);
      expect(await errorOf(again)).toMatchObject({ code: 'validation', message: UNDO_INVALID });
      // The thief's confirmation link cannot move the account again, nor their reset link set a password.
      const reopened = await server.client().get(confirmation);
      expect(reopened.status).toBe(302);
      expect(reopened.headers.get('location')).toContain('error=INVALID_TOKEN');
      expect((await emailOf(account.userId)).email).toBe(oldEmail);
      const resetAttempt = await server.client().post('/api/account/reset-password', {
        token: resetToken,
        password: 'Thief-Chosen-99',
        confirmPassword: 'Thief-Chosen-99',
      });
      expect(resetAttempt.status).toBe(400);
      // The owner signs in with the old address (and should now reset the password: the page says so).
      expect((await server.client().signIn(oldEmail, PASSWORD)).status).toBe(200);
    });

    it('an expired link is refused and changes nothing', async () => {
      const account = await signedInClient(server);
      const newEmail = uniqueEmail('moved');
      const { token } = await moveAccount(account, newEmail);
      await server.db.execute(
        sql`update email_change_undos set expires_at = now() - interval '1 minute' where user_id = ${account.userId}`,
      );
      const res = await server.client().post('/api/account/undo-email-change', { token });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(UNDO_INVALID);
      expect((await emailOf(account.userId)).email).toBe(newEmail);
      expect((await account.client.session()).user?.email).toBe(newEmail);
      // An unknown or empty token alike.
      expect((await server.client().post('/api/account/undo-email-change', { token: 'nope' })).status).toBe(
        400,
      );
      expect((await server.client().post('/api/account/undo-email-change', {})).status).toBe(400);
    });

    it('an old address taken meanwhile: a confirmed account keeps it (409, explained); an unconfirmed one gives it back', async () => {
      const first = await signedInClient(server);
      const { token: firstToken } = await moveAccount(first, uniqueEmail('moved'));
      // Someone confirms an account with the freed address.
      await signUpAndConfirm(server, { email: first.email });
      const taken = await server.client().post('/api/account/undo-email-change', { token: firstToken });
      expect(taken.status).toBe(409);
      expect((await errorOf(taken)).message).toBe(
        `The address ${first.email} now belongs to another account, so we could not give it back to yours. Nothing was changed. Contact support at support@shuttlequote.example and we will sort it out with you.`,
      );
      expect((await first.client.session()).user).not.toBeNull();

      const second = await signedInClient(server);
      const { token } = await moveAccount(second, uniqueEmail('moved'));
      // A sign-up with the freed address, never confirmed (it would otherwise block the undo).
      const blocker = await server.client().post('/api/account/signup', {
        fullName: 'Block Er',
        email: second.email,
        phone: '0412 345 678',
        password: PASSWORD,
        userType: 'customer',
      });
      expect(blocker.status).toBe(201);
      const res = await server.client().post('/api/account/undo-email-change', { token });
      expect(res.status).toBe(200);
      expect((await emailOf(second.userId)).email).toBe(second.email);
      // The unconfirmed account that held it is gone; the audit row says so.
      expect(
        await rows<{ id: string }>(server.db, sql`select id from users where lower(email) = ${second.email}`),
      ).toEqual([{ id: second.userId }]);
      const [entry] = await rows<{ details: Record<string, unknown> }>(
        server.db,
        sql`select details from audit_log where action = 'account.email_change_undone' and target_id = ${second.userId}`,
      );
      expect(entry?.details.releasedUnconfirmedAccount).toEqual(expect.any(String));
    });
  },
);
