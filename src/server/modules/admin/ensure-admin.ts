/**
 * Creates the first administrator or promotes an existing account. Used by `npm run create-admin` and,
 * when ADMIN_EMAIL is set, at start-up (the only way to make an admin while a PGlite server holds the data).
 * Several servers starting together on one database each run it; one creates the account, the others find
 * it (or lose the race on its unique e-mail and then find it) and promote it if it is not yet an admin.
 */
import { eq, sql } from 'drizzle-orm';
import { VALIDATION } from '../../../shared/messages.ts';
import { emailField, fullNameField, passwordField } from '../../../shared/validation/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

type Outcome = 'promoted' | 'created' | 'unchanged';

function findAccount(db: Db, email: string) {
  return db
    .select({ id: users.id, userType: users.userType, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
}

export async function ensureAdmin(
  deps: { db: Db; auth: Auth },
  input: { email: string; name?: string; password?: string },
): Promise<Outcome> {
  const email = emailField.parse(input.email);
  const [existing] = await findAccount(deps.db, email);
  if (existing) return promote(deps.db, existing);
  if (!input.name || !input.password) {
    throw new Error(`No account uses ${email}: give a name and a password to create one.`);
  }
  const name = fullNameField(VALIDATION.fullNameRequired).parse(input.name);
  const password = passwordField.parse(input.password);
  // Created through better-auth (argon2id hash, account row), then made admin: sign-up itself never can.
  let userId: string;
  try {
    userId = (await deps.auth.api.signUpEmail({ body: { name, email, password, userType: 'customer' } })).user
      .id;
  } catch (err) {
    // Two servers started at once on one database (issue 34) both found no account, and the other one's
    // sign-up won the unique e-mail index: that account is the administrator, made so by whichever gets there.
    const [made] = await findAccount(deps.db, email);
    if (!made) throw err;
    return promote(deps.db, made);
  }
  await deps.db.update(users).set({ userType: 'admin', emailVerified: true }).where(eq(users.id, userId));
  return 'created';
}

async function promote(
  db: Db,
  existing: { id: string; userType: string; emailVerified: boolean },
): Promise<Outcome> {
  if (existing.userType === 'admin' && existing.emailVerified) return 'unchanged';
  await db.update(users).set({ userType: 'admin', emailVerified: true }).where(eq(users.id, existing.id));
  // Sessions made before the promotion end (issue 28): the new administrator signs in with a second factor.
  if (existing.userType !== 'admin') await db.delete(sessions).where(eq(sessions.userId, existing.id));
  return 'promoted';
}
