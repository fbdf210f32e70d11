/** GET /api/admin/audit's filters (issue 14). */
import { z } from 'zod';
import { AUDIT_ACTION_KEYS, type AuditAction } from './audit.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-11-25.' });

export const auditQuerySchema = z.object({
  /** An actor's e-mail address or id. */
  actor: z.string().trim().max(200).optional(),
  /** A target's id, or part of its label (an e-mail address, a trip). */
  target: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTION_KEYS as [AuditAction, ...AuditAction[]]).optional(),
  from: date.optional(),
  to: date.optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
