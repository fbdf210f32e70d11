/**
 * The moment an e-mail change takes effect (issue 28, finding 8). better-auth changes the address when the
 * new address opens its confirmation link (GET /api/auth/verify-email with a change-email-verification
 * token, which updates the user through the adapter); its user update hooks (auth.ts) call these:
 *
 * - before: a confirmation link made before the account's last undo is refused (an undo puts the old
 *   address back, and better-auth's stateless link would otherwise work again for the rest of its day);
 *   the old address is read from the database.
 * - after: the old address gets a link that undoes the change (modules/account/email-change-undo.ts),
 *   valid EMAIL_CHANGE_UNDO.days, stored hashed, and the change is audited, in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { APIError } from 'better-auth';
import { and, eq, gte, isNotNull } from 'drizzle-orm';
import { EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_UNDO } from '../../shared/email-change.ts';
import { formatDateTime } from '../../shared/format.ts';
import type { Db } from '../db/client.ts';
import { emailChangeUndos, users } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { audit } from '../services/audit.ts';
import type { Mailer } from '../services/mail.ts';
import { emailChangedMail } from './emails.ts';

/** What better-auth's e-mail JWTs carry (api/routes/email-verification). */
export interface EmailTokenPayload {
  email?: string;
  updateTo?: string;
  userId?: string;
  requestType?: string;
  iat?: number;
}

/** The payload of one of better-auth's e-mail tokens, unverified (better-auth has verified it by now). */
export function decodeEmailToken(token: unknown): EmailTokenPayload | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as EmailTokenPayload) : null;
  } catch {
    return null;
  }
}

/** The parts of better-auth's endpoint context these hooks read. */
interface HookContext {
  path?: string;
  query?: Record<string, unknown> | null;
  redirect?: (url: string) => unknown;
}

type ConfirmedChange = Required<Pick<EmailTokenPayload, 'email' | 'updateTo' | 'userId'>> & { iat: number };

/** The change a /verify-email request is confirming, if it is opening a new address's confirmation link. */
function changeBeingConfirmed(ctx: HookContext | null | undefined): ConfirmedChange | null {
  if (ctx?.path !== '/verify-email') return null;
  const p = decodeEmailToken(ctx.query?.token);
  if (p?.requestType !== 'change-email-verification' || !p.email || !p.updateTo || !p.userId) return null;
  return {
    email: p.email,
    updateTo: p.updateTo,
    userId: p.userId,
    iat: typeof p.iat === 'number' ? p.iat : 0,
  };
}

export const hashUndoToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The old address, read in `before` for `after` (one better-auth endpoint context per request). */
const oldAddresses = new WeakMap<object, string>();

/** databaseHooks.user.update.before */
export async function beforeEmailChange(db: Db, data: Record<string, unknown>, ctx: unknown): Promise<void> {
  if (typeof data.email !== 'string') return;
  const hook = ctx as HookContext | null;
  const change = changeBeingConfirmed(hook);
  if (!change) return;
  const [undone] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(
      and(
        eq(emailChangeUndos.userId, change.userId),
        isNotNull(emailChangeUndos.usedAt),
        gte(emailChangeUndos.usedAt, new Date(change.iat * 1000)),
      ),
    )
    .limit(1);
  if (undone) {
    // As better-auth answers a link that no longer works: back to the page it names, with ?error=.
    const callback = hook?.query?.callbackURL;
    if (typeof callback === 'string' && callback && hook?.redirect) {
      throw hook.redirect(`${callback}${callback.includes('?') ? '&' : '?'}error=INVALID_TOKEN`);
    }
    throw new APIError('BAD_REQUEST', {
      message: EMAIL_CHANGE_MESSAGES.confirmationRevoked,
      code: 'INVALID_TOKEN',
    });
  }
  const [current] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, change.userId))
    .limit(1);
  if (current && hook) oldAddresses.set(hook, current.email);
}

/** databaseHooks.user.update.after: tells the old address, with the undo link. */
export async function afterEmailChange(
  deps: { db: Db; env: Env; mailer: Mailer },
  user: { id: string; email: string },
  ctx: unknown,
  ip: string | null,
): Promise<void> {
  const hook = ctx as HookContext | null;
  const change = changeBeingConfirmed(hook);
  if (!change || user.email.toLowerCase() !== change.updateTo.toLowerCase()) return;
  const oldEmail = (hook && oldAddresses.get(hook)) ?? change.email;
  if (oldEmail.toLowerCase() === user.email.toLowerCase()) return;
  const { db, env, mailer } = deps;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_UNDO.days * 24 * 60 * 60 * 1000);
  try {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.insert(emailChangeUndos).values({
        userId: user.id,
        tokenHash: hashUndoToken(token),
        oldEmail,
        newEmail: user.email,
        expiresAt,
      });
      await mailer.send(
        {
          ...emailChangedMail(env, oldEmail, {
            newEmail: user.email,
            when: formatDateTime(new Date()),
            undoUrl: `${env.APP_URL}/undo-email-change?token=${token}`,
            days: EMAIL_CHANGE_UNDO.days,
          }),
          expiresAt,
        },
        { tx },
      );
      await audit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'account.email_changed',
        target: { type: 'user', id: user.id, label: user.email },
        details: { from: oldEmail, to: user.email },
        ip,
      });
    });
  } catch (err) {
    // The address has changed already (better-auth's update): log loudly rather than fail the link.
    console.error('e-mail change: the old address could not be told', user.id, err);
  }
}
