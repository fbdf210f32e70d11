/**
 * What an administrator can do to an account (issue 14). Each action is one transaction with its audit row;
 * acting on oneself, or leaving the system without an active administrator, is refused with a message.
 *
 * Suspending: the account cannot sign in (the session hook in auth.ts refuses it), every session ends at
 * once and its open tabs hear it on their live stream (`session_revoked`), the person's open trip requests
 * are closed (the drivers who quoted are told) and their live quotes withdrawn (the customers are told).
 * Confirmed bookings are kept: they are an agreement between two people, and an admin cancels one on its
 * own page if it must go.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES as M } from '../../../shared/admin/users.ts';
import type { UserType } from '../../../shared/roles.ts';
import type { Db } from '../../db/client.ts';
import { drivers, rides, sessions, twoFactors, users } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { rideRoute } from '../../services/places.ts';
import { publish } from '../../services/realtime.ts';
import { CONFIRMED_CALLBACK } from '../account/service.ts';
import { deleteAccount, deletedEmail } from '../me/service.ts';
import { cancelOpenRides } from '../rides/cancel.ts';
import { withdrawQuotesOfDriver } from '../verification/withdraw.ts';
import type { AdminContext } from './admin-context.ts';
import { accountReinstatedMail, accountSuspendedMail, twoFactorResetMail } from './emails.ts';
import { addAdminNote } from './notes.ts';

const conflict = (message: string) => new AppError(409, 'conflict', message);

type UserRow = typeof users.$inferSelect;

/** The target row, locked for the transaction; 404 for a missing one, 409 for oneself or a deleted account. */
async function lockTarget(tx: Db, ctx: AdminContext, userId: string, opts: { self?: boolean } = {}) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound();
  if (!opts.self && row.id === ctx.actor.id) throw conflict(M.notYourself);
  if (row.email === deletedEmail(row.id)) throw conflict(M.deletedAccount);
  return row;
}

/** Refuses a change that would leave no active administrator other than `leaving`. */
async function keepAnAdmin(tx: Db, leaving: UserRow) {
  if (leaving.userType !== 'admin' || leaving.status !== 'active') return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), eq(users.status, 'active'), ne(users.id, leaving.id)))
    .limit(1);
  if (!other) throw conflict(M.lastAdmin);
}

/** Ends every session of the user and tells their open tabs (they sign out within seconds). */
export async function endSessions(tx: Db, userId: string): Promise<number> {
  const gone = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await publish(tx, { userId, kind: 'session_revoked' });
  return gone.length;
}

/**
 * Closes the customer's open trip requests; the drivers with live quotes on them are told. The same step as
 * a customer's own cancel (rides/cancel.ts), in ShuttleQuote's words.
 */
async function closeOpenRides(tx: Db, customerId: string, reason: string): Promise<number> {
  const closed = await cancelOpenRides(tx, [eq(rides.customerId, customerId)], reason, {
    title: 'Trip request closed',
    message: (ride) =>
      `The trip request ${rideRoute(ride, { words: true })} was closed by ShuttleQuote, so your quote was declined.`,
    otherHalves: 'A trip request of this return trip was closed, so your quote for both legs was declined.',
  });
  return closed.length;
}

export async function suspendUser(deps: Deps, ctx: AdminContext, userId: string, reason: string) {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const target = await lockTarget(tx, ctx, userId);
    if (target.status === 'suspended') throw conflict(M.alreadySuspended);
    await keepAnAdmin(tx, target);
    await tx
      .update(users)
      .set({
        status: 'suspended',
        statusReason: reason,
        statusChangedAt: sql`now()`,
        statusChangedBy: ctx.actor.id,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    const sessionsEnded = await endSessions(tx, userId);
    const tripsClosed = await closeOpenRides(
      tx,
      userId,
      'Closed by ShuttleQuote: the account was suspended.',
    );
    const quotesWithdrawn = await withdrawQuotesOfDriver(tx, {
      driverId: userId,
      why: 'their account is suspended',
      actorId: ctx.actor.id,
    });
    await deps.mailer.send(accountSuspendedMail(deps.env, deps.env.APP_URL, target.email, reason), { tx });
    const details = { sessionsEnded, tripsClosed, quotesWithdrawn: quotesWithdrawn.length };
    await audit(tx, {
      actor: ctx.actor,
      action: 'user.suspended',
      target: { type: 'user', id: userId, label: target.email },
      reason,
      details,
      ip: ctx.ip,
    });
    return details;
  });
}

export async function reinstateUser(deps: Deps, ctx: AdminContext, userId: string, reason: string) {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const target = await lockTarget(tx, ctx, userId);
    if (target.status !== 'suspended') throw conflict(M.notSuspended);
    await tx
      .update(users)
      .set({
        status: 'active',
        statusReason: reason || null,
        statusChangedAt: sql`now()`,
        statusChangedBy: ctx.actor.id,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await deps.mailer.send(accountReinstatedMail(deps.env, deps.env.APP_URL, target.email), { tx });
    await audit(tx, {
      actor: ctx.actor,
      action: 'user.reinstated',
      target: { type: 'user', id: userId, label: target.email },
      reason,
      ip: ctx.ip,
    });
  });
}

export async function changeRole(
  deps: Deps,
  ctx: AdminContext,
  userId: string,
  role: UserType,
  reason: string,
) {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const target = await lockTarget(tx, ctx, userId);
    if (target.userType === role) throw conflict(M.sameRole);
    if (role !== 'admin') await keepAnAdmin(tx, target);
    if (role === 'driver') {
      const [record] = await tx
        .select({ id: drivers.userId })
        .from(drivers)
        .where(eq(drivers.userId, userId));
      if (!record) throw conflict(M.noDriverRecord);
    }
    await tx.update(users).set({ userType: role, updatedAt: sql`now()` }).where(eq(users.id, userId));
    // A driver who is no longer one keeps no live quotes.
    if (target.userType === 'driver') {
      await withdrawQuotesOfDriver(tx, {
        driverId: userId,
        why: 'they no longer quote on ShuttleQuote',
        actorId: ctx.actor.id,
      });
    }
    // A new administrator signs in again (issue 28): admin rights need a session made with the second
    // factor, and none made before the promotion was. Any other change: open tabs refetch the session and
    // show the pages of the new role.
    if (role === 'admin') await endSessions(tx, userId);
    else await publish(tx, { userId, kind: 'session' });
    await audit(tx, {
      actor: ctx.actor,
      action: 'user.role_changed',
      target: { type: 'user', id: userId, label: target.email },
      reason,
      details: { from: target.userType, to: role },
      ip: ctx.ip,
    });
  });
}

export async function resendConfirmation(deps: Deps, ctx: AdminContext, userId: string) {
  const [target] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  if (target.email === deletedEmail(target.id)) throw conflict(M.deletedAccount);
  if (target.emailVerified) throw conflict(M.alreadyConfirmed);
  await deps.auth.api.sendVerificationEmail({
    body: { email: target.email, callbackURL: CONFIRMED_CALLBACK },
  });
  await audit(deps.db, {
    actor: ctx.actor,
    action: 'user.confirmation_resent',
    target: { type: 'user', id: userId, label: target.email },
    ip: ctx.ip,
  });
}

export async function sendPasswordReset(deps: Deps, ctx: AdminContext, userId: string) {
  const [target] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  if (target.email === deletedEmail(target.id)) throw conflict(M.deletedAccount);
  await deps.auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: '/reset-password' } });
  await audit(deps.db, {
    actor: ctx.actor,
    action: 'user.password_reset_sent',
    target: { type: 'user', id: userId, label: target.email },
    ip: ctx.ip,
  });
}

/**
 * Resets a lost second factor (issue 28, finding 11; ADR 017's manual recovery, now an action): the
 * `two_factors` row goes and `two_factor_enabled` is off, every session ends, the person is e-mailed. They
 * sign in with the password alone; an administrator is sent to set it up again at the next sign-in.
 */
export async function resetTwoFactor(deps: Deps, ctx: AdminContext, userId: string, reason: string) {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const target = await lockTarget(tx, ctx, userId);
    if (!target.twoFactorEnabled) throw conflict(M.twoFactorNotOn);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const sessionsEnded = await endSessions(tx, userId);
    await deps.mailer.send(
      twoFactorResetMail(deps.env, deps.env.APP_URL, target.email, reason, target.userType === 'admin'),
      { tx },
    );
    await audit(tx, {
      actor: ctx.actor,
      action: 'user.two_factor_reset',
      target: { type: 'user', id: userId, label: target.email },
      reason,
      details: { sessionsEnded },
      ip: ctx.ip,
    });
    return { sessionsEnded };
  });
}

/** The account-deletion rules of /api/me (no upcoming bookings; trip records kept, personal details gone). */
export async function adminDeleteUser(deps: Deps, ctx: AdminContext, userId: string, reason: string) {
  const target = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockTarget(tx, ctx, userId);
    await keepAnAdmin(tx, row);
    return row;
  });
  await deleteAccount(deps, userId);
  await publish(deps.db, { userId, kind: 'session_revoked' });
  await audit(deps.db, {
    actor: ctx.actor,
    action: 'user.deleted',
    target: { type: 'user', id: userId, label: target.email },
    reason,
    ip: ctx.ip,
  });
}

export async function addUserNote(deps: Deps, ctx: AdminContext, userId: string, body: string) {
  const [target] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  await addAdminNote(deps.db, ctx, { type: 'user', id: userId, label: target.email }, body);
}
