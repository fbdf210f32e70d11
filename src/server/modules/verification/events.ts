/** The record of every verification decision and event: who (null: the system), when, what, why. */
import type { VerificationEventType } from '../../../shared/marketplace/verification.ts';
import type { Db } from '../../db/client.ts';
import { driverVerificationEvents } from '../../db/schema/index.ts';

export async function recordVerificationEvent(
  tx: Db,
  e: {
    driverId: string;
    actorId: string | null;
    action: VerificationEventType;
    documentId?: string | null;
    reason?: string;
  },
): Promise<void> {
  await tx.insert(driverVerificationEvents).values({
    driverId: e.driverId,
    actorId: e.actorId,
    action: e.action,
    documentId: e.documentId ?? null,
    reason: e.reason ?? '',
  });
}
