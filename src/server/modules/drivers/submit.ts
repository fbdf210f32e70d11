/**
 * Submitting for review (issue 13): allowed when the checklist is complete (incomplete or rejected
 * drivers); the driver becomes pending_review and every admin is told, in one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { type DriverStanding, VERIFICATION_MESSAGES } from '../../../shared/marketplace/verification.ts';
import type { Db } from '../../db/client.ts';
import { drivers, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';
import { recordVerificationEvent } from '../verification/events.ts';
import { loadStanding } from '../verification/standing.ts';

export async function submitForReview(db: Db, driverId: string): Promise<DriverStanding> {
  const standing = await loadStanding(db, driverId);
  if (!standing) throw new AppError(404, 'not_found', 'Not found');
  const refusal: Record<string, string> = {
    pending_review: VERIFICATION_MESSAGES.alreadySubmitted,
    verified: VERIFICATION_MESSAGES.alreadyVerified,
    suspended: VERIFICATION_MESSAGES.suspendedSubmit,
  };
  if (refusal[standing.status]) throw new AppError(409, 'conflict', refusal[standing.status]!);
  if (!standing.canSubmit) throw new AppError(409, 'conflict', VERIFICATION_MESSAGES.cannotSubmit);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [moved] = await tx
      .update(drivers)
      .set({
        verificationStatus: 'pending_review',
        statusReason: null,
        submittedAt: now,
        statusChangedAt: now,
        statusChangedBy: driverId,
        updatedAt: now,
      })
      .where(
        and(eq(drivers.userId, driverId), inArray(drivers.verificationStatus, ['incomplete', 'rejected'])),
      )
      .returning({ companyName: drivers.companyName });
    // A second submit racing this one finds the status already moved.
    if (!moved) throw new AppError(409, 'conflict', VERIFICATION_MESSAGES.alreadySubmitted);
    await recordVerificationEvent(tx, { driverId, actorId: driverId, action: 'submitted' });
    const [driver] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, driverId));
    const name = moved.companyName?.trim() || driver?.fullName || 'A driver';
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.id,
        type: 'verification_submitted',
        title: 'A driver is waiting for review',
        message: `${name} submitted their business, vehicles and documents for review.`,
        relatedId: driverId,
      });
    }
  });
  return (await loadStanding(db, driverId))!;
}
