/**
 * Creates the first administrator or promotes an existing account. Used by `npm run create-admin` and,
 * when ADMIN_EMAIL is set, at start-up (the only way to make an admin while a PGlite server holds the data).
 */
import { eq, sql } from 'drizzle-orm';
import { VALIDATION } from '../../../shared/messages.ts';
import { emailField, fullNameField, passwordField } from '../../../shared/validation/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export async function ensureAdmin(
  deps: { db: Db; auth: Auth },
  input: { email: string; name?: string; password?: string },
): Promise<'promoted' | 'created' | 'unchanged'> {
  const email = emailField.parse(input.email);
  const [existing] = await deps.db
    .select({ id: users.id, userType: users.userType, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    if (existing.userType === 'admin' && existing.emailVerified) return 'unchanged';
    await deps.db
      .update(users)
      .set({ userType: 'admin', emailVerified: true })
      .where(eq(users.id, existing.id));
    // Sessions made before the promotion end (issue 28): the new administrator signs in with a second factor.
    if (existing.userType !== 'admin') await deps.db.delete(sessions).where(eq(sessions.userId, existing.id));
    return 'promoted';
  }
  if (!input.name || !input.password) {
    throw new Error(`No account uses ${email}: give a name and a password to create one.`);
  }
  const name = fullNameField(VALIDATION.fullNameRequired).parse(input.name);
  const password = passwordField.parse(input.password);
  // Created through better-auth (argon2id hash, account row), then made admin: sign-up itself never can.
  const result = await deps.auth.api.signUpEmail({ body: { name, email, password, userType: 'customer' } });
  await deps.db
    .update(users)
    .set({ userType: 'admin', emailVerified: true })
    .where(eq(users.id, result.user.id));
  return 'created';
}
