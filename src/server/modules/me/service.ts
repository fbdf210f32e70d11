/**
 * The signed-in user's own account: name and phone, e-mail change, password change, other sessions, and
 * deleting the account.
 *
 * Deleting keeps the records a business must keep (bookings, their events, ratings and the trip requests
 * they belong to) and removes the personal details: the users row is anonymised rather than deleted (every
 * booking references it), and sign-in methods, sessions, push subscriptions, preferences, notifications and
 * file records go.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages.ts';
import { fullNameField, passwordField } from '../../../shared/validation/auth.ts';
import { phoneField } from '../../../shared/validation/phone.ts';
import { verifyPassword } from '../../auth/password.ts';
import {
  accounts,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  quotes,
  rides,
  sessions,
  userFiles,
  users,
  verifications,
} from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';

export const ME_MESSAGES = {
  wrongPassword: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from the current one.',
  sameEmail: 'That is already your e-mail address.',
  confirmDelete: 'Type DELETE to confirm.',
  passwordRequired: 'Please enter your password.',
  upcomingBookings:
    'You have upcoming confirmed bookings. Cancel them (or let them finish) before deleting your account.',
  adminDelete: 'An administrator account cannot be deleted here.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  noPassword: 'This account has no password. Set one with "Forgot password" first.',
} as const;

export const profileUpdateSchema = z.object({
  fullName: fullNameField(VALIDATION.fullNameRequired),
  /**
   * A mobile number (validation/phone.ts), stored in E.164. Left out: unchanged. It cannot be removed
   * (the other side of a booking calls it on the day); an account made before numbers were asked for may
   * simply not have one yet.
   */
  phone: phoneField.optional(),
});

/** The new address and the current password (issue 28): shared with the profile form. */
export { emailChangeSchema } from '../../../shared/email-change.ts';

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: ME_MESSAGES.passwordRequired })
    .min(1, { error: ME_MESSAGES.passwordRequired })
    .max(1024, { error: ME_MESSAGES.wrongPassword }),
  newPassword: passwordField,
});

export const deleteAccountSchema = z.object({
  confirm: z.literal('DELETE', { error: ME_MESSAGES.confirmDelete }),
  // Capped like every other string a route takes (issue 16); a longer one cannot be the password.
  password: z
    .string({ error: ME_MESSAGES.passwordRequired })
    .min(1, { error: ME_MESSAGES.passwordRequired })
    .max(1024, { error: ME_MESSAGES.wrongPassword }),
});

export async function updateProfile(deps: Deps, userId: string, input: z.output<typeof profileUpdateSchema>) {
  const [row] = await deps.db
    .update(users)
    .set({
      fullName: input.fullName,
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ fullName: users.fullName, phone: users.phone, email: users.email });
  return row!;
}

/** Checks the user's password (the credential account's argon2id hash). */
export async function checkPassword(deps: Deps, userId: string, password: string): Promise<void> {
  const [account] = await deps.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!account?.password) throw new AppError(400, 'validation', ME_MESSAGES.noPassword);
  if (!(await verifyPassword({ hash: account.password, password }))) {
    throw new AppError(400, 'validation', ME_MESSAGES.wrongPassword, [
      { path: 'password', message: ME_MESSAGES.wrongPassword },
    ]);
  }
}

export function deletedEmail(userId: string) {
  return `deleted-${userId}@deleted.invalid`;
}

/** Anonymises the account in one transaction (see the file comment). */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Lock the user first so two deletes (or a delete and a booking) queue up.
    const [user] = await tx
      .execute(sql`select id from users where id = ${userId} for update`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    if (!user) return;
    const upcoming = (await tx.execute(sql`
      select 1 from bookings b join rides r on r.id = b.ride_id
       where (b.customer_id = ${userId} or b.driver_id = ${userId})
         and b.status = 'confirmed' and r.pickup_at > now()
       limit 1`)) as unknown as { rows: unknown[] };
    if (upcoming.rows.length > 0) throw new AppError(409, 'conflict', ME_MESSAGES.upcomingBookings);

    // A driver's open runs (issue 31) are withdrawn: nobody may book seats with a deleted account.
    await tx.execute(
      sql`update runs set status = 'cancelled', cancelled_at = now(), updated_at = now()
           where driver_id = ${userId} and status = 'open'`,
    );
    // Trip requests nobody booked are withdrawn with their live quotes; a driver's live quotes too.
    const cancelled = await tx
      .update(rides)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(rides.customerId, userId), eq(rides.status, 'open')))
      .returning({ id: rides.id });
    if (cancelled.length > 0) {
      await tx
        .update(quotes)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            inArray(
              quotes.rideId,
              cancelled.map((r) => r.id),
            ),
            inArray(quotes.status, ['pending', 'needs_confirmation']),
          ),
        );
    }
    await tx
      .update(quotes)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(and(eq(quotes.driverId, userId), inArray(quotes.status, ['pending', 'needs_confirmation'])));

    const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    if (current) await tx.delete(verifications).where(eq(verifications.identifier, current.email));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(userFiles).where(eq(userFiles.userId, userId));
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        emailVerified: false,
        fullName: 'Deleted user',
        phone: null,
        avatarUrl: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}
