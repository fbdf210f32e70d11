/**
 * How a session was made (issue 28), recorded on the session row when better-auth creates it. Admin rights
 * follow the session, not the account: a cookie made with the password alone stays password-only even
 * after its account turns two-factor sign-in on or is promoted to administrator.
 */

export const SESSION_AUTH_METHODS = ['password', 'magic_link', 'totp', 'backup_code'] as const;
export type SessionAuthMethod = (typeof SESSION_AUTH_METHODS)[number];

/** Made with the second factor: the code step of a sign-in, or the code that confirmed its set-up. */
export const isSecondFactorMethod = (method: unknown): boolean =>
  method === 'totp' || method === 'backup_code';

/** What better-auth's session.create hook gives us to tell how the session is being made. */
export interface SessionCreateContext {
  path?: string;
  context?: { session?: { user?: { id?: string }; session?: { authMethod?: unknown } } | null };
}

/**
 * The method for a session being created for `userId` through better-auth endpoint `ctx.path`. A session
 * that replaces the request's own (a new password, two-factor turned off) keeps the method of the one it
 * replaces; anything else is a first factor only.
 */
export function sessionAuthMethod(
  ctx: SessionCreateContext | null | undefined,
  userId: string,
): SessionAuthMethod {
  switch (ctx?.path) {
    case '/two-factor/verify-totp':
      return 'totp';
    case '/two-factor/verify-backup-code':
      return 'backup_code';
    case '/magic-link/verify':
      return 'magic_link';
  }
  const current = ctx?.context?.session;
  const inherited = current?.session?.authMethod;
  if (current?.user?.id === userId && (SESSION_AUTH_METHODS as readonly unknown[]).includes(inherited)) {
    return inherited as SessionAuthMethod;
  }
  return 'password';
}
