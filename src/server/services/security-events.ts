/** security_events rows: sign-ins, failures, locks and other account events, with the client address. */
import type { Db } from '../db/client.ts';
import { type SecurityEventType, securityEvents } from '../db/schema/index.ts';

export async function recordSecurityEvent(
  db: Db,
  event: { type: SecurityEventType; userId?: string | null; ip: string; details?: Record<string, unknown> },
) {
  await db.insert(securityEvents).values({
    eventType: event.type,
    userId: event.userId ?? null,
    ipAddress: event.ip,
    details: event.details ?? {},
  });
}
