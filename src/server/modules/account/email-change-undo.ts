/**
 * Undoing an e-mail change with the link sent to the old address (issue 28, finding 8; the link is made in
 * auth/email-change-notice.ts when the change takes effect). In one transaction: the old address back and
 * confirmed (the link reached it), every session of the account ended, the account's other undo links and
 * any pending password-reset links voided (they went to the address that took it over), audited, a security
 * event. Confirmation links made before now stop working (the hook in email-change-notice.ts reads
 * `used_at`). Whoever moved the account needed its password, so the answer leads to a password reset.
 *
 * The old address may have been taken since: by an account that never confirmed it (someone signing up with
 * it, which would block the undo), it is given back and that account, which never could sign in, goes; by a
 * confirmed account, nothing changes and the answer says why (409), the link still working for support to
 * sort out.
 */
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_MESSAGES, type UndoEmailChangeAnswer } from '../../../shared/email-change.ts';
import { hashUndoToken } from '../../auth/email-change-notice.ts';
import type { Db } from '../../db/client.ts';
import { emailChangeUndos, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { publish } from '../../services/realtime.ts';
import { recordSecurityEvent } from '../../services/security-events.ts';
import { deletedEmail } from '../me/service.ts';

const invalidLink = () =>
  new AppError(400, 'validation', EMAIL_CHANGE_MESSAGES.undoInvalid, [
    { path: 'token', message: EMAIL_CHANGE_MESSAGES.undoInvalid },
  ]);

export async function undoEmailChange(deps: Deps, token: string, ip: string): Promise<UndoEmailChangeAnswer> {
  const result = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [found] = await tx
      .select({ undo: emailChangeUndos, expired: sql<boolean>`${emailChangeUndos.expiresAt} <= now()` })
      .from(emailChangeUndos)
      .where(eq(emailChangeUndos.tokenHash, hashUndoToken(token)))
      .for('update');
    if (!found || found.undo.usedAt || found.expired) throw invalidLink();
    const { undo } = found;

    const [account] = await tx.select().from(users).where(eq(users.id, undo.userId)).for('update');
    if (!account || account.email === deletedEmail(account.id)) throw invalidLink();

    const [holder] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, undo.oldEmail.toLowerCase()), ne(users.id, account.id)))
      .for('update');
    let released: string | null = null;
    if (holder?.emailVerified) {
      throw new AppError(
        409,
        'conflict',
        EMAIL_CHANGE_MESSAGES.undoAddressTaken(undo.oldEmail, deps.env.SUPPORT_EMAIL),
      );
    }
    if (holder) {
      // Never confirmed, so never signed in: it holds the address without having shown it owns it.
      await tx.delete(users).where(and(eq(users.id, holder.id), eq(users.emailVerified, false)));
      released = holder.id;
    }

    await tx
      .update(users)
      .set({ email: undo.oldEmail, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, account.id));
    // This link, and every other one of the account (a second change would have sent one to the address
    // that took over): the time also ends the confirmation links made before it.
    await tx
      .update(emailChangeUndos)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChangeUndos.userId, account.id), sql`${emailChangeUndos.usedAt} is null`));
    // A reset link sent to the other address would set a new password behind the owner's back.
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, account.id), like(verifications.identifier, 'reset-password:%')));
    // Every session ends; open tabs hear it on their live stream and sign out.
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, account.id))
      .returning({ id: sessions.id });
    await publish(tx, { userId: account.id, kind: 'session_revoked' });
    const sessionsEnded = ended.length;
    const details = {
      from: account.email,
      to: undo.oldEmail,
      sessionsEnded,
      ...(released ? { releasedUnconfirmedAccount: released } : {}),
    };
    await audit(tx, {
      actor: { id: account.id, email: undo.oldEmail },
      action: 'account.email_change_undone',
      target: { type: 'user', id: account.id, label: undo.oldEmail },
      details,
      ip,
    });
    await recordSecurityEvent(tx, { type: 'email_change_undone', userId: account.id, ip, details });
    return { userId: account.id, email: undo.oldEmail };
  });
  // The trigger on sessions tells every instance; this one forgets at once (docs/ARCHITECTURE.md).
  deps.sessions.forgetUser(result.userId);
  return { ok: true, email: result.email };
}
