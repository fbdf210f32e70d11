/** Who is acting, for the audit log: the signed-in administrator and their address. */
import type { Context } from 'hono';
import type { AppBindings } from '../../http/context.ts';
import type { AuditActor } from '../../services/audit.ts';

export interface AdminContext {
  actor: AuditActor;
  ip: string;
}

export function adminContext(c: Context<AppBindings>): AdminContext {
  const user = c.get('user')!;
  return { actor: { id: user.id, email: user.email }, ip: c.get('ip') };
}
