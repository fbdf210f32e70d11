/**
 * Appends to the audit log (issue 14). Call inside the transaction of the change it records, so the entry
 * exists exactly when the change does. The table refuses UPDATE, DELETE and TRUNCATE (migration 0010).
 */
import type { AuditAction } from '../../shared/admin/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  /** null: the system (a sweep, a worker). */
  actor: AuditActor | null;
  action: AuditAction;
  target?: {
    type: 'user' | 'booking' | 'issue' | 'driver' | 'document' | 'export' | 'statement';
    id: string;
    label?: string;
  };
  reason?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    reason: entry.reason || null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
