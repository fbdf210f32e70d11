/**
 * The admin review of drivers (issue 13), under /api/admin (manage_users):
 *
 *   GET  /verifications?status=      the queue (default: waiting for review, or with documents waiting)
 *   GET  /verifications/:driverId    everything side by side: VerificationDetailDto
 *   POST /verifications/:driverId/approve|reject|suspend|reinstate   { reason }
 *   POST /documents/:id/approve|reject                              { reason }
 *
 * Each decision is one transaction: the status, a driver_verification_events row (who, when, what, why) and
 * a notification to the driver (in the app and by e-mail). A reason is required to reject or suspend.
 */
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditAction } from '../../../shared/admin/audit.ts';
import type {
  VerificationDetailDto,
  VerificationEventDto,
  VerificationQueueItemDto,
} from '../../../shared/marketplace/api.ts';
import type { NotificationType } from '../../../shared/marketplace/notification-types.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUSES,
  type VerificationEventType,
  type VerificationStatus,
} from '../../../shared/marketplace/verification.ts';
import { optionalReasonSchema, requiredReasonSchema } from '../../../shared/validation/driver-business.ts';
import type { Db } from '../../db/client.ts';
import {
  driverDocuments,
  drivers,
  driverVerificationEvents,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { toDocumentDto } from '../drivers/documents.ts';
import { getDriverProfile } from '../drivers/service.ts';
import { listVehicles } from '../drivers/vehicles.ts';
import { notify } from '../notifications/service.ts';
import { recordVerificationEvent } from '../verification/events.ts';
import { loadStanding, vehicleLabel } from '../verification/standing.ts';
import { withdrawQuotesOfDriver } from '../verification/withdraw.ts';
import { type AdminContext, adminContext } from './admin-context.ts';

const uuid = z.uuid();
const conflict = (message: string) => new AppError(409, 'conflict', message);
const queueQuery = z.enum(['waiting', 'all', ...VERIFICATION_STATUSES]).catch('waiting');

/** Drivers with a pending document, not replaced (the queue's "documents waiting" column and filter). */
const pendingDocs = sql<number>`(select count(*)::int from driver_documents pd
  where pd.driver_id = ${drivers.userId} and pd.status = 'pending' and pd.replaced_at is null)`;

export async function verificationQueue(db: Db, status: string): Promise<VerificationQueueItemDto[]> {
  let where: SQL | undefined;
  if (status === 'waiting')
    where = sql`(${drivers.verificationStatus} = 'pending_review' or ${pendingDocs} > 0) and ${drivers.verificationStatus} <> 'incomplete'`;
  else if (status !== 'all') where = eq(drivers.verificationStatus, status);
  const rows = await db
    .select({
      driverId: drivers.userId,
      companyName: drivers.companyName,
      fullName: users.fullName,
      email: users.email,
      status: drivers.verificationStatus,
      submittedAt: drivers.submittedAt,
      pendingDocuments: pendingDocs,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(where)
    .orderBy(sql`${drivers.submittedAt} asc nulls last`, desc(drivers.createdAt))
    .limit(200);
  return rows.map((r) => ({
    driverId: r.driverId,
    businessName: r.companyName?.trim() || r.fullName,
    fullName: r.fullName,
    email: r.email,
    status: r.status as VerificationStatus,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    pendingDocuments: Number(r.pendingDocuments),
  }));
}

export async function verificationDetail(db: Db, driverId: string): Promise<VerificationDetailDto | null> {
  const profile = await getDriverProfile(db, driverId);
  if (!profile) return null;
  const [account] = await db.select().from(users).where(eq(users.id, driverId)).limit(1);
  const actor = sql`actor`;
  const [cars, docRows, standing, eventRows] = await Promise.all([
    listVehicles(db, driverId),
    db
      .select({ doc: driverDocuments, vehicle: vehicles })
      .from(driverDocuments)
      .leftJoin(vehicles, eq(vehicles.id, driverDocuments.vehicleId))
      .where(eq(driverDocuments.driverId, driverId))
      .orderBy(sql`${driverDocuments.replacedAt} is not null`, desc(driverDocuments.createdAt)),
    loadStanding(db, driverId),
    db
      .select({
        event: driverVerificationEvents,
        actorName: sql<
          string | null
        >`(select ${actor}.full_name from users ${actor} where ${actor}.id = ${driverVerificationEvents.actorId})`,
      })
      .from(driverVerificationEvents)
      .where(eq(driverVerificationEvents.driverId, driverId))
      .orderBy(desc(driverVerificationEvents.createdAt), desc(driverVerificationEvents.id))
      .limit(200),
  ]);
  const today = sydneyToday();
  const events: VerificationEventDto[] = eventRows.map(({ event, actorName }) => ({
    id: event.id,
    action: event.action as VerificationEventType,
    actorName: event.actorId ? (actorName ?? 'Deleted account') : 'System',
    documentId: event.documentId,
    reason: event.reason,
    at: event.createdAt.toISOString(),
  }));
  return {
    profile,
    account: {
      fullName: account!.fullName,
      email: account!.email,
      phone: account!.phone,
      memberSince: account!.createdAt.toISOString(),
    },
    vehicles: cars,
    documents: docRows.map(({ doc, vehicle }) =>
      toDocumentDto(doc, vehicle ? vehicleLabel(vehicle) : null, today),
    ),
    standing: standing!,
    events,
  };
}

function driverIdParam(raw: string | undefined): string {
  const id = uuid.safeParse(raw);
  if (!id.success) throw notFound();
  return id.data;
}

type Decision = 'approve' | 'reject' | 'suspend' | 'reinstate';

const DECISIONS: Record<
  Decision,
  {
    from: VerificationStatus;
    to: VerificationStatus;
    event: VerificationEventType;
    notice: NotificationType;
    title: string;
    refused: string;
    reasonRequired: boolean;
  }
> = {
  approve: {
    from: 'pending_review',
    to: 'verified',
    event: 'approved',
    notice: 'verification_approved',
    title: 'Your business is verified',
    refused: VERIFICATION_MESSAGES.notPendingReview,
    reasonRequired: false,
  },
  reject: {
    from: 'pending_review',
    to: 'rejected',
    event: 'rejected',
    notice: 'verification_rejected',
    title: 'Your business was not approved yet',
    refused: VERIFICATION_MESSAGES.notPendingReview,
    reasonRequired: true,
  },
  suspend: {
    from: 'verified',
    to: 'suspended',
    event: 'suspended',
    notice: 'verification_suspended',
    title: 'Your business is suspended',
    refused: VERIFICATION_MESSAGES.notVerified,
    reasonRequired: true,
  },
  reinstate: {
    from: 'suspended',
    to: 'verified',
    event: 'reinstated',
    notice: 'verification_reinstated',
    title: 'Your business is reinstated',
    refused: VERIFICATION_MESSAGES.notSuspended,
    reasonRequired: false,
  },
};

function driverMessage(decision: Decision, reason: string): string {
  const why = reason ? ` Reason: ${reason}` : '';
  switch (decision) {
    case 'approve':
      return `Your business is verified: you can now quote for trips, and customers see the Verified badge on your quotes.${why}`;
    case 'reject':
      return `Your business was not approved yet.${why} Fix it on your driver profile and submit again.`;
    case 'suspend':
      return `Your business is suspended: you can't quote for now and your open quotes were withdrawn.${why} Please contact driver support.`;
    default:
      return `Your business is reinstated: you can quote for trips again.${why}`;
  }
}

export async function decideDriver(
  db: Db,
  admin: AdminContext,
  driverId: string,
  decision: Decision,
  reason: string,
): Promise<void> {
  const adminId = admin.actor.id;
  const rule = DECISIONS[decision];
  const [current] = await db.select().from(drivers).where(eq(drivers.userId, driverId)).limit(1);
  if (!current) throw notFound();
  if (current.verificationStatus !== rule.from) throw conflict(rule.refused);
  if (decision === 'approve' || decision === 'reinstate') {
    const standing = await loadStanding(db, driverId);
    // Approving means: everything is there and in force (the checklist without the review step).
    const blocking = standing!.items.filter((i) => i.key !== 'review' && i.blocking && !i.done);
    if (blocking.length > 0) throw conflict(VERIFICATION_MESSAGES.cannotApprove);
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const [moved] = await tx
      .update(drivers)
      .set({
        verificationStatus: rule.to,
        statusReason: decision === 'reject' || decision === 'suspend' ? reason : null,
        statusChangedAt: now,
        statusChangedBy: adminId,
        ...(rule.to === 'verified' ? { verifiedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(drivers.userId, driverId), eq(drivers.verificationStatus, rule.from)))
      .returning({ userId: drivers.userId });
    if (!moved) throw conflict(rule.refused);
    await recordVerificationEvent(tx, { driverId, actorId: adminId, action: rule.event, reason });
    const [who] = await tx.select({ email: users.email }).from(users).where(eq(users.id, driverId));
    await audit(tx, {
      actor: admin.actor,
      action: DRIVER_AUDIT[decision],
      target: { type: 'driver', id: driverId, label: current.companyName?.trim() || who?.email },
      reason,
      ip: admin.ip,
    });
    if (decision === 'suspend') {
      await withdrawQuotesOfDriver(tx, { driverId, why: 'suspended by ShuttleQuote', actorId: adminId });
    }
    await notify(tx, {
      userId: driverId,
      type: rule.notice,
      title: rule.title,
      message: driverMessage(decision, reason),
      relatedId: driverId,
    });
  });
}

export async function decideDocument(
  db: Db,
  admin: AdminContext,
  documentId: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<string> {
  const adminId = admin.actor.id;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [doc] = await tx
      .update(driverDocuments)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        reviewReason: reason || null,
        reviewedBy: adminId,
        reviewedAt: now,
      })
      .where(
        and(
          eq(driverDocuments.id, documentId),
          eq(driverDocuments.status, 'pending'),
          isNull(driverDocuments.replacedAt),
        ),
      )
      .returning();
    if (!doc) {
      const [exists] = await tx
        .select({ id: driverDocuments.id })
        .from(driverDocuments)
        .where(eq(driverDocuments.id, documentId));
      if (!exists) throw notFound();
      throw conflict(VERIFICATION_MESSAGES.documentDecided);
    }
    const label = DOCUMENT_KIND_LABELS[doc.kind as DocumentKind];
    if (decision === 'approve') {
      // The newly approved document takes over from the one in force before it.
      await tx
        .update(driverDocuments)
        .set({ replacedAt: now })
        .where(
          and(
            eq(driverDocuments.driverId, doc.driverId),
            eq(driverDocuments.kind, doc.kind),
            doc.vehicleId ? eq(driverDocuments.vehicleId, doc.vehicleId) : isNull(driverDocuments.vehicleId),
            inArray(driverDocuments.status, ['approved', 'rejected']),
            isNull(driverDocuments.replacedAt),
            ne(driverDocuments.id, doc.id),
          ),
        );
    } else {
      await notify(tx, {
        userId: doc.driverId,
        type: 'document_rejected',
        title: `Action needed: your ${label.toLowerCase()} was not approved`,
        message: `Your ${label.toLowerCase()} was not approved. Reason: ${reason} Please upload a new one on your driver profile.`,
        relatedId: doc.id,
      });
    }
    await recordVerificationEvent(tx, {
      driverId: doc.driverId,
      actorId: adminId,
      action: decision === 'approve' ? 'document_approved' : 'document_rejected',
      documentId: doc.id,
      reason,
    });
    await audit(tx, {
      actor: admin.actor,
      action: decision === 'approve' ? 'document.approved' : 'document.rejected',
      target: { type: 'document', id: doc.id, label: label },
      reason,
      details: { driverId: doc.driverId },
      ip: admin.ip,
    });
    return doc.driverId;
  });
}

const DRIVER_AUDIT = {
  approve: 'driver.approved',
  reject: 'driver.rejected',
  suspend: 'driver.suspended',
  reinstate: 'driver.reinstated',
} as const satisfies Record<Decision, AuditAction>;

export function verificationRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const detail = async (driverId: string) => {
    const dto = await verificationDetail(db, driverId);
    if (!dto) throw notFound();
    return dto;
  };

  app.get('/verifications', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await verificationQueue(db, queueQuery.parse(c.req.query('status'))) });
  });

  app.get('/verifications/:driverId', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await detail(driverIdParam(c.req.param('driverId'))));
  });

  for (const decision of ['approve', 'reject', 'suspend', 'reinstate'] as const) {
    app.post(`/verifications/:driverId/${decision}`, async (c) => {
      const driverId = driverIdParam(c.req.param('driverId'));
      const { reason } = await parseBody(
        c,
        DECISIONS[decision].reasonRequired ? requiredReasonSchema : optionalReasonSchema,
      );
      await decideDriver(db, adminContext(c), driverId, decision, reason);
      return c.json(await detail(driverId));
    });
  }

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/documents/:id/${decision}`, async (c) => {
      const id = driverIdParam(c.req.param('id'));
      const { reason } = await parseBody(
        c,
        decision === 'reject' ? requiredReasonSchema : optionalReasonSchema,
      );
      const driverId = await decideDocument(db, adminContext(c), id, decision, reason);
      return c.json(await detail(driverId));
    });
  }

  return app;
}
